import type { INodeProperties } from 'n8n-workflow';

import { nonBlankId, resourceLocator } from '../descriptions';

/** A display number group picked from the tenant's groups (searchable) or given by its ID. */
export function displayGroupLocator(
	name: string,
	displayName: string,
	description: string,
	required: boolean,
): INodeProperties {
	return resourceLocator({
		name,
		displayName,
		description,
		required,
		searchListMethod: 'searchDisplayNumberGroups',
		listPlaceholder: 'Select a display number group...',
		idDisplayName: 'By ID',
		idPlaceholder: 'e.g. 182739465018273946',
		idValidation: nonBlankId('Enter the ID of the display number group'),
	});
}

export const strategyField: INodeProperties = {
	displayName: 'Strategy',
	name: 'strategy',
	type: 'options',
	default: '1',
	description: 'How the number shown to a customer is chosen from the group',
	options: [
		{
			name: 'By Home Location',
			value: '3',
			description:
				"A number from the customer's area; otherwise the default numbers, city and area code",
		},
		{ name: 'Random', value: '1', description: 'A random number of the group' },
		{ name: 'Rotating', value: '2', description: 'Each number of the group in turn' },
	],
};

export function numberListField(description: string): INodeProperties {
	return {
		displayName: 'Number List',
		name: 'numberList',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. 01012345678, 02087654321',
		description,
	};
}

/** Optional fields of create's Additional Fields and update's Update Fields (sorted by display name). */
export function optionalFields(): INodeProperties[] {
	return [
		{
			displayName: 'Default Area Code',
			name: 'areaCode',
			type: 'string',
			default: '',
			placeholder: 'e.g. 010',
			description:
				"Area code used when no number of the group matches the customer's area (By Home Location strategy)",
		},
		{
			displayName: 'Default City',
			name: 'city',
			type: 'string',
			default: '',
			placeholder: 'e.g. Beijing',
			description:
				"City used when no number of the group matches the customer's area (By Home Location strategy)",
		},
		{
			displayName: 'Default Number List',
			name: 'defaultNumberList',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. 01012345678',
			description:
				"Only for the By Home Location strategy: numbers used when no number matches the customer's area, separated by commas or new lines (an expression may return an array)",
		},
		displayGroupLocator(
			'overflowGroupId',
			'Overflow Group',
			'Another display number group used as overflow',
			false,
		),
		{
			displayName: 'Remark',
			name: 'remark',
			type: 'string',
			default: '',
			description: 'A note about the group',
		},
	];
}

import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { readId } from '../../input/parameters';
import { updateServiceGroup } from '../../api/serviceGroups';
import {
	membersDataField,
	membersField,
	serviceGroupLocator,
	settingsFields,
} from './descriptions';
import { buildUpdateBody } from './rules';

const updateFields: INodeProperties[] = (
	[
		...settingsFields,
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'New name of the group',
		},
		{ ...membersField, description: 'The new member list; it replaces the current members' },
		{
			...membersDataField,
			description: `The new member list as data (it replaces the current members; use instead of Members). ${membersDataField.description}`,
		},
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

const properties: INodeProperties[] = [
	serviceGroupLocator('queueNumber', 'Service Group', 'The service group to update', true),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are changed',
		options: updateFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceGroup'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const queueNumber = readId(
		'queueNumber',
		this.getNodeParameter('queueNumber', itemIndex, ''),
		{},
	);
	const { issues, body } = buildUpdateBody(
		queueNumber.value ?? '',
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	);
	assertValid(this.getNode(), itemIndex, [queueNumber.issue, ...issues]);

	await updateServiceGroup.call(this, body, itemIndex);
	// The API answers null: the output says what was changed.
	return { updated: true, ...(body as IDataObject) };
}

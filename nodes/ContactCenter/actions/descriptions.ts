import type { INodeProperties, INodePropertyModeValidation } from 'n8n-workflow';

/** `returnAll` and `limit`, as every Get Many has them. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

/** A resource locator: "From list" (searchable) first, then typing the id. */
export function resourceLocator(options: {
	name: string;
	displayName: string;
	description: string;
	required: boolean;
	searchListMethod: string;
	listPlaceholder: string;
	idDisplayName: string;
	idPlaceholder: string;
	idValidation: INodePropertyModeValidation[];
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: options.listPlaceholder,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: options.idDisplayName,
				name: 'id',
				type: 'string',
				placeholder: options.idPlaceholder,
				validation: options.idValidation,
			},
		],
	};
}

/** A "By ID" check that only asks for something other than blanks. */
export function nonBlankId(errorMessage: string): INodePropertyModeValidation[] {
	return [{ type: 'regex', properties: { regex: '^\\s*\\S+\\s*$', errorMessage } }];
}

import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { assertValid } from '../../input/validation';
import { readItemLimit } from '../limit';
import { listCustomerFields } from '../../api/customerFields';
import { buildFieldListBody } from './filters';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Category',
				name: 'category',
				type: 'multiOptions',
				default: [],
				description: 'Only preset (system) fields, only custom fields, or both',
				options: [
					{ name: 'Custom', value: 'custom' },
					{ name: 'System', value: 'system' },
				],
			},
			{
				displayName: 'Editable',
				name: 'editable',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only editable fields (true) or only auto-generated, non-editable fields (false)',
			},
			{
				displayName: 'Enabled',
				name: 'enabled',
				type: 'boolean',
				default: true,
				description: 'Whether to return only enabled fields (true) or only disabled fields (false)',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Part of the field name',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'string',
				default: '',
				placeholder: 'e.g. text, select',
				description: 'Field types to return, separated by commas (e.g. text, number, select)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customerField'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const { issues, body } = buildFieldListBody(
		this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
	);
	assertValid(this.getNode(), itemIndex, issues);
	// The endpoint has no paging: it answers every matching field at once, so the limit is applied here.
	const rows = await listCustomerFields.call(this, body, itemIndex);
	return limit === undefined ? rows : rows.slice(0, limit);
}

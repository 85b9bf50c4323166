import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readOutput } from '../output';
import { assertValid } from '../../input/validation';
import { readItemLimit } from '../limit';
import { listCustomers } from '../../api/customers';
import { buildListQuery } from './search';
import { readZones } from '../../transport/zones';
import { customerOutput, customerOutputProperties } from './output';

function timeFilter(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		default: '',
		description: `${description} (inclusive). A date-time without an offset is read in the workflow's time zone and sent in the credential's time zone.`,
	};
}

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...customerOutputProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Conditions',
				name: 'conditions',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Condition',
				default: {},
				description: 'Customers must match every condition',
				options: [
					{
						displayName: 'Condition',
						name: 'values',
						values: [
							{
								displayName: 'Field Name or ID',
								name: 'field',
								type: 'options',
								typeOptions: { loadOptionsMethod: 'getCustomerFields' },
								default: '',
								description:
									'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
							},
							{
								displayName: 'Operator',
								name: 'operator',
								type: 'options',
								default: 'eq',
								options: [
									{
										name: 'Between',
										value: 'between',
										description: 'Between two values, both included',
									},
									{ name: 'Contains', value: 'in', description: 'Contains any of the values' },
									{
										name: 'Does Not Contain',
										value: 'nin',
										description: 'Contains none of the values',
									},
									{ name: 'Greater Than', value: 'gt' },
									{ name: 'Greater Than or Equal', value: 'gte' },
									{ name: 'Is Empty', value: 'empty' },
									{ name: 'Is Equal To', value: 'eq' },
									{ name: 'Is Not Empty', value: 'nempty' },
									{ name: 'Is Not Equal To', value: 'neq' },
									{ name: 'Less Than', value: 'lt' },
									{ name: 'Less Than or Equal', value: 'lte' },
								],
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
								displayOptions: { hide: { operator: ['empty', 'nempty'] } },
								placeholder: 'e.g. Jane',
								description:
									'Value to compare with. For Between enter the two bounds separated by a comma (e.g. 2026-01-01 00:00:00,2026-01-31 23:59:59); for Contains and Does Not Contain, one or more values separated by commas. An array from an expression is sent as it is. Times are compared as the API stores them (yyyy-MM-dd HH:mm:ss in the API time zone).',
							},
						],
					},
				],
			},
			timeFilter('Created From', 'createTimeBegin', 'Only customers created at or after this time'),
			timeFilter('Created To', 'createTimeEnd', 'Only customers created at or before this time'),
			timeFilter('Updated From', 'updateTimeBegin', 'Only customers changed at or after this time'),
			timeFilter('Updated To', 'updateTimeEnd', 'Only customers changed at or before this time'),
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Sort Rule',
		default: {},
		description:
			'Order of the customers; the first rule sorts first. Without rules the API decides (newest first in practice).',
		options: [
			{
				displayName: 'Sort Rule',
				name: 'values',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'field',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCustomerFields' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Order',
						name: 'orderBy',
						type: 'options',
						default: 'asc',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const query = buildListQuery(
		this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
		this.getNodeParameter('sort', itemIndex, {}),
		await readZones.call(this),
	);
	assertValid(this.getNode(), itemIndex, query.issues);
	const customers = await listCustomers.call(this, query.body, limit, itemIndex);
	return await customerOutput.call(this, customers, output, itemIndex);
}

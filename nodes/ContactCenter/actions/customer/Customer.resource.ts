import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteCustomer from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as search from './search.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations = { create, delete: deleteCustomer, get, getAll, search, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customer'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a customer',
				description:
					'Create a customer record; fails with code 03001004 when one of its phone numbers already belongs to a customer',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update a customer',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a customer',
				description: 'Delete a customer by its ID',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a customer',
				description: 'Get one customer record by its ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customers',
				description:
					'List customers, optionally filtered by field conditions and creation or change time, and sorted',
			},
			{
				name: 'Search',
				value: 'search',
				action: 'Search customers',
				description:
					"Find customers by phone, e-mail or name; a phone matches any of a customer's numbers. No match gives no items.",
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a customer',
				description: 'Change fields of a customer by its ID; only the fields given are changed',
			},
		],
		default: 'create',
	},
	...create.description,
	...deleteCustomer.description,
	...get.description,
	...getAll.description,
	...search.description,
	...update.description,
	...upsert.description,
];

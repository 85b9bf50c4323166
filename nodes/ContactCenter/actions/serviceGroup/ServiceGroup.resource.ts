import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteGroup from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations = { create, delete: deleteGroup, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['serviceGroup'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a service group',
				description:
					'Create a service group (agent queue) with its members and allocation strategy; returns the new group with its queue number',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a service group',
				description: 'Delete a service group by its queue number',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many service groups',
				description: 'List the service groups of the tenant with their members and settings',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a service group',
				description:
					'Change the name, members or settings of a service group; only the fields given are changed',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...deleteGroup.description,
	...getAll.description,
	...update.description,
];

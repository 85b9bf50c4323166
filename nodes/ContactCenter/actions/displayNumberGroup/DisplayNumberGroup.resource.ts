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
		displayOptions: { show: { resource: ['displayNumberGroup'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a display number group',
				description:
					'Create a group of numbers shown to customers when agents call out; returns the created group',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a display number group',
				description: 'Delete a display number group by its ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many display number groups',
				description: 'List the display number groups of the tenant with their numbers and strategy',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a display number group',
				description:
					'Replace the number list of a display number group and change the fields given',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...deleteGroup.description,
	...getAll.description,
	...update.description,
];

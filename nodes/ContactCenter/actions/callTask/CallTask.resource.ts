import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as importCustomers from './import.operation';
import * as pause from './pause.operation';
import * as start from './start.operation';

export const operations = { create, get, getAll, import: importCustomers, pause, start };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['callTask'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a call task',
				description:
					'Create an outbound call task for a voice agent; import customers and start it afterwards',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a call task',
				description: 'Get a call task with its status, counts and progress',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many call tasks',
				description: 'List call tasks, optionally filtered by name, creation date and status',
			},
			{
				name: 'Import Customers',
				value: 'import',
				action: 'Import customers into a call task',
				description:
					'Add every input item as a customer to call; sent in batches of up to 10,000, one output item per batch',
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause a call task',
				description: 'Pause a running call task',
			},
			{
				name: 'Start',
				value: 'start',
				action: 'Start a call task',
				description: 'Start a call task that has imported customers',
			},
		],
		default: 'create',
	},
	...create.description,
	...importCustomers.description,
	...get.description,
	...getAll.description,
	...start.description,
	...pause.description,
];

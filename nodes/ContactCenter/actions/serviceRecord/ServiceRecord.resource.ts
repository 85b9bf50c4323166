import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['serviceRecord'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many service records',
				description:
					'List the service records of calls or online chats updated in a time range, oldest first, reading every record of the range when Return All is on',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];

import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['callerNumberGroup'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many caller number groups',
				description:
					'List the caller number groups of the tenant (the numbers voice-agent call tasks call from); their IDs are used to create call tasks',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];

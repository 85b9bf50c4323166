import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customerField'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customer fields',
				description:
					'List the configuration of customer fields (preset and custom): field ID, name, type, choices, required flag. Custom field IDs are the keys of custom values on customers.',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];

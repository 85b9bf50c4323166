import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readOutput, shapeRecord } from '../output';
import { readList, readText } from '../../input/parameters';
import { assertValid, oneOf } from '../../input/validation';
import { listVoiceRows } from '../../api/voiceInterface';
import { readItemLimit } from '../limit';
import { simplifyVoiceAgent, voiceAgentOutputProperties } from './simplify';

export const PUBLISH_STATUSES = ['NEVER_PUBLISHED', 'OFFLINE', 'PUBLISHED'] as const;

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...voiceAgentOutputProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Part of the agent name (fuzzy match done by the API)',
			},
			{
				displayName: 'Publish Status',
				name: 'publishStatus',
				type: 'multiOptions',
				default: [],
				description:
					'Only agents in these publish states. Tasks should use published agents. The API cannot filter on this, so the node filters the pages it reads.',
				options: [
					{ name: 'Never Published', value: 'NEVER_PUBLISHED' },
					{ name: 'Offline', value: 'OFFLINE' },
					{ name: 'Published', value: 'PUBLISHED' },
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['voiceAgent'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as {
		name?: unknown;
		publishStatus?: unknown;
	};
	const name = readText('filters.name', filters.name);
	// From an expression the states may come as text ("PUBLISHED, OFFLINE") instead of a list.
	const list = readList('filters.publishStatus', filters.publishStatus, 'publish states');
	const statuses = list.value;
	assertValid(this.getNode(), itemIndex, [
		name.issue,
		...list.issues,
		...statuses.map((status) => oneOf('filters.publishStatus', status, PUBLISH_STATUSES)),
	]);
	const agents = await listVoiceRows.call(
		this,
		'voiceAgents',
		{ name: name.value },
		{
			limit,
			itemIndex,
			filter: statuses.length ? (row) => statuses.includes(String(row.publishStatus)) : undefined,
		},
	);
	return agents.map((agent) => shapeRecord(agent, output, simplifyVoiceAgent));
}

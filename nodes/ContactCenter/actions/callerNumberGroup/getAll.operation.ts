import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readText } from '../../input/parameters';
import { assertValid } from '../../input/validation';
import { listVoiceRows } from '../../api/voiceInterface';
import { readItemLimit } from '../limit';

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
				displayName: 'Group Name',
				name: 'groupName',
				type: 'string',
				default: '',
				description: 'Part of the group name (fuzzy match done by the API)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callerNumberGroup'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as { groupName?: unknown };
	const groupName = readText('filters.groupName', filters.groupName);
	assertValid(this.getNode(), itemIndex, [groupName.issue]);
	return await listVoiceRows.call(
		this,
		'callerNumberGroups',
		{ groupName: groupName.value },
		{ limit, itemIndex },
	);
}

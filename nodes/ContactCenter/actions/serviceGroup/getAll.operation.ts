import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readId } from '../../input/parameters';
import { assertValid } from '../../input/validation';
import { readItemLimit } from '../limit';
import { listServiceGroups } from '../../api/serviceGroups';
import { serviceGroupLocator } from './descriptions';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			serviceGroupLocator('queueNumber', 'Service Group', 'Only this service group', false),
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceGroup'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const queueNumber = readId('filters.queueNumber', filters.queueNumber);
	assertValid(this.getNode(), itemIndex, [queueNumber.issue]);
	// One request returns every group: the list endpoint has no paging.
	const groups = await listServiceGroups.call(this, queueNumber.value, itemIndex);
	return limit === undefined ? groups : groups.slice(0, limit);
}

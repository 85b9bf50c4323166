import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/descriptions';
import { locatorValue } from '../../helpers/lists';
import { readItemLimit } from '../../transport/pagination';
import { listServiceGroups } from './api';
import { serviceGroupLocator } from './descriptions';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [serviceGroupLocator('queueNumber', 'Service Group', 'Only this service group', false)],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['serviceGroup'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const queueNumber = locatorValue(filters.queueNumber);
	// One request returns every group: the list endpoint has no paging.
	const groups = await listServiceGroups.call(this, queueNumber || undefined, itemIndex);
	return limit === undefined ? groups : groups.slice(0, limit);
}

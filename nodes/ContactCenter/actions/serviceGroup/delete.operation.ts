import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { readId } from '../../input/parameters';
import { assertValid } from '../../input/validation';
import { deleteServiceGroup } from '../../api/serviceGroups';
import { serviceGroupLocator } from './descriptions';

const properties: INodeProperties[] = [
	serviceGroupLocator('queueNumber', 'Service Group', 'The service group to delete', true),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceGroup'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const read = readId('queueNumber', this.getNodeParameter('queueNumber', itemIndex, ''), {
		required: true,
		fix: 'Pick the service group to delete.',
	});
	assertValid(this.getNode(), itemIndex, [read.issue]);
	const queueNumber = read.value ?? '';

	await deleteServiceGroup.call(this, queueNumber, itemIndex);
	return { deleted: true, id: queueNumber };
}

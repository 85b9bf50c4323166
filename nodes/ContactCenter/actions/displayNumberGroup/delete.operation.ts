import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { deleteDisplayGroup } from '../../api/displayNumberGroups';
import { displayGroupLocator } from './descriptions';
import { readId } from '../../input/parameters';

const properties: INodeProperties[] = [
	displayGroupLocator(
		'groupId',
		'Display Number Group',
		'The display number group to delete',
		true,
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['displayNumberGroup'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const read = readId('groupId', this.getNodeParameter('groupId', itemIndex, ''), {
		required: true,
		fix: 'Pick the display number group to delete.',
	});
	assertValid(this.getNode(), itemIndex, [read.issue]);
	const groupId = read.value ?? '';

	await deleteDisplayGroup.call(this, groupId, itemIndex);
	return { deleted: true, id: groupId };
}

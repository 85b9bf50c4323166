import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readItemLimit } from '../limit';
import { listDisplayGroups } from '../../api/displayNumberGroups';

const properties: INodeProperties[] = [...returnAllAndLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['displayNumberGroup'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	return await listDisplayGroups.call(this, limit, itemIndex);
}

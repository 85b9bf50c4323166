import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/descriptions';
import { readItemLimit } from '../../helpers/limit';
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

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLimit, returnAllAndLimit } from '../../helpers/descriptions';
import { listDisplayGroups } from './api';

const properties: INodeProperties[] = [...returnAllAndLimit()];

export const description = updateDisplayOptions({ show: { resource: ['displayNumberGroup'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this.getNodeParameter('returnAll', itemIndex, false), this.getNodeParameter('limit', itemIndex, 50));
	return await listDisplayGroups.call(this, limit, itemIndex);
}

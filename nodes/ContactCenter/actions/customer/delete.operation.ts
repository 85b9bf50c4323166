import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { CUSTOMER_PATHS } from './api';
import { customerIdField } from './descriptions';
import { readCustomerId } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['delete'] } },
	[customerIdField],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readCustomerId.call(this, itemIndex);
	await apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<unknown>>(this, {
		method: 'POST',
		path: CUSTOMER_PATHS.delete,
		body: { id },
		envelope: 'A',
		kind: 'write',
		itemIndex,
	});
	return { deleted: true, id };
}

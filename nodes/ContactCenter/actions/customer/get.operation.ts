import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getCustomer } from '../../api/customers';
import { customerIdField } from './descriptions';
import { readCustomerId } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['get'] } },
	[customerIdField],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readCustomerId.call(this, itemIndex);
	return await getCustomer.call(this, id, itemIndex);
}

import { type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { deleteCustomer } from '../../api/customers';
import { customerIdFields } from './descriptions';
import { readCustomerId } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['delete'] } },
	customerIdFields,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readCustomerId.call(this, itemIndex);
	await deleteCustomer.call(this, id, itemIndex);
	return { deleted: true, id };
}

import { type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { addCustomer, addError, customerRecord } from '../../api/customers';
import { createProperties } from './descriptions';
import { readWriteBody } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['create'] } },
	createProperties(),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = await readWriteBody.call(this, itemIndex, 'add');
	const added = await addCustomer.call(this, body, itemIndex);
	if (added.ok) return customerRecord(added.data);
	throw addError(this.getNode(), added.failure, itemIndex);
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { addCustomerEnvelope, addError, customerRecord, CUSTOMER_PATHS, PHONE_EXISTS, repeatIdsOf, writeCustomer } from './api';
import { createProperties } from './descriptions';
import { readWriteBody } from './write';

export const description = updateDisplayOptions({ show: { resource: ['customer'], operation: ['upsert'] } }, createProperties());

/**
 * Add the customer; when a phone number already belongs to a customer (03001004), update that
 * customer (the first of `data.repeatId`) with the same fields and return it.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = await readWriteBody.call(this, itemIndex, 'add');
	const added = await addCustomerEnvelope.call(this, body, itemIndex);
	if (added.ok) return customerRecord(added.data);
	if (added.failure.code !== PHONE_EXISTS) throw addError(this.getNode(), added.failure, itemIndex);

	const [existingId] = repeatIdsOf(added.failure.data);
	if (!existingId) {
		const error = new NodeOperationError(this.getNode(), 'A customer with this phone number already exists, but the API did not say which one', {
			itemIndex,
			description: `The add request failed with code ${PHONE_EXISTS} without an ID in data.repeatId, so the existing customer cannot be updated. Find the customer with Get Many (filter on the phone number) and use Update.${added.failure.traceId ? ` Trace ID ${added.failure.traceId}.` : ''}`,
		});
		error.context.vendorCode = PHONE_EXISTS;
		throw error;
	}
	return await writeCustomer.call(this, CUSTOMER_PATHS.update, { _id: existingId, ...body }, itemIndex);
}

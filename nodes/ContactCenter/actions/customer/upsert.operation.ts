import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	addCustomer,
	addError,
	customerRecord,
	PHONE_EXISTS,
	repeatIdsOf,
	updateCustomer,
	updateCustomerForEnvelope,
} from '../../api/customers';
import { vendorError } from '../../transport/errors';
import type { RequestBody } from '../../transport/json';
import { createProperties } from './descriptions';
import { readWriteBody } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['upsert'] } },
	createProperties(),
);

/** The phone numbers of a write body. */
function phonesOf(body: RequestBody): string[] {
	return Array.isArray(body.mobile)
		? body.mobile.map((entry) => String((entry as IDataObject).value))
		: [];
}

/**
 * Add the customer; when a phone number already belongs to a customer (03001004), update that
 * customer (the first of `data.repeatId`) with the same fields and return it. When the number is
 * shared by several customers, the API refuses that update too (the other holders keep the
 * number): the update is then sent again without the phone list, which stays as it is, and the
 * output says which numbers were not written and who else holds them. The first update was refused,
 * so nothing was written twice.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = await readWriteBody.call(this, itemIndex, 'add');
	const added = await addCustomer.call(this, body, itemIndex);
	if (added.ok) return customerRecord(added.data);
	if (added.failure.code !== PHONE_EXISTS) throw addError(this.getNode(), added.failure, itemIndex);

	const holders = repeatIdsOf(added.failure.data);
	const [existingId] = holders;
	if (!existingId) {
		const error = new NodeOperationError(
			this.getNode(),
			'A customer with this phone number already exists, but the API did not say which one',
			{
				itemIndex,
				description: `The add request failed with code ${PHONE_EXISTS} without an ID in data.repeatId, so the existing customer cannot be updated. Find the customer with Get Many (filter on the phone number) and use Update.${added.failure.traceId ? ` Trace ID ${added.failure.traceId}.` : ''}`,
			},
		);
		error.context.vendorCode = PHONE_EXISTS;
		throw error;
	}
	const updated = await updateCustomerForEnvelope.call(
		this,
		{ _id: existingId, ...body },
		itemIndex,
	);
	if (updated.ok) return customerRecord(updated.data);
	const phones = phonesOf(body);
	if (updated.failure.code !== PHONE_EXISTS || phones.length === 0)
		throw vendorError(this.getNode(), updated.failure, itemIndex);

	// The phones are shared with other customers: write everything else, keep the phone list.
	const others = repeatIdsOf(updated.failure.data).filter((id) => id !== existingId);
	const otherHolders = others.length > 0 ? others : holders.slice(1);
	const withoutPhones: RequestBody = { ...body };
	delete withoutPhones.mobile;
	const record = await updateCustomer.call(this, { _id: existingId, ...withoutPhones }, itemIndex);
	const reason =
		`The phone number${phones.length > 1 ? 's' : ''} ${phones.join(', ')} also belong${phones.length > 1 ? '' : 's'} to customer${otherHolders.length > 1 ? 's' : ''} ${otherHolders.join(', ')}, ` +
		`so the API refused to give ${phones.length > 1 ? 'them' : 'it'} to customer ${existingId}. Its other fields were updated; its phone list was left as it was. ` +
		'To move a number, remove it from the other customer first (Update with its new phone list), then run again.';
	this.logger.warn(`Contact Center: ${reason}`, { node: this.getNode().name, itemIndex });
	return {
		...record,
		phonesNotUpdated: { numbers: phones, customerId: existingId, alsoHeldBy: otherHolders, reason },
	};
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	addCustomer,
	addError,
	customerRecord,
	listCustomers,
	PHONE_EXISTS,
	repeatIdsOf,
	updateCustomer,
	updateCustomerForEnvelope,
} from '../../api/customers';
import { readText } from '../../helpers/parameters';
import { oneOf } from '../../helpers/validation';
import { vendorError } from '../../transport/errors';
import type { RequestBody } from '../../transport/json';
import { phoneCondition, readPhone } from './criteria';
import { PHONES_ON_MATCH, upsertProperties, type PhonesOnMatch } from './descriptions';
import { readWriteBody } from './itemInput';
import { addPhones, phoneEntries, withPhone } from './phones';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['upsert'] } },
	upsertProperties(),
);

/** The phone numbers of a write body. */
function phonesOf(body: RequestBody): string[] {
	return phoneEntries(body.mobile).map((entry) => String(entry.value));
}

/** The oldest customer holding `phone` (any of its numbers), if any: one list request. */
async function findByPhone(
	this: IExecuteFunctions,
	phone: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const query = {
		search: [phoneCondition(phone)],
		sortList: [{ field: 'createTime', orderBy: 'asc' }],
	};
	const [customer] = await listCustomers.call(this, query, 1, itemIndex);
	return customer;
}

/**
 * Update the matched customer with the item's fields and `phones` (its list as it will be). When a
 * number is shared with other customers the API refuses the update (the other holders keep it): it
 * is then sent again without the phone list, which stays as it was, and the output says which
 * numbers were not written and who else holds them. The first update was refused, so nothing was
 * written twice.
 */
async function updateMatched(
	this: IExecuteFunctions,
	id: string,
	body: RequestBody,
	phones: RequestBody[],
	itemIndex: number,
): Promise<IDataObject> {
	const withPhones: RequestBody = { ...body, mobile: phones };
	const updated = await updateCustomerForEnvelope.call(this, { _id: id, ...withPhones }, itemIndex);
	if (updated.ok) return customerRecord(updated.data);
	const given = phonesOf(body);
	if (updated.failure.code !== PHONE_EXISTS || given.length === 0)
		throw vendorError(this.getNode(), updated.failure, itemIndex);

	const otherHolders = repeatIdsOf(updated.failure.data).filter((other) => other !== id);
	const withoutPhones: RequestBody = { ...body };
	delete withoutPhones.mobile;
	const record = await updateCustomer.call(this, { _id: id, ...withoutPhones }, itemIndex);
	const many = given.length > 1;
	const reason =
		`The phone number${many ? 's' : ''} ${given.join(', ')} also belong${many ? '' : 's'} to customer${otherHolders.length > 1 ? 's' : ''} ${otherHolders.join(', ')}, ` +
		`so the API refused to give ${many ? 'them' : 'it'} to customer ${id}. Its other fields were updated; its phone list was left as it was. ` +
		'To move a number, remove it from the other customer first (Update with its new phone list), then run again.';
	this.logger.warn(`Contact Center: ${reason}`, { node: this.getNode().name, itemIndex });
	return {
		...record,
		phonesNotUpdated: { numbers: given, customerId: id, alsoHeldBy: otherHolders, reason },
	};
}

/**
 * Find the customer by Phone (one list request); update it, adding the numbers given to
 * its phones or replacing them (Options → Phones on Match), or add a new customer. An add refused
 * because the number arrived meanwhile looks once more and updates what it finds.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const phone = readPhone('phone', this.getNodeParameter('phone', itemIndex, ''), true);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const onMatch = readText('options.phonesOnMatch', options.phonesOnMatch);
	const mode = (onMatch.value ?? 'add') as PhonesOnMatch;
	const issues = [
		phone.issue,
		onMatch.issue ?? oneOf('options.phonesOnMatch', onMatch.value, PHONES_ON_MATCH),
	].filter((issue) => issue !== undefined);
	const body = await readWriteBody.call(this, itemIndex, 'add', issues);
	// Validated above: the phone is there when the body is.
	const number = phone.value as string;
	const given = withPhone(phoneEntries(body.mobile), number);
	const full: RequestBody = { ...body, mobile: given };

	let match = await findByPhone.call(this, number, itemIndex);
	if (!match) {
		const added = await addCustomer.call(this, full, itemIndex);
		if (added.ok) return customerRecord(added.data);
		if (added.failure.code !== PHONE_EXISTS)
			throw addError(this.getNode(), added.failure, itemIndex);
		match = await findByPhone.call(this, number, itemIndex);
		// Another of the numbers given belongs to a customer that does not hold Phone: say which.
		if (!match) throw addError(this.getNode(), added.failure, itemIndex);
	}
	const id = String(match._id);
	const phones = mode === 'replace' ? given : addPhones(match.mobile, given);
	return await updateMatched.call(this, id, full, phones, itemIndex);
}

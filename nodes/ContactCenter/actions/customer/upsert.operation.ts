import { type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

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
import { readCredentialSettings } from '../../transport/credentialSettings';
import { readText } from '../../input/parameters';
import { assertValid, oneOf } from '../../input/validation';
import { vendorError } from '../../transport/errors';
import type { RequestBody } from '../../input/issues';
import {
	contactEntries,
	entryKey,
	listsForMatch,
	LISTS_ON_MATCH,
	withPhone,
	type ListsOnMatch,
} from './contactLists';
import { readPhone } from './criteria';
import { upsertProperties } from './descriptions';
import { readWriteBody } from './itemInput';
import { holdsNumber, phoneCondition, phoneKey } from './phoneNumbers';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['upsert'] } },
	upsertProperties(),
);

/** The phone numbers of a write body. */
function phonesOf(body: RequestBody): string[] {
	return contactEntries(body.mobile).map((entry) => String(entry.value));
}

/**
 * The oldest customer holding the number (any of its numbers, however formatted): one list request
 * of a few rows, checked number by number (another page only when the check drops them all).
 */
async function findByPhone(
	this: IExecuteFunctions,
	key: string,
	countryCode: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const query = {
		search: [phoneCondition(key, countryCode)],
		sortList: [{ field: 'createTime', orderBy: 'asc' }],
	};
	const keep = (customer: IDataObject) => holdsNumber(customer, key, countryCode);
	const [customer] = await listCustomers.call(this, query, 1, itemIndex, keep);
	return customer;
}

/**
 * Update the matched customer with `body` (its lists as they will be). When a number is shared with
 * other customers the API refuses the update (the other holders keep it): it is then sent again
 * without the phone list, which stays as it was, and the output says which numbers were not written
 * and who else holds them. The first update was refused, so nothing was written twice.
 */
async function updateMatched(
	this: IExecuteFunctions,
	id: string,
	body: RequestBody,
	given: string[],
	itemIndex: number,
): Promise<IDataObject> {
	const updated = await updateCustomerForEnvelope.call(this, { _id: id, ...body }, itemIndex);
	if (updated.ok) return customerRecord(updated.data);
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
 * Find the customer by Phone (one list request); update it, adding the phones, e-mails, QQ and
 * WeChat entries given to its lists or replacing them (Options → Contact Lists on Match), or add a
 * new customer, which needs a name: checked after the lookup, before the add. An add refused because
 * the number arrived meanwhile looks once more and updates what it finds.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { countryCode } = await readCredentialSettings.call(this);
	const phone = readPhone('phone', this.getNodeParameter('phone', itemIndex, ''), true);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const onMatch = readText('options.listsOnMatch', options.listsOnMatch);
	const rule = (onMatch.value ?? 'add') as ListsOnMatch;
	const issues = [
		phone.issue,
		onMatch.issue ?? oneOf('options.listsOnMatch', onMatch.value, LISTS_ON_MATCH),
	].filter((issue) => issue !== undefined);
	const body = await readWriteBody.call(this, itemIndex, 'add', issues, true);
	// Validated above: the phone is there when the body is; written without its formatting.
	const number = phone.value as string;
	const key = phoneKey(number, countryCode);
	const mobile = withPhone(contactEntries(body.mobile), number, entryKey('mobile', countryCode));
	const full: RequestBody = { ...body, mobile };

	let match = await findByPhone.call(this, key, countryCode, itemIndex);
	if (!match) {
		assertValid(this.getNode(), itemIndex, [
			body.customerName === undefined
				? {
						field: 'customerName',
						problem: `is empty, and no customer has the phone number ${number}: Create or Update needs a name to create the customer`,
						fix: 'Enter the customer name (it may come from an expression). It may stay empty only for customers that already exist.',
					}
				: undefined,
		]);
		const added = await addCustomer.call(this, full, itemIndex);
		if (added.ok) return customerRecord(added.data);
		if (added.failure.code !== PHONE_EXISTS)
			throw addError(this.getNode(), added.failure, itemIndex);
		match = await findByPhone.call(this, key, countryCode, itemIndex);
		// Another of the numbers given belongs to a customer that does not hold Phone: say which.
		if (!match) throw addError(this.getNode(), added.failure, itemIndex);
	}
	const id = String(match._id);
	const update = listsForMatch(match, full, rule, countryCode);
	return await updateMatched.call(this, id, update, phonesOf(full), itemIndex);
}

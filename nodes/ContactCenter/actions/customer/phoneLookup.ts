/**
 * Include Customer: the customers of many phone numbers at once (a poll's or a Get Many run's
 * records), matched as Customer → Search matches a phone, in one list request per chunk of numbers.
 */
import type { IDataObject } from 'n8n-workflow';

import { fetchCustomerPage } from '../../api/customers';
import { readCredentialSettings, type RequestContext } from '../../transport/credentialSettings';
import { isRecord } from '../../input/values';
import { PAGE_SIZE } from '../../transport/pagination';
import { customerOutput } from './output';
import { cleanPhone, keyOfNumber, phoneKey, storedForms } from './phoneNumbers';

/**
 * Distinct numbers per list request. The answer comes in pages of at most 1,000 customers: 200
 * numbers leave room for five holders each (shared numbers, `in`'s near misses) before a second
 * page is needed, and their stored forms (up to 3 each, 600 values) keep the request small.
 */
export const NUMBERS_PER_LOOKUP = 200;

/** The key of a record's phone value; undefined when the value is not a phone number (or missing). */
export function lookupKey(value: unknown, countryCode: string): string | undefined {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	const clean = cleanPhone(text);
	return clean === undefined ? undefined : phoneKey(clean, countryCode);
}

/** `list` in pieces of `size`. */
export function chunksOf<T>(list: readonly T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
	return chunks;
}

/** The keys of every number a customer holds. */
function keysHeld(customer: IDataObject, countryCode: string): string[] {
	const list = Array.isArray(customer.mobile) ? (customer.mobile as unknown[]) : [];
	return list.map((entry) => keyOfNumber(isRecord(entry) ? entry.value : entry, countryCode));
}

/**
 * The oldest customer (by createTime) holding each of the `keys`: one `in` condition on `mobile`
 * with the stored forms of every number of a chunk, the answer oldest first, paged when full, and
 * each row checked number by number (`in` is "contains"). A number nobody holds is not in the map.
 */
export async function customersByPhone(
	this: RequestContext,
	keys: readonly string[],
	countryCode: string,
	itemIndex?: number,
): Promise<Map<string, IDataObject>> {
	const found = new Map<string, IDataObject>();
	for (const chunk of chunksOf([...new Set(keys)], NUMBERS_PER_LOOKUP)) {
		const wanted = new Set(chunk);
		const query = {
			search: [
				{
					field: 'mobile',
					operator: 'in',
					value: chunk.flatMap((key) => storedForms(key, countryCode)),
				},
			],
			sortList: [{ field: 'createTime', orderBy: 'asc' }],
		};
		for (let page = 1; ; page++) {
			const { rows, hasMore } = await fetchCustomerPage.call(
				this,
				query,
				page,
				PAGE_SIZE.customer,
				itemIndex,
			);
			for (const customer of rows)
				for (const key of keysHeld(customer, countryCode))
					if (wanted.has(key) && !found.has(key)) found.set(key, customer);
			if (!hasMore || rows.length === 0) break;
		}
	}
	return found;
}

/** The value of the record's form field (`data.<field>`) that names the customer's phone. */
function phoneValueOf(record: IDataObject, field: string): unknown {
	return isRecord(record.data) ? record.data[field] : undefined;
}

/**
 * The simplified customer (Customer → Search's shape) of each record, by the phone number in its
 * form field `field`, or null: no number there, a value that is not a phone number, or nobody
 * holding it. One lookup for all the records (ONE request per chunk of distinct numbers) and one
 * field-configuration read; throws when a request fails.
 */
export async function customersOfRecords(
	this: RequestContext,
	records: readonly IDataObject[],
	field: string,
	itemIndex?: number,
): Promise<Array<IDataObject | null>> {
	if (records.length === 0) return [];
	const { countryCode } = await readCredentialSettings.call(this);
	const keys = records.map((record) => lookupKey(phoneValueOf(record, field), countryCode));
	const given = keys.filter((key): key is string => key !== undefined);
	const found = await customersByPhone.call(this, given, countryCode, itemIndex);
	const holders = [...new Set(found.values())];
	const simplified = await customerOutput.call(
		this,
		holders,
		{ mode: 'simple', fields: [] },
		itemIndex,
	);
	const shapeOf = new Map(holders.map((holder, i) => [holder, simplified[i]]));
	return keys.map((key) => {
		const holder = key === undefined ? undefined : found.get(key);
		return holder ? (shapeOf.get(holder) ?? null) : null;
	});
}

/**
 * Simplified: a customer record as workflows use it. Pure, so the choice of fields is tested
 * directly. Ten top-level fields (API names kept for `_id` and `customerName`, phones and e-mails as
 * plain strings), then the custom fields under their field ids: the names the API, Raw output,
 * the trigger and the Custom Fields of Create, Update and Create or Update use.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../input/values';
import type { CustomerFieldConfig } from './customFields';

/** The simplified record's own fields, in output order. */
export const SIMPLIFIED_FIELDS = [
	'_id',
	'customerName',
	'phones',
	'emails',
	'owner',
	'lastCallTime',
	'lastChatTime',
	'callingNumber',
	'createTime',
	'updateTime',
] as const;

/** The values of a contact list (`[{value, memo}]`) as plain strings; blanks dropped. */
export function contactValues(list: unknown): string[] {
	if (!Array.isArray(list)) return [];
	return list
		.map((entry) => (isRecord(entry) ? entry.value : entry))
		.filter((value) => typeof value === 'string' || typeof value === 'number')
		.map((value) => String(value).trim())
		.filter((value) => value !== '');
}

/**
 * The ids of the tenant's custom fields, in the tenant's order. One the simplified record already
 * uses for its own field is left out, so that no value overwrites another (the API's custom field
 * ids are generated and never are these names).
 */
export function customFieldIds(configs: readonly CustomerFieldConfig[]): string[] {
	const own = new Set<string>(SIMPLIFIED_FIELDS);
	return [...configs]
		.sort((a, b) => a.sort - b.sort)
		.filter((config) => !config.isSystem && !own.has(config.field))
		.map((config) => config.field);
}

/** The simplified customer: its ten fields (null when the API sent none) and the custom fields it has, by field id. */
export function simplifyCustomer(
	record: IDataObject,
	customFields: readonly string[],
): IDataObject {
	const simplified: IDataObject = {
		_id: record._id ?? null,
		customerName: record.customerName ?? null,
		phones: contactValues(record.mobile),
		emails: contactValues(record.email),
		owner: record.owner ?? null,
		lastCallTime: record.lastCallTime ?? null,
		lastChatTime: record.lastChatTime ?? null,
		callingNumber: record.callingNumber ?? null,
		createTime: record.createTime ?? null,
		updateTime: record.updateTime ?? null,
	};
	for (const field of customFields) if (field in record) simplified[field] = record[field];
	return simplified;
}

/**
 * Simplify: a customer record as workflows use it. Pure, so the choice of fields is tested directly.
 * Ten top-level fields (API names kept for `_id` and `customerName`, phones and e-mails as plain
 * strings), then the custom fields under their display names.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../helpers/values';
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

/** Custom field id → the name the simplified record gives it. */
export type CustomFieldNames = ReadonlyMap<string, string>;

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
 * The names custom fields get: their display name, or their field id when the name is taken (by a
 * simplified field or an earlier custom field), so that no value overwrites another.
 */
export function customFieldNames(configs: readonly CustomerFieldConfig[]): CustomFieldNames {
	const taken = new Set<string>(SIMPLIFIED_FIELDS);
	const names = new Map<string, string>();
	for (const config of [...configs].sort((a, b) => a.sort - b.sort)) {
		if (config.isSystem) continue;
		const name = taken.has(config.name) ? config.field : config.name;
		taken.add(name);
		names.set(config.field, name);
	}
	return names;
}

/** The simplified customer: its ten fields (null when the API sent none) and its custom fields by name. */
export function simplifyCustomer(record: IDataObject, names: CustomFieldNames): IDataObject {
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
	for (const [field, name] of names) if (field in record) simplified[name] = record[field];
	return simplified;
}

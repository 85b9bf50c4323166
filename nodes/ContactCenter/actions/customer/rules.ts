/**
 * The rules of customer writes: pure validation and request-body building shared by create, upsert
 * and update, so every operation applies the same rules and they are tested directly.
 */
import type { IDataObject } from 'n8n-workflow';

import { toApiTime, type DateInput } from '../../api/time';
import { readDateInput, readList, readRows, readText, shown } from '../../input/parameters';
import type { Built, Checked, Read, Issue, RequestBody } from '../../input/issues';
import type { Zones } from '../../transport/zones';
import { oneOf } from '../../input/validation';
import { isRecord } from '../../input/values';
import { readCustomFieldValues, type MapperMode } from './customFields';

export const CREATE_METHODS = [
	'INSERT',
	'WORKORDER',
	'WEBCHAT',
	'API',
	'IMPORT',
	'AUTOSAVE',
	'USERREGISTRATION',
] as const;
export const CUSTOMER_ORIGINS = ['busOpportunity', 'openSeaCustom', 'selfDevelop'] as const;
export const CONTACT_KINDS = ['mobile', 'email', 'qq', 'wechat'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Every field the node writes through its own parameters; a custom field cannot take these keys. */
export const STANDARD_WRITE_FIELDS: ReadonlySet<string> = new Set([
	'_id',
	'customerName',
	'owner',
	'assignTime',
	'createMethod',
	'customerOrigin',
	'visitorId',
	'mobileDecrypt',
	'customerSource',
	...CONTACT_KINDS,
]);

/** Plain string fields of additionalFields / updateFields, sent as given (trimmed). */
const TEXT_FIELDS = ['owner', 'visitorId', 'mobileDecrypt'] as const;

/** An n8n date-time parameter as the API's `yyyy-MM-dd HH:mm:ss` in the API zone, or an issue. */
export function apiTimeOf(field: string, value: unknown, zones: Zones): Read<string> {
	const read = readDateInput(field, value);
	if (read.issue) return { issue: read.issue };
	if (read.value === undefined) return {};
	const time = toApiTime(read.value as DateInput, zones.workflow, zones.api);
	if (time !== undefined) return { value: time };
	return {
		issue: {
			field,
			problem: `must be a date and time (got ${shown(value)})`,
			fix: 'Pick a date in the date picker, or use an ISO date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.',
		},
	};
}

/** The rows of a contact fixed collection (`{values: [{value, memo}]}`), or an array given by an expression. */
export function contactRows(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'object' && value !== null) {
		const rows = (value as IDataObject).values;
		if (Array.isArray(rows)) return rows;
	}
	return [];
}

/** Contact rows (`{value, memo}` or plain values) checked; `at` names a row for its issues. */
function checkContactRows(
	rows: unknown[],
	at: (index: number, key: 'value' | 'memo') => string,
	fromData: boolean,
): Checked<RequestBody[]> {
	const issues: Issue[] = [];
	const entries: RequestBody[] = [];
	rows.forEach((row, index) => {
		const entry: IDataObject = isRecord(row)
			? (row as IDataObject)
			: { value: row as IDataObject[string] };
		const value = readText(at(index, 'value'), entry.value);
		const memo = readText(at(index, 'memo'), entry.memo);
		const prefix = fromData ? `entry ${index + 1}: ` : '';
		for (const issue of [value.issue, memo.issue])
			if (issue) issues.push({ ...issue, problem: `${prefix}${issue.problem}` });
		if (value.issue || memo.issue) return;
		if (value.value === undefined) {
			issues.push({
				field: at(index, 'value'),
				problem: `${prefix}is required`,
				fix: memo.value
					? 'Fill in the value, or remove the entry.'
					: 'Fill in the value, or remove the empty entry.',
			});
			return;
		}
		entries.push(memo.value ? { value: value.value, memo: memo.value } : { value: value.value });
	});
	return { value: entries, issues };
}

/** Contact entries as the API takes them: `[{value, memo?}]`; every entry needs a value. */
export function readContacts(kind: ContactKind, value: unknown): Checked<RequestBody[]> {
	return checkContactRows(
		contactRows(value),
		(index, key) => `${kind}.values[${index}].${key}`,
		false,
	);
}

/** The list-from-data field of each contact kind (shown when Contacts Input is JSON or a list). */
export const CONTACT_LIST_FIELDS: Record<ContactKind, string> = {
	mobile: 'mobileList',
	email: 'emailList',
	qq: 'qqList',
	wechat: 'wechatList',
};

/** Contacts given as data: a JSON array of values or of `{value, memo}`, or values separated by commas or new lines. */
export function readContactList(field: string, value: unknown): Checked<RequestBody[]> {
	const read = readRows(field, value, 'values');
	if (read.issues.length > 0) return { value: [], issues: read.issues };
	return checkContactRows(read.value, () => field, true);
}

/**
 * The fields of `additionalFields` (create, upsert) or `updateFields` (update, which may also hold
 * `customerName`): validated, converted and in API form.
 */
export function readOptionalFields(
	parameter: 'additionalFields' | 'updateFields',
	fields: IDataObject,
	zones: Zones,
): Built {
	const issues: Array<Issue | undefined> = [];
	const body: RequestBody = {};
	const field = (name: string) => `${parameter}.${name}`;

	if ('customerName' in fields) {
		const name = readText(field('customerName'), fields.customerName, {
			required: true,
			fix: 'Enter the customer name, or remove the field to keep the current one.',
		});
		issues.push(name.issue);
		if (name.value !== undefined) body.customerName = name.value;
	}
	for (const name of TEXT_FIELDS) {
		const read = readText(field(name), fields[name]);
		issues.push(read.issue);
		if (read.value !== undefined) body[name] = read.value;
	}
	const assign = apiTimeOf(field('assignTime'), fields.assignTime, zones);
	issues.push(assign.issue);
	if (assign.value) body.assignTime = assign.value;
	for (const [name, allowed] of [
		['createMethod', CREATE_METHODS],
		['customerOrigin', CUSTOMER_ORIGINS],
	] as const) {
		const read = readText(field(name), fields[name]);
		issues.push(read.issue ?? oneOf(field(name), read.value, allowed));
		if (read.value !== undefined) body[name] = read.value;
	}
	const sources = readList(field('customerSource'), fields.customerSource, 'sources');
	issues.push(...sources.issues);
	if (sources.value.length > 0) body.customerSource = sources.value;
	return { issues: issues.filter((issue): issue is Issue => issue !== undefined), body };
}

export interface WriteInput {
	mode: MapperMode;
	/** Create and upsert: the top-level name. Update: undefined (the name is in updateFields). */
	customerName?: unknown;
	/** Upsert: the name may be left empty (it is needed only to create, which upsert checks itself). */
	nameOptional?: boolean;
	optionalParameter: 'additionalFields' | 'updateFields';
	optionalFields: IDataObject;
	contacts: Partial<Record<ContactKind, unknown>>;
	/** The resource-mapper value of `customFields`. */
	customFields: unknown;
	zones: Zones;
	/** Contact lists given as data, by kind, with the field that held each (the top-level data fields). */
	contactLists: Partial<Record<ContactKind, { field: string; value: unknown }>>;
}

/** The whole add/update body of one item (without `_id`), with every issue the client can find. */
export function buildCustomerBody(input: WriteInput): Built {
	const issues: Issue[] = [];
	const body: RequestBody = {};
	if (input.mode === 'add') {
		const name = readText('customerName', input.customerName, {
			required: !input.nameOptional,
			fix: 'Enter the customer name (it may come from an expression).',
		});
		if (name.issue) issues.push(name.issue);
		else if (name.value !== undefined) body.customerName = name.value;
	}
	const optional = readOptionalFields(input.optionalParameter, input.optionalFields, input.zones);
	issues.push(...optional.issues);
	Object.assign(body, optional.body);
	for (const kind of CONTACT_KINDS) {
		const contacts = readContacts(kind, input.contacts[kind]);
		const list = input.contactLists[kind];
		const fromData = list ? readContactList(list.field, list.value) : { value: [], issues: [] };
		issues.push(...contacts.issues, ...fromData.issues);
		// Entries from data follow the ones added one by one.
		const entries = [...contacts.value, ...fromData.value];
		if (entries.length > 0) body[kind] = entries;
	}
	const custom = readCustomFieldValues(input.customFields, input.mode, input.zones);
	issues.push(...custom.issues);
	for (const [key, value] of Object.entries(custom.value)) {
		if (STANDARD_WRITE_FIELDS.has(key)) {
			issues.push({
				field: `customFields.${key}`,
				problem: 'is a standard customer field, not a custom one',
				fix: `Set "${key}" with its own parameter and remove it from Custom Fields.`,
			});
			continue;
		}
		body[key] = value;
	}
	return { issues, body };
}

/**
 * Customer write fields: pure validation and request-body building shared by create, upsert and
 * update, so every operation applies the same rules and they are tested directly.
 */
import type { IDataObject } from 'n8n-workflow';

import { toApiTime, type DateInput } from '../../helpers/time';
import { oneOf, required, type Issue } from '../../helpers/validation';
import type { JsonBodyValue } from '../../transport/json';
import { readCustomFieldValues, type MapperMode } from './customFields';

export const CREATE_METHODS = ['INSERT', 'WORKORDER', 'WEBCHAT', 'API', 'IMPORT', 'AUTOSAVE', 'USERREGISTRATION'] as const;
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

export type CustomerBody = { [key: string]: JsonBodyValue | undefined };

export interface Zones {
	/** The workflow's zone: date-times without an offset are wall-clock times there. */
	workflow: string;
	/** The credential's zone: the API's zone-less times are in it. */
	api: string;
}

export interface Built {
	issues: Issue[];
	body: CustomerBody;
}

export const isBlank = (value: unknown): boolean =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

export function text(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
	return '';
}

/** An n8n date-time parameter as the API's `yyyy-MM-dd HH:mm:ss` in the API zone, or an issue. */
export function apiTimeOf(field: string, value: unknown, zones: Zones): { time?: string; issue?: Issue } {
	if (isBlank(value)) return {};
	const time = toApiTime(value as DateInput, zones.workflow, zones.api);
	if (time !== undefined) return { time };
	return {
		issue: {
			field,
			problem: `must be a date and time (got ${JSON.stringify(typeof value === 'object' ? String(value) : value)})`,
			fix: 'Pick a date in the date picker, or use an ISO date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.',
		},
	};
}

/** A list given as comma-separated text or as an array (from an expression); blank entries dropped. */
export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(text) : typeof value === 'string' ? value.split(',') : isBlank(value) ? [] : [text(value)];
	return parts.map((part) => part.trim()).filter((part) => part !== '');
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

/** Contact entries as the API takes them: `[{value, memo?}]`; every entry needs a value. */
export function readContacts(kind: ContactKind, value: unknown): { issues: Issue[]; entries: CustomerBody[] } {
	const issues: Issue[] = [];
	const entries: CustomerBody[] = [];
	contactRows(value).forEach((row, index) => {
		const entry: IDataObject = typeof row === 'object' && row !== null ? (row as IDataObject) : { value: row as IDataObject[string] };
		const entryValue = text(entry.value);
		const memo = text(entry.memo);
		if (!entryValue) {
			issues.push({
				field: `${kind}.values[${index}].value`,
				problem: 'is required',
				fix: memo ? 'Fill in the value, or remove the entry.' : 'Fill in the value, or remove the empty entry.',
			});
			return;
		}
		entries.push(memo ? { value: entryValue, memo } : { value: entryValue });
	});
	return { issues, entries };
}

/**
 * The fields of `additionalFields` (create, upsert) or `updateFields` (update, which may also hold
 * `customerName`): validated, converted and in API form.
 */
export function readOptionalFields(parameter: 'additionalFields' | 'updateFields', fields: IDataObject, zones: Zones): Built {
	const issues: Array<Issue | undefined> = [];
	const body: CustomerBody = {};
	const field = (name: string) => `${parameter}.${name}`;

	if ('customerName' in fields) {
		issues.push(required(field('customerName'), fields.customerName, 'Enter the customer name, or remove the field to keep the current one.'));
		if (!isBlank(fields.customerName)) body.customerName = text(fields.customerName);
	}
	for (const name of TEXT_FIELDS) {
		if (!isBlank(fields[name])) body[name] = text(fields[name]);
	}
	const assign = apiTimeOf(field('assignTime'), fields.assignTime, zones);
	issues.push(assign.issue);
	if (assign.time) body.assignTime = assign.time;
	if (!isBlank(fields.createMethod)) {
		issues.push(oneOf(field('createMethod'), text(fields.createMethod), CREATE_METHODS));
		body.createMethod = text(fields.createMethod);
	}
	if (!isBlank(fields.customerOrigin)) {
		issues.push(oneOf(field('customerOrigin'), text(fields.customerOrigin), CUSTOMER_ORIGINS));
		body.customerOrigin = text(fields.customerOrigin);
	}
	const sources = splitList(fields.customerSource);
	if (sources.length > 0) body.customerSource = sources;
	return { issues: issues.filter((issue): issue is Issue => issue !== undefined), body };
}

export interface WriteInput {
	mode: MapperMode;
	/** Create and upsert: the required top-level name. Update: undefined (the name is in updateFields). */
	customerName?: unknown;
	optionalParameter: 'additionalFields' | 'updateFields';
	optionalFields: IDataObject;
	contacts: Partial<Record<ContactKind, unknown>>;
	/** The resource-mapper value of `customFields`. */
	customFields: unknown;
	zones: Zones;
}

/** The whole add/update body of one item (without `_id`), with every issue the client can find. */
export function buildCustomerBody(input: WriteInput): Built {
	const issues: Issue[] = [];
	const body: CustomerBody = {};
	if (input.mode === 'add') {
		const missing = required('customerName', input.customerName, 'Enter the customer name (it may come from an expression).');
		if (missing) issues.push(missing);
		else body.customerName = text(input.customerName);
	}
	const optional = readOptionalFields(input.optionalParameter, input.optionalFields, input.zones);
	issues.push(...optional.issues);
	Object.assign(body, optional.body);
	for (const kind of CONTACT_KINDS) {
		const contacts = readContacts(kind, input.contacts[kind]);
		issues.push(...contacts.issues);
		if (contacts.entries.length > 0) body[kind] = contacts.entries;
	}
	const custom = readCustomFieldValues(input.customFields, input.mode, input.zones);
	issues.push(...custom.issues);
	for (const [key, value] of Object.entries(custom.values)) {
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

/**
 * The contact lists (phones, e-mails, QQ and WeChat accounts) Create or Update writes to a matched
 * customer. The API's update replaces every list it is sent, so with Add to Existing the entries the
 * customer already has are sent again: none is lost, and their memos stay. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../input/values';
import type { RequestBody } from '../../input/issues';
import { keyOfNumber } from './phoneNumbers';
import { CONTACT_KINDS, type ContactKind } from './rules';

/** Create or Update's values of Options → Contact Lists on Match. */
export const LISTS_ON_MATCH = ['add', 'replace'] as const;
export type ListsOnMatch = (typeof LISTS_ON_MATCH)[number];

/** Contact entries as the API takes them (`{value, memo?}`), from a record's list; blanks dropped. */
export function contactEntries(list: unknown): RequestBody[] {
	if (!Array.isArray(list)) return [];
	const entries: RequestBody[] = [];
	for (const raw of list) {
		const entry: IDataObject = isRecord(raw) ? raw : { value: raw as IDataObject[string] };
		if (typeof entry.value !== 'string' && typeof entry.value !== 'number') continue;
		const value = String(entry.value).trim();
		if (value === '') continue;
		const memo = typeof entry.memo === 'string' ? entry.memo : '';
		entries.push(memo ? { value, memo } : { value });
	}
	return entries;
}

/** What makes two entries of a list the same: the number however typed, the e-mail address in any case, else the value. */
export type EntryKey = (value: unknown) => string;

export function entryKey(kind: ContactKind, countryCode: string): EntryKey {
	if (kind === 'mobile') return (value) => keyOfNumber(value, countryCode);
	if (kind === 'email') return (value) => String(value).trim().toLowerCase();
	return (value) => String(value).trim();
}

/** The given phones with `phone` in front when they do not list it (it identifies the customer). */
export function withPhone(given: RequestBody[], phone: string, key: EntryKey): RequestBody[] {
	const own = key(phone);
	return given.some((entry) => key(entry.value) === own) ? given : [{ value: phone }, ...given];
}

/**
 * The customer's list with the given entries added: its entries first, in their order, with their
 * values and memos (a memo given for an entry it has replaces that memo), then the new entries, each
 * once.
 */
export function addEntries(existing: unknown, given: RequestBody[], key: EntryKey): RequestBody[] {
	const givenByKey = new Map<string, RequestBody>();
	for (const entry of given) {
		const k = key(entry.value);
		// Of two given entries for one value, the one with a memo counts.
		if (!givenByKey.has(k) || entry.memo) givenByKey.set(k, entry);
	}
	const kept = contactEntries(existing).map((entry) => {
		const update = givenByKey.get(key(entry.value));
		return update?.memo ? { value: entry.value, memo: update.memo } : entry;
	});
	const known = new Set(kept.map((entry) => key(entry.value)));
	const added: RequestBody[] = [];
	for (const [k, entry] of givenByKey) if (!known.has(k)) added.push(entry);
	return [...kept, ...added];
}

/**
 * The write body for the matched customer: every list the body gives added to the customer's
 * (`add`) or as given (`replace`); lists the body does not give are left out, so they stay as
 * they are.
 */
export function listsForMatch(
	customer: IDataObject,
	body: RequestBody,
	rule: ListsOnMatch,
	countryCode: string,
): RequestBody {
	if (rule === 'replace') return body;
	const merged: RequestBody = { ...body };
	for (const kind of CONTACT_KINDS) {
		const given = body[kind];
		if (!Array.isArray(given)) continue;
		merged[kind] = addEntries(customer[kind], given as RequestBody[], entryKey(kind, countryCode));
	}
	return merged;
}

/**
 * The phone list Create or Update writes to a matched customer. The API's update replaces lists, so
 * the numbers the customer already has are sent again: none is lost, and their memos stay. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../helpers/values';
import type { RequestBody } from '../../transport/json';

/** Phone entries as the API takes them (`{value, memo?}`), from a record's `mobile`; blanks dropped. */
export function phoneEntries(list: unknown): RequestBody[] {
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

const valueOf = (entry: RequestBody): string => String(entry.value);

/** The given phones with `phone` in front when they do not list it (it identifies the customer). */
export function withPhone(given: RequestBody[], phone: string): RequestBody[] {
	return given.some((entry) => valueOf(entry) === phone) ? given : [{ value: phone }, ...given];
}

/**
 * The matched customer's phones with the given ones added: its numbers first, in their order and
 * with their memos (a memo given for a number it has replaces that memo), then the new numbers.
 */
export function addPhones(existing: unknown, given: RequestBody[]): RequestBody[] {
	const givenByValue = new Map(given.map((entry) => [valueOf(entry), entry]));
	const kept = phoneEntries(existing).map((entry) => {
		const update = givenByValue.get(valueOf(entry));
		return update?.memo ? { value: entry.value, memo: update.memo } : entry;
	});
	const known = new Set(kept.map(valueOf));
	return [...kept, ...given.filter((entry) => !known.has(valueOf(entry)))];
}

/**
 * Phone numbers as people type them, wherever the node matches a phone (Search, Create or Update,
 * the Customer ID list): spaces, dashes, dots and parentheses are ignored, and an international
 * prefix (`+` or `00`) followed by the tenant's country code is the national number. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import type { JsonBodyValue } from '../../input/issues';

/** The formatting characters people put in numbers. */
const FORMATTING = /[\s\-.()]/g;
const CLEAN = /^\+?\d+$/;

/** The number without its formatting: digits with an optional leading `+`; undefined when anything else is in it. */
export function cleanPhone(text: string): string | undefined {
	const clean = text.replace(FORMATTING, '');
	return CLEAN.test(clean) ? clean : undefined;
}

/**
 * What numbers are compared by: the national number when the number starts with `+` or `00` and
 * the tenant's country code; `+` and the international number for another country; the digits
 * otherwise. A national trunk prefix (`010` against `+86 10`) is not taken off.
 */
export function phoneKey(clean: string, countryCode: string): string {
	const international = clean.startsWith('+')
		? clean.slice(1)
		: clean.startsWith('00')
			? clean.slice(2)
			: undefined;
	if (international === undefined || international === '') return clean;
	if (international.startsWith(countryCode) && international.length > countryCode.length)
		return international.slice(countryCode.length);
	return `+${international}`;
}

/** The key of a stored or given number; a value that is not a phone number is its own key. */
export function keyOfNumber(value: unknown, countryCode: string): string {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	const clean = cleanPhone(text);
	return clean === undefined ? text.trim() : phoneKey(clean, countryCode);
}

/** The forms a number with this key may be stored in: national, `+<code>` and `00<code>` (or `+…` and `00…`). */
export function storedForms(key: string, countryCode: string): string[] {
	if (key.startsWith('+')) return [key, `00${key.slice(1)}`];
	return [key, `+${countryCode}${key}`, `00${countryCode}${key}`];
}

/**
 * The list condition for a number: `in` (the API's "contains") on `mobile` with its stored forms.
 * The spec does not say how `in` treats a list or a multi-valued field, so the answer is checked
 * with `holdsNumber` (contains may also find `913800000017` for `13800000017`).
 */
export function phoneCondition(key: string, countryCode: string): JsonBodyValue {
	return { field: 'mobile', operator: 'in', value: storedForms(key, countryCode) };
}

/** Whether one of the customer's numbers is the number with this key. */
export function holdsNumber(customer: IDataObject, key: string, countryCode: string): boolean {
	const list = customer.mobile;
	if (!Array.isArray(list)) return false;
	return list.some((entry: unknown) => {
		const value =
			typeof entry === 'object' && entry !== null ? (entry as IDataObject).value : entry;
		return keyOfNumber(value, countryCode) === key;
	});
}

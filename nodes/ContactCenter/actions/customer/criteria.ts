/**
 * Customer → Search: the plain Phone, Email and Name inputs as list conditions. Pure, so the rules
 * are tested directly. A phone is one `in` condition on `mobile` with the forms the number may be
 * stored in (phoneNumbers.ts), and the answer is checked: a customer matches when any of its
 * numbers is that number, however formatted. Several inputs must all match (the API ANDs its
 * conditions).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Built, Read, Issue, JsonBodyValue } from '../../input/issues';
import { readText, shown } from '../../input/parameters';
import { cleanPhone, holdsNumber, phoneCondition, phoneKey } from './phoneNumbers';

export interface SearchInput {
	phone: unknown;
	email: unknown;
	name: unknown;
	/** The tenant's country code (the credential's). */
	countryCode: string;
}

/** The list request of a search, and the check its answer must pass (a phone's). */
export interface CustomerSearch extends Built {
	keep?: (customer: IDataObject) => boolean;
}

/**
 * A phone number as people type it: digits, an optional leading + (or 00), and spaces, dashes, dots
 * or parentheses, which are taken out. The value is the number without them.
 */
export function readPhone(field: string, raw: unknown, required = false): Read<string> {
	const read = readText(field, raw, {
		required,
		fix: 'Enter the phone number, for example 13800000001 (it may come from an expression).',
	});
	if (read.issue || read.value === undefined) return read;
	const clean = cleanPhone(read.value);
	if (clean !== undefined) return { value: clean };
	return {
		issue: {
			field,
			problem: `must be a phone number: digits with an optional leading +, separated by spaces, dashes, dots or parentheses if you like (got ${shown(raw)})`,
			fix: 'Remove letters and other characters, e.g. 13800000001, +86 138 0000 0001 or (138) 0000-0001.',
		},
	};
}

/** The list request's `search` and `sortList` for the given criteria, or the issues. */
export function buildSearch(input: SearchInput): CustomerSearch {
	const issues: Issue[] = [];
	const search: JsonBodyValue[] = [];
	const phone = readPhone('phone', input.phone);
	const email = readText('email', input.email);
	const name = readText('name', input.name);
	for (const issue of [phone.issue, email.issue, name.issue]) if (issue) issues.push(issue);
	let keep: CustomerSearch['keep'];
	if (phone.value !== undefined) {
		const { countryCode } = input;
		const key = phoneKey(phone.value, countryCode);
		search.push(phoneCondition(key, countryCode));
		keep = (customer) => holdsNumber(customer, key, countryCode);
	}
	if (email.value !== undefined)
		search.push({ field: 'email', operator: 'eq', value: [email.value] });
	// "in" is the API's "contains": part of a name finds the customer.
	if (name.value !== undefined)
		search.push({ field: 'customerName', operator: 'in', value: [name.value] });
	if (issues.length === 0 && search.length === 0) {
		issues.push({
			field: 'phone',
			problem: 'is empty, and so are Email and Name: Search needs at least one of them',
			fix: 'Enter a phone number, an e-mail address or a name (or map one with an expression).',
		});
	}
	return { issues, body: { search, sortList: [] }, keep };
}

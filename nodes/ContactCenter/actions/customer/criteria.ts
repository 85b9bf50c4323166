/**
 * Customer → Search: the plain Phone, Email and Name inputs as list conditions. Pure, so the rules
 * are tested directly. A phone is one `eq` condition on `mobile`, which a customer matches when any
 * of its numbers is that number; several inputs must all match (the API ANDs its conditions).
 */
import { isPhoneNumber } from '../../helpers/lists';
import type { Built, Read } from '../../helpers/issue';
import { readText, shown } from '../../helpers/parameters';
import type { Issue } from '../../helpers/validation';
import type { JsonBodyValue } from '../../transport/json';

export interface SearchInput {
	phone: unknown;
	email: unknown;
	name: unknown;
}

/** A phone number as the API stores it: digits, an optional leading +, and - separators. */
export function readPhone(field: string, raw: unknown, required = false): Read<string> {
	const read = readText(field, raw, {
		required,
		fix: 'Enter the phone number, for example 13800000001 (it may come from an expression).',
	});
	if (read.issue || read.value === undefined) return read;
	if (isPhoneNumber(read.value)) return read;
	return {
		issue: {
			field,
			problem: `must be a phone number: digits, an optional leading + and - separators (got ${shown(raw)})`,
			fix: 'Remove letters, spaces and other characters, e.g. 13800000001 or +86-138-0000-0001.',
		},
	};
}

/** The phone condition: a customer matches when any of its numbers equals `phone`. */
export function phoneCondition(phone: string): JsonBodyValue {
	return { field: 'mobile', operator: 'eq', value: [phone] };
}

/** The list request's `search` and `sortList` for the given criteria, or the issues. */
export function buildSearch(input: SearchInput): Built {
	const issues: Issue[] = [];
	const search: JsonBodyValue[] = [];
	const phone = readPhone('phone', input.phone);
	const email = readText('email', input.email);
	const name = readText('name', input.name);
	for (const issue of [phone.issue, email.issue, name.issue]) if (issue) issues.push(issue);
	if (phone.value !== undefined) search.push(phoneCondition(phone.value));
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
	return { issues, body: { search, sortList: [] } };
}

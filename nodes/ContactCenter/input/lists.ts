import { readList } from './parameters';
import type { Issue } from './issues';

/**
 * Lists typed into one text field (numbers, agent numbers): comma- or newline-separated text, text
 * holding a JSON array, or an array from an expression. Blank entries (a trailing comma, an empty
 * line) are dropped; entries that cannot be text are left out (listIssues reports them).
 */
export function parseList(value: unknown): string[] {
	return readList('list', value).value;
}

const PHONE = /^\+?\d[\d-]*$/;

/** Loose phone-number shape: digits with an optional leading `+` and `-` separators. */
export function isPhoneNumber(value: string): boolean {
	return PHONE.test(value);
}

/** The entries listed more than once, each named once. */
export function duplicates(values: readonly string[]): string[] {
	const seen = new Set<string>();
	const repeated = new Set<string>();
	for (const value of values) {
		if (seen.has(value)) repeated.add(value);
		seen.add(value);
	}
	return [...repeated];
}

const quoteAll = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** Checks a list: each entry one value, non-empty when required, each entry's shape, duplicates. */
export function listIssues(
	field: string,
	raw: unknown,
	options: { required?: boolean; phoneNumbers?: boolean; what: string },
): Issue[] {
	const read = readList(field, raw, options.what);
	if (read.issues.length > 0) return read.issues;
	const values = read.value;
	const issues: Issue[] = [];
	if (options.required && values.length === 0) {
		issues.push({
			field,
			problem: `needs at least one ${options.what.replace(/s$/, '')}`,
			fix: `Enter the ${options.what} separated by commas or new lines.`,
		});
	}
	if (options.phoneNumbers) {
		const bad = values.filter((v) => !isPhoneNumber(v));
		if (bad.length > 0) {
			issues.push({
				field,
				problem: `has entries that are not phone numbers: ${quoteAll(bad)}`,
				fix: 'Use digits only, optionally starting with + and separated by -, for example +86-10-12345678.',
			});
		}
	}
	const repeated = duplicates(values);
	if (repeated.length > 0) {
		issues.push({
			field,
			problem: `lists ${quoteAll(repeated)} more than once`,
			fix: 'Remove the duplicates.',
		});
	}
	return issues;
}

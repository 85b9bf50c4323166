import type { Issue } from './validation';

/**
 * Lists typed into one text field (numbers, agent numbers): comma- or newline-separated text, or an
 * array from an expression. Blank entries (a trailing comma, an empty line) are dropped.
 */
export function parseList(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const parts = Array.isArray(value) ? value : String(value).split(/[,\r\n]+/);
	return parts
		.map((part) => (typeof part === 'string' ? part.trim() : typeof part === 'number' || typeof part === 'bigint' ? part.toString() : ''))
		.filter((part) => part !== '');
}

/** True when the value is a list the node can read: text, a number, an array of text or numbers, or nothing. */
export function isListInput(value: unknown): boolean {
	if (value === undefined || value === null || typeof value === 'string' || typeof value === 'number') return true;
	return Array.isArray(value) && value.every((part) => typeof part === 'string' || typeof part === 'number');
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

/** Checks a parsed list: shape of the raw input, non-empty when required, each entry's shape, duplicates. */
export function listIssues(
	field: string,
	raw: unknown,
	options: { required?: boolean; phoneNumbers?: boolean; what: string },
): Issue[] {
	if (!isListInput(raw)) {
		return [
			{
				field,
				problem: `must be text or a list of ${options.what} (got ${typeof raw === 'object' ? 'an object' : typeof raw})`,
				fix: `Enter the ${options.what} separated by commas or new lines, or use an expression that returns an array.`,
			},
		];
	}
	const values = parseList(raw);
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
		issues.push({ field, problem: `lists ${quoteAll(repeated)} more than once`, fix: 'Remove the duplicates.' });
	}
	return issues;
}

/** The value of a resource locator (`{mode, value}`), or the plain value given by an expression, as a trimmed string. */
export function locatorValue(value: unknown): string {
	const raw = typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value ? (value as { value: unknown }).value : value;
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' || typeof raw === 'bigint') return raw.toString();
	return '';
}

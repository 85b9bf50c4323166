/**
 * The input kit's primitives (no n8n context, no imports of ours): what counts as "not given",
 * what a plain object is, and how text holding a list is split. Everything that reads user input or
 * an API answer uses these, so each question has one answer.
 */
import type { IDataObject } from 'n8n-workflow';

/** A plain object: not null, not a list. */
export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface BlankOptions {
	/** An empty list is not given either (a custom field's multi-choice value). */
	emptyList?: boolean;
	/**
	 * Only the empty string is blank, text of spaces is a value (the trigger's Start From as written,
	 * which is then reported as "not a date and time" rather than ignored; the call-task rules and
	 * import rows, which report such text by their own rules).
	 */
	keepWhitespace?: boolean;
}

/** `isBlank(value, EMPTY_TEXT_ONLY)`: undefined, null or '' (text of spaces is a value). */
export const EMPTY_TEXT_ONLY: BlankOptions = Object.freeze({ keepWhitespace: true });

/** Not given: undefined, null or blank text (see the options for the parameters that differ). */
export function isBlank(value: unknown, options: BlankOptions = {}): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return options.keepWhitespace ? value === '' : value.trim() === '';
	return options.emptyList === true && Array.isArray(value) && value.length === 0;
}

/**
 * The separators of a list typed into one text field. Each parameter keeps the separators it has
 * always accepted, so a value that worked before splits the same way:
 * - `commasAndLines`: commas, `\n` and `\r`: every list of values (phone numbers, agent numbers,
 *   ids, states; readList and readRows);
 * - `commasAndLineFeeds`: commas and `\n` only (a lone `\r` stays inside an entry): the call-task
 *   import's field-name lists (Map Automatically);
 * - `commas`: a customer search condition's values (`in`, `between`) and a custom field's choice
 *   keys, where a line break is part of the value;
 * - `commasSemicolonsAndLineFeeds`: commas, semicolons and `\n`: a call window's weekdays and time
 *   ranges.
 */
export const LIST_SEPARATORS = {
	commasAndLines: /[,\r\n]+/,
	commasAndLineFeeds: /[,\n]+/,
	commas: /,+/,
	commasSemicolonsAndLineFeeds: /[,;\n]+/,
} as const;

export type ListSeparators = keyof typeof LIST_SEPARATORS;

/** Text holding a list, split by one policy: entries trimmed, blank entries (`a,,b`, a trailing comma) dropped. */
export function splitList(text: string, separators: ListSeparators = 'commasAndLines'): string[] {
	return text
		.split(LIST_SEPARATORS[separators])
		.map((part) => part.trim())
		.filter((part) => part !== '');
}

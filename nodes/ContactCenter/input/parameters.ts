/**
 * The input kit: every parameter value the node reads goes through one of these readers, so a value
 * from an expression (a number, a boolean, null, a list, an object, NaN, a huge integer) gets one
 * policy everywhere. A number becomes its decimal text where text is expected; an integer past 2^53
 * is refused (it has already lost digits); null and empty text are "not given"; lists and objects
 * are refused where one value is expected. Nothing here calls a string method on a non-string.
 */
import type { Checked, Issue, Read } from './issues';
import { isBlank, isRecord, splitList } from './values';

const SHOWN_MAX = 60;

/** A value as an error message shows it: short, and saying what kind of value it is. */
export function shown(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (typeof value === 'string') {
		const text =
			value.length > SHOWN_MAX
				? `${value.slice(0, SHOWN_MAX)}… (${value.length} characters)`
				: value;
		return JSON.stringify(text);
	}
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	if (Array.isArray(value))
		return `a list of ${value.length} entr${value.length === 1 ? 'y' : 'ies'}`;
	return 'an object';
}

const UNSAFE_FIX =
	'Keep the value text from where it comes: have the earlier node output it as a string (for example a Set node field of type String), or, when your expression computes it, wrap it in String(...), e.g. {{ String($json.id) }}.';

/** An integer past 2^53 has lost digits before it reached the node: sending it would name another record. */
export function unsafeIntegerIssue(field: string, value: number): Issue {
	return {
		field,
		problem: `is the number ${String(value)}, which is larger than 2^53 and has already lost its last digits (JavaScript rounds such numbers), so it may name another record`,
		fix: UNSAFE_FIX,
	};
}

function notOneValue(field: string, value: unknown, expected: string): Issue {
	return Array.isArray(value)
		? {
				field,
				problem: `must be ${expected}, not a list (got ${shown(value)})`,
				fix: 'Map a single value, e.g. {{ $json.items[0] }}, or join the list into text, e.g. {{ $json.items.join(", ") }}.',
			}
		: {
				field,
				problem: `must be ${expected}, not an object`,
				fix: 'Map one property of the object, e.g. {{ $json.customer.name }}.',
			};
}

function requiredIssue(field: string, fix = 'Fill it in.'): Issue {
	return { field, problem: 'is required', fix };
}

export interface TextOptions {
	required?: boolean;
	/** The fix of a missing required value. */
	fix?: string;
	maxLength?: number;
}

/**
 * Text: a string (trimmed), a number as its decimal text, a boolean as true/false. Null and blank
 * text are not given. NaN, Infinity, integers past 2^53, lists and objects are refused.
 */
export function readText(field: string, raw: unknown, options: TextOptions = {}): Read<string> {
	let text: string | undefined;
	if (raw === undefined || raw === null) text = undefined;
	else if (typeof raw === 'string') text = raw.trim() === '' ? undefined : raw.trim();
	else if (typeof raw === 'number') {
		if (!Number.isFinite(raw))
			return {
				issue: {
					field,
					problem: `must be text or a number (got ${String(raw)})`,
					fix: 'Check the expression: it did not produce a usable value.',
				},
			};
		if (Number.isInteger(raw) && !Number.isSafeInteger(raw))
			return { issue: unsafeIntegerIssue(field, raw) };
		text = String(raw);
	} else if (typeof raw === 'bigint' || typeof raw === 'boolean') text = raw.toString();
	else return { issue: notOneValue(field, raw, 'text') };

	if (text === undefined)
		return options.required ? { issue: requiredIssue(field, options.fix) } : {};
	if (options.maxLength !== undefined && text.length > options.maxLength) {
		return {
			value: text,
			issue: {
				field,
				problem: `must be at most ${options.maxLength} characters (it has ${text.length})`,
				fix: `Shorten it to ${options.maxLength} characters or fewer.`,
			},
		};
	}
	return { value: text };
}

/** Text by the same policy where no issue is wanted: '' when not given or not one value (readText says why). */
export function textOf(value: unknown): string {
	return readText('value', value).value ?? '';
}

/*
 * Two looser readers, kept for the values that have always been read this way (each named for where
 * it is used, so that a new parameter takes readText):
 */

/**
 * Any value as its String(), trimmed; undefined when null or blank. The call-task import's rows (a
 * hot path of up to 10,000 rows an item set), whose callers refuse lists and objects themselves
 * where they matter.
 */
export function importText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const s = (typeof value === 'string' ? value : String(value)).trim();
	return s === '' ? undefined : s;
}

/** A service-record id filter: text (trimmed) or a number's digits; any other value sets no filter (''). */
export function idFilterText(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number') return String(value);
	return '';
}

const POSITIVE_ID = /^[1-9]\d{0,18}$/;
const JAVA_LONG_MAX = 9223372036854775807n;
/** Whether digits fit a Java Long; BigInt only for 19 digits (an import checks an id per row). */
const fitsLong = (digits: string) => digits.length < 19 || BigInt(digits) <= JAVA_LONG_MAX;

export interface IdOptions {
	required?: boolean;
	fix?: string;
	/** Ids of the voice-agent interface: digits, greater than 0, fitting a Java Long. */
	numeric?: boolean;
}

/** The value of a resource locator (`{mode, value}`) or the plain value an expression gave. */
export function locatorRaw(value: unknown): unknown {
	return isRecord(value) && 'value' in value ? (value as { value: unknown }).value : value;
}

/**
 * An id, as text: a string (trimmed), or a whole number within 2^53 as its digits. Unsafe integers,
 * fractions, NaN, booleans, lists and objects are refused. Resource-locator values are unwrapped.
 */
export function readId(field: string, raw: unknown, options: IdOptions = {}): Read<string> {
	const value = locatorRaw(raw);
	let id: string | undefined;
	if (value === undefined || value === null) id = undefined;
	else if (typeof value === 'string') id = value.trim() === '' ? undefined : value.trim();
	else if (typeof value === 'number') {
		if (Number.isInteger(value) && !Number.isSafeInteger(value))
			return { issue: unsafeIntegerIssue(field, value) };
		if (!Number.isInteger(value)) {
			return {
				issue: {
					field,
					problem: `must be an ID (got the number ${String(value)})`,
					fix: 'Map the ID itself, as text or a whole number.',
				},
			};
		}
		id = String(value);
	} else if (typeof value === 'bigint') id = value.toString();
	else if (typeof value === 'boolean')
		return {
			issue: {
				field,
				problem: `must be an ID (got ${String(value)})`,
				fix: 'Map the ID itself, not a true/false value.',
			},
		};
	else return { issue: notOneValue(field, value, 'one ID') };

	if (id === undefined)
		return options.required
			? { issue: requiredIssue(field, options.fix ?? 'Pick it from the list, or enter the ID.') }
			: {};
	if (options.numeric && !(POSITIVE_ID.test(id) && fitsLong(id))) {
		return {
			value: id,
			issue: {
				field,
				problem: `must be a numeric ID greater than 0 (got ${shown(id)})`,
				fix: 'Pick it from the list, or enter the digits of the ID.',
			},
		};
	}
	return { value: id };
}

/**
 * An id by the same policy where no issue is wanted: a resource locator's value or the plain value
 * an expression gave, trimmed, a whole number as its digits; '' when not given or not one id (an
 * integer past 2^53, a fraction, a boolean, a list, an object: readId says why).
 */
export function idString(value: unknown): string {
	return readId('id', value).value ?? '';
}

export interface NumberOptions {
	required?: boolean;
	fix?: string;
	integer?: boolean;
	min?: number;
	max?: number;
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The rule a number must meet, for messages. */
function numberRule(options: NumberOptions): string {
	const kind = options.integer ? 'a whole number' : 'a number';
	if (options.min !== undefined && options.max !== undefined)
		return `${kind} from ${options.min} to ${options.max}`;
	if (options.min === 1 && options.integer) return 'a whole number greater than 0';
	if (options.min === 0) return `${kind} of 0 or more`;
	if (options.min !== undefined) return `${kind} of at least ${options.min}`;
	return kind;
}

/** A number: a finite number, or numeric text ("5"). Null and blank text are not given; anything else is refused. */
export function readNumber(field: string, raw: unknown, options: NumberOptions = {}): Read<number> {
	let n: number | undefined;
	if (isBlank(raw)) n = undefined;
	else if (typeof raw === 'number') n = raw;
	else if (typeof raw === 'string' && NUMERIC_TEXT.test(raw.trim())) n = Number(raw.trim());
	else n = NaN;

	const rule = numberRule(options);
	if (n === undefined) {
		return options.required
			? { issue: { field, problem: 'is required', fix: options.fix ?? `Enter ${rule}.` } }
			: {};
	}
	const fits =
		Number.isFinite(n) &&
		(!options.integer || Number.isSafeInteger(n)) &&
		(options.min === undefined || n >= options.min) &&
		(options.max === undefined || n <= options.max);
	if (!fits)
		return {
			issue: { field, problem: `must be ${rule} (got ${shown(raw)})`, fix: `Enter ${rule}.` },
		};
	return { value: n };
}

/** A switch: true or false (also the text "true"/"false"). Null and blank text are not given. */
export function readBoolean(field: string, raw: unknown): Read<boolean> {
	if (isBlank(raw)) return {};
	if (typeof raw === 'boolean') return { value: raw };
	if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim()))
		return { value: raw.trim().toLowerCase() === 'true' };
	return {
		issue: {
			field,
			problem: `must be true or false (got ${shown(raw)})`,
			fix: 'Switch it on or off, or map a true/false value.',
		},
	};
}

/**
 * List entries: an array (from an expression), text holding a JSON array, or text separated by
 * commas or new lines. Blank entries are dropped. Each entry follows the text policy; an entry
 * that is a list or an object is refused with its position.
 */
export function readList(field: string, raw: unknown, what = 'values'): Checked<string[]> {
	if (raw === undefined || raw === null) return { value: [], issues: [] };
	let entries: unknown[];
	if (Array.isArray(raw)) entries = raw;
	else if (typeof raw === 'string') {
		const parsed = parseJsonArray(raw);
		entries = parsed ?? splitList(raw, 'commasAndLines');
	} else if (typeof raw === 'object') {
		return {
			value: [],
			issues: [
				{
					field,
					problem: `must be text or a list of ${what}, not an object`,
					fix: `Enter the ${what} separated by commas or new lines, or use an expression that returns an array, e.g. {{ $json.${what.replace(/\s+/g, '')} }}.`,
				},
			],
		};
	} else entries = [raw];

	const values: string[] = [];
	const issues: Issue[] = [];
	entries.forEach((entry, index) => {
		const read = readText(field, entry);
		if (read.issue)
			issues.push({ ...read.issue, problem: `entry ${index + 1} ${read.issue.problem}` });
		else if (read.value !== undefined) values.push(read.value);
	});
	return { value: values, issues };
}

/** Text that is a JSON array (`["a","b"]`), parsed; undefined for any other text. */
export function parseJsonArray(text: string): unknown[] | undefined {
	const trimmed = text.trim();
	if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
	try {
		const parsed: unknown = JSON.parse(trimmed);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Rows of a list given as data: an array of objects or of plain values, or text holding a JSON
 * array; plain text is split on commas and new lines into plain values.
 */
export function readRows(field: string, raw: unknown, what: string): Checked<unknown[]> {
	if (isBlank(raw)) return { value: [], issues: [] };
	if (Array.isArray(raw)) return { value: raw, issues: [] };
	if (typeof raw === 'string') {
		const trimmed = raw.trim();
		if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
			const parsed = parseJsonArray(trimmed);
			if (parsed) return { value: parsed, issues: [] };
			return {
				value: [],
				issues: [
					{
						field,
						problem: `is not a valid JSON array of ${what} (got ${shown(raw)})`,
						fix: `Give a JSON array such as the example in the field's placeholder, or a list of ${what} separated by commas or new lines.`,
					},
				],
			};
		}
		return {
			value: splitList(trimmed, 'commasAndLines'),
			issues: [],
		};
	}
	return { value: [raw], issues: [] };
}

/** Epoch numbers below this are not milliseconds of a real date (they look like seconds). */
const MIN_EPOCH_MS = 100_000_000_000;
/** The largest time a JavaScript date can hold. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

/**
 * A date-time value as n8n gives it (ISO text, a Date, a Luxon DateTime, epoch milliseconds), or
 * an issue for values that cannot be one: lists, plain objects, booleans, NaN, and numbers too
 * small to be milliseconds (a Unix time in seconds would silently become a day in 1970).
 */
export function readDateInput(field: string, raw: unknown): Read<string | number | Date | object> {
	if (isBlank(raw)) return {};
	if (typeof raw === 'string' || raw instanceof Date) return { value: raw };
	if (typeof raw === 'number') {
		if (Number.isFinite(raw) && Math.abs(raw) >= MIN_EPOCH_MS && Math.abs(raw) <= MAX_EPOCH_MS)
			return { value: raw };
		return {
			issue: {
				field,
				problem: `must be a date and time (got the number ${String(raw)}, which is not a time in milliseconds)`,
				fix: 'Give an ISO date-time such as 2026-11-22T09:30:00; for a Unix time in seconds use {{ DateTime.fromSeconds($json.time) }}.',
			},
		};
	}
	if (
		typeof raw === 'object' &&
		raw !== null &&
		!Array.isArray(raw) &&
		('toMillis' in raw || 'toISO' in raw)
	)
		return { value: raw };
	return {
		issue: {
			field,
			problem: `must be a date and time (got ${shown(raw)})`,
			fix: 'Give one date-time, such as 2026-11-22T09:30:00 or an expression like {{ $now }}.',
		},
	};
}

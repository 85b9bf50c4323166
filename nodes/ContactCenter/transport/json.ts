/**
 * JSON for an API whose ids are 18-digit Java Longs. JSON.parse turns integers above 2^53 into
 * rounded doubles, and ids must come out as strings: an integer token of more than 15 digits that
 * is not a safe integer, and an integer token held by an id key (`id`, `_id`, `…Id`, `…Ids`,
 * `…ID`), become strings with their exact digits; every other value is what JSON.parse gives.
 *
 * Two ways to the same result. `quoteBigIntegers` rewrites the text (a scanner over every
 * character) and is the reference. `parseJson` takes a faster path: JSON.parse once, then one walk
 * over the parsed values finds the numbers the rule concerns (an id-keyed number, or a whole
 * number beyond 2^53); when there are none (customer pages, service records) that is the answer.
 * When there are some and each is a property of an object, their exact tokens are read back from
 * the text with one search per key name (`"voiceAgentId": 182739465020358408`) and checked
 * (same count, same value, in document order); anything it cannot prove exact (numbers in id-keyed
 * or nested arrays, keys that look like array indexes, repeated or escaped keys) goes through the
 * scanner instead.
 */
import type { JsonBodyValue } from '../input/issues';

const ID_KEY = /(?:^_?id|Id|Ids|ID)$/;
const SAFE_DIGITS = 15; // every integer of at most 15 digits is exactly representable

function isIdKey(key: string | null): boolean {
	return key !== null && ID_KEY.test(key);
}

function isUnsafeInteger(token: string): boolean {
	const digits = token.charCodeAt(0) === 45 ? token.length - 1 : token.length;
	return digits > SAFE_DIGITS && !Number.isSafeInteger(Number(token));
}

/** Rewrite the JSON text so that big integers and id integers are quoted. Returns the input when nothing needs it. */
export function quoteBigIntegers(text: string): string {
	const parts: string[] = [];
	let copiedUpTo = 0;
	// For each open container: null for an object, or the key that owns an array.
	const owners: Array<string | null> = [];
	const isArray: boolean[] = [];
	let lastKey: string | null = null;
	const length = text.length;
	let i = 0;
	while (i < length) {
		const c = text.charCodeAt(i);
		if (c === 34) {
			// a string: skip to its closing quote
			const start = i + 1;
			i = start;
			while (i < length) {
				const d = text.charCodeAt(i);
				if (d === 92) i += 2;
				else if (d === 34) break;
				else i++;
			}
			const end = i;
			i++;
			let j = i;
			while (j < length && text.charCodeAt(j) <= 32) j++;
			if (text.charCodeAt(j) === 58) lastKey = text.slice(start, end);
			continue;
		}
		if (c === 123 || c === 91) {
			isArray.push(c === 91);
			owners.push(c === 91 ? lastKey : null);
			i++;
			continue;
		}
		if (c === 125 || c === 93) {
			isArray.pop();
			owners.pop();
			i++;
			continue;
		}
		if (c === 45 || (c >= 48 && c <= 57)) {
			const start = i;
			let integer = true;
			i++;
			while (i < length) {
				const d = text.charCodeAt(i);
				if (d >= 48 && d <= 57) i++;
				else if (d === 46 || d === 101 || d === 69 || d === 43 || d === 45) {
					integer = false;
					i++;
				} else break;
			}
			if (!integer) continue;
			const token = text.slice(start, i);
			const key =
				isArray.length > 0 && isArray[isArray.length - 1] ? owners[owners.length - 1] : lastKey;
			if (isUnsafeInteger(token) || isIdKey(key ?? null)) {
				parts.push(text.slice(copiedUpTo, start), '"', token, '"');
				copiedUpTo = i;
			}
			continue;
		}
		i++;
	}
	if (copiedUpTo === 0) return text;
	parts.push(text.slice(copiedUpTo));
	return parts.join('');
}

/** A key the id rule applies to, without a regular expression (called for every number property). */
function isIdName(key: string): boolean {
	const n = key.length;
	if (n < 2) return false;
	const last = key.charCodeAt(n - 1);
	const before = key.charCodeAt(n - 2);
	if (before === 73 && (last === 100 || last === 68)) return true; // …Id, …ID
	if (last === 115 && before === 100 && n >= 3 && key.charCodeAt(n - 3) === 73) return true; // …Ids
	return key === 'id' || key === '_id';
}

const isUnsafeNumber = (value: number): boolean =>
	Number.isInteger(value) && !Number.isSafeInteger(value);

/** Numbers the rule concerns, as (holder, key, parsed value) triples, flat. */
type Found = unknown[];
const NEEDS_SCANNER = 1;
const NUMERIC_KEY = 2;

/**
 * Collects every object property holding an id-keyed or unsafe number. Returns NEEDS_SCANNER when a
 * number inside an array concerns the rule (the scanner decides those by the key that owns the
 * array), NUMERIC_KEY when an object has an array-index key (for-in order would not be document
 * order), else 0.
 */
function collect(
	value: object,
	found: Found,
	arrayOwnerIsId: boolean,
	parentIsArray: boolean,
): number {
	let flags = 0;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			if (typeof item === 'number') {
				if (arrayOwnerIsId || parentIsArray || isUnsafeNumber(item)) return NEEDS_SCANNER;
			} else if (item !== null && typeof item === 'object') {
				flags |= collect(item, found, arrayOwnerIsId, true);
				if (flags & NEEDS_SCANNER) return flags;
			}
		}
		return flags;
	}
	const record = value as Record<string, unknown>;
	for (const key in record) {
		const item = record[key];
		const first = key.charCodeAt(0);
		if (first >= 48 && first <= 57) flags |= NUMERIC_KEY;
		if (typeof item === 'number') {
			if (isIdName(key) || isUnsafeNumber(item)) found.push(record, key, item);
		} else if (item !== null && typeof item === 'object') {
			flags |= collect(item, found, Array.isArray(item) && isIdName(key), false);
			if (flags & NEEDS_SCANNER) return flags;
		}
	}
	return flags;
}

const isJsonSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
const isNumberChar = (c: number): boolean =>
	(c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

/**
 * The number tokens written as `"key": <number>` (followed by `,` or `}`) in the text, in document
 * order. The search is for the key without its opening quote (`voiceAgentId"`), whose first
 * character is rare in JSON text; a search starting with `"` stops at every quote and is about six
 * times slower on a page of call tasks. An unescaped `"key"` can only be a key: inside a string the
 * quotes would be escaped.
 */
function numberTokens(text: string, key: string): string[] {
	const needle = JSON.stringify(key).slice(1);
	const end = text.length;
	const tokens: string[] = [];
	for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
		if (at === 0 || text.charCodeAt(at - 1) !== 34) continue; // '"' before the key
		let i = at + needle.length;
		while (i < end && isJsonSpace(text.charCodeAt(i))) i++;
		if (text.charCodeAt(i) !== 58) continue; // ':'
		i++;
		while (i < end && isJsonSpace(text.charCodeAt(i))) i++;
		const start = i;
		if (text.charCodeAt(i) === 45) i++; // '-'
		const first = text.charCodeAt(i);
		if (!(first >= 48 && first <= 57)) continue;
		while (i < end && isNumberChar(text.charCodeAt(i))) i++;
		let j = i;
		while (j < end && isJsonSpace(text.charCodeAt(j))) j++;
		const next = text.charCodeAt(j);
		if (next !== 44 && next !== 125) continue; // ',' or '}'
		tokens.push(text.slice(start, i));
	}
	return tokens;
}

/**
 * Puts the exact tokens of the found numbers back: per key, every `"key": number` of the text in
 * document order must match the found values one to one. False when that cannot be proven.
 */
function restoreTokens(text: string, found: Found): boolean {
	const byKey = new Map<string, number[]>();
	for (let i = 0; i < found.length; i += 3) {
		const key = found[i + 1] as string;
		let list = byKey.get(key);
		if (!list) byKey.set(key, (list = []));
		list.push(i);
	}
	const tokens: string[] = new Array<string>(found.length / 3);
	for (const [key, positions] of byKey) {
		const idKey = isIdName(key);
		let n = 0;
		for (const token of numberTokens(text, key)) {
			// The walk took every number of an id key, and of other keys only the unsafe ones.
			if (!idKey && !isUnsafeNumber(Number(token))) continue;
			if (n >= positions.length) return false;
			const at = positions[n++];
			if (!Object.is(Number(token), found[at + 2])) return false;
			tokens[at / 3] = token;
		}
		if (n !== positions.length) return false;
	}
	for (let i = 0; i < found.length; i += 3) {
		const token = tokens[i / 3];
		if (!INTEGER_TOKEN.test(token)) continue; // 5.0, 1e21: a number, as the scanner leaves it
		const key = found[i + 1] as string;
		if (isIdName(key) || isUnsafeInteger(token)) (found[i] as Record<string, unknown>)[key] = token;
	}
	return true;
}

const INTEGER_TOKEN = /^-?[0-9]+$/;

/** JSON.parse that keeps 18-digit integers exact (as strings) and turns numeric ids into strings. */
export function parseJson(text: string): unknown {
	return exactNumbers(JSON.parse(text), text);
}

/**
 * What parseJson adds to JSON.parse: `value` is `JSON.parse(text)`; the numbers the rule concerns
 * are put back as their exact tokens (in place), or the text goes through the scanner when that
 * cannot be proven. Exported so the benchmark can time it apart from JSON.parse.
 */
export function exactNumbers(value: unknown, text: string): unknown {
	if (value === null || typeof value !== 'object') {
		return typeof value === 'number' && isUnsafeNumber(value)
			? JSON.parse(quoteBigIntegers(text))
			: value;
	}
	const found: Found = [];
	const flags = collect(value, found, false, false);
	if (found.length === 0 && !(flags & NEEDS_SCANNER)) return value;
	if (flags !== 0 || !restoreTokens(text, found)) return JSON.parse(quoteBigIntegers(text));
	return value;
}

// The body types are the input kit's (a `Built` holds a body); the transport writes them.

const LONG_MARKER = '\u0000long:';
const LONG_PATTERN = /"\\u0000long:(-?\d+)"/g;

/** Text, or lists and objects of text: a value that cannot hold a bigint. */
export type TextOnly = string | TextOnly[] | { [key: string]: TextOnly | undefined };

const TEXT_ONLY = new WeakSet<object>();

/**
 * Marks a list our code built from text only (the 10,000 customer rows of an import request), so
 * that stringifyJson does not walk it looking for a bigint: on such a body the walk added 4–40 % to
 * the time of JSON.stringify itself in our benchmark. The type admits only text.
 */
export function textOnly<T extends TextOnly[]>(value: T): T {
	TEXT_ONLY.add(value);
	return value;
}

/** Whether a body holds a bigint anywhere (stops at the first). */
function holdsBigInt(value: unknown): boolean {
	if (typeof value === 'bigint') return true;
	if (value === null || typeof value !== 'object') return false;
	if (Array.isArray(value)) {
		if (TEXT_ONLY.has(value)) return false;
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			if (
				typeof item === 'bigint' ||
				(item !== null && typeof item === 'object' && holdsBigInt(item))
			)
				return true;
		}
		return false;
	}
	const record = value as Record<string, unknown>;
	for (const key in record) {
		const item = record[key];
		if (
			typeof item === 'bigint' ||
			(item !== null && typeof item === 'object' && holdsBigInt(item))
		)
			return true;
	}
	return false;
}

/** JSON text of a body; the replacer that writes bigints bare runs only when the body holds one. */
export function stringifyJson(value: JsonBodyValue): string {
	if (!holdsBigInt(value)) return JSON.stringify(value);
	let sawLong = false;
	const text = JSON.stringify(
		value,
		function (this: Record<string, unknown>, key: string, v: unknown) {
			// The holder's own value, before any toJSON: n8n-workflow gives BigInt a toJSON returning a string.
			const raw = this[key];
			if (typeof raw === 'bigint') {
				sawLong = true;
				return LONG_MARKER + raw.toString();
			}
			return v;
		},
	);
	return sawLong ? text.replace(LONG_PATTERN, '$1') : text;
}

/** A decimal id string as a Long for the request body; the caller validated it is a positive integer. */
export function toLong(id: string): bigint {
	return BigInt(id);
}

/**
 * JSON for an API whose ids are 18-digit Java Longs. JSON.parse turns integers above 2^53 into
 * rounded doubles, and ids must come out as strings: an integer token of more than 15 digits that
 * is not a safe integer, and an integer token held by an id key (`id`, `_id`, `…Id`, `…Ids`,
 * `…ID`), become strings with their exact digits; every other value is what JSON.parse gives. A
 * number in an array is held by the key that owns the array (`"memberIds": [1, 2]`), an array in
 * an array by the key that owns the outer one.
 *
 * One reader: JSON.parse once, then one walk over the parsed values finds the numbers the rule
 * concerns; when there are none (customer pages, service records) that is the answer. Otherwise
 * their exact tokens are read from the text where their key is written (`"voiceAgentId": 1827…`,
 * one search per key name, so a page costs a few searches, not a pass over every character). They
 * are put back in place when each token's value names its property beyond doubt; when not (a
 * number in an array, a repeated key, two tokens that round to the same double), the same tokens
 * are quoted in the text and JSON.parse reads it again.
 */
import type { JsonBodyValue } from '../input/issues';

const QUOTE = 34;
const BACKSLASH = 92;
const MINUS = 45;
const SAFE_DIGITS = 15; // every integer of at most 15 digits is exactly representable

/** A key the id rule applies to: `id`, `_id`, `…Id`, `…Ids`, `…ID`. */
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

const INTEGER_TOKEN = /^-?[0-9]+$/;

/** Whether the rule turns this number token, held by a key that is (or not) an id key, into text. */
function quotesToken(token: string, idHeld: boolean): boolean {
	if (!INTEGER_TOKEN.test(token)) return false; // 5.0, 1e21: numbers, as JSON.parse gives them
	const digits = token.charCodeAt(0) === MINUS ? token.length - 1 : token.length;
	return idHeld || (digits > SAFE_DIGITS && !Number.isSafeInteger(Number(token)));
}

/**
 * What the walk found: object properties holding a number the rule concerns, as flat (holder, key,
 * value) triples; the names of keys that own an array holding one; whether the top-level array
 * holds one.
 */
interface Found {
	properties: unknown[];
	arrayOwners: Set<string>;
	topArray: boolean;
}

/** Whether an array (held by an id key or not) holds a number the rule concerns; walks its objects. */
function collectArray(list: unknown[], idHeld: boolean, found: Found): boolean {
	let holds = false;
	for (let i = 0; i < list.length; i++) {
		const item: unknown = list[i];
		if (typeof item === 'number') holds ||= idHeld || isUnsafeNumber(item);
		else if (Array.isArray(item)) holds = collectArray(item, idHeld, found) || holds;
		else if (item !== null && typeof item === 'object') collect(item, found);
	}
	return holds;
}

/** Walks an object: its number properties the rule concerns, and the arrays that hold one. */
function collect(value: object, found: Found): void {
	const record = value as Record<string, unknown>;
	for (const key in record) {
		const item = record[key];
		if (typeof item === 'number') {
			if (isIdName(key) || isUnsafeNumber(item)) found.properties.push(record, key, item);
		} else if (Array.isArray(item)) {
			if (collectArray(item, isIdName(key), found)) found.arrayOwners.add(key);
		} else if (item !== null && typeof item === 'object') collect(item, found);
	}
}

const isJsonSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isNumberChar = (c: number): boolean =>
	isDigit(c) || c === 46 || c === 101 || c === 69 || c === 43 || c === MINUS;

/** Whether the character at `at` is escaped (an odd run of backslashes before it). */
function isEscaped(text: string, at: number): boolean {
	let b = at - 1;
	while (b >= 0 && text.charCodeAt(b) === BACKSLASH) b--;
	return (at - 1 - b) % 2 === 1;
}

/** The index of the quote that ends the string that `from` is in or opens; -1 when none. */
function closingQuote(text: string, from: number): number {
	let at = text.indexOf('"', from + 1);
	while (at !== -1 && isEscaped(text, at)) at = text.indexOf('"', at + 1);
	return at;
}

/**
 * Where the values of a key written as `spelling` (the key's text between its quotes) start, in
 * document order. The search is for the spelling and its closing quote, whose first character is
 * rare in JSON text (a search starting with `"` stops at every quote: six times slower on a page
 * of call tasks). In text JSON.parse accepted, an unescaped quote, the spelling, a quote and a
 * colon can only be that key.
 */
function valueStarts(text: string, spelling: string): number[] {
	const needle = `${spelling}"`;
	const starts: number[] = [];
	for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
		if (at === 0 || text.charCodeAt(at - 1) !== QUOTE || isEscaped(text, at - 1)) continue;
		let i = at + needle.length;
		while (isJsonSpace(text.charCodeAt(i))) i++;
		if (text.charCodeAt(i) !== 58) continue; // ':'
		i++;
		while (isJsonSpace(text.charCodeAt(i))) i++;
		starts.push(i);
	}
	return starts;
}

/**
 * The spellings of each key in the text: JSON.stringify's, and any other one written with escapes
 * (`"v\u0049d"`, `"a\/b"`: only `\u` and `\/` spell a key otherwise).
 */
function spellingsOf(text: string, keys: Iterable<string>): Map<string, string[]> {
	const spellings = new Map<string, string[]>();
	for (const key of keys) spellings.set(key, [JSON.stringify(key).slice(1, -1)]);
	for (const escape of ['\\u', '\\/']) {
		for (let at = text.indexOf(escape); at !== -1; at = text.indexOf(escape, at + 1)) {
			if (isEscaped(text, at)) continue; // `\\u`: a backslash, then a letter
			const close = closingQuote(text, at);
			if (close === -1) break;
			let after = close + 1;
			while (isJsonSpace(text.charCodeAt(after))) after++;
			if (text.charCodeAt(after) === 58) {
				let open = text.lastIndexOf('"', at);
				while (open > 0 && isEscaped(text, open)) open = text.lastIndexOf('"', open - 1);
				const written = spellings.get(JSON.parse(text.slice(open, close + 1)) as string);
				const spelling = text.slice(open + 1, close);
				if (written && !written.includes(spelling)) written.push(spelling);
			}
			at = close; // the next escape is in a later string
		}
	}
	return spellings;
}

/** The end of the number token at `start`. */
function numberEnd(text: string, start: number): number {
	let i = start + 1;
	while (isNumberChar(text.charCodeAt(i))) i++;
	return i;
}

/** The end of the object or array that opens at `open` (strings inside skipped). */
function containerEnd(text: string, open: number): number {
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === QUOTE) i = closingQuote(text, i);
		else if (c === 123 || c === 91) depth++;
		else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
	}
	return text.length;
}

/** The number tokens in the array that opens at `open` and in its arrays (not in its objects), as [start, end) pairs. */
function arrayTokens(text: string, open: number, tokens: number[]): void {
	let depth = 0;
	for (let i = open; i < text.length; ) {
		const c = text.charCodeAt(i);
		if (c === QUOTE) i = closingQuote(text, i) + 1;
		else if (c === 123) i = containerEnd(text, i);
		else if (c === MINUS || isDigit(c)) tokens.push(i, (i = numberEnd(text, i)));
		else {
			if (c === 91) depth++;
			else if (c === 93 && --depth === 0) return;
			i++;
		}
	}
}

/**
 * Puts the exact tokens of the found properties back in place, per key: the key's number tokens
 * the rule concerns must be as many as its found properties, and each found value must have its
 * own token (two tokens of one value must be the same digits, or which is which is unknown).
 * False when that does not hold; nothing is changed then.
 */
function restoreInPlace(text: string, properties: unknown[], spellings: Map<string, string[]>) {
	const tokens: string[] = new Array<string>(properties.length / 3);
	for (const [key, written] of spellings) {
		const idHeld = isIdName(key);
		const byValue = new Map<number, { token: string; left: number }>();
		let count = 0;
		for (const spelling of written)
			for (const start of valueStarts(text, spelling)) {
				const first = text.charCodeAt(start);
				if (first !== MINUS && !isDigit(first)) continue;
				const token = text.slice(start, numberEnd(text, start));
				const value = Number(token);
				if (!idHeld && !isUnsafeNumber(value)) continue; // the walk took only unsafe ones
				const seen = byValue.get(value);
				if (seen === undefined) byValue.set(value, { token, left: 1 });
				else if (seen.token === token) seen.left++;
				else return false;
				count++;
			}
		for (let i = 0; i < properties.length; i += 3) {
			if (properties[i + 1] !== key) continue;
			const value = properties[i + 2] as number;
			const seen = byValue.get(value);
			if (seen === undefined || seen.left-- === 0 || !Object.is(Number(seen.token), value))
				return false;
			count--;
			if (quotesToken(seen.token, idHeld)) tokens[i / 3] = seen.token;
		}
		if (count !== 0) return false;
	}
	for (let i = 0; i < properties.length; i += 3) {
		const token = tokens[i / 3];
		if (token !== undefined)
			(properties[i] as Record<string, unknown>)[properties[i + 1] as string] = token;
	}
	return true;
}

/** The text with the tokens the rule concerns in quotes: under the found keys and in the found arrays. */
function quoteTokens(text: string, found: Found, spellings: Map<string, string[]>): string {
	const edits: number[] = []; // [start, end) pairs of tokens to quote
	const take = (start: number, end: number, idHeld: boolean) => {
		if (quotesToken(text.slice(start, end), idHeld)) edits.push(start, end);
	};
	const inArray = (open: number, idHeld: boolean) => {
		const tokens: number[] = [];
		arrayTokens(text, open, tokens);
		for (let i = 0; i < tokens.length; i += 2) take(tokens[i], tokens[i + 1], idHeld);
	};
	if (found.topArray) inArray(text.indexOf('['), false);
	for (const [key, written] of spellings)
		for (const spelling of written)
			for (const start of valueStarts(text, spelling)) {
				const first = text.charCodeAt(start);
				if (first === 91) inArray(start, isIdName(key));
				else if (first === MINUS || isDigit(first))
					take(start, numberEnd(text, start), isIdName(key));
			}
	const order = Array.from({ length: edits.length / 2 }, (_, n) => n * 2);
	order.sort((a, b) => edits[a] - edits[b]);
	let out = '';
	let copied = 0;
	for (const at of order) {
		out += `${text.slice(copied, edits[at])}"${text.slice(edits[at], edits[at + 1])}"`;
		copied = edits[at + 1];
	}
	return out + text.slice(copied);
}

/** JSON.parse that keeps 18-digit integers exact (as strings) and turns numeric ids into strings. */
export function parseJson(text: string): unknown {
	return exactNumbers(JSON.parse(text), text);
}

/**
 * What parseJson adds to JSON.parse: `value` is `JSON.parse(text)`; the numbers the rule concerns
 * become their exact tokens. Exported so the benchmark can time it apart from JSON.parse.
 */
export function exactNumbers(value: unknown, text: string): unknown {
	if (value === null || typeof value !== 'object') {
		const token = text.trim();
		return typeof value === 'number' && isUnsafeNumber(value) && quotesToken(token, false)
			? token
			: value;
	}
	const found: Found = { properties: [], arrayOwners: new Set(), topArray: false };
	if (Array.isArray(value)) found.topArray = collectArray(value, false, found);
	else collect(value, found);
	const { properties, arrayOwners, topArray } = found;
	if (properties.length === 0 && arrayOwners.size === 0 && !topArray) return value;
	const keys = new Set<string>(arrayOwners);
	for (let i = 1; i < properties.length; i += 3) keys.add(properties[i] as string);
	const spellings = spellingsOf(text, keys);
	if (arrayOwners.size === 0 && !topArray && restoreInPlace(text, properties, spellings))
		return value;
	return JSON.parse(quoteTokens(text, found, spellings));
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

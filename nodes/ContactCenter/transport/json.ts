/**
 * JSON for an API whose ids are 18-digit Java Longs. JSON.parse turns integers above 2^53 into
 * rounded doubles, so the raw text is rewritten first: such integers, and integers held by an id
 * key (`id`, `_id`, `…Id`, `…Ids`), become strings before JSON.parse sees them.
 */

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
			while (j < length && (text.charCodeAt(j) <= 32)) j++;
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
			const key = isArray.length > 0 && isArray[isArray.length - 1] ? owners[owners.length - 1] : lastKey;
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

/** JSON.parse that keeps 18-digit integers exact (as strings) and turns numeric ids into strings. */
export function parseJson(text: string): unknown {
	return JSON.parse(quoteBigIntegers(text));
}

/**
 * A JSON value for a request body. A bigint is written as a bare integer, which is how a Java `Long`
 * field (e.g. `voiceAgentId`) is sent without losing digits.
 */
export type JsonBodyValue =
	| string
	| number
	| boolean
	| null
	| bigint
	| JsonBodyValue[]
	| { [key: string]: JsonBodyValue | undefined };

const LONG_MARKER = '\u0000long:';
const LONG_PATTERN = /"\\u0000long:(-?\d+)"/g;

export function stringifyJson(value: JsonBodyValue): string {
	let sawLong = false;
	const text = JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
		// The holder's own value, before any toJSON: n8n-workflow gives BigInt a toJSON returning a string.
		const raw = this[key];
		if (typeof raw === 'bigint') {
			sawLong = true;
			return LONG_MARKER + raw.toString();
		}
		return v;
	});
	return sawLong ? text.replace(LONG_PATTERN, '$1') : text;
}

/** A decimal id string as a Long for the request body; the caller validated it is a positive integer. */
export function toLong(id: string): bigint {
	return BigInt(id);
}

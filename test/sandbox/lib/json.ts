/* eslint-disable @n8n/community-nodes/require-node-api-error -- test code, not shipped */
// JSON without the precision loss of JSON.parse: integers beyond 2^53 survive as strings, and Java
// `Long` values are written as bare numbers, as a Java server writes them.

// An integer of at most 15 digits is always exact as a double; only a bare number token (at the start,
// or after `[`, `,`, `:` or whitespace) of 16 or more digits needs the reviver. Digit runs inside
// strings (ids, as the node sends them) keep the fast path; a false alarm costs only time.
const LONG_DIGIT_RUN = /(?:^|[[,:\s])-?\d{16}/;
const INTEGER = /^-?\d+$/;

/**
 * Parses strict JSON. Integers that a double cannot hold exactly come back as their exact digit
 * strings, or with `bigints: 'bigint'` as bigint values (so that a server can tell a bare number from
 * a string). The reviver reads each number's own text (`context.source`, Node 21+; the project runs
 * on Node 24).
 */
export function parseJsonLossless(text: string, bigints: 'string' | 'bigint' = 'string'): unknown {
	if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
	return JSON.parse(text, (_key, value: unknown, context?: { source: string }) => {
		if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
		if (!context) throw new Error('parseJsonLossless needs Node 21+ (JSON.parse source text)');
		if (!INTEGER.test(context.source)) return value;
		return bigints === 'bigint' ? BigInt(context.source) : context.source;
	});
}

// A marker no client string can produce by accident: a NUL character and a per-process random tag.
const LONG_TAG = `\u0000L${Math.random().toString(36).slice(2, 10)}:`;
const ESCAPED_TAG = `\\u0000L${LONG_TAG.slice(2)}`;
const LONG_MARKER = new RegExp(`"\\\\u0000L${LONG_TAG.slice(2, -1)}:(-?\\d+)"`, 'g');

/**
 * A Java `Long` for a response: a placeholder that stringifyWithLongs writes as a bare JSON number
 * with exactly these digits (JSON.stringify alone would keep it a string).
 */
export function long(digits: string): string {
	return LONG_TAG + digits;
}

function bigintAsLong(_key: string, v: unknown): unknown {
	return typeof v === 'bigint' ? LONG_TAG + v.toString() : v;
}

/** JSON.stringify that writes long() placeholders and bigint values as bare numbers, never rounded. */
export function stringifyWithLongs(value: unknown): string {
	let text: string;
	try {
		text = JSON.stringify(value);
	} catch (error) {
		// Only a bigint (e.g. a client's bare Long echoed back) makes plain JSON.stringify throw here.
		if (!(error instanceof TypeError)) throw error;
		text = JSON.stringify(value, bigintAsLong);
	}
	return text.includes(ESCAPED_TAG) ? text.replace(LONG_MARKER, '$1') : text;
}

/** JSON.stringify that writes bigint values as strings (control answers and the request log). */
export function stringifyLongsAsStrings(value: unknown): string {
	return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

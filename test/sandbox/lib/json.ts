/* eslint-disable @n8n/community-nodes/require-node-api-error -- test code, not shipped */
// JSON without the precision loss of JSON.parse: integers beyond 2^53 survive as strings, and Java
// `Long` values are written as bare numbers, as a Java server writes them.

// An integer of at most 15 digits is always exact as a double; only longer digit runs need the slow path.
const LONG_DIGIT_RUN = /\d{16}/;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
// A string without escapes or control characters (JSON forbids raw ones).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PLAIN_STRING = /"([^"\\\u0000-\u001f]*)"/y;
const ESCAPES: Record<string, string> = {
	'"': '"',
	'\\': '\\',
	'/': '/',
	b: '\b',
	f: '\f',
	n: '\n',
	r: '\r',
	t: '\t',
};

/**
 * Parses strict JSON. Integers that a double cannot hold exactly come back as their exact digit
 * strings, or with `bigints: 'bigint'` as bigint values (so that a server can tell a bare number from
 * a string).
 */
export function parseJsonLossless(text: string, bigints: 'string' | 'bigint' = 'string'): unknown {
	if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
	return new LosslessParser(text, bigints === 'bigint').document();
}

class LosslessParser {
	private i = 0;

	constructor(
		private readonly s: string,
		private readonly asBigInt: boolean,
	) {}

	document(): unknown {
		this.skipWhitespace();
		const value = this.value();
		this.skipWhitespace();
		if (this.i !== this.s.length) this.fail('Unexpected non-whitespace character after JSON');
		return value;
	}

	private fail(message: string): never {
		throw new SyntaxError(`${message} at position ${this.i}`);
	}

	private skipWhitespace(): void {
		const s = this.s;
		while (this.i < s.length) {
			const c = s.charCodeAt(this.i);
			if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
			else break;
		}
	}

	private value(): unknown {
		const c = this.s[this.i];
		if (c === '{') return this.object();
		if (c === '[') return this.array();
		if (c === '"') return this.string();
		if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
		if (this.s.startsWith('true', this.i)) return this.literal(4, true);
		if (this.s.startsWith('false', this.i)) return this.literal(5, false);
		if (this.s.startsWith('null', this.i)) return this.literal(4, null);
		return this.fail(c === undefined ? 'Unexpected end of JSON input' : `Unexpected token ${c}`);
	}

	private literal(length: number, value: boolean | null): boolean | null {
		this.i += length;
		return value;
	}

	private object(): Record<string, unknown> {
		const out: Record<string, unknown> = {};
		this.i++;
		this.skipWhitespace();
		if (this.s[this.i] === '}') {
			this.i++;
			return out;
		}
		for (;;) {
			this.skipWhitespace();
			if (this.s[this.i] !== '"') this.fail('Expected a property name');
			const key = this.string();
			this.skipWhitespace();
			if (this.s[this.i] !== ':') this.fail("Expected ':' after a property name");
			this.i++;
			this.skipWhitespace();
			const value = this.value();
			// JSON.parse makes "__proto__" an own property; a plain assignment would change the prototype.
			if (key === '__proto__')
				Object.defineProperty(out, key, {
					value,
					enumerable: true,
					writable: true,
					configurable: true,
				});
			else out[key] = value;
			this.skipWhitespace();
			const next = this.s[this.i++];
			if (next === '}') return out;
			if (next !== ',') {
				this.i--;
				this.fail("Expected ',' or '}' in an object");
			}
		}
	}

	private array(): unknown[] {
		const out: unknown[] = [];
		this.i++;
		this.skipWhitespace();
		if (this.s[this.i] === ']') {
			this.i++;
			return out;
		}
		for (;;) {
			this.skipWhitespace();
			out.push(this.value());
			this.skipWhitespace();
			const next = this.s[this.i++];
			if (next === ']') return out;
			if (next !== ',') {
				this.i--;
				this.fail("Expected ',' or ']' in an array");
			}
		}
	}

	private string(): string {
		PLAIN_STRING.lastIndex = this.i;
		const plain = PLAIN_STRING.exec(this.s);
		if (plain) {
			this.i = PLAIN_STRING.lastIndex;
			return plain[1];
		}
		const s = this.s;
		let out = '';
		let start = ++this.i;
		for (;;) {
			if (this.i >= s.length) this.fail('Unterminated string in JSON');
			const c = s.charCodeAt(this.i);
			if (c === 34) {
				out += s.slice(start, this.i++);
				return out;
			}
			if (c < 32) this.fail('Bad control character in string literal');
			if (c !== 92) {
				this.i++;
				continue;
			}
			out += s.slice(start, this.i);
			const e = s[this.i + 1];
			if (e === 'u') {
				const hex = s.slice(this.i + 2, this.i + 6);
				if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Bad Unicode escape');
				out += String.fromCharCode(parseInt(hex, 16));
				this.i += 6;
			} else if (e !== undefined && e in ESCAPES) {
				out += ESCAPES[e];
				this.i += 2;
			} else {
				this.fail('Bad escaped character');
			}
			start = this.i;
		}
	}

	private number(): number | string | bigint {
		NUMBER.lastIndex = this.i;
		const m = NUMBER.exec(this.s);
		if (!m) return this.fail('No number after minus sign');
		this.i = NUMBER.lastIndex;
		const literal = m[0];
		const n = Number(literal);
		if (m[1] === undefined && m[2] === undefined && !Number.isSafeInteger(n))
			return this.asBigInt ? BigInt(literal) : literal;
		return n;
	}
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

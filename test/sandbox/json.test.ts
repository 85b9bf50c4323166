import { long, parseJsonLossless, stringifyWithLongs } from './lib/json';

// A bare 16-digit number sends the parser down its reviver path instead of plain JSON.parse (still a safe integer).
const SLOW = '1234567890123456';

const VALID = [
	'{}',
	'[]',
	'0',
	'-0',
	'12.5e-3',
	'1E+2',
	'true',
	'null',
	' \t\r\n{"a" : [1, 2.5, -3, {"b": null}], "c": "x"} ',
	'"escapes: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00"',
	'"中文 and emoji 😀"',
	'{"a": 1, "a": 2}',
	'[9007199254740991, -9007199254740991]',
];

const INVALID = [
	'',
	'{',
	'[1,]',
	'{"a":1,}',
	'01',
	'1.',
	'.5',
	'+1',
	'"\u0001"',
	'"\\x"',
	'"\\u12"',
	"{'a':1}",
	'[1 2]',
	'tru',
	'nul',
	'{"a" 1}',
	'1 2',
	'\ufeff{}',
	'"abc',
];

describe('lossless JSON parser', () => {
	it.each(VALID)('parses %j exactly like JSON.parse (own path)', (text) => {
		const wrapped = `[${SLOW}, ${text.trim() === '' ? 'null' : text}]`;
		expect(parseJsonLossless(wrapped)).toEqual(JSON.parse(wrapped));
		expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
	});

	it.each(INVALID)('rejects %j like JSON.parse does, on both paths', (text) => {
		expect(() => JSON.parse(text)).toThrow(SyntaxError);
		expect(() => parseJsonLossless(text)).toThrow(SyntaxError);
		expect(() => parseJsonLossless(`{"k": ${SLOW}, "v": ${text}}`)).toThrow(SyntaxError);
		expect(() => parseJsonLossless(`[${SLOW}, ${text}]`)).toThrow(SyntaxError);
	});

	it('keeps integers beyond 2^53 as exact digit strings and safe ones as numbers', () => {
		const parsed = parseJsonLossless(
			'{"id": 182739465018273946, "neg": -182739465018273946, "max": 9007199254740991, "edge": 9007199254740992, "f": 182739465018273946.5, "e": 1e20}',
		);
		expect(parsed).toEqual({
			id: '182739465018273946',
			neg: '-182739465018273946',
			max: 9007199254740991,
			edge: '9007199254740992',
			f: 182739465018273950,
			e: 1e20,
		});
		expect(JSON.parse('182739465018273946')).not.toBe(182739465018273946n.toString());
	});

	it('returns bigint values instead of strings when asked (the server tells bare numbers from strings)', () => {
		expect(
			parseJsonLossless('{"a": 182739465018273946, "b": "182739465018273946", "c": 7}', 'bigint'),
		).toEqual({ a: 182739465018273946n, b: '182739465018273946', c: 7 });
	});

	it('makes "__proto__" an own property instead of changing the prototype', () => {
		const parsed = parseJsonLossless(`{"__proto__": {"polluted": true}, "x": ${SLOW}}`) as Record<
			string,
			unknown
		>;
		expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
		expect(Object.keys(parsed)).toEqual(['__proto__', 'x']);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});

describe('Long serializer', () => {
	it('writes bigint values as bare numbers and everything else like JSON.stringify', () => {
		const text = stringifyWithLongs({
			id: 182739465018273946n,
			list: [1n, 'a'],
			s: '182739465018273946',
			n: null,
		});
		expect(text).toBe('{"id":182739465018273946,"list":[1,"a"],"s":"182739465018273946","n":null}');
		expect(stringifyWithLongs({ a: 'x\u0000y' })).toBe(JSON.stringify({ a: 'x\u0000y' }));
	});

	it('writes long() placeholders as bare numbers, in any envelope', () => {
		const text = stringifyWithLongs({
			data: {
				list: [{ id: long('182739465018273946'), name: 'a' }],
				batch: long('182739465018273947'),
			},
		});
		expect(text).toBe(
			'{"data":{"list":[{"id":182739465018273946,"name":"a"}],"batch":182739465018273947}}',
		);
	});

	it('cannot be tricked by a client string that imitates the marker', () => {
		const sneaky = { name: '\u0000L12345678:999', id: 5n };
		const text = stringifyWithLongs(sneaky);
		expect(JSON.parse(text)).toEqual({ name: '\u0000L12345678:999', id: 5 });
	});
});

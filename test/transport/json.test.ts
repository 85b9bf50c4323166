import { useSandbox } from '../sandbox/fixture';
import { Rng } from '../sandbox/lib/random';
import {
	parseJson,
	stringifyJson,
	textOnly,
	toLong,
} from '../../nodes/ContactCenter/transport/json';
import type { JsonBodyValue } from '../../nodes/ContactCenter/input/issues';

const ID_KEY = /(?:^_?id|Id|Ids|ID)$/;

/** A number as JSON.parse read it, with its own text. */
class Token {
	constructor(readonly text: string) {}
}

/**
 * The rule, written apart from the reader: JSON.parse hands each number's own text to a reviver
 * (Node 21+), then an integer token held by an id key (in an array: by the key owning it, or the
 * outer array) or beyond 2^53 becomes its digits; every other number is what JSON.parse gives.
 */
function reference(text: string): unknown {
	const read = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
		typeof value === 'number' ? new Token(String(context?.source)) : value,
	) as unknown;
	const rule = (value: unknown, idHeld: boolean): unknown => {
		if (value instanceof Token) {
			const { text: token } = value;
			const integer = /^-?[0-9]+$/.test(token);
			return integer && (idHeld || !Number.isSafeInteger(Number(token))) ? token : Number(token);
		}
		if (Array.isArray(value)) return value.map((item) => rule(item, idHeld));
		if (value === null || typeof value !== 'object') return value;
		const entries = Object.entries(value as Record<string, unknown>);
		return Object.fromEntries(entries.map(([key, item]) => [key, rule(item, ID_KEY.test(key))]));
	};
	return rule(read, false);
}

const KEYS =
	'id _id voiceAgentId memberIds accountID total name paid 1 07 a"vId vId note ids'.split(' ');
const NUMBERS = [
	...'0 -0 7 -5 12 123456789012345 9007199254740991 9007199254740992 9007199254740993'.split(' '),
	...'182739465018273946 -182739465018273946 1.5 5.0 1e21 1E2 12345678901234567.5'.split(' '),
	'0.000001',
];
/** Keys as written in the text: JSON.stringify's spelling, and two written with escapes. */
const WRITTEN_KEYS = [...KEYS.map((key) => JSON.stringify(key)), '"v\\u0049d"', '"x\\/Id"'];
const STRINGS = [
	'',
	'x',
	'182739465018273946',
	'id: 123456789012345678',
	'"vId": 182739465018273946',
	'a\\"b',
	'电话 13800138000',
	':1234567890123456789,',
];

/** Random JSON text with raw number tokens (JavaScript could not hold the big ones exactly). */
function randomJson(next: () => number, depth = 0): string {
	const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
	const roll = next();
	if (depth > 3 || roll < 0.35) return pick(NUMBERS);
	if (roll < 0.47) return JSON.stringify(pick(STRINGS));
	if (roll < 0.5) return pick(['"caf\\u00e9 \\"vId\\": 5"', '"a\\/b"', '"\\\\u0049"']);
	if (roll < 0.55) return pick(['true', 'false', 'null']);
	const size = Math.floor(next() * 5);
	if (roll < 0.75)
		return `[${Array.from({ length: size }, () => randomJson(next, depth + 1)).join(', ')}]`;
	const entries = Array.from(
		{ length: size },
		() => `${pick(WRITTEN_KEYS)} : ${randomJson(next, depth + 1)}`,
	);
	return `{${entries.join(',')}}`;
}

describe('parseJson: ids and Longs exact, exactly as the rule says', () => {
	const tenant = { appId: '1090', appSecret: 'fast-path-secret' };
	const sandbox = useSandbox({ tenants: [tenant] });

	it('on 5,000 generated documents (ids, Longs, floats, nested and id-keyed arrays, repeated, numeric and escaped keys, digits in strings)', () => {
		const rng = new Rng(20261122);
		const next = () => rng.next();
		let withLongs = 0;
		for (let i = 0; i < 5000; i++) {
			const text = randomJson(next);
			let expected: unknown;
			try {
				expected = reference(text);
			} catch {
				expect(() => parseJson(text)).toThrow();
				continue;
			}
			if (/182739465018273946|9007199254740993/.test(text)) withLongs++;
			expect({ text, value: parseJson(text) }).toEqual({ text, value: expected });
		}
		// The generator really produced the cases that matter.
		expect(withLongs).toBeGreaterThan(500);
	});

	it.each([
		[
			'an id key repeated: the last value wins, its digits exact',
			'{"vId":182739465018273946,"vId":182739465018273947}',
			{ vId: '182739465018273947' },
		],
		[
			'a key escaped in the text',
			'{"v\\u0049d":182739465018273946}',
			{ vId: '182739465018273946' },
		],
		[
			'a key with a quote that ends in Id',
			'{"a\\"vId":5,"vId":182739465018273946}',
			{ 'a"vId': '5', vId: '182739465018273946' },
		],
		[
			'a key that ends another key, with space around the colon, and as text inside a string',
			'{"xvId" : 182739465018273947, "note":"vId\\": 1, \\"vId\\":2", "vId"\n:\t182739465018273946 }',
			{ xvId: '182739465018273947', note: 'vId": 1, "vId":2', vId: '182739465018273946' },
		],
		[
			'two Longs that round to the same double',
			'{"a":{"t":9007199254740993},"b":{"t":9007199254740992}}',
			{ a: { t: '9007199254740993' }, b: { t: '9007199254740992' } },
		],
		[
			'an unsafe value under a numeric key',
			'{"b":{"t":9007199254740993},"1":{"t":9007199254740995}}',
			{ b: { t: '9007199254740993' }, 1: { t: '9007199254740995' } },
		],
		[
			'id-keyed floats stay numbers',
			'{"id":5.0,"xId":1e2,"yId":-0}',
			{ id: 5, xId: 100, yId: '-0' },
		],
		['a top-level Long', '182739465018273946', '182739465018273946'],
		[
			'a top-level array of Longs, floats and small numbers',
			'[182739465018273946, 1.5, [7, -182739465018273946]]',
			['182739465018273946', 1.5, [7, '-182739465018273946']],
		],
		[
			'a key written with an escape is the key JSON.parse reads',
			'{"v\\u0049d":5,"a\\/bId":[6],"note":"\\u0041"}',
			{ vId: '5', 'a/bId': ['6'], note: 'A' },
		],
		[
			'an id key repeated whose last value is not a number, beside another object with that key',
			'{"vId":182739465018273946,"vId":"x","n":{"vId":5}}',
			{ vId: 'x', n: { vId: '5' } },
		],
		[
			'two tokens of one key that round to the same double, in objects read out of order',
			'{"b":{"t":9007199254740993},"1":{"t":9007199254740992},"a":{"t":9007199254740993}}',
			{ b: { t: '9007199254740993' }, 1: { t: '9007199254740992' }, a: { t: '9007199254740993' } },
		],
		[
			'integers above 2^53 exact, as strings; small numbers under other keys stay numbers',
			'{"code":200,"data":{"list":[{"id":182739465018273946,"name":"A","total":12}],"importBatchId":918273645546372819}}',
			{
				code: 200,
				data: {
					list: [{ id: '182739465018273946', name: 'A', total: 12 }],
					importBatchId: '918273645546372819',
				},
			},
		],
		[
			'integers up to 2^53 under other keys stay numbers, 16 digits too',
			'{"max":9007199254740991,"n":1234567890123456,"neg":-9007199254740991,"xs":[9007199254740991]}',
			{
				max: 9007199254740991,
				n: 1234567890123456,
				neg: -9007199254740991,
				xs: [9007199254740991],
			},
		],
		[
			'small integers held by id keys become strings, and only those',
			'{"id":7,"_id":8,"voiceAgentId":9,"repeatId":[1,2],"count":3,"valid":4,"pageSize":500}',
			{
				id: '7',
				_id: '8',
				voiceAgentId: '9',
				repeatId: ['1', '2'],
				count: 3,
				valid: 4,
				pageSize: 500,
			},
		],
		[
			'numbers inside strings, decimals, exponents and negative numbers left alone',
			'{"note":"id: 123456789012345678, \\"id\\":5","rate":0.75,"big":1e21,"neg":-5,"negBig":-123456789012345678}',
			{
				note: 'id: 123456789012345678, "id":5',
				rate: 0.75,
				big: 1e21,
				neg: -5,
				negBig: '-123456789012345678',
			},
		],
		[
			'nested arrays inherit the key that owns them; objects inside arrays use their own keys',
			'{"taskIds":[[1,2],[3]],"rows":[{"id":1,"n":2},[4]]}',
			{ taskIds: [['1', '2'], ['3']], rows: [{ id: '1', n: 2 }, [4]] },
		],
		['a top-level float beyond 2^53', '1e21', 1e21],
		[
			'ids inside an array owned by an id key',
			'{"memberIds":[1,182739465018273946],"tags":[1,2]}',
			{ memberIds: ['1', '182739465018273946'], tags: [1, 2] },
		],
	])('%s', (_label, text, expected) => {
		expect(reference(text)).toEqual(expected);
		expect(parseJson(text)).toEqual(expected);
	});

	it('gives what JSON.parse gives when nothing is an id or a Long, and throws on malformed JSON', () => {
		const text = '{"success":true,"code":"200","data":[{"name":"x","n":1}]}';
		expect(parseJson(text)).toEqual(JSON.parse(text));
		expect(() => parseJson('{"a":')).toThrow();
		expect(() => parseJson('<html>')).toThrow();
	});

	it("on the sandbox's real pages: customers, voice agents, call tasks (18-digit Longs), service records", async () => {
		const { control } = sandbox;
		await control.seedCustomers({ appId: tenant.appId, count: 300 });
		await control.seedAgents({ appId: tenant.appId, count: 20 });
		await control.seedTasks({ appId: tenant.appId, count: 200 });
		await control.injectRecords({
			appId: tenant.appId,
			channel: 'call',
			generate: {
				count: 300,
				from: '2026-01-01 00:00:00',
				to: '2026-01-01 23:59:59',
				pushType: 'mixed',
			},
		});
		const { client } = sandbox;
		const pages = [
			await client.post('/openapi/crm/list', { search: [], sortList: [], page: 1, limit: 1000 }),
			await client.post('/openapi/agent/web/v1/agent/query', { pageNo: 1, pageSize: 20 }),
			await client.post('/openapi/agent/web/v1/callTask/query', { pageNum: 1, pageSize: 500 }),
			await client.post('/openapi/crm/service-record/call/query', {
				startTime: '2026-01-01 00:00:00',
				endTime: '2026-01-01 23:59:59',
				limit: 1000,
			}),
		];
		for (const page of pages) {
			expect(page.status).toBe(200);
			expect(parseJson(page.text)).toEqual(reference(page.text));
		}
		// The Longs of the task page came out exact (as strings), as the scanner gives them.
		const tasks = (parseJson(pages[2].text) as { data: { list: Array<{ voiceAgentId: unknown }> } })
			.data.list;
		expect(tasks).toHaveLength(200);
		for (const task of tasks) expect(task.voiceAgentId).toMatch(/^[1-9][0-9]{17}$/);
	});
});

describe('stringifyJson: bigint bare (a Java Long), everything else as JSON.stringify does', () => {
	const LONG = '182739465018273946';
	it.each<[string, JsonBodyValue, string]>([
		[
			'a Long beside other values',
			{ voiceAgentId: toLong(LONG), taskName: 'T', nested: [toLong('1')], s: 'x' },
			`{"voiceAgentId":${LONG},"taskName":"T","nested":[1],"s":"x"}`,
		],
		['undefined left out, null kept', { a: 1, b: undefined, c: null }, '{"a":1,"c":null}'],
		[
			'a Long deep in arrays and objects',
			{ a: [{ b: [1, { c: toLong(LONG) }] }] },
			`{"a":[{"b":[1,{"c":${LONG}}]}]}`,
		],
		[
			'no bigint: exactly JSON.stringify',
			{ taskId: LONG, customers: [{ customerNumber: '13800138000', variables: { a: '1' } }], n: 5 },
			`{"taskId":"${LONG}","customers":[{"customerNumber":"13800138000","variables":{"a":"1"}}],"n":5}`,
		],
	])('%s', (_label, body, text) => {
		expect(stringifyJson(body)).toBe(text);
	});

	it('writes a list marked textOnly as JSON.stringify does, and a Long beside it bare', () => {
		const customers = textOnly([
			{ customerNumber: '13800000000', customerName: 'Ann "A"', variables: { plan: 'gold' } },
			{ customerNumber: '13800000001', remark: undefined },
		]);
		expect(stringifyJson({ taskId: toLong(LONG), customers })).toBe(
			`{"taskId":${LONG},"customers":${JSON.stringify(customers)}}`,
		);
		expect(stringifyJson({ customers })).toBe(JSON.stringify({ customers }));
	});

	it('writes bigint bare even when BigInt has a toJSON (n8n-workflow installs one)', () => {
		const proto = BigInt.prototype as unknown as { toJSON?: () => string };
		const before = proto.toJSON;
		proto.toJSON = function (this: bigint) {
			return this.toString();
		};
		try {
			expect(stringifyJson({ voiceAgentId: toLong('987654321098765432') })).toBe(
				'{"voiceAgentId":987654321098765432}',
			);
		} finally {
			if (before) proto.toJSON = before;
			else delete proto.toJSON;
		}
	});

	it('round-trips an 18-digit id exactly through stringify and parse', () => {
		const id = '999999999999999999';
		const back = parseJson(stringifyJson({ voiceAgentId: toLong(id) })) as { voiceAgentId: string };
		expect(back.voiceAgentId).toBe(id);
	});
});

import {
	parseJson,
	quoteBigIntegers,
	stringifyJson,
	toLong,
} from '../../nodes/ContactCenter/transport/json';

describe('lossless JSON', () => {
	it('keeps integers above 2^53 exact, as strings', () => {
		const text =
			'{"code":200,"data":{"list":[{"id":182739465018273946,"name":"A","total":12}],"importBatchId":918273645546372819}}';
		expect(JSON.parse(text).data.list[0].id).not.toBe(182739465018273946n.toString());
		const parsed = parseJson(text) as {
			code: number;
			data: { list: Array<{ id: string; total: number }>; importBatchId: string };
		};
		expect(parsed.data.list[0].id).toBe('182739465018273946');
		expect(parsed.data.importBatchId).toBe('918273645546372819');
		expect(parsed.data.list[0].total).toBe(12);
		expect(parsed.code).toBe(200);
	});

	it('turns small integers held by id keys into strings, and only those', () => {
		const parsed = parseJson(
			'{"id":7,"_id":8,"voiceAgentId":9,"repeatId":[1,2],"count":3,"valid":4,"pageSize":500}',
		) as Record<string, unknown>;
		expect(parsed).toEqual({
			id: '7',
			_id: '8',
			voiceAgentId: '9',
			repeatId: ['1', '2'],
			count: 3,
			valid: 4,
			pageSize: 500,
		});
	});

	it('leaves numbers inside strings, decimals, exponents and negative numbers alone', () => {
		const text =
			'{"note":"id: 123456789012345678, \\"id\\":5","rate":0.75,"big":1e21,"neg":-5,"negBig":-123456789012345678}';
		const parsed = parseJson(text) as Record<string, unknown>;
		expect(parsed.note).toBe('id: 123456789012345678, "id":5');
		expect(parsed.rate).toBe(0.75);
		expect(parsed.big).toBe(1e21);
		expect(parsed.neg).toBe(-5);
		expect(parsed.negBig).toBe('-123456789012345678');
	});

	it('nested arrays inherit the key that owns them; objects inside arrays use their own keys', () => {
		const parsed = parseJson('{"taskIds":[[1,2],[3]],"rows":[{"id":1,"n":2},[4]]}') as Record<
			string,
			unknown
		>;
		expect(parsed).toEqual({ taskIds: [['1', '2'], ['3']], rows: [{ id: '1', n: 2 }, [4]] });
	});

	it('returns the same text when nothing needs quoting (no copy on the fast path)', () => {
		const text = '{"success":true,"code":"200","data":[{"name":"x","n":1}]}';
		expect(quoteBigIntegers(text)).toBe(text);
	});

	it('writes bigint as a bare integer (a Java Long) and everything else as JSON.stringify does', () => {
		const body = {
			voiceAgentId: toLong('182739465018273946'),
			taskName: 'T',
			nested: [toLong('1')],
			s: 'x',
		};
		expect(stringifyJson(body)).toBe(
			'{"voiceAgentId":182739465018273946,"taskName":"T","nested":[1],"s":"x"}',
		);
		expect(stringifyJson({ a: 1, b: undefined, c: null })).toBe('{"a":1,"c":null}');
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
		expect(
			(parseJson(stringifyJson({ voiceAgentId: toLong(id) })) as { voiceAgentId: string })
				.voiceAgentId,
		).toBe(id);
	});

	it('throws on malformed JSON, like JSON.parse', () => {
		expect(() => parseJson('{"a":')).toThrow();
		expect(() => parseJson('<html>')).toThrow();
	});
});

/** Customer Field → Get Many. */
import { PATHS } from '../../sandbox/fixture';
import type { RunNodeResult } from '../../harness';
import { bodies, expectRefused } from '../run-checks';
import { FEW, LEVEL, envelopeFailureTest, listsSandbox } from '../list-fixture';

const world = listsSandbox();
const { runner } = world;

describe('customerField getAll: POST /openapi/crm/config/field/list', () => {
	const run = runner(FEW, 'customerField');
	const names = (result: RunNodeResult) => result.items.map((i) => i.json.field);

	test('Return All: one signed request with an empty body, one item per field (preset and custom); Limit cuts that answer', async () => {
		const result = await run({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid, r.code]),
		).toEqual([['POST', PATHS.crmFields, {}, true, '200']]);
		expect(names(result)).toEqual(
			expect.arrayContaining(['customerName', 'mobile', 'createTime', 'level', 'hobby', 'legacy']),
		);
		expect(result.items.find((i) => i.json.field === 'level')).toEqual({
			json: expect.objectContaining({ ...LEVEL, isSystem: false, status: 1 }),
			pairedItem: { item: 0 },
		});
		const limited = await run({ returnAll: false, limit: 3 });
		expect(limited.requests).toHaveLength(1);
		expect(names(limited)).toEqual(names(result).slice(0, 3));
	});

	test('filters are sent as the API takes them (the name trimmed) and the API filters', async () => {
		const filters = { category: ['custom'], enabled: true, editable: true };
		const typed = { ...filters, name: ' level ', type: 'select, text' };
		const result = await run({ returnAll: true, filters: typed });
		expect(bodies(result)).toEqual([{ ...filters, name: 'level', type: ['select', 'text'] }]);
		expect(names(result)).toEqual(['level']);
		const disabled = await run({ returnAll: true, filters: { enabled: false } });
		expect(bodies(disabled)).toEqual([{ enabled: false }]);
		expect(names(disabled)).toEqual(['legacy']);
	});
});

test.each([
	[
		'customerField',
		{ category: '={{ ["preset"] }}' },
		'"Filters → Category" must be one of custom, system (got "preset")',
	],
])(
	'%s: a filter value outside its options is refused before sending',
	async (resource, filters, message) => {
		const result = await runner(FEW, resource)({ returnAll: true, filters });
		expectRefused(result, `Invalid input [item 0]: ${message}`);
	},
);

envelopeFailureTest(world, PATHS.crmFields, 'customerField', '00000400', 'app id parameter error');

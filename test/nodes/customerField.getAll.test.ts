import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const FIELD_LIST = '/openapi/crm/config/field/list';

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeAll(async () => {
	await control.seedFields({
		appId: APP.appId,
		fields: [
			{
				field: 'level',
				name: 'Level',
				type: 'select',
				required: true,
				choices: [{ key: 'gold', value: 'Gold', isDefault: false }],
			},
			{ field: 'hobby', name: 'Hobby', type: 'text' },
			{ field: 'legacy', name: 'Legacy level', type: 'text', status: 0 },
		],
	});
});

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { resource: 'customerField', operation: 'getAll' },
});

describe('customerField getAll: POST /openapi/crm/config/field/list', () => {
	test('Return All: one signed request with an empty body, one item per field (preset and custom)', async () => {
		const result = await run({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid, r.code]),
		).toEqual([['POST', FIELD_LIST, {}, true, '200']]);
		const fields = result.items.map((i) => i.json.field);
		expect(fields).toEqual(
			expect.arrayContaining(['customerName', 'mobile', 'createTime', 'level', 'hobby', 'legacy']),
		);
		expect(result.items.find((i) => i.json.field === 'level')).toEqual({
			json: expect.objectContaining({
				name: 'Level',
				type: 'select',
				isSystem: false,
				required: true,
				status: 1,
				choices: [{ key: 'gold', value: 'Gold', isDefault: false }],
			}),
			pairedItem: { item: 0 },
		});
	});

	test('filters are sent as the API takes them and the API filters', async () => {
		const result = await run({
			returnAll: true,
			filters: {
				name: 'level',
				category: ['custom'],
				type: 'select, text',
				enabled: true,
				editable: true,
			},
		});
		expect(result.requests.map((r) => r.body)).toEqual([
			{
				name: 'level',
				category: ['custom'],
				type: ['select', 'text'],
				enabled: true,
				editable: true,
			},
		]);
		expect(result.items.map((i) => i.json.field)).toEqual(['level']);

		const disabled = await run({ returnAll: true, filters: { enabled: false } });
		expect(disabled.requests.map((r) => r.body)).toEqual([{ enabled: false }]);
		expect(disabled.items.map((i) => i.json.field)).toEqual(['legacy']);
	});

	test('Limit cuts the single answer on the client: one request, the first N fields', async () => {
		const all = await run({ returnAll: true });
		const limited = await run({ returnAll: false, limit: 3 });
		expect(limited.requests).toHaveLength(1);
		expect(limited.items.map((i) => i.json.field)).toEqual(
			all.items.slice(0, 3).map((i) => i.json.field),
		);
	});

	test('a category outside system/custom is refused before sending', async () => {
		const result = await run({ returnAll: true, filters: { category: '={{ ["preset"] }}' } });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toBe(
			'Invalid input [item 0]: "Filters → Category" must be one of custom, system (got "preset")',
		);
	});

	test('a failing request surfaces as a node error; with continueOnFail it becomes an error item', async () => {
		await control.addFault({
			pathPattern: FIELD_LIST,
			kind: 'envelope',
			envelopeCode: '00000400',
			envelopeMessage: 'app id parameter error',
			count: 4,
		});
		const result = await run({ returnAll: true }, { continueOnFail: true });
		expect(result.requests).toHaveLength(1);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					error: 'Contact Center error 00000400: app id parameter error',
					code: '00000400',
				}),
				pairedItem: { item: 0 },
			},
		]);
		await control.clearFaults();
	});
});

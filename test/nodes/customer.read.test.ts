import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import {
	bodies,
	customerFieldMapping,
	expectRefused,
	locator,
	mapperField,
	signed,
} from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
// A second tenant holds only the bulk customers, so its counts are exact.
const BULK = { appId: '2090', appSecret: 'bulk-secret' };
const { crmList: LIST, crmFields: FIELD_LIST } = PATHS;

const sandbox = useSandbox({
	tenants: [
		{ ...APP, timezone: 'Asia/Shanghai' },
		{ ...BULK, timezone: 'Asia/Shanghai' },
	],
});
const { control } = sandbox;
let bulkIds: string[];
const ids: Record<string, string> = {};

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
			{ field: 'archived', name: 'Archived note', type: 'text', status: 0 },
		],
	});
	const seeded = await control.seedCustomers({
		appId: APP.appId,
		customers: [
			{
				customerName: 'Amy',
				createTime: '2026-01-10 08:00:00',
				callingNumber: 2,
				level: 'gold',
				mobile: [{ value: '13100000001', memo: '' }],
			},
			{ customerName: 'Ben', createTime: '2026-01-10 14:00:00', callingNumber: 5 },
			{
				customerName: 'Cal',
				createTime: '2026-01-11 09:00:00',
				callingNumber: 9,
				email: [{ value: 'cal@example.com', memo: '' }],
			},
		],
	});
	[ids.amy, ids.ben, ids.cal] = seeded;
	bulkIds = await control.seedCustomers({ appId: BULK.appId, count: 2500 });
});

// Output Raw: these suites read the records as the API sends them (simplified ones: customer.search-upsert).
const defaults = { nodeType: ContactCenter, parameters: { resource: 'customer', output: 'raw' } };
const run = nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, defaults);
const runBulk = nodeRunner(sandbox, { ...BULK, timezone: 'Asia/Shanghai' }, defaults);

describe('customer get: GET /openapi/crm/{id}', () => {
	test('the customer record as the item, _id a string, paired', async () => {
		const result = await run({ operation: 'get', customerId: locator(ids.amy, 'id') });
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([['GET', `/openapi/crm/${ids.amy}`, true, '200']]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					_id: ids.amy,
					accountId: APP.appId,
					customerName: 'Amy',
					createTime: '2026-01-10 08:00:00',
					level: 'gold',
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('an unknown id surfaces 00000400; with continueOnFail the other items still come', async () => {
		const failed = await run({ operation: 'get', customerId: locator('nope', 'id') });
		expect(failed.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 00000400: customer does not exist [item 0]',
		});
		expect(failed.error?.context).toMatchObject({ itemIndex: 0, vendorCode: '00000400' });

		const result = await run(
			{ operation: 'get', customerId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: ids.ben }, { id: 'nope' }, { id: ids.cal }], continueOnFail: true },
		);
		expect(result.requests.map((r) => r.path)).toEqual([
			`/openapi/crm/${ids.ben}`,
			'/openapi/crm/nope',
			`/openapi/crm/${ids.cal}`,
		]);
		expect(result.items.map((i) => [i.json.customerName ?? i.json.code, i.pairedItem])).toEqual([
			['Ben', { item: 0 }],
			['00000400', { item: 1 }],
			['Cal', { item: 2 }],
		]);
		expect(result.items[1].json.error).toBe(
			'Contact Center error 00000400: customer does not exist [item 1]',
		);
	});
});

test('customer delete (POST /openapi/crm/delete): {deleted: true, id} per item and the customers are gone (an unknown id: as for get)', async () => {
	const [doomed, alsoDoomed] = await control.seedCustomers({
		appId: APP.appId,
		customers: [{ customerName: 'Del 1' }, { customerName: 'Del 2' }],
	});
	const result = await run(
		{ operation: 'delete', customerId: locator('={{ $json.id }}', 'id') },
		{ items: [{ id: doomed }, { id: alsoDoomed }] },
	);
	expect(signed(result)).toEqual(Array(2).fill(['POST', PATHS.crmDelete, true, '200']));
	expect(result.requests.map((r) => r.body)).toEqual([{ id: doomed }, { id: alsoDoomed }]);
	expect(result.items).toEqual([
		{ json: { deleted: true, id: doomed }, pairedItem: { item: 0 } },
		{ json: { deleted: true, id: alsoDoomed }, pairedItem: { item: 1 } },
	]);
	const remaining = (await control.getState(APP.appId)).customers.map((c) => c._id);
	expect(remaining.filter((id) => [doomed, alsoDoomed].includes(id))).toEqual([]);
});

describe('customer getAll: POST /openapi/crm/list', () => {
	test('Return All over 2,500 customers: exactly 3 signed requests of 1,000, every customer once', async () => {
		const result = await runBulk({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => [r.path, r.method, r.signatureValid, r.appId, r.body]),
		).toEqual(
			[1, 2, 3].map((page) => [
				LIST,
				'POST',
				true,
				BULK.appId,
				{ search: [], sortList: [], page, limit: 1000 },
			]),
		);
		// The 2,500 seeded ids (distinct strings), each once.
		const returned = result.items.map((i) => i.json._id);
		expect([...returned].sort()).toEqual([...bulkIds].sort());
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('conditions, sort and a creation range from the workflow zone (New York) in the API zone (Shanghai)', async () => {
		const result = await run(
			{
				operation: 'getAll',
				returnAll: true,
				filters: {
					conditions: {
						values: [
							{ field: 'callingNumber', operator: 'between', value: '1,9' },
							{ field: 'email', operator: 'empty' },
						],
					},
					// midnight in New York = 13:00 in Shanghai: Amy (08:00) is before, Ben (14:00) after
					createTimeBegin: '2026-01-10T00:00:00',
					createTimeEnd: '2026-01-11T23:59:59',
				},
				sort: { values: [{ field: 'customerName', orderBy: 'desc' }] },
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(bodies(result)).toEqual([
			{
				search: [
					{ field: 'callingNumber', operator: 'between', value: ['1', '9'] },
					{ field: 'email', operator: 'empty', value: [] },
				],
				sortList: [{ field: 'customerName', orderBy: 'desc' }],
				createTimeBegin: '2026-01-10 13:00:00',
				createTimeEnd: '2026-01-12 12:59:59',
				page: 1,
				limit: 1000,
			},
		]);
		// Cal has an email; Amy was created before the range. API dates are returned untouched.
		expect(result.items.map((i) => [i.json.customerName, i.json.createTime])).toEqual([
			['Ben', '2026-01-10 14:00:00'],
		]);
	});

	test('validation: between with one value, a value on "empty", an operator or sort order outside the API list, a reversed range; nothing is sent', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				conditions: {
					values: [
						{ field: 'callingNumber', operator: 'between', value: '3' },
						{ field: 'email', operator: '={{ "empty" }}', value: 'x' },
						{ field: 'customerName', operator: '={{ "like" }}', value: 'A' },
					],
				},
				updateTimeBegin: '2026-02-02T00:00:00',
				updateTimeEnd: '2026-02-01T00:00:00',
			},
			sort: { values: [{ field: 'customerName', orderBy: '={{ "up" }}' }] },
		});
		expectRefused(
			result,
			'Invalid input [item 0]: "Filters → Conditions → Value (condition 1)" needs exactly two values for the operator "between" (got 1) (and 4 more problems)',
		);
		for (const problem of [
			'"Filters → Conditions → Value (condition 2)" must be empty for the operator "empty"',
			'"Filters → Conditions → Operator (condition 3)" must be one of eq, neq, empty, nempty, in, nin, gt, gte, lt, lte, between (got "like")',
			'"Sort → Order (sort rule 1)" must be one of asc, desc (got "up")',
			'"Filters → Updated From" is later than "Filters → Updated To" (2026-02-02 13:00:00 > 2026-02-01 13:00:00 in Asia/Shanghai)',
		])
			expect(result.error?.description).toContain(problem);
	});
});

describe('editor methods', () => {
	test('loadOptions getCustomerFields: enabled preset and custom fields, by name, from one signed field-list request', async () => {
		await control.clearLog();
		const options = await callMethod({
			nodeType: ContactCenter,
			kind: 'loadOptions',
			method: 'getCustomerFields',
			parameters: { resource: 'customer', operation: 'getAll' },
			credentials: sandbox.credentials(APP),
		});
		const log = await control.getLog();
		expect(log.map((r) => [r.method, r.path, r.body, r.signatureValid])).toEqual([
			['POST', FIELD_LIST, {}, true],
		]);
		const values = options.map((o) => o.value);
		expect(values).toEqual(
			expect.arrayContaining(['customerName', 'mobile', 'createTime', 'level']),
		);
		expect(values).not.toContain('archived');
		expect(options.find((o) => o.value === 'level')).toEqual({
			name: 'Level (custom)',
			value: 'level',
			description: 'Field ID level, type select',
		});
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	test('resourceMapping getCustomerFieldMapping: custom fields only, required in create, choices as options', async () => {
		const options = [{ name: 'Gold (gold)', value: 'gold' }];
		expect((await customerFieldMapping(sandbox, APP, 'upsert')).fields).toEqual([
			mapperField('level', 'Level', 'options', { required: true, options }),
		]);
		expect(await customerFieldMapping(sandbox, BULK, 'create')).toEqual({
			fields: [],
			emptyFieldsNotice: 'This tenant has no enabled custom customer fields.',
		});
	});
});

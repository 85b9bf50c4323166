import type { IDataObject, IPairedItemData } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import { bodies, expectRefused, locator, signed } from '../run-checks';

// Call Task → Import Customers: manual mapping (expressions per item) and Map Automatically.
const APP = { appId: '1090', appSecret: 'demo-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;
afterEach(async () => await control.clearFaults());

const base = { resource: 'callTask', operation: 'import' };
const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter, parameters: base });
/** The manual mapping of the older suites: task and number read from each item. */
const manual = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: {
		...base,
		taskId: locator('={{ $json.task }}', 'id'),
		customerNumber: '={{ $json.phone }}',
	},
});
const auto = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { ...base, mappingMode: 'autoMapInputData' },
});

const newTasks = async (count: number, status: 'draft' | 'running' | 'done' = 'draft') =>
	await control.seedTasks({
		appId: APP.appId,
		tasks: Array.from({ length: count }, () => ({ status })),
	});
const task = (value: string) => locator(value, 'id');
const pairs = (p: IPairedItemData | IPairedItemData[] | number | undefined): number[] =>
	(Array.isArray(p) ? p : [p]).map((pair) => (typeof pair === 'object' ? pair.item : (pair ?? -1)));
const customersOf = (result: RunNodeResult, request = 0) =>
	bodies(result)[request].customers as Array<{ customerNumber: string }>;
/** A 20-digit phone number that reached the node as a JSON number: already rounded. */
const UNSAFE_PHONE = Number('12345678901234567890');

describe('callTask import: requests and output', () => {
	test('input items become the rows of one request (mapped by hand: a saved workflow without the Mapping parameter); one output item paired with all of them', async () => {
		const [taskId] = await newTasks(1);
		const items = [
			{ phone: '13800000001', name: 'Ann', plan: 'gold' },
			{ phone: '+86-138-0000-0002', name: 'Bo', plan: 'silver' },
			// Map Automatically would take customerNumber (see below): the manual mapping reads phone.
			{ phone: 13800000003, customerNumber: '13899999999' },
		];
		const result = await run(
			{
				taskId: locator(taskId),
				customerNumber: '={{ $json.phone }}',
				additionalFields: {
					customerName: '={{ $json.name }}',
					remark: 'November renewal',
					variables: { variable: [{ name: 'plan', value: '={{ $json.plan }}' }] },
				},
			},
			{ items },
		);
		expect(signed(result)).toEqual([['POST', PATHS.taskImport, true, 200]]);
		const [request] = result.requests;
		const remark = 'November renewal';
		expect(request.body).toEqual({
			taskId,
			customers: [
				{ customerNumber: '13800000001', customerName: 'Ann', remark, variables: { plan: 'gold' } },
				{
					customerNumber: '+86-138-0000-0002',
					customerName: 'Bo',
					remark,
					variables: { plan: 'silver' },
				},
				// The mapped variable of an item without it is sent empty, as mapped.
				{ customerNumber: '13800000003', remark, variables: { plan: '' } },
			],
		});
		expect(request.rawBody).toContain(`"taskId":"${taskId}"`);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const json = result.items[0].json;
		expect(json).toEqual({
			taskId,
			importBatchId: expect.stringMatching(/^\d{18}$/),
			fileType: 'json',
			...{ totalCount: 3, successCount: 3, emptyCount: 0, invalidCount: 0, failureCount: 0 },
			failureReasons: null,
			rowCount: 3,
		});
		const state = await control.getState(APP.appId);
		expect(state.tasks.find((t) => t.id === taskId)?.importBatchIds).toEqual([json.importBatchId]);
	});

	test('25,005 items across two tasks: exactly 4 requests (3 + 1), each paired with its items; numbers repeated anywhere in the run are sent once and reported', async () => {
		const [taskA, taskB] = await newTasks(2);
		// Every fifth item goes to task B (5,001), the rest to task A (20,004). Items 7 and 16,000 repeat
		// an earlier number of their own request, item 12,000 repeats item 0 (which goes in the first
		// request: the API alone would import it twice), item 24 of B repeats item 19.
		const input = Array.from({ length: 25_005 }, (_, i) => ({
			task: i % 5 === 4 ? taskB : taskA,
			phone: `139${String(i).padStart(8, '0')}`,
		}));
		for (const [repeat, first] of [
			[7, 6],
			[16_000, 15_000],
			[12_000, 0],
			[24, 19],
		])
			input[repeat].phone = input[first].phone;
		const result = await manual({ options: { dupStrategy: 'batch' } }, { items: input });
		expect(result.error).toBeUndefined();
		expect(
			bodies(result).map((b) => [b.taskId, (b.customers as unknown[]).length, b.dupStrategy]),
		).toEqual([
			[taskA, 10_000, 'batch'],
			[taskA, 10_000, 'batch'],
			[taskA, 1, 'batch'],
			[taskB, 5_000, 'batch'],
		]);
		// Across the requests of a task no number is sent twice.
		const sentTo = (taskId: string) =>
			bodies(result)
				.filter((b) => b.taskId === taskId)
				.flatMap((b) =>
					(b.customers as Array<{ customerNumber: string }>).map((c) => c.customerNumber),
				);
		expect(new Set(sentTo(taskA)).size).toBe(20_001);
		// Each output item is paired with the rows it sent and the repeats of them it left out.
		const paired = result.items.map((item) => pairs(item.pairedItem));
		expect(paired.map((p) => p.length)).toEqual([10_002, 10_001, 1, 5_001]);
		expect(new Set(paired.flat()).size).toBe(25_005);
		expect(paired[3].every((index) => index % 5 === 4)).toBe(true);
		expect(paired[0].slice(0, 5)).toEqual([0, 1, 2, 3, 5]);
		expect(customersOf(result, 1).map((c) => c.customerNumber)).toEqual(
			paired[1].filter((index) => index !== 16_000).map((index) => input[index].phone),
		);
		expect(
			result.items.map(({ json }) => [
				json.taskId,
				json.rowCount,
				json.successCount,
				json.duplicatesDropped,
				json.droppedItems,
			]),
		).toEqual([
			[taskA, 10_000, 10_000, 2, '7, 12000'],
			[taskA, 10_000, 10_000, 1, '16000'],
			[taskA, 1, 1, undefined, undefined],
			[taskB, 5_000, 5_000, 1, '24'],
		]);
		expect(result.items[3].json).toMatchObject({ dupStrategy: 'batch' });
		expect(new Set(result.items.map((item) => item.json.importBatchId)).size).toBe(4);
		expect(result.logs.map((l) => l.message)).toContainEqual(
			expect.stringContaining('4 of 25005 rows were not sent: their number repeats an earlier row'),
		);
		expect((await control.getTaskCustomers(APP.appId, taskA)).length).toBe(20_001);
	}, 60_000);

	test('Deduplication None keeps repeats; Within the Task drops them before sending; another deduplication goes in its own request', async () => {
		const [noneTask, taskTask, mixed] = await newTasks(3);
		const input = [{ phone: '13600000001' }, { phone: '13600000002' }, { phone: '13600000001' }];
		const none = await manual(
			{ taskId: task(noneTask), options: { dupStrategy: 'none' } },
			{ items: input },
		);
		expect(customersOf(none)).toHaveLength(3);
		expect(none.items[0].json.duplicatesDropped).toBeUndefined();
		const byTask = await manual(
			{ taskId: task(taskTask), options: { dupStrategy: 'task' } },
			{ items: input },
		);
		expect(customersOf(byTask)).toEqual([
			{ customerNumber: '13600000001' },
			{ customerNumber: '13600000002' },
		]);
		const { rowCount, successCount, duplicatesDropped, droppedItems } = byTask.items[0].json;
		expect([rowCount, successCount, duplicatesDropped, droppedItems]).toEqual([2, 2, 1, '2']);
		expect(pairs(byTask.items[0].pairedItem)).toEqual([0, 1, 2]);

		const perItem = await manual(
			{ options: { dupStrategy: '={{ $json.dup }}' } },
			{
				items: ['none', 'none', 'task'].map((dup) => ({ task: mixed, phone: '13700000001', dup })),
			},
		);
		expect(bodies(perItem).map((b) => [b.dupStrategy, (b.customers as unknown[]).length])).toEqual([
			['none', 2],
			['task', 1],
		]);
		expect(
			perItem.items.map(({ json, pairedItem }) => [
				json.successCount,
				json.failureCount,
				pairs(pairedItem),
			]),
		).toEqual([
			[2, 0, [0, 1]],
			[0, 1, [2]],
		]);
	});
});

describe('callTask import: validation before sending', () => {
	test('invalid items stop the run before any request, naming the item, field and rule', async () => {
		const [taskId] = await newTasks(1);
		const result = await manual(
			{ additionalFields: { customerName: '={{ "n".repeat($itemIndex === 2 ? 101 : 3) }}' } },
			{
				items: [
					{ task: taskId, phone: '13800000001' },
					{ task: taskId, phone: '138 0000' },
					{ task: taskId, phone: '13800000003' },
					{ task: 'abc', phone: '13800000004' },
				],
			},
		);
		expect(result.requests).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'Invalid input [item 1]: "Phone Number to Call" must be 5 to 20 characters of digits, + and - (got "138 0000")',
		);
		expect(result.error?.description).toContain('3 items are invalid: 1-3. Nothing was imported.');
		expect(result.error?.context?.itemIndex).toBe(1);
		expect((await control.getTaskCustomers(APP.appId, taskId)).length).toBe(0);
	});

	test('continueOnFail: each invalid item gets an error item naming its field and rule, the valid items are still imported', async () => {
		const [taskId] = await newTasks(1);
		const cases: Array<[IDataObject, string]> = [
			[{ phone: '1234' }, '"Phone Number to Call" must be 5 to 20 characters'],
			[{ phone: '' }, '"Phone Number to Call" is required'],
			[
				{ remark: 'r'.repeat(501) },
				'"Additional Fields → Remark" must be at most 500 characters (it has 501)',
			],
			[{ task: '0' }, '"Call Task" must be a numeric ID greater than 0'],
		];
		const items = [
			{ phone: '13800000001' },
			...cases.map(([item]) => item),
			{ phone: '13800000003' },
		];
		const result = await manual(
			{ additionalFields: { remark: '={{ $json.remark }}' } },
			{
				items: items.map((item) => ({ task: taskId, phone: '13800000002', ...item })),
				continueOnFail: true,
			},
		);
		expect(customersOf(result)).toEqual([
			{ customerNumber: '13800000001' },
			{ customerNumber: '13800000003' },
		]);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			...cases.map(([, message], i) => [
				expect.stringContaining(`Invalid input [item ${i + 1}]: ${message}`),
				{ item: i + 1 },
			]),
			[undefined, [{ item: 0 }, { item: cases.length + 1 }]],
		]);
		expect(result.items[cases.length].json).toMatchObject({ taskId, successCount: 2, rowCount: 2 });
	});

	const VARIABLE = '"Additional Fields → Variables';
	test.each([
		[
			Array.from({ length: 21 }, (_, i) => ({ name: `v${i}`, value: 'x' })),
			'" may hold at most 20 variables (it has 21)',
		],
		[
			[{ name: 'n'.repeat(51), value: 'x' }],
			' → Name (variable 1)" must be at most 50 characters (it has 51)',
		],
		[
			[{ name: 'plan', value: 'v'.repeat(501) }],
			' → Value (variable 1)" must be at most 500 characters (it has 501)',
		],
		[
			[
				{ name: 'plan', value: 'a' },
				{ name: 'plan', value: 'b' },
			],
			' → Name (variable 2)" repeats the variable "plan"',
		],
	])('variables %#: %s', async (variable, message) => {
		const items = [{ task: '182739465018273946', phone: '13800000001' }];
		const result = await manual({ additionalFields: { variables: { variable } } }, { items });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toContain(`Invalid input [item 0]: ${VARIABLE}${message}`);
	});

	test('an expression that fails for one item makes only that item invalid', async () => {
		const [taskId] = await newTasks(1);
		const parameters = {
			taskId: task(taskId),
			customerNumber: "={{ $json.other ? $('No Such Node').item.json.phone : $json.phone }}",
		};
		const items = [{ phone: '13800000001' }, { other: true }];
		const kept = await manual(parameters, { items, continueOnFail: true });
		expect(kept.requests).toHaveLength(1);
		expect(kept.items).toEqual([
			{ json: { error: "Referenced node doesn't exist" }, pairedItem: { item: 1 } },
			{ json: expect.objectContaining({ taskId, successCount: 1 }), pairedItem: [{ item: 0 }] },
		]);
		const stopped = await manual(parameters, { items });
		expect(stopped.requests).toEqual([]);
		expect(stopped.error).toMatchObject({ message: "Referenced node doesn't exist" });
		expect(stopped.error?.context?.itemIndex).toBe(1);
	});
});

describe('callTask import: failing requests', () => {
	test('809 (task running) with continueOnFail: an error item for its items, the other task still imported', async () => {
		const [draft] = await newTasks(1);
		const [running] = await newTasks(1, 'running');
		const items = [running, draft, running].map((t, i) => ({ task: t, phone: `1360000000${i}` }));
		const result = await manual({}, { items, continueOnFail: true });
		expect(result.requests.map((r) => [(r.body as IDataObject).taskId, r.code])).toEqual([
			[running, 809],
			[draft, 200],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					error: 'Contact Center error 809: task.invalid.import.state',
					code: '809',
					taskId: running,
					rowCount: 2,
				}),
				pairedItem: [{ item: 0 }, { item: 2 }],
			},
			{
				json: expect.objectContaining({ taskId: draft, successCount: 1 }),
				pairedItem: [{ item: 1 }],
			},
		]);
		expect(result.items[0].json.description).toContain('a running task must be paused first');
	});

	test('810 (task done) without continueOnFail: the error says which earlier requests were already imported', async () => {
		const [draft] = await newTasks(1);
		const [done] = await newTasks(1, 'done');
		const items = [draft, draft, done].map((t, i) => ({ task: t, phone: `1350000000${i}` }));
		const result = await manual({}, { items });
		expect(result.requests.map((r) => r.code)).toEqual([200, 810]);
		expect(result.items).toEqual([]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 810: task.invalid.edit.state',
		});
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.error?.description).toContain('can no longer be edited');
		const state = await control.getState(APP.appId);
		const [batchId] = state.tasks.find((t) => t.id === draft)?.importBatchIds ?? [];
		expect(batchId).toMatch(/^\d{18}$/);
		expect(result.error?.description).toContain(`The request for task ${done} (items 2) failed.`);
		expect(result.error?.description).toContain(
			`These earlier requests of this run were imported and must not be imported again:\ntask ${draft}: import batch ${batchId} with 2 rows (items 0-1; 2 succeeded)`,
		);
	});

	test('an HTTP 500 on an import is not retried (it is a write) and says the outcome is unknown', async () => {
		const [taskId] = await newTasks(1);
		await control.addFault({
			pathPattern: PATHS.taskImport,
			kind: 'status',
			status: 500,
			count: 1,
		});
		const result = await manual({}, { items: [{ task: taskId, phone: '13400000001' }] });
		expect(result.requests.map((r) => r.httpStatus)).toEqual([500]);
		expect(result.error?.message).toContain('HTTP 500');
		expect(result.error?.description).toContain('it was not retried');
		expect(result.error?.description).toContain(
			'No earlier import request of this run had gone through.',
		);
	});
});

describe('callTask import, Map Automatically', () => {
	test('the default field names find the number, name, remark and variables; a repeated number is dropped (no strategy set: Within This Import)', async () => {
		const [taskId] = await newTasks(1);
		const gold = { plan: 'gold' };
		const items = [
			{ mobile: '13800000001', name: 'Ann', note: 'VIP', variables: gold, other: 'ignored' },
			{ phone: 13800000002, customerName: 'Bo', remark: 'call after 6' },
			// customerNumber comes before phone in Number Fields: the first field an item has wins.
			{
				customerNumber: '+86-138-0000-3',
				phone: '13899999999',
				variables: [{ name: 'plan', value: 'silver' }],
			},
			{ telephone: ' 13800000004 ', fullName: 'Di', comment: '' },
			{ phone: '13800000001', name: 'Ann again' },
		];
		const result = await auto({ taskId: task(taskId) }, { items });
		expect(bodies(result)).toEqual([
			{
				taskId,
				customers: [
					{ customerNumber: '13800000001', customerName: 'Ann', remark: 'VIP', variables: gold },
					{ customerNumber: '13800000002', customerName: 'Bo', remark: 'call after 6' },
					{ customerNumber: '+86-138-0000-3', variables: { plan: 'silver' } },
					{ customerNumber: '13800000004', customerName: 'Di' },
				],
			},
		]);
		expect(pairs(result.items[0].pairedItem)).toEqual([0, 1, 2, 3, 4]);
		expect(result.items[0].json).toMatchObject({ taskId, rowCount: 4, droppedItems: '4' });
	});

	test('field names of your own, and item fields sent as variables, read under Options (its form: cross-cutting/contract)', async () => {
		const [taskId] = await newTasks(1);
		const item = {
			Tel: '13700000001',
			Who: 'Ed',
			plan: 'gold',
			amount: 120,
			vars: { region: 'north' },
		};
		const names = {
			nameFields: 'Who',
			remarkFields: '',
			variablesFields: 'vars',
			fieldsAsVariables: 'plan, amount',
		};
		const variables = { region: 'north', plan: 'gold', amount: '120' };
		const sent = [{ customerNumber: '13700000001', customerName: 'Ed', variables }];
		const common = { taskId: task(taskId), numberFields: 'Tel' };
		const options = { ...names, dupStrategy: 'none' };
		const result = await auto({ ...common, options }, { items: [item] });
		expect(bodies(result)[0]).toMatchObject({ dupStrategy: 'none', customers: sent });
		// Name fields are read under Options only: a stale top-level one changes nothing.
		const items = [{ phone: '13700000003', name: 'Gus', Who: 'not this' }];
		const stale = await auto({ taskId: task(taskId), nameFields: 'Who' }, { items });
		expect(customersOf(stale)).toEqual([{ customerNumber: '13700000003', customerName: 'Gus' }]);
	});

	test('every row is checked as in the manual mapping; the error names the item and the item field, and nothing is sent', async () => {
		const [taskId] = await newTasks(1);
		const bad = [
			{ name: 'no number' },
			{ phone: UNSAFE_PHONE },
			{ phone: '13800000005', name: 'n'.repeat(101) },
			{ phone: '13800000006', note: 'r'.repeat(501) },
			{ phone: '13800000007', variables: { plan: { deep: 1 } } },
		];
		const items = [{ phone: '13800000001' }, { phone: '138 0000' }, ...bad];
		const stopped = await auto({ taskId: task(taskId) }, { items });
		expectRefused(
			stopped,
			'Invalid input [item 1]: "Phone Number to Call (from the item field "phone")" must be 5 to 20 characters of digits, + and - (got "138 0000")',
		);
		expect(stopped.error?.description).toContain('6 items are invalid: 1-6. Nothing was imported.');
		const each = await auto({ taskId: task(taskId) }, { items: bad, continueOnFail: true });
		expect(each.requests).toEqual([]);
		expect(each.items.map((item) => [item.json.error, item.pairedItem])).toEqual(
			[
				'"Phone Number to Call (from none of the item fields "customerNumber", "phone"',
				'"Phone Number to Call (from the item field "phone")" is the number 12345678901234567000, which cannot hold a phone number exactly',
				'"Customer Name (item field customerName / name / fullName / full_name / contactName)" must be at most 100 characters (it has 101)',
				'"Remark (item field remark / remarks / note / notes / comment)" must be at most 500 characters (it has 501)',
				'"Variables (item field variables)[0].value" must be text, not an object or list',
			].map((text, item) => [expect.stringContaining(`[item ${item}]: ${text}`), { item }]),
		);
		expect(each.items[0].json.description).toContain(
			'or put the name of the field that holds it in Number Fields.',
		);
	});

	test('the task id is read once unless an expression reads the item; the manual fields are never evaluated', async () => {
		const [a, b] = await newTasks(2);
		const fails = '={{ $json.missing.deeper }}';
		const once = await auto(
			{
				taskId: task(`={{ "${a}" }}`),
				customerNumber: fails,
				additionalFields: { customerName: fails },
			},
			{ items: [{ phone: '13500000001' }, { phone: '13500000002' }] },
		);
		expect(bodies(once)).toEqual([
			{
				taskId: a,
				customers: [{ customerNumber: '13500000001' }, { customerNumber: '13500000002' }],
			},
		]);
		const items = [
			{ phone: '13500000003', task: a },
			{ phone: '13500000004', task: b },
		];
		const perItem = await auto({ taskId: task('={{ $json.task }}') }, { items });
		expect(bodies(perItem).map((body) => body.taskId)).toEqual([a, b]);
	});
});

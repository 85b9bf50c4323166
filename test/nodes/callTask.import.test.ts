import type { IDataObject, INodeParameters, IPairedItemData } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const IMPORT_PATH = '/openapi/agent/web/v1/callTask/import';

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

afterEach(async () => await control.clearFaults());

async function newTasks(
	count: number,
	status: 'draft' | 'running' | 'pause' | 'done' = 'draft',
): Promise<string[]> {
	return await control.seedTasks({
		appId: APP.appId,
		tasks: Array.from({ length: count }, () => ({ status })),
	});
}

const taskLocator = (value: string) => ({ __rl: true, mode: 'id', value });

async function importItems(
	items: IDataObject[],
	parameters: INodeParameters = {},
	options: Partial<RunNodeOptions> = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: ContactCenter,
		parameters: {
			resource: 'callTask',
			operation: 'import',
			taskId: taskLocator('={{ $json.task }}'),
			customerNumber: '={{ $json.phone }}',
			...parameters,
		},
		items,
		credentials: sandbox.credentials(APP),
		sandbox: control,
		...options,
	});
}

/** The input item indexes an output item is paired with. */
const items = (pairs: IPairedItemData | IPairedItemData[] | number | undefined): number[] =>
	(Array.isArray(pairs) ? pairs : [pairs]).map((pair) =>
		typeof pair === 'object' ? pair.item : (pair ?? -1),
	);

describe('callTask import: POST /openapi/agent/web/v1/callTask/import', () => {
	test('input items become the rows of one request; one output item paired with all of them', async () => {
		const [taskId] = await newTasks(1);
		const result = await importItems(
			[
				{ phone: '13800000001', name: 'Ann', plan: 'gold' },
				{ phone: '+86-138-0000-0002', name: 'Bo', plan: 'silver' },
				{ phone: 13800000003 },
			],
			{
				taskId: { __rl: true, mode: 'list', value: taskId },
				additionalFields: {
					customerName: '={{ $json.name }}',
					remark: 'November renewal',
					variables: { variable: [{ name: 'plan', value: '={{ $json.plan }}' }] },
				},
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		const [request] = result.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: IMPORT_PATH,
			signatureValid: true,
			code: 200,
		});
		expect(request.body).toEqual({
			taskId,
			customers: [
				{
					customerNumber: '13800000001',
					customerName: 'Ann',
					remark: 'November renewal',
					variables: { plan: 'gold' },
				},
				{
					customerNumber: '+86-138-0000-0002',
					customerName: 'Bo',
					remark: 'November renewal',
					variables: { plan: 'silver' },
				},
				// The mapped variable of an item without it is sent empty, as mapped.
				{ customerNumber: '13800000003', remark: 'November renewal', variables: { plan: '' } },
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
			totalCount: 3,
			successCount: 3,
			emptyCount: 0,
			invalidCount: 0,
			failureCount: 0,
			failureReasons: null,
			rowCount: 3,
		});
		const state = await control.getState(APP.appId);
		expect(state.tasks.find((task) => task.id === taskId)?.importBatchIds).toEqual([
			json.importBatchId,
		]);
		const customers = await control.getTaskCustomers(APP.appId, taskId);
		expect(customers.map((c) => [c.customerNumber, c.variables])).toEqual([
			['13800000001', { plan: 'gold' }],
			['+86-138-0000-0002', { plan: 'silver' }],
			['13800000003', { plan: '' }],
		]);
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
		input[7].phone = input[6].phone;
		input[16_000].phone = input[15_000].phone;
		input[12_000].phone = input[0].phone;
		input[24].phone = input[19].phone;
		const result = await importItems(input, { options: { dupStrategy: 'batch' } });
		expect(result.error).toBeUndefined();

		expect(
			result.requests.map((r) => [
				r.path,
				(r.body as IDataObject).taskId,
				((r.body as IDataObject).customers as unknown[]).length,
			]),
		).toEqual([
			[IMPORT_PATH, taskA, 10_000],
			[IMPORT_PATH, taskA, 10_000],
			[IMPORT_PATH, taskA, 1],
			[IMPORT_PATH, taskB, 5_000],
		]);
		expect(
			result.requests.every(
				(r) => r.signatureValid && (r.body as IDataObject).dupStrategy === 'batch',
			),
		).toBe(true);
		// Across the requests of a task no number is sent twice.
		const sentTo = (taskId: string) =>
			result.requests
				.filter((r) => (r.body as IDataObject).taskId === taskId)
				.flatMap((r) =>
					(r.body as { customers: Array<{ customerNumber: string }> }).customers.map(
						(c) => c.customerNumber,
					),
				);
		expect(new Set(sentTo(taskA)).size).toBe(20_001);
		expect(sentTo(taskA)).not.toContain(undefined);

		expect(result.items).toHaveLength(4);
		const paired = result.items.map((item) => items(item.pairedItem));
		// Each output item is paired with the rows it sent and the repeats of them it left out.
		expect(paired.map((p) => p.length)).toEqual([10_002, 10_001, 1, 5_001]);
		expect(new Set(paired.flat()).size).toBe(25_005);
		expect(paired[3].every((index) => index % 5 === 4)).toBe(true);
		expect(paired[0].slice(0, 5)).toEqual([0, 1, 2, 3, 5]);
		expect(paired[2]).toEqual([25_003]);
		expect(
			result.items.map((item) => [item.json.duplicatesDropped, item.json.droppedItems]),
		).toEqual([
			[2, '7, 12000'],
			[1, '16000'],
			[undefined, undefined],
			[1, '24'],
		]);
		// Each request's rows are its paired items' numbers, in order (the dropped items aside).
		const sentNumbers = (
			result.requests[1].body as { customers: Array<{ customerNumber: string }> }
		).customers.map((c) => c.customerNumber);
		expect(sentNumbers).toEqual(
			paired[1].filter((index) => index !== 16_000).map((index) => input[index].phone),
		);

		expect(
			result.items.map((item) => [
				item.json.taskId,
				item.json.rowCount,
				item.json.successCount,
				item.json.failureCount,
			]),
		).toEqual([
			[taskA, 10_000, 10_000, 0],
			[taskA, 10_000, 10_000, 0],
			[taskA, 1, 1, 0],
			[taskB, 5_000, 5_000, 0],
		]);
		expect(result.items[3].json).toMatchObject({ dupStrategy: 'batch' });
		expect(new Set(result.items.map((item) => item.json.importBatchId)).size).toBe(4);
		expect((await control.getTaskCustomers(APP.appId, taskA)).length).toBe(20_001);
	}, 60_000);

	test('Deduplication None keeps repeats across requests; Within the Task drops them before sending', async () => {
		const [noneTask, taskTask] = await newTasks(2);
		const input = [{ phone: '13600000001' }, { phone: '13600000002' }, { phone: '13600000001' }];
		const none = await importItems(input, {
			taskId: taskLocator(noneTask),
			options: { dupStrategy: 'none' },
		});
		expect(((none.requests[0].body as IDataObject).customers as unknown[]).length).toBe(3);
		expect(none.items[0].json.duplicatesDropped).toBeUndefined();
		const task = await importItems(input, {
			taskId: taskLocator(taskTask),
			options: { dupStrategy: 'task' },
		});
		expect((task.requests[0].body as IDataObject).customers).toEqual([
			{ customerNumber: '13600000001' },
			{ customerNumber: '13600000002' },
		]);
		expect(task.items[0].json).toMatchObject({
			rowCount: 2,
			successCount: 2,
			duplicatesDropped: 1,
			droppedItems: '2',
		});
		expect(items(task.items[0].pairedItem)).toEqual([0, 1, 2]);
	});

	test('items with another deduplication go in their own request', async () => {
		const [taskId] = await newTasks(1);
		const result = await importItems(
			[
				{ task: taskId, phone: '13700000001', dup: 'none' },
				{ task: taskId, phone: '13700000001', dup: 'none' },
				{ task: taskId, phone: '13700000001', dup: 'task' },
			],
			{ options: { dupStrategy: '={{ $json.dup }}' } },
		);
		expect(
			result.requests.map((r) => [
				(r.body as IDataObject).dupStrategy,
				((r.body as IDataObject).customers as unknown[]).length,
			]),
		).toEqual([
			['none', 2],
			['task', 1],
		]);
		expect(
			result.items.map((item) => [
				item.json.successCount,
				item.json.failureCount,
				items(item.pairedItem),
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
		const result = await importItems(
			[
				{ task: taskId, phone: '13800000001' },
				{ task: taskId, phone: '138 0000' },
				{ task: taskId, phone: '13800000003' },
				{ task: 'abc', phone: '13800000004' },
			],
			{ additionalFields: { customerName: '={{ "n".repeat($itemIndex === 2 ? 101 : 3) }}' } },
		);
		expect(result.requests).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'Invalid input [item 1]: "Customer Number" must be 5 to 20 characters of digits, + and - (got "138 0000")',
		);
		expect(result.error?.description).toContain('3 items are invalid: 1-3. Nothing was imported.');
		expect(result.error?.context?.itemIndex).toBe(1);
		expect((await control.getTaskCustomers(APP.appId, taskId)).length).toBe(0);
	});

	test.each([
		[
			'customer number too short',
			{ phone: '1234' },
			{},
			'"Customer Number" must be 5 to 20 characters',
		],
		['customer number missing', { phone: '' }, {}, '"Customer Number" is required'],
		[
			'remark too long',
			{ phone: '13800000001' },
			{ additionalFields: { remark: 'r'.repeat(501) } },
			'"Additional Fields → Remark" must be at most 500 characters (it has 501)',
		],
		[
			'21 variables',
			{ phone: '13800000001' },
			{
				additionalFields: {
					variables: {
						variable: Array.from({ length: 21 }, (_, i) => ({ name: `v${i}`, value: 'x' })),
					},
				},
			},
			'"Additional Fields → Variables" may hold at most 20 variables (it has 21)',
		],
		[
			'variable name too long',
			{ phone: '13800000001' },
			{ additionalFields: { variables: { variable: [{ name: 'n'.repeat(51), value: 'x' }] } } },
			'"Additional Fields → Variables → Name (variable 1)" must be at most 50 characters (it has 51)',
		],
		[
			'variable value too long',
			{ phone: '13800000001' },
			{ additionalFields: { variables: { variable: [{ name: 'plan', value: 'v'.repeat(501) }] } } },
			'"Additional Fields → Variables → Value (variable 1)" must be at most 500 characters (it has 501)',
		],
		[
			'variable twice',
			{ phone: '13800000001' },
			{
				additionalFields: {
					variables: {
						variable: [
							{ name: 'plan', value: 'a' },
							{ name: 'plan', value: 'b' },
						],
					},
				},
			},
			'"Additional Fields → Variables → Name (variable 2)" repeats the variable "plan"',
		],
		[
			'task id zero',
			{ phone: '13800000001', task: '0' },
			{},
			'"Call Task" must be a numeric ID greater than 0',
		],
	])('%s', async (_name, item, parameters, message) => {
		const result = await importItems(
			[{ task: '182739465018273946', ...item }],
			parameters as INodeParameters,
		);
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toContain('Invalid input [item 0]: ');
		expect(result.error?.message).toContain(message);
	});

	test('continueOnFail: each invalid item gets an error item, the valid items are still imported', async () => {
		const [taskId] = await newTasks(1);
		const result = await importItems(
			[
				{ task: taskId, phone: '13800000001' },
				{ task: taskId, phone: 'call me' },
				{ task: taskId, phone: '13800000003' },
				{ task: taskId, phone: '12' },
			],
			{},
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect((result.requests[0].body as IDataObject).customers).toEqual([
			{ customerNumber: '13800000001' },
			{ customerNumber: '13800000003' },
		]);
		expect(result.items).toHaveLength(3);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 1 },
			json: { error: expect.stringContaining('Invalid input [item 1]: "Customer Number"') },
		});
		expect(result.items[1]).toMatchObject({
			pairedItem: { item: 3 },
			json: { error: expect.stringContaining('Invalid input [item 3]') },
		});
		expect(result.items[2]).toMatchObject({
			pairedItem: [{ item: 0 }, { item: 2 }],
			json: { taskId, successCount: 2, rowCount: 2 },
		});
	});

	test('an expression that fails for one item makes only that item invalid', async () => {
		const [taskId] = await newTasks(1);
		const parameters = {
			taskId: taskLocator(taskId),
			customerNumber: '={{ $json.contact.phone }}',
		};
		const input = [{ contact: { phone: '13800000001' } }, { name: 'no contact' }];
		const kept = await importItems(input, parameters, { continueOnFail: true });
		expect(kept.requests).toHaveLength(1);
		expect(kept.items).toEqual([
			{ json: expect.objectContaining({ error: expect.any(String) }), pairedItem: { item: 1 } },
			{ json: expect.objectContaining({ taskId, successCount: 1 }), pairedItem: [{ item: 0 }] },
		]);
		const stopped = await importItems(input, parameters);
		expect(stopped.requests).toEqual([]);
		expect(stopped.error?.context?.itemIndex).toBe(1);
	});
});

describe('callTask import: failing requests', () => {
	test('809 (task running) with continueOnFail: an error item for its items, the other task still imported', async () => {
		const [draft] = await newTasks(1);
		const [running] = await newTasks(1, 'running');
		const result = await importItems(
			[
				{ task: running, phone: '13600000001' },
				{ task: draft, phone: '13600000002' },
				{ task: running, phone: '13600000003' },
			],
			{},
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [(r.body as IDataObject).taskId, r.code])).toEqual([
			[running, 809],
			[draft, 200],
		]);
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toEqual({
			json: expect.objectContaining({
				error: 'Contact Center error 809: task.invalid.import.state',
				code: '809',
				taskId: running,
				rowCount: 2,
			}),
			pairedItem: [{ item: 0 }, { item: 2 }],
		});
		expect(result.items[0].json.description).toContain('a running task must be paused first');
		expect(result.items[1]).toMatchObject({
			json: { taskId: draft, successCount: 1 },
			pairedItem: [{ item: 1 }],
		});
	});

	test('810 (task done) without continueOnFail: the error says which earlier requests were already imported', async () => {
		const [draft] = await newTasks(1);
		const [done] = await newTasks(1, 'done');
		const result = await importItems([
			{ task: draft, phone: '13500000001' },
			{ task: draft, phone: '13500000002' },
			{ task: done, phone: '13500000003' },
		]);
		expect(result.requests.map((r) => r.code)).toEqual([200, 810]);
		expect(result.items).toEqual([]);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe('Contact Center error 810: task.invalid.edit.state');
		expect(result.error?.context?.itemIndex).toBe(2);
		const [batchId] =
			(await control.getState(APP.appId)).tasks.find((task) => task.id === draft)?.importBatchIds ??
			[];
		expect(batchId).toMatch(/^\d{18}$/);
		expect(result.error?.description).toContain(`The request for task ${done} (items 2) failed.`);
		expect(result.error?.description).toContain(
			`These earlier requests of this run were imported and must not be imported again:\ntask ${draft}: import batch ${batchId} with 2 rows (items 0-1; 2 succeeded)`,
		);
	});

	test('an HTTP 500 on an import is not retried (it is a write) and says the outcome is unknown', async () => {
		const [taskId] = await newTasks(1);
		await control.addFault({ pathPattern: IMPORT_PATH, kind: 'status', status: 500, count: 1 });
		const result = await importItems([{ task: taskId, phone: '13400000001' }]);
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0].httpStatus).toBe(500);
		expect(result.error?.message).toContain('HTTP 500');
		expect(result.error?.description).toContain('it was not retried');
		expect(result.error?.description).toContain(
			'No earlier import request of this run had gone through.',
		);
	});
});

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import type { CallTask } from '../sandbox/types';
import { bodies, calls, expectInvalid, locator, picker } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
// A second tenant holding exactly 1,200 tasks, for paging.
const MANY = { appId: '2090', appSecret: 'many-secret' };
const { taskQuery: QUERY_PATH, taskOperate: OPERATE_PATH } = PATHS;

const sandbox = useSandbox({ tenants: [{ ...APP }, { ...MANY }] });
const { control } = sandbox;
const seedTasks = async (...tasks: Array<Partial<CallTask>>) =>
	await control.seedTasks({ appId: APP.appId, tasks });
let agentId: string;
let groupId: string;

beforeAll(async () => {
	[agentId] = await control.seedAgents({
		appId: APP.appId,
		agents: [{ name: 'Renewal reminder', agentType: 'voicebot' }],
	});
	[groupId] = await control.seedCallerNumberGroups({
		appId: APP.appId,
		groups: [{ groupName: 'Hangzhou numbers' }],
	});
	await control.seedTasks({ appId: MANY.appId, count: 1_200 });
});

const defaults = {
	nodeType: ContactCenter,
	parameters: { resource: 'callTask' },
	timezone: 'Asia/Shanghai',
};
const run = nodeRunner(sandbox, APP, defaults);
const runMany = nodeRunner(sandbox, MANY, defaults);

const operate = async (operation: 'start' | 'pause', taskId: string) =>
	await run({ operation, taskId: locator(taskId) });

/** The bodies of the first `count` task-query pages of `pageSize`. */
const pages = (count: number, pageSize = 500) =>
	Array.from({ length: count }, (_, i) => ({ pageNum: i + 1, pageSize }));

describe('callTask: the state machine through the node', () => {
	test('create → start without customers (813) → import → start → import while running (809) → pause → start', async () => {
		const created = await run({
			operation: 'create',
			taskName: 'Lifecycle',
			voiceAgentId: locator(agentId),
			options: { agentType: 'voicebot' },
			callerNumberGroupId: locator(groupId),
			maxConcurrency: 2,
			callWindows: { window: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], timeRanges: '00:00-23:59' }] },
			startType: 'manual',
		});
		expect(created.error).toBeUndefined();
		const taskId = created.items[0].json.taskId as string;
		expect(taskId).toMatch(/^\d{18}$/);

		const empty = await operate('start', taskId);
		expect(calls(empty)).toEqual([[OPERATE_PATH, 813]]);
		expect(empty.error?.message).toBe('Contact Center error 813: task.call.pool.empty [item 0]');
		expect(empty.error?.description).toContain(
			'Import customers into the task before starting it.',
		);

		const imported = await run(
			{ operation: 'import', taskId: locator(taskId), customerNumber: '={{ $json.phone }}' },
			{ items: [{ phone: '13800000001' }, { phone: '13800000002' }] },
		);
		expect(imported.items[0].json).toMatchObject({ taskId, successCount: 2 });

		const started = await operate('start', taskId);
		expect(started.error).toBeUndefined();
		expect(
			started.requests.map((r) => [r.method, r.path, r.signatureValid, r.code, r.body]),
		).toEqual([['POST', OPERATE_PATH, true, 200, { taskId, operation: 'start' }]]);
		expect(started.requests[0].rawBody).toBe(`{"taskId":"${taskId}","operation":"start"}`);
		expect(started.items).toEqual([
			{
				json: {
					taskId,
					status: 'running',
					operatedTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
				},
				pairedItem: { item: 0 },
			},
		]);

		const whileRunning = await run({
			operation: 'import',
			taskId: locator(taskId),
			customerNumber: '13800000003',
		});
		expect(whileRunning.requests.map((r) => r.code)).toEqual([809]);
		expect(whileRunning.error?.message).toBe('Contact Center error 809: task.invalid.import.state');

		const again = await operate('start', taskId);
		expect(again.error?.message).toBe(
			'Contact Center error 806: task.invalid.start.state [item 0]',
		);
		expect(again.error?.description).toContain('does not allow starting it');

		const paused = await operate('pause', taskId);
		expect(paused.requests[0].body).toEqual({ taskId, operation: 'pause' });
		expect(paused.items[0].json).toMatchObject({ taskId, status: 'pause' });

		const pausedTwice = await operate('pause', taskId);
		expect(pausedTwice.error?.message).toBe(
			'Contact Center error 807: task.invalid.pause.state [item 0]',
		);
		expect(pausedTwice.error?.description).toContain('Only a running task can be paused.');

		const restarted = await operate('start', taskId);
		expect(restarted.items[0].json).toMatchObject({ taskId, status: 'running' });

		const got = await run({ operation: 'get', taskId: locator(taskId), output: 'raw' });
		expect(got.items[0].json).toMatchObject({
			id: taskId,
			status: 'running',
			totalCount: 2,
			taskName: 'Lifecycle',
			voiceAgentId: agentId,
		});
	});

	test('801: start or pause of a task that does not exist; continueOnFail keeps the other items', async () => {
		const [taskId] = await seedTasks({ status: 'running', totalCount: 1 });
		const result = await run(
			{ operation: 'pause', taskId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: '999999999999999999' }, { id: taskId }, { id: 'x1' }], continueOnFail: true },
		);
		expect(result.requests.map((r) => [(r.body as IDataObject).taskId, r.code])).toEqual([
			['999999999999999999', 801],
			[taskId, 200],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					error: 'Contact Center error 801: task.not.exist [item 0]',
					code: '801',
				}),
				pairedItem: { item: 0 },
			},
			{ json: expect.objectContaining({ taskId, status: 'pause' }), pairedItem: { item: 1 } },
			{
				json: expect.objectContaining({
					error: expect.stringContaining('"Call Task" must be a numeric ID greater than 0'),
				}),
				pairedItem: { item: 2 },
			},
		]);
	});
});

describe('callTask get: found through the task query', () => {
	test('the task with its status, counts and progressRate as the API gives them', async () => {
		const [taskId] = await seedTasks({ taskName: 'Progress', status: 'running', totalCount: 8 });
		await control.setTaskProgress({
			appId: APP.appId,
			taskId,
			completedCount: 6,
			connectedCount: 4,
		});
		const result = await run({ operation: 'get', taskId: locator(taskId), output: 'raw' });
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[QUERY_PATH, { pageNum: 1, pageSize: 500 }, true],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					id: taskId,
					status: 'running',
					totalCount: 8,
					completedCount: 6,
					connectedCount: 4,
					progressRate: 0.75,
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(result.items[0].json.voiceAgentId).toMatch(/^\d{18}$/);
	});

	test('pages until the task is found; several items share the pages already read', async () => {
		const tasks = (await control.getState(MANY.appId)).tasks;
		// The query lists the newest first: the oldest task is on page 3 of 1,200.
		const oldest = tasks.reduce((a, b) => (a.id < b.id ? a : b));
		const newest = tasks.reduce((a, b) => (a.id > b.id ? a : b));
		const result = await runMany(
			{ operation: 'get', taskId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: oldest.id }, { id: newest.id }] },
		);
		expect(bodies(result)).toEqual(pages(3));
		expect(result.items.map((item) => [item.json.taskId, item.pairedItem])).toEqual([
			[oldest.id, { item: 0 }],
			[newest.id, { item: 1 }],
		]);
	});

	test('a task that does not exist: a clear error after reading every page', async () => {
		const result = await runMany({
			operation: 'get',
			taskId: locator('123456789012345678', 'id'),
		});
		expect(result.requests).toHaveLength(3);
		expect(result.error?.message).toBe('The call task 123456789012345678 does not exist [item 0]');
		expect(result.error?.description).toContain(
			"Check the task ID (it must be one of this tenant's tasks)",
		);
	});
});

describe('callTask getAll: POST /openapi/agent/web/v1/callTask/query', () => {
	test('Return All reads 1,200 tasks in exactly 3 pages of 500 (Output Raw: the API records)', async () => {
		const result = await runMany({ operation: 'getAll', returnAll: true, output: 'raw' });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.signatureValid, r.body])).toEqual(
			pages(3).map((body) => [QUERY_PATH, true, body]),
		);
		expect(result.items).toHaveLength(1_200);
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(1_200);
		expect(result.items.every((item) => /^\d{18}$/.test(item.json.id as string))).toBe(true);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const keys =
			'status totalCount completedCount connectedCount progressRate callStrategy retryStrategy';
		expect(Object.keys(result.items[0].json)).toEqual(expect.arrayContaining(keys.split(' ')));
	});

	test('Limit 700: the fewest pages (at most 500), each as small as that allows (one page: getAll.limit)', async () => {
		const many = await runMany({ operation: 'getAll', limit: 700 });
		expect(bodies(many)).toEqual(pages(2, 350));
		expect(many.items).toHaveLength(700);
	});

	test('filters go in `query`; dates become yyyy-MM-dd in the API zone', async () => {
		await seedTasks(
			{ taskName: 'Filter spring A', status: 'draft', createTime: '2026-03-01 09:00:00' },
			{ taskName: 'Filter spring B', status: 'done', createTime: '2026-03-02 23:30:00' },
			{ taskName: 'Filter summer', status: 'draft', createTime: '2026-06-01 09:00:00' },
		);
		const result = await run(
			{
				operation: 'getAll',
				returnAll: true,
				// 2026-03-01 17:00 in Los Angeles is 2026-03-02 09:00 in Shanghai.
				filters: {
					taskName: 'Filter',
					startDate: '2026-02-28',
					endDate: '2026-03-01T17:00:00',
					statusList: ['draft', 'done'],
				},
			},
			{ timezone: 'America/Los_Angeles' },
		);
		expect(result.error).toBeUndefined();
		expect(bodies(result)).toEqual([
			{
				pageNum: 1,
				pageSize: 500,
				query: {
					taskName: 'Filter',
					startDate: '2026-02-28',
					endDate: '2026-03-02',
					statusList: ['draft', 'done'],
				},
			},
		]);
		expect(result.items.map((item) => item.json.taskName).sort()).toEqual([
			'Filter spring A',
			'Filter spring B',
		]);
	});

	test.each<[string, INodeParameters]>([
		[
			'"Filters → Task Name" must be at most 50 characters (it has 51)',
			{ taskName: 'x'.repeat(51) },
		],
		[
			'"Filters → Created To" must not be earlier than Created From (2026-03-01 is before 2026-03-02',
			{ startDate: '2026-03-02', endDate: '2026-03-01' },
		],
		[
			'"Filters → Status" has "stopped", which is not a task state',
			{ statusList: '={{ ["running", "stopped"] }}' },
		],
		['"Filters → Created From" is not a date', { startDate: '={{ "last week" }}' }],
	])('invalid filter sends nothing: %s', async (message, filters) => {
		expectInvalid(await run({ operation: 'getAll', returnAll: true, filters }), message);
	});
});

describe('callTask: the task picker (searchCallTasks)', () => {
	const search = (tenant: typeof MANY) =>
		picker(sandbox, tenant, 'searchCallTasks', { resource: 'callTask', operation: 'start' });

	test('pages of 500 with a token for the next, names with their state', async () => {
		const first = await search(MANY)();
		expect(first.results).toHaveLength(500);
		expect(first.paginationToken).toBe('2');
		expect(first.results[0]).toEqual({
			name: expect.stringMatching(/ \((draft|running|pause|done)\)$/),
			value: expect.stringMatching(/^\d{18}$/),
		});
		const last = await search(MANY)(undefined, '3');
		expect(last.results).toHaveLength(200);
		expect(last.paginationToken).toBeUndefined();
	});

	// The value picked is the task's 18-digit id itself, which start and import send unchanged (the state machine above).
	test('searching by name', async () => {
		const [taskId] = await seedTasks({ taskName: 'Picker target', status: 'draft' });
		await control.clearLog();
		const found = await search(APP)('Picker');
		expect(found.results).toEqual([{ name: 'Picker target (draft)', value: taskId }]);
		const [request] = await control.getLog();
		expect(request).toMatchObject({
			path: QUERY_PATH,
			signatureValid: true,
			body: { pageNum: 1, pageSize: 500, query: { taskName: 'Picker' } },
		});
	});
});

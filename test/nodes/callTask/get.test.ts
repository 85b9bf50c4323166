/**
 * Call Task → Get (found through the task query) and the task picker every task operation offers.
 */

import { PATHS } from '../../sandbox/fixture';
import { bodies, locator, picker } from '../run-checks';
import { APP, MANY, callTasks, pages } from './fixture';

const { taskQuery: QUERY_PATH } = PATHS;
const { sandbox, control, run, runMany, seedTasks } = callTasks();

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

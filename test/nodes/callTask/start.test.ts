/**
 * Call Task → Start and Pause: the task's state machine through the node (create, import, start, pause).
 */
import type { IDataObject } from 'n8n-workflow';

import { PATHS } from '../../sandbox/fixture';
import { calls, locator } from '../run-checks';
import { callTasks } from './fixture';

const { taskOperate: OPERATE_PATH } = PATHS;
const { seeded, run, seedTasks, operate } = callTasks();
let agentId: string;
let groupId: string;
beforeAll(() => {
	({ agentId, groupId } = seeded);
});

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

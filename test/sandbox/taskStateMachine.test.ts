import { taskBody, cases, errB, okB, PATHS, TENANT_A, useSandbox, wallTime } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
let taskId: string;

beforeEach(async () => {
	const [agent] = await sb.control.seedAgents({ appId: APP, count: 1 });
	const [group] = await sb.control.seedCallerNumberGroups({ appId: APP, count: 1 });
	// One customer a round (the clock-driven tests below count on it).
	const body = taskBody(agent, group, { 'callStrategy.maxConcurrency': 1 });
	taskId = okB(await sb.post(PATHS.taskCreate, body)).taskId;
});

const operate = (operation: string, id = taskId) =>
	sb.post(PATHS.taskOperate, { taskId: id, operation });
const importOne = (number = '13800138000') =>
	sb.post(PATHS.taskImport, { taskId, customers: [{ customerNumber: number }] });
const importMany = (count: number) =>
	sb.post(PATHS.taskImport, {
		taskId,
		customers: Array.from({ length: count }, (_, i) => ({ customerNumber: `1380000010${i}` })),
	});
/** The task as the API lists it. */
const taskRow = async () =>
	okB(await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 1 })).list[0];
async function status(): Promise<string> {
	return (await sb.control.getState(APP)).tasks[0].status;
}

describe('call task state machine', () => {
	/** Brings the task to a state: running and pause with one customer, done through the control API. */
	const reach = async (state: string) => {
		if (state === 'draft') return;
		okB(await importOne());
		okB(await operate('start'));
		if (state === 'pause') okB(await operate('pause'));
		if (state === 'done') expect((await sb.control.finishTask(APP, taskId)).status).toBe('done');
	};

	it.each(
		cases(`
		draft | start | 813 | task.call.pool.empty
		draft | pause | 807 | task.invalid.pause.state
		running | start | 806 | task.invalid.start.state
		running | import | 809 | task.invalid.import.state
		pause | pause | 807 | task.invalid.pause.state
		done | start | 806 | task.invalid.start.state
		done | pause | 807 | task.invalid.pause.state
		done | import | 810 | task.invalid.edit.state
	`),
	)('%s: %s is refused with %i, changing nothing', async (state, action, code, message) => {
		await reach(state);
		const task = async () => {
			const { status, totalCount } = (await sb.control.getState(APP)).tasks[0];
			return { status, totalCount };
		};
		const before = await task();
		expect(before.status).toBe(state);
		errB(await (action === 'import' ? importOne('13900000000') : operate(action)), code, message);
		expect(await task()).toEqual(before);
	});

	it('draft → running on start (operatedTime, lastExecutedTime) → pause → import → running', async () => {
		okB(await importOne());
		const before = wallTime(new Date());
		const data = okB(await operate('start'));
		expect(data.operatedTime >= before).toBe(true);
		expect(await taskRow()).toMatchObject({
			status: 'running',
			lastExecutedTime: data.operatedTime.replace(' ', 'T'),
		});
		okB(await operate('pause'));
		expect(await status()).toBe('pause');
		expect(okB(await importOne('13900000000')).successCount).toBe(1);
		expect(okB(await operate('start')).status).toBe('running');
	});

	it('pause with every customer completed cannot start (813)', async () => {
		okB(await importOne());
		okB(await operate('start'));
		okB(await operate('pause'));
		await sb.control.setTaskProgress({ appId: APP, taskId, completedCount: 1, connectedCount: 1 });
		errB(await operate('start'), 813, 'task.call.pool.empty');
		okB(await importOne('13900000000'));
		expect(okB(await operate('start')).status).toBe('running');
	});

	it('reports progress moved by the control API', async () => {
		okB(await importMany(3));
		await sb.control.setTaskProgress({ appId: APP, taskId, completedCount: 2, connectedCount: 1 });
		expect(await taskRow()).toMatchObject({
			totalCount: 3,
			completedCount: 2,
			connectedCount: 1,
			progressRate: 0.6667,
		});
		await expect(
			sb.control.setTaskProgress({ appId: APP, taskId, completedCount: 4 }),
		).rejects.toThrow(/completedCount/);
		await expect(
			sb.control.setTaskProgress({ appId: APP, taskId, connectedCount: 3 }),
		).rejects.toThrow(/exceeds completedCount/);
	});

	it.each(
		cases(`
		{"operation":"start"} | taskId is required
		{"taskId":"TASK_AS_NUMBER","operation":"start"} | taskId must be a string
		{"taskId":"0","operation":"start"} | taskId must be a numeric string greater than 0
		{"taskId":"-1","operation":"start"} | taskId must be a numeric string greater than 0
		{"taskId":"TASK"} | operation is required
		{"taskId":"TASK","operation":"stop"} | operation must be one of start, pause
		{"taskId":"TASK","operation":"start","force":true} | unknown parameter: force
	`),
	)('operate refuses %j with code 400', async (body: Record<string, unknown>, message) => {
		const resolved = {
			...body,
			...(body.taskId === 'TASK' && { taskId }),
			...(body.taskId === 'TASK_AS_NUMBER' && { taskId: Number(taskId) }),
		};
		errB(await sb.post(PATHS.taskOperate, resolved), 400, message);
	});
});

describe('call tasks move on the sandbox clock', () => {
	it('a running task calls maxConcurrency customers every callSeconds and is done when all were called', async () => {
		okB(await importMany(3)); // maxConcurrency 1 (the task above), callSeconds 30 (the default)
		const started = okB(await operate('start'));
		await sb.control.setClock(65); // two rounds of calls later
		const running = { status: 'running', completedCount: 2, connectedCount: 2 };
		expect(await taskRow()).toMatchObject({ ...running, progressRate: 0.6667 });
		await sb.control.setClock(95);
		const done = await taskRow();
		expect(done).toMatchObject({ status: 'done', totalCount: 3, completedCount: 3 });
		expect(done.connectedCount).toBe(3);
		// Stamped with the round that made the last call, 90 s after the start.
		const startedAt = Date.parse(`${started.operatedTime.replace(' ', 'T')}Z`);
		expect(done.updateTime).toBe(
			new Date(startedAt + 90_000).toISOString().slice(0, 19).replace('T', ' '),
		);
		errB(await operate('start'), 806, 'task.invalid.start.state');
	});

	it('a paused task keeps its progress; every fourth call does not connect', async () => {
		await sb.control.reset([{ ...TENANT_A, callSeconds: 10 }]);
		// A seeded task gets an agent and a caller number group of its own.
		[taskId] = await sb.control.seedTasks({ appId: APP, tasks: [{ status: 'draft' }] });
		okB(await importMany(8));
		await sb.control.setTaskProgress({ appId: APP, taskId, completedCount: 0 });
		okB(await operate('start')); // seeded tasks call 5 at a time
		await sb.control.setClock(12);
		expect(await taskRow()).toMatchObject({
			status: 'running',
			completedCount: 5,
			connectedCount: 4,
		});
		okB(await operate('pause'));
		await sb.control.setClock(60);
		expect(await taskRow()).toMatchObject({ status: 'pause', completedCount: 5 });
		okB(await operate('start'));
		await sb.control.setClock(71);
		expect(await taskRow()).toMatchObject({ status: 'done', completedCount: 8, connectedCount: 6 });
	});

	it('callSeconds 0 keeps tasks where the control API puts them', async () => {
		await sb.control.reset([{ ...TENANT_A, callSeconds: 0 }]);
		[taskId] = await sb.control.seedTasks({ appId: APP, tasks: [{}] });
		okB(await importMany(2));
		okB(await operate('start'));
		await sb.control.setClock(250);
		expect(await taskRow()).toMatchObject({ status: 'running', completedCount: 0 });
	});
});

/**
 * Trigger On Customer and Trigger On Call Task in a real n8n: two published workflows (a customer
 * trigger, and the example "call task finished → results summary"), run by `n8n start` against
 * the sandbox, whose dialler finishes running call tasks on its clock. Changes made before
 * activation (inside Start From), between polls and while n8n is stopped must each start exactly
 * one item in exactly one execution. Everything is read back through n8n's public API.
 */
import { useSandbox } from '../sandbox/fixture';
import {
	DEMO_TENANT,
	itemsOf,
	N8n,
	sandboxCredential,
	tenMinutesBack,
	type JsonObject,
} from './lib';
import { waitFor } from './lib/process';
import {
	CUSTOMER_TRIGGER,
	kindWorkflows,
	RecordWriter,
	TASK_TRIGGER,
	TriggerRun,
} from './lib/trigger-run';

jest.setTimeout(10 * 60_000);

const APP = DEMO_TENANT.appId;

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'empty' }] });
const { control } = sandbox;
const { apiTime } = new RecordWriter(control, APP, DEMO_TENANT.timezone);
let n8n: N8n;
let customers: TriggerRun;
let tasks: TriggerRun;

/** The items one trigger node emitted, oldest execution first. */
const emitted = async (run: TriggerRun): Promise<JsonObject[]> =>
	(await run.executions()).flatMap((e) => itemsOf(e, run.trigger));

const key = (i: JsonObject) =>
	i.event === 'created' || i.event === 'updated'
		? `${String(i._id)} ${String(i.event)} ${String(i.updateTime)}`
		: `${String(i.taskId)} ${String(i.previousStatus)}>${String(i.status)}`;

beforeAll(async () => {
	await control.seedAgents({ appId: APP, count: 1 });
	await control.seedCallerNumberGroups({ appId: APP, count: 1 });
	const credential = sandboxCredential(sandbox.url);
	const startFrom = await tenMinutesBack(control);
	const workflows = await kindWorkflows(credential, startFrom, 'ccE2eCustTrig001');
	const [customerWorkflow, taskWorkflow] = workflows;
	n8n = await N8n.prepared({ credentials: [credential], workflows });
	await n8n.publish(customerWorkflow.id);
	await n8n.publish(taskWorkflow.id);
	customers = new TriggerRun(n8n, customerWorkflow.id, CUSTOMER_TRIGGER);
	tasks = new TriggerRun(n8n, taskWorkflow.id, TASK_TRIGGER);
}, 15 * 60_000);

N8n.disposeAfterAll(() => n8n);

test('each customer change and each finished call task starts exactly one item, across polls and a restart', async () => {
	// A: before activation, inside Start From: two customers (one changed since), one finished task.
	const fiveAgo = await apiTime(-300);
	const [c1, c2] = await control.seedCustomers({
		appId: APP,
		customers: [
			{ customerName: 'Before One', createTime: fiveAgo, updateTime: fiveAgo },
			{ customerName: 'Before Two', createTime: fiveAgo, updateTime: await apiTime(-120) },
		],
	});
	const [t1] = await control.seedTasks({
		appId: APP,
		tasks: [
			{
				taskName: 'Finished before',
				status: 'done',
				totalCount: 4,
				completedCount: 4,
				connectedCount: 3,
				createTime: fiveAgo,
			},
		],
	});
	await n8n.start();
	const wantA = [`${c1} created`, `${c2} created`, `${c2} updated`];
	await customers.waitForItems(
		'the items',
		(items) => wantA.every((w) => items.some((i) => key(i).startsWith(w))),
		90,
	);
	await tasks.waitForItems('the items', (items) => items.some((i) => i.taskId === t1), 90);

	// B: after the first poll: a customer updated through the API, a new one, and a task that the
	// dialler finishes (5 customers, one round of 30 s); a poll may see it running first (Status
	// Changed is not selected) or only done.
	const updated = await sandbox.client.post('/openapi/crm/update', {
		_id: c1,
		customerName: 'Changed One',
	});
	expect(updated.json.code).toBe('200');
	const [c3] = await control.seedCustomers({
		appId: APP,
		customers: [{ customerName: 'After Three' }],
	});
	const [t2] = await control.seedTasks({
		appId: APP,
		tasks: [{ taskName: 'Runs now', status: 'running', totalCount: 5 }],
	});
	await customers.waitForItems(
		'the items',
		(items) =>
			items.some((i) => key(i).startsWith(`${c1} updated`)) && items.some((i) => i._id === c3),
		150,
	);
	await tasks.waitForItems('the items', (items) => items.some((i) => i.taskId === t2), 180);

	// C: while n8n is stopped: one more change of each kind.
	await n8n.stop();
	const restartedAt = Date.now();
	await control.changeCustomers({
		appId: APP,
		changes: [{ _id: c3, fields: { customerName: 'Changed Three' } }],
	});
	const [t3] = await control.seedTasks({
		appId: APP,
		tasks: [{ taskName: 'Finished while down', status: 'done', totalCount: 2, completedCount: 2 }],
	});
	await n8n.start();
	await customers.waitForItems(
		'the items',
		(items) => items.filter((i) => i._id === c3).length === 2,
		90,
	);
	const taskRuns = await tasks.waitForItems(
		'the items',
		(items) => items.some((i) => i.taskId === t3),
		90,
	);
	// One more poll of each trigger goes by (its requests in the sandbox's log), and the next one
	// starts (so the one before has finished, and any execution it started exists): nothing new.
	const asked = async (path: string) =>
		(await control.getLog({ appId: APP, pathContains: path })).length;
	const [lists, queries] = [await asked('/openapi/crm/list'), await asked('/callTask/query')];
	const polled = async () =>
		(await asked('/openapi/crm/list')) >= lists + 3 &&
		(await asked('/callTask/query')) >= queries + 3
			? true
			: undefined;
	await waitFor('further polls', 200_000, polled, {
		every: 2_000,
		failFast: true,
		detail: () => n8n.recentOutput(30),
	});

	const customerItems = await emitted(customers);
	const taskItems = await emitted(tasks);
	const keys = customerItems.map(key);
	expect(new Set(keys).size).toBe(keys.length); // nothing twice
	expect(customerItems.map((i) => [i._id, i.event])).toEqual(
		expect.arrayContaining([
			[c1, 'created'],
			[c2, 'created'],
			[c2, 'updated'],
			[c1, 'updated'],
			[c3, 'created'],
			[c3, 'updated'],
		]),
	);
	expect(customerItems).toHaveLength(6);
	expect(taskItems.map((i) => [i.taskId, i.previousStatus, i.status, i.event])).toEqual([
		[t1, 'draft', 'done', 'finished'],
		[t2, expect.stringMatching(/^(draft|running)$/), 'done', 'finished'],
		[t3, 'draft', 'done', 'finished'],
	]);
	expect(taskItems[1]).toMatchObject({ totalCount: 5, completedCount: 5, connectedCount: 4 });
	expect(taskRuns.length).toBe(3);
	// The example summarised each finished task.
	const executions = await tasks.executions();
	const summaries = executions.flatMap((e) => itemsOf(e, 'Results summary').map((i) => i.summary));
	expect(summaries).toContain(
		`Call task "Runs now" finished at ${String(taskItems[1].updateTime)}: 5 of 5 customers called, 4 connected (80%).`,
	);
	expect(executions.filter((e) => Date.parse(e.startedAt) >= restartedAt)).toHaveLength(1);
	expect((await control.getLog({ appId: APP })).filter((q) => !q.signatureValid)).toEqual([]);
});

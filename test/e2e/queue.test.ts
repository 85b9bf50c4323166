/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The package in n8n's queue mode: PostgreSQL and Redis as private local processes, n8n main
 * (`EXECUTIONS_MODE=queue`, `DB_TYPE=postgresdb`) and `n8n worker` processes (lib/queue.ts), the
 * sandbox in this process. Runs are started the way the editor starts them
 * (`POST /rest/workflows/:id/run`, offloaded to workers) or by the trigger published on main, and
 * every result is read through n8n's public API; which process ran an execution comes from the
 * processes' own log lines (a worker logs "Worker started execution N", main logs "Enqueued
 * execution N"). One stack for the whole file; the tests run in order.
 *
 * Throughput of the runs is written to artifacts/queue-throughput.json (README "Scaling out").
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

import { useSandbox } from '../sandbox/fixture';
import { type Customer } from '../sandbox/control';
import type { SandboxOptions } from '../sandbox/types';
import { ensureN8n } from '../../tools/runtime';
import {
	bindCredential,
	CC,
	CC_TRIGGER,
	chain,
	DEMO_TENANT,
	EXAMPLE_FILES,
	itemsOf,
	loadExamples,
	node,
	outputJson,
	REPO_ROOT,
	runChecked,
	sandboxCredential,
	type CredentialImport,
	type NodeExecutionItem,
	type PublicExecution,
	type WorkflowImport,
	tenMinutesBack,
} from './lib';
import { isRunning, QueueStack, queuePrerequisitesMissing, type N8nWorker } from './lib/queue';
import {
	CUSTOMER_TRIGGER,
	kindWorkflows,
	RecordWriter,
	TASK_TRIGGER,
	TriggerRun,
} from './lib/trigger-run';

// The longest test's bound; every wait inside a test has its own.
jest.setTimeout(15 * 60_000);

/** Empty tenants of their own, so each part's request counts are its own. */
const PERF = { appId: '3090', appSecret: 'perf-secret', timezone: 'Asia/Shanghai' } as const;
const DRAIN = { appId: '4090', appSecret: 'drain-secret', timezone: 'Asia/Shanghai' } as const;
const KINDS = { appId: '5090', appSecret: 'kinds-secret', timezone: 'Asia/Shanghai' } as const;
const IMPORT_ROWS = 100_000;
const RETURN_ALL_CUSTOMERS = 10_000;
const BACKLOG = 10_000;
const TRIGGER = 'New service record';
const PROBE = 'Probe the CRM';
const PROCESSED = 'Record processed';
const PROBE_SETTINGS = { executeOnce: true, alwaysOutputData: true };

/** Set by a test to act the instant the sandbox has written an API answer. */
let onAnswered: SandboxOptions['onAnswered'];
const sandbox = useSandbox({
	tenants: [
		{ ...DEMO_TENANT, seed: 'demo' },
		{ ...PERF, seed: 'empty' },
		{ ...DRAIN, seed: 'empty' },
		{ ...KINDS, seed: 'empty' },
	],
	onAnswered: (entry, body) => onAnswered?.(entry, body),
});
const { control } = sandbox;
const drainTime = new RecordWriter(control, DRAIN.appId, DRAIN.timezone);
const { apiTime } = new RecordWriter(control, KINDS.appId, KINDS.timezone);
let stack: QueueStack;
let apiKey: string;
/** The draft call task the drain workflow's last node imports each processed record into. */
let sinkTask: string;
const workflows = new Map<string, WorkflowImport>();
const throughput: Record<string, unknown> = {};

const log = (line: string): void => {
	process.stdout.write(`[queue.test] ${line}\n`);
};

/** The credential of one of the file's own tenants, e.g. "Contact Center (perf tenant)". */
const credentialFor = (
	tenant: typeof PERF | typeof DRAIN | typeof KINDS,
	id: string,
	name: string,
) => ({ ...sandboxCredential(sandbox.url, tenant), id, name: `Contact Center (${name} tenant)` });

function nodeMs(execution: PublicExecution, nodeName: string): number {
	const runs = execution.data?.resultData.runData[nodeName] ?? [];
	return runs.reduce((sum, task) => sum + task.executionTime, 0);
}

function seconds(execution: PublicExecution): number {
	return (Date.parse(execution.stoppedAt ?? '') - Date.parse(execution.startedAt)) / 1000;
}

/** Runs a stored workflow from its Manual Trigger on the workers and waits for it; asserts who ran it. */
async function runOnWorker(
	workflowId: string,
	trigger: string,
	timeoutMs = 300_000,
): Promise<{ execution: PublicExecution; worker: string }> {
	const id = await stack.runManually(workflowId, trigger);
	const execution = await stack.waitForExecution(id, timeoutMs);
	// Main queued it and never ran it; exactly one worker did.
	await expectRanOnOneWorker([execution]);
	return { execution, worker: stack.whoStarted(id)[0] };
}

const KIND_WORKFLOWS = { customer: 'queueCustTrig001', callTask: 'queueTaskTrig001' } as const;

/** Publishes a stored workflow while main runs (as the editor's Activate does). */
async function activate(workflowId: string): Promise<void> {
	const path = `/workflows/${workflowId}`;
	const { versionId } = await stack.main.rest<{ versionId: string }>('GET', path);
	await stack.main.rest('POST', `${path}/activate`, { versionId });
}

/**
 * Each execution was run by exactly one worker, and never by main: main's log says it enqueued it
 * (main running it itself would not), one worker's log says it started it, and a successful one was
 * finished by that same worker. (Main never logs "Worker started execution", so the absence of that
 * line from main's log could not fail.)
 */
async function expectRanOnOneWorker(
	executions: Array<{ id: string | number; status?: string }>,
): Promise<void> {
	const mainLog = await stack.main.fullLog();
	for (const e of executions) {
		expect(mainLog).toContain(`Enqueued execution ${e.id} (job`);
		const [worker, ...others] = stack.whoStarted(e.id);
		expect({ execution: e.id, others }).toEqual({ execution: e.id, others: [] });
		expect(worker).toMatch(/^worker-\d$/);
		if (e.status === 'success')
			expect({
				execution: e.id,
				finished: stack.worker(worker).finished.has(String(e.id)),
			}).toEqual({ execution: e.id, finished: true });
	}
}

beforeAll(async () => {
	const missing = queuePrerequisitesMissing();
	if (missing) throw new Error(`queue mode needs PostgreSQL and Redis on this machine: ${missing}`);
	const runtime = await ensureN8n();

	// worker-1 and worker-2 get the package as the editor lays it out; worker-3 starts with an empty
	// nodes folder and is given the package the README's way (npm install into ~/.n8n/nodes).
	stack = await QueueStack.start({
		runtime,
		workers: 2,
		// Queue recovery (marking executions of a killed worker as crashed) every minute, not every 3 hours.
		env: { N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1' },
	});
	await stack.addWorker('worker-3', { installPackage: false });
	log(
		`postgres 127.0.0.1:${stack.postgres.port}, redis 127.0.0.1:${stack.redis.port}, main ${stack.main.baseUrl}, folder ${stack.dir}`,
	);

	const demo = sandboxCredential(sandbox.url);
	const perf = credentialFor(PERF, 'ccSandboxPerf001', 'perf');
	const drain = credentialFor(DRAIN, 'ccSandboxDrain01', 'drain');
	for (const { file, workflow } of await loadExamples())
		workflows.set(file, bindCredential(workflow, demo));

	const [taskId] = await control.seedTasks({ appId: PERF.appId, tasks: [{ status: 'draft' }] });
	[sinkTask] = await control.seedTasks({ appId: DRAIN.appId, tasks: [{ status: 'draft' }] });
	// Code rows { phone, name } into Call Task → Import in the bulk mode (no per-item expressions).
	const importRows = (x: number, jsRows: string, task: string, name = 'Import customers') => [
		node('Rows', 'n8n-nodes-base.code', { jsCode: `return ${jsRows};` }, x),
		node(
			name,
			CC,
			{
				...{ resource: 'callTask', operation: 'import', mappingMode: 'autoMapInputData' },
				...{ taskId: { __rl: true, mode: 'id', value: task }, options: { dupStrategy: 'none' } },
			},
			x + 200,
		),
	];
	const manual = node('Manual Trigger', 'n8n-nodes-base.manualTrigger', {}, 0);
	const phone = (i: string) => `String(13000000000 + ${i})`;
	const add = (key: string, credential: CredentialImport, workflow: WorkflowImport) =>
		workflows.set(key, bindCredential(workflow, credential));
	add(
		'import',
		perf,
		chain('queueImport100k1', 'Queue: import 100,000 rows', [
			manual,
			...importRows(
				200,
				`Array.from({ length: ${IMPORT_ROWS} }, (_, i) => ({ json: { phone: ${phone('i')}, name: 'Customer ' + i } }))`,
				taskId,
			),
		]),
	);
	const getAll = { resource: 'customer', operation: 'getAll', filters: {}, sort: {} };
	add(
		'returnAll',
		perf,
		chain('queueReturnAll01', 'Queue: return all customers', [
			manual,
			node('All customers', CC, { ...getAll, returnAll: true }, 200),
		]),
	);
	const startFrom = await tenMinutesBack(control);
	const events = ['serviceNoteInsert', 'serviceNoteUpdate'];
	add(
		'drain',
		drain,
		chain('queueDrainTrig01', 'Queue: drain service records', [
			node(TRIGGER, CC_TRIGGER, { channel: 'call', events, options: { startFrom } }, 0),
			// One CRM request per execution (a delay fault on it holds an execution on its worker); its
			// one output item (the tenant has no customers) lets the next nodes run.
			node(PROBE, CC, { ...getAll, returnAll: false, limit: 1 }, 200, PROBE_SETTINGS),
			// The sink: every record the execution processed, by id, as a row of the sink task.
			...importRows(
				400,
				`$('${TRIGGER}').all().map((r, i) => ({ json: { phone: ${phone('i')}, name: r.json.eventUniqueId } }))`,
				sinkTask,
				PROCESSED,
			),
		]),
	);
	(throughput as { taskId?: string }).taskId = taskId;
	const kinds = credentialFor(KINDS, 'ccSandboxKinds01', 'kinds');
	const { customer, callTask } = KIND_WORKFLOWS;
	for (const w of await kindWorkflows(kinds, startFrom, customer, callTask)) workflows.set(w.id, w);

	await stack.main.importCredentials([demo, perf, drain, kinds]);
	await stack.main.importWorkflows([...workflows.values()]);
	await stack.main.start();
	apiKey = await stack.main.createApiKey([
		'workflow:read',
		'execution:read',
		'execution:list',
		'execution:retry',
	]);
}, 20 * 60_000);

afterAll(async () => {
	if (Object.keys(throughput).length > 0) {
		const dir = path.join(REPO_ROOT, 'artifacts');
		await fs.mkdir(dir, { recursive: true });
		await fs.writeFile(
			path.join(dir, 'queue-throughput.json'),
			`${JSON.stringify(throughput, null, 2)}\n`,
		);
		log(`throughput: ${JSON.stringify(throughput)}`);
	}
	await stack?.dispose();
}, 2 * 60_000);

describe('workers get the package the way the README tells users', () => {
	test('a worker with an empty nodes folder cannot run the nodes; after `npm install` into its ~/.n8n/nodes it runs them', async () => {
		const bare = stack.worker('worker-3');
		expect(await fs.readdir(bare.nodesDir).catch(() => [])).toEqual([]);
		await bare.start();
		const workflow = workflows.get('sync-service-groups.json')!;

		// The only worker running has no package: the execution fails on it, naming the node type.
		const before = await runOnWorker(workflow.id, 'Run manually');
		expect(before.worker).toBe('worker-3');
		expect(before.execution.status).toMatch(/^(error|crashed)$/);
		// Named by the execution's error or by what the worker printed once it started this execution
		// (not anywhere in its output since it started, which a start-up line could satisfy).
		const output = bare.recentOutput(2_000);
		const started = output.indexOf(`Worker started execution ${before.execution.id} `);
		expect(started).toBeGreaterThanOrEqual(0);
		const failure =
			JSON.stringify(before.execution.data?.resultData.error ?? {}) + output.slice(started);
		expect(failure).toMatch(/n8n-nodes-contact-center\.contactCenter/);

		// README, "Installation in n8n": npm install in the worker's own ~/.n8n/nodes, then restart it.
		await bare.stop();
		await fs.mkdir(bare.nodesDir, { recursive: true });
		const install = 'install --no-audit --no-fund --ignore-scripts --no-package-lock'.split(' ');
		await runChecked('npm', [...install, stack.pack.tarball], {
			cwd: bare.nodesDir,
			timeoutMs: 120_000,
		});
		await bare.start();
		const after = await runOnWorker(workflow.id, 'Run manually');
		expect(after.worker).toBe('worker-3');
		expect(after.execution.status).toBe('success');
		expect(outputJson(after.execution, 'Plan changes').length).toBe(3);

		// From here on: the two workers of the documented set-up.
		await bare.stop();
		await Promise.all(['worker-1', 'worker-2'].map((name) => stack.worker(name).start()));
		expect(
			stack.workers
				.filter((w) => w.running)
				.map((w) => w.name)
				.sort(),
		).toEqual(['worker-1', 'worker-2']);
	});
});

describe('every example runs on a worker', () => {
	test.each(EXAMPLE_FILES)('%s', async (file) => {
		const workflow = workflows.get(file)!;
		expect(workflow).toBeDefined();
		const manual = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger')!;
		const [doneTask] =
			file === 'call-task-finished-summary.json'
				? await control.seedTasks({
						appId: DEMO_TENANT.appId,
						tasks: [{ status: 'done', totalCount: 8, completedCount: 8, connectedCount: 6 }],
					})
				: [];
		await control.clearLog();
		const { execution, worker } = await runOnWorker(workflow.id, manual.name);
		log(
			`${file}: execution ${execution.id} ran on ${worker} in ${seconds(execution).toFixed(2)} s`,
		);
		expect(execution.status).toBe('success');
		expect(execution.mode).toBe('manual');
		expect(['worker-1', 'worker-2']).toContain(worker);
		const requests = await control.getLog({ appId: DEMO_TENANT.appId });
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.filter((q) => !q.signatureValid || q.httpStatus !== 200)).toEqual([]);

		const state = await control.getState(DEMO_TENANT.appId);
		if (file === 'call-task-finished-summary.json') {
			expect(outputJson(execution, 'Results summary')).toContainEqual(
				expect.objectContaining({
					taskId: doneTask,
					called: 8,
					connected: 6,
					connectionRate: 75,
				}),
			);
		} else if (file === 'phone-list-to-call-task.json') {
			const [imported] = outputJson(execution, 'Import customers');
			expect(imported).toMatchObject({ totalCount: 5, successCount: 5, failureCount: 0 });
			expect(state.tasks.find((t) => t.id === imported.taskId)).toMatchObject({
				status: 'running',
				totalCount: 5,
			});
		} else if (file === 'service-record-to-customer.json') {
			const updated = outputJson(execution, 'Update last contact');
			expect(updated.length).toBeGreaterThanOrEqual(3);
			const byId = new Map(state.customers.map((c: Customer) => [c._id, c]));
			for (const c of updated)
				expect(byId.get(c._id as string)?.cf_last_contact).toBe(c.cf_last_contact);
		} else if (file === 'sync-service-groups.json') {
			// worker-3 ran it once already (the install test): everything is in sync now.
			expect(outputJson(execution, 'Plan changes').map((p) => p.action)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
			]);
			expect(state.serviceGroups.some((g) => g.name === 'VIP hotline')).toBe(true);
		} else {
			expect(outputJson(execution, 'Rejected')).toEqual([
				expect.objectContaining({ valid: false }),
			]);
			expect(
				state.customers.filter((c) => (c.mobile ?? []).some((m) => m.value === '13800139001')),
			).toHaveLength(1);
		}
	});
});

describe('scale through a worker', () => {
	test(`Call Task → Import Customers of ${IMPORT_ROWS.toLocaleString('en')} rows: 10 requests of 10,000 rows`, async () => {
		await control.clearLog();
		const { execution, worker } = await runOnWorker(
			workflows.get('import')!.id,
			'Manual Trigger',
			600_000,
		);
		expect({
			status: execution.status,
			error: execution.data?.resultData.error?.message,
		}).toEqual({ status: 'success', error: undefined });
		const out = outputJson(execution, 'Import customers');
		expect(out).toHaveLength(10);
		expect(out.reduce((sum, o) => sum + Number(o.successCount), 0)).toBe(IMPORT_ROWS);
		const imports = await control.getLog({ appId: PERF.appId, pathContains: '/callTask/import' });
		expect(imports).toHaveLength(10);
		expect(
			imports.map((q) => ((q.body as { customers?: unknown[] }).customers ?? []).length),
		).toEqual(Array(10).fill(10_000));
		expect(imports.every((q) => q.signatureValid && q.httpStatus === 200)).toBe(true);
		const taskId = (throughput as { taskId: string }).taskId;
		expect((await control.getState(PERF.appId)).tasks.find((t) => t.id === taskId)).toMatchObject({
			totalCount: IMPORT_ROWS,
		});
		const nodeSeconds = nodeMs(execution, 'Import customers') / 1000;
		throughput.import = {
			rows: IMPORT_ROWS,
			worker,
			requests: imports.length,
			executionSeconds: seconds(execution),
			nodeSeconds,
			rowsPerSecondNode: Math.round(IMPORT_ROWS / nodeSeconds),
			rowsPerSecondExecution: Math.round(IMPORT_ROWS / seconds(execution)),
		};
	});

	test(`Customer → Get Many, Return All of ${RETURN_ALL_CUSTOMERS.toLocaleString('en')}: at the floor of 10 requests`, async () => {
		await control.seedCustomers({ appId: PERF.appId, count: RETURN_ALL_CUSTOMERS });
		await control.clearLog();
		const { execution, worker } = await runOnWorker(
			workflows.get('returnAll')!.id,
			'Manual Trigger',
		);
		expect(execution.status).toBe('success');
		const out = outputJson(execution, 'All customers');
		expect(out).toHaveLength(RETURN_ALL_CUSTOMERS);
		expect(new Set(out.map((c) => c._id)).size).toBe(RETURN_ALL_CUSTOMERS);
		const lists = await control.getLog({ appId: PERF.appId, pathContains: '/openapi/crm/list' });
		expect(lists).toHaveLength(RETURN_ALL_CUSTOMERS / 1_000);
		const nodeSeconds = nodeMs(execution, 'All customers') / 1000;
		throughput.returnAll = {
			customers: RETURN_ALL_CUSTOMERS,
			worker,
			requests: lists.length,
			executionSeconds: seconds(execution),
			nodeSeconds,
			customersPerSecondNode: Math.round(RETURN_ALL_CUSTOMERS / nodeSeconds),
			customersPerSecondExecution: Math.round(RETURN_ALL_CUSTOMERS / seconds(execution)),
		};
	});
});

describe('the trigger on main, executions on workers', () => {
	const drainId = 'queueDrainTrig01';
	type Queued = { node: { name: string }; data: { main: Array<NodeExecutionItem[] | null> } };

	/** The ids the trigger handed to one execution: its run data, or (it never ran) the stack it was queued with. */
	function emittedIds(execution: PublicExecution): string[] {
		const runs = execution.data?.resultData.runData[TRIGGER] ?? [];
		const queued = (execution.data as { executionData?: { nodeExecutionStack?: Queued[] } })
			?.executionData?.nodeExecutionStack;
		const items = runs.length
			? runs.flatMap((task) => task.data?.main?.[0] ?? [])
			: (queued ?? []).filter((e) => e.node.name === TRIGGER).flatMap((e) => e.data.main[0] ?? []);
		return items.map((item) => String(item.json.eventUniqueId));
	}

	const finished = new Map<string, PublicExecution>();
	/** Once no execution of the workflow is queued or running and every id was emitted: the trigger's executions (data read once each). */
	const allEmitted = (ids: string[], seconds: number): Promise<PublicExecution[]> =>
		stack.until('every record emitted, the queue drained', seconds * 1000, async () => {
			const list = await stack.main.getExecutions(drainId, false);
			if (list.some(isRunning)) return undefined;
			const byTrigger: PublicExecution[] = [];
			for (const { id, mode } of list.sort((a, b) => +a.id - +b.id)) {
				if (mode !== 'trigger') continue;
				if (!finished.has(String(id)))
					finished.set(String(id), await stack.getExecution(String(id)));
				byTrigger.push(finished.get(String(id))!);
			}
			const emitted = new Set(byTrigger.flatMap(emittedIds));
			return ids.some((id) => !emitted.has(id)) ? undefined : byTrigger;
		});

	/** Every expected id exactly once, nothing else. */
	function expectExactlyOnce(ids: string[], expected: string[]): void {
		const want = new Set(expected);
		expect(ids.filter((id) => !want.has(id))).toEqual([]);
		expect({ total: ids.length, distinct: new Set(ids).size }).toEqual({
			total: want.size,
			distinct: want.size,
		});
	}

	/** The record ids the workflow's last node processed: rows of the sink task, in the sandbox. */
	const processed = async (): Promise<string[]> =>
		(await control.getTaskCustomers(DRAIN.appId, sinkTask)).map((c) => String(c.customerName));

	/** The workflow's static data, and its number of trigger executions, as Postgres holds them. */
	async function inPostgres(): Promise<{ staticData: unknown; executions: number }> {
		const [raw, count] = await Promise.all([
			stack.postgres.psql(`SELECT "staticData" FROM workflow_entity WHERE id = '${drainId}'`),
			stack.postgres.psql(
				`SELECT count(*) FROM execution_entity WHERE "workflowId" = '${drainId}' AND mode = 'trigger'`,
			),
		]);
		return { staticData: raw ? (JSON.parse(raw) as unknown) : null, executions: Number(count) };
	}

	/** Records spread over [now + fromSeconds, now + toSeconds] of the API's clock; their ids. */
	async function newRecords(count: number, fromSeconds = 0, toSeconds = 0): Promise<string[]> {
		const now = await drainTime.apiTime();
		const [from, to] = [fromSeconds, toSeconds].map((s) => drainTime.shift(now, s));
		return control.injectRecords({
			appId: DRAIN.appId,
			channel: 'call',
			generate: { count, from, to, pushType: 'serviceNoteInsert' },
		});
	}

	test(`drains ${BACKLOG.toLocaleString('en')} records exactly once while new ones arrive, across a worker killed mid-execution (retried through the public API, its records then processed) and main killed mid-poll; static data lives in Postgres`, async () => {
		const backlog = await newRecords(BACKLOG, -9 * 60, -30);
		expect(new Set(backlog).size).toBe(BACKLOG);
		const activatedAt = Date.now();
		await activate(drainId);

		// Poll 1 (at activation): the first part of the backlog, run by a worker.
		const [first] = await stack.until('the first trigger execution', 180_000, async () => {
			const done = (await stack.main.getExecutions(drainId)).filter(
				(e) => e.mode === 'trigger' && e.status === 'success',
			);
			return done.length > 0 ? done : undefined;
		});
		expect(stack.whoStarted(first.id)).toHaveLength(1);
		expect(emittedIds(first).length).toBeGreaterThan(0);
		expectExactlyOnce(await processed(), emittedIds(first));
		const afterPoll1 = (await inPostgres()).staticData;
		expect(afterPoll1).toEqual((await stack.main.getWorkflow(drainId)).staticData);
		expect(JSON.stringify(afterPoll1)).toContain(`node:${TRIGGER}`);

		// New records arrive; the next poll's execution is held on its worker by a slow CRM answer…
		const beforeWorkerKill = await newRecords(100);
		// Every attempt of the node's read is held (the node retries a read that timed out).
		const fault = await control.addFault({
			pathPattern: '/openapi/crm/list',
			kind: 'delay',
			delayMs: 120_000,
			count: 4,
		});
		// The public API lists no running execution: the worker's own log says which one it holds.
		const held = await stack.until(
			'a worker holding the next trigger execution',
			150_000,
			async () => {
				const faults = await control.listFaults();
				if ((faults.find((f) => f.id === fault.id)?.hits ?? 0) < 1) return undefined;
				for (const worker of stack.workers.filter((w) => w.running)) {
					const id = [...worker.started].find(
						(e) => Number(e) > Number(first.id) && !worker.finished.has(e),
					);
					if (id) return { executionId: id, worker };
				}
				return undefined;
			},
		);
		// …and that worker is killed with SIGKILL in the middle of it.
		const victim: N8nWorker = held.worker;
		await victim.stop(0);
		await control.removeFault(fault.id);
		log(`killed ${victim.name} while it ran execution ${held.executionId}`);
		// The poll that emitted into that execution moved the cursor, in Postgres.
		const afterPoll2 = await inPostgres();
		expect(afterPoll2.staticData).not.toEqual(afterPoll1);

		// kill -9 of main in the middle of the next poll: the instant the API has answered the query
		// that returns the new records (the sandbox calls back right after writing the answer).
		let killing: Promise<void> | undefined;
		let answered: string[] = [];
		let midPoll: string[] = [];
		onAnswered = (entry, body) => {
			if (killing || entry.appId !== DRAIN.appId || !midPoll.some((id) => body.includes(id)))
				return;
			killing = stack.main.stop(0); // SIGKILL of main's process group, sent before this returns
			answered = [...beforeWorkerKill, ...midPoll].filter((id) => body.includes(id));
		};
		const beforeKill = await inPostgres();
		midPoll = await newRecords(100);
		await stack.until('main killed as the API answered its poll', 150_000, async () =>
			killing ? killing.then(() => true) : undefined,
		);
		onAnswered = undefined;
		// Main died before it saved the cursor or created an execution for what it was answered.
		expect(answered.length).toBeGreaterThanOrEqual(midPoll.length);
		expect(await inPostgres()).toEqual(beforeKill);
		log(`killed main as the API answered ${answered.length} new records to its poll`);

		// More records arrive while main is down; main restarts and polls from the saved cursor.
		const whileMainDown = await newRecords(100);
		const restartedAt = Date.now();
		await stack.main.start();
		const everything = [...backlog, ...beforeWorkerKill, ...midPoll, ...whileMainDown];
		const executions = await allEmitted(everything, 480);

		// 0 lost, 0 duplicated, read from the executions' data; the records answered to the killed
		// main were emitted by the restarted one.
		expectExactlyOnce(executions.flatMap(emittedIds), everything);
		const afterRestart = new Set(
			executions.filter((e) => Date.parse(e.startedAt) >= restartedAt).flatMap(emittedIds),
		);
		expect(answered.filter((id) => !afterRestart.has(id))).toEqual([]);

		// Every trigger execution ran on exactly one worker, never on main; the killed one was marked crashed.
		await expectRanOnOneWorker(executions);
		const killed = executions.find((e) => String(e.id) === held.executionId)!;
		expect(killed.status).toMatch(/^(crashed|error)$/);
		expect(stack.whoStarted(killed.id)).toEqual([victim.name]);
		expect(executions.filter((e) => e !== killed).every((e) => e.status === 'success')).toBe(true);
		// The static data after the last poll is in Postgres, as the public API shows it.
		expect((await inPostgres()).staticData).toEqual(
			(await stack.main.getWorkflow(drainId)).staticData,
		);

		// The crashed execution's records were emitted, never processed: retried through the public API,
		// they reach the workflow's last node.
		const crashedIds = emittedIds(killed);
		expect(crashedIds.length).toBeGreaterThan(0);
		const processedBefore = new Set(await processed());
		expect(crashedIds.filter((id) => processedBefore.has(id))).toEqual([]);
		const retry = await stack.main.request<{ id: string | number }>(
			'POST',
			`/api/v1/executions/${killed.id}/retry`,
			{ body: {}, headers: { 'X-N8N-API-KEY': apiKey } },
		);
		const retried = await stack.waitForExecution(String(retry.body.id));
		expect(retried).toMatchObject({
			status: 'success',
			mode: 'retry',
			retryOf: String(killed.id),
		});
		expect(stack.whoStarted(retried.id)).toHaveLength(1);
		const processedAfter = new Set(await processed());
		expect(crashedIds.filter((id) => !processedAfter.has(id))).toEqual([]);

		// kill -9 of main after the poll saved its cursor and before its execution exists: a Postgres
		// trigger holds main's INSERT of the execution (n8n saves static data beside creating and
		// enqueuing the execution), and main is killed while it waits there.
		await stack.postgres.psql(
			`CREATE FUNCTION hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(600); RETURN NEW; END $$; CREATE TRIGGER hold BEFORE INSERT ON execution_entity FOR EACH ROW WHEN (NEW."workflowId" = '${drainId}') EXECUTE FUNCTION hold()`,
		);
		const beforeHold = await inPostgres();
		const lost = await newRecords(10);
		const holding = `SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE '%execution_entity%'`;
		await stack.until(
			'main held at the INSERT of its execution, its cursor saved',
			150_000,
			async () => {
				const saved = JSON.stringify((await inPostgres()).staticData);
				return (await stack.postgres.psql(holding)) &&
					saved !== JSON.stringify(beforeHold.staticData)
					? true
					: undefined;
			},
		);
		await stack.main.stop(0);
		await stack.postgres.psql(`SELECT pg_terminate_backend(pid) FROM (${holding}) AS held`);
		await stack.postgres.psql('DROP TRIGGER hold ON execution_entity; DROP FUNCTION hold()');
		expect((await inPostgres()).executions).toBe(beforeHold.executions);

		// After everything settled: one more poll (main's first after the restart, with records new to
		// it), no execution queued or running; then the duplicate check again, on what was emitted
		// and on what was processed. Measured: the held poll's records are never emitted (lost).
		const atRestart = await newRecords(10);
		await stack.main.start();
		const settled = [...everything, ...atRestart];
		const final = await allEmitted(settled, 240);
		expectExactlyOnce(final.flatMap(emittedIds), settled);
		expectExactlyOnce(await processed(), settled);
		expect(final.flatMap(emittedIds).filter((id) => lost.includes(id))).toEqual([]);
		log(`killed main with its cursor saved and no execution: ${lost.length} records never emitted`);

		throughput.drain = {
			records: everything.length,
			executions: executions.map((e) => ({
				id: e.id,
				status: e.status,
				items: emittedIds(e).length,
				worker: stack.whoStarted(e.id)[0],
				seconds: seconds(e),
			})),
			killedExecution: killed.id,
			killedWorker: victim.name,
			retriedAs: retried.id,
			mainKilledAnswered: answered.length,
			lostWithCursorSaved: lost.length,
			secondsActivationToLastExecution:
				(Date.parse(executions[executions.length - 1].stoppedAt ?? '') - activatedAt) / 1000,
			recordsPerSecondFirstExecution: Math.round(emittedIds(first).length / seconds(first)),
		};
	});
});

describe('the customer and call-task triggers on main, executions on workers', () => {
	const customers = () => new TriggerRun(stack.main, KIND_WORKFLOWS.customer, CUSTOMER_TRIGGER);
	const tasks = () => new TriggerRun(stack.main, KIND_WORKFLOWS.callTask, TASK_TRIGGER);

	const waitForItems = (run: TriggerRun, count: number, seconds: number) =>
		run.waitForItems(`${count} items`, (items) => items.length >= count, seconds);

	test('each customer change and each finished call task starts one execution item, run by a worker', async () => {
		await control.seedAgents({ appId: KINDS.appId, count: 1 });
		await control.seedCallerNumberGroups({ appId: KINDS.appId, count: 1 });
		const before = await apiTime(-120);
		const [c1] = await control.seedCustomers({
			appId: KINDS.appId,
			customers: [{ customerName: 'Queue One', createTime: before, updateTime: before }],
		});
		const [t1] = await control.seedTasks({
			appId: KINDS.appId,
			tasks: [{ status: 'done', totalCount: 3, completedCount: 3, createTime: before }],
		});
		for (const id of Object.values(KIND_WORKFLOWS)) await activate(id);
		await waitForItems(customers(), 1, 180);
		await waitForItems(tasks(), 1, 180);

		// After the first polls: the customer changes, and a task runs and finishes on the dialler.
		await control.changeCustomers({
			appId: KINDS.appId,
			changes: [{ _id: c1, fields: { customerName: 'Queue One b' } }],
		});
		const [t2] = await control.seedTasks({
			appId: KINDS.appId,
			tasks: [{ status: 'running', totalCount: 5 }],
		});
		const customerRuns = await waitForItems(customers(), 2, 180);
		const taskRuns = await waitForItems(tasks(), 2, 240);

		expect(
			customerRuns.flatMap((e) => itemsOf(e, CUSTOMER_TRIGGER)).map((i) => [i._id, i.event]),
		).toEqual([
			[c1, 'created'],
			[c1, 'updated'],
		]);
		expect(
			taskRuns.flatMap((e) => itemsOf(e, TASK_TRIGGER)).map((i) => [i.taskId, i.status]),
		).toEqual([
			[t1, 'done'],
			[t2, 'done'],
		]);
		await expectRanOnOneWorker([...customerRuns, ...taskRuns]);
		// The example's summary ran on the worker too.
		expect(outputJson(taskRuns[1], 'Results summary')).toEqual([
			expect.objectContaining({ taskId: t2, called: 5, connected: 4, connectionRate: 80 }),
		]);
	});
});

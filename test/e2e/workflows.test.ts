/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The example workflows (examples/*.json) and one branch per resource of the Contact Center node
 * (test/e2e/workflows/resources.json), each run with `n8n execute` in the pinned n8n with the packed
 * package installed, against the demo-seeded sandbox served from this process. Every run's outputs
 * are asserted, and the sandbox's state and request log prove the effect. At the end n8n is
 * started and the credential is tested through n8n's own REST endpoint.
 *
 * One n8n user folder and database for the whole file; every CLI step runs before `n8n start`.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

import { formatApiTime } from '../../nodes/ContactCenter/helpers/time';
import { useSandbox } from '../sandbox/fixture';
import { type Customer, type LogEntry } from '../sandbox/control';
import { ensureN8n } from '../tools/runtime';
import {
	bindCredential,
	DEMO_TENANT,
	loadExamples,
	N8n,
	nodeOutput,
	sandboxCredential,
	type CredentialImport,
	type JsonObject,
	type RunData,
	type WorkflowImport,
} from './lib';
import { usesChatModel } from './lib/agent';

const APP = DEMO_TENANT.appId;
const ZONE = DEMO_TENANT.timezone;
const EXAMPLE_FILES = [
	'call-task-finished-summary.json',
	'phone-list-to-call-task.json',
	'service-record-to-customer.json',
	'sync-service-groups.json',
	'upsert-customers-from-form.json',
];

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;
let n8n: N8n;
let credential: CredentialImport;
const workflows = new Map<string, WorkflowImport>();

interface Run {
	run: RunData;
	/** What the sandbox received during the run (this tenant). */
	requests: LogEntry[];
	/** The JSON of a node's output items (its last run). */
	out(node: string): JsonObject[];
	/** The JSON of a node's output items over all its runs (a node fed by two branches runs twice). */
	all(node: string): JsonObject[];
	/** Whether the node ran at all. */
	ran(node: string): boolean;
}

/** Runs a workflow with `n8n execute` (it must succeed) and collects what the sandbox received meanwhile. */
async function execute(file: string): Promise<Run> {
	const workflow = workflows.get(file);
	if (!workflow) throw new Error(`no workflow ${file}`);
	await control.clearLog();
	const run = await n8n.executeOk(workflow.id);
	const requests = await control.getLog({ appId: APP });
	const runData = run.data.resultData.runData;
	return {
		run,
		requests,
		out: (node) => nodeOutput(run, node).map((item) => item.json),
		all: (node) => {
			if (!runData[node]) throw new Error(`node "${node}" did not run`);
			return runData[node].flatMap((task) => {
				if (task.error) throw new Error(`node "${node}" failed: ${task.error.message}`);
				return (task.data?.main?.[0] ?? []).map((item) => item.json);
			});
		},
		ran: (node) => (runData[node]?.length ?? 0) > 0,
	};
}

/** The requests of a run as `path` → count, and every one of them signed correctly and answered 200. */
function expectSignedAndOk(requests: LogEntry[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of requests) {
		expect({
			path: request.path,
			signatureValid: request.signatureValid,
			httpStatus: request.httpStatus,
		}).toEqual({
			path: request.path,
			signatureValid: true,
			httpStatus: 200,
		});
		counts[request.path] = (counts[request.path] ?? 0) + 1;
	}
	return counts;
}

const customersByPhone = async (phone: string): Promise<Customer[]> =>
	(await control.getState(APP)).customers.filter((c) =>
		(c.mobile ?? []).some((m) => m.value === phone),
	);

/** "yyyy-MM-dd HH:mm:ss" in the tenant's zone, `secondsAgo` before the sandbox's now. */
async function apiTimeAgo(secondsAgo: number): Promise<string> {
	const now = Date.parse((await control.getClock()).now);
	return formatApiTime(now - secondsAgo * 1000, ZONE);
}

beforeAll(async () => {
	// Installs Node 24 and n8n on the first run only (about 4 minutes); free afterwards.
	const runtime = await ensureN8n();

	n8n = await N8n.create({ runtime });
	await n8n.installPackage();
	credential = sandboxCredential(sandbox.url);

	// Examples with an AI agent need a chat model: test/e2e/ai-agent.test.ts runs them against the
	// sandbox's scripted model.
	const examples = (await loadExamples()).filter((e) => !usesChatModel(e.workflow));
	expect(examples.map((e) => e.file).sort()).toEqual(EXAMPLE_FILES);
	for (const { file, workflow } of examples)
		workflows.set(file, bindCredential(workflow, credential));
	const resources = JSON.parse(
		await fs.readFile(path.join(__dirname, 'workflows', 'resources.json'), 'utf8'),
	) as WorkflowImport;
	workflows.set('resources.json', bindCredential(resources, credential));

	await n8n.importCredentials([credential]);
	await n8n.importWorkflows([...workflows.values()]);
}, 15 * 60_000);

afterAll(async () => {
	await n8n?.dispose();
}, 60_000);

describe('examples/*.json', () => {
	test('each has a stable id, a name, a Manual Trigger as its first trigger, sticky notes and only nodes shipped with n8n or this package', () => {
		const allowed = new Set([
			'n8n-nodes-base.manualTrigger',
			'n8n-nodes-base.stickyNote',
			'n8n-nodes-base.set',
			'n8n-nodes-base.code',
			'n8n-nodes-base.if',
			'n8n-nodes-base.merge',
			'n8n-nodes-base.splitOut',
			'n8n-nodes-base.aggregate',
			'n8n-nodes-base.noOp',
			'n8n-nodes-base.scheduleTrigger',
			'n8n-nodes-contact-center.contactCenter',
			'n8n-nodes-contact-center.contactCenterTrigger',
		]);
		const ids = new Set<string>();
		for (const file of EXAMPLE_FILES) {
			const workflow = workflows.get(file)!;
			// 16 at most: n8n 1.x and early 2.x treat a longer id as invalid and never save its static data.
			expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
			ids.add(workflow.id);
			expect(workflow.name).toMatch(/^Contact Center: /);
			const types = workflow.nodes.map((node) => node.type);
			expect(types.filter((type) => !allowed.has(type))).toEqual([]);
			// `n8n execute` starts at the first trigger node in the file: it must be the Manual Trigger.
			expect(types.find((type) => /trigger$/i.test(type))).toBe('n8n-nodes-base.manualTrigger');
			expect(
				types.filter((type) => type === 'n8n-nodes-base.stickyNote').length,
			).toBeGreaterThanOrEqual(1);
			for (const node of workflow.nodes.filter((n) =>
				n.type.startsWith('n8n-nodes-contact-center.'),
			)) {
				expect(node.credentials).toEqual({
					contactCenterApi: { id: credential.id, name: credential.name },
				});
			}
		}
		expect(ids.size).toBe(EXAMPLE_FILES.length);
	});
});

describe('one branch per resource (test/e2e/workflows/resources.json)', () => {
	test(
		'customer, customerField, serviceGroup, displayNumberGroup, serviceRecord, voiceAgent, callerNumberGroup and callTask operations in one run',
		async () => {
			const before = await control.getState(APP);
			const r = await execute('resources.json');
			const counts = expectSignedAndOk(r.requests);

			// customer: create → update → upsert (same phone: updates) → get → get many → delete
			const [created] = r.out('customer: create');
			expect(created).toMatchObject({
				customerName: 'E2E Customer',
				mobile: [{ value: '13900000001', memo: 'e2e' }],
				email: [{ value: 'e2e@example.com', memo: '' }],
				customerOrigin: 'selfDevelop',
				customerSource: ['e2e', 'test'],
				cf_company: 'E2E Co',
				cf_level: 'vip',
			});
			const customerId = created._id as string;
			expect(customerId).toMatch(/^\d{18}$/);
			expect(r.out('customer: update')).toEqual([
				expect.objectContaining({
					_id: customerId,
					customerName: 'E2E Customer (updated)',
					cf_level: 'potential',
				}),
			]);
			expect(r.out('customer: upsert')).toEqual([
				expect.objectContaining({
					_id: customerId,
					customerName: 'E2E Customer (upserted)',
					cf_company: 'E2E Upsert Co',
					cf_level: 'potential',
				}),
			]);
			expect(r.out('customer: get')).toEqual([
				expect.objectContaining({ _id: customerId, customerName: 'E2E Customer (upserted)' }),
			]);
			expect(r.out('customer: get many').map((c) => c._id)).toEqual([customerId]);
			expect(r.out('customer: delete')).toEqual([{ deleted: true, id: customerId }]);
			expect(await customersByPhone('13900000001')).toEqual([]);
			// The upsert's add was refused for the phone (03001004); the existing customer was read (its
			// phone list is kept) and updated.
			const crm = r.requests.filter(
				(q) =>
					q.path.startsWith('/openapi/crm/') &&
					!q.path.includes('service-record') &&
					!q.path.includes('/config/'),
			);
			expect(crm.map((q) => [q.path, q.code])).toEqual([
				['/openapi/crm/add', '200'],
				['/openapi/crm/update', '200'],
				['/openapi/crm/add', '03001004'],
				[`/openapi/crm/${customerId}`, '200'],
				['/openapi/crm/update', '200'],
				[`/openapi/crm/${customerId}`, '200'],
				['/openapi/crm/list', '200'],
				['/openapi/crm/delete', '200'],
			]);

			// customerField: the tenant's custom fields
			const fields = r.out('customerField: get many');
			const customFields = before.fields
				.filter((f) => !f.isSystem && f.status !== -1)
				.map((f) => f.field);
			expect(fields.map((f) => f.field).sort()).toEqual([...customFields].sort());
			expect(fields.map((f) => f.field)).toEqual(
				expect.arrayContaining(['cf_company', 'cf_level', 'cf_region', 'cf_last_contact']),
			);

			// serviceGroup: create → update → get many (by queue number) → delete
			const [group] = r.out('serviceGroup: create');
			expect(group).toMatchObject({
				name: 'E2E group',
				strategy: 'random',
				groupLeader: ['2001'],
				members: [
					{ agentNumber: '2001', weight: 2 },
					{ agentNumber: '2002', weight: 1 },
				],
			});
			const queueNumber = group.queueNumber as string;
			expect(queueNumber).toMatch(/^\d+$/);
			expect(r.out('serviceGroup: update')).toEqual([
				expect.objectContaining({ queueNumber, name: 'E2E group (renamed)', timeout: 25 }),
			]);
			expect(r.out('serviceGroup: get many')).toEqual([
				expect.objectContaining({
					queueNumber,
					name: 'E2E group (renamed)',
					timeout: 25,
					strategy: 'random',
				}),
			]);
			expect(r.out('serviceGroup: delete')).toEqual([expect.objectContaining({ deleted: true })]);

			// displayNumberGroup: create → update → get many → delete
			const [numbers] = r.out('displayNumberGroup: create');
			expect(numbers).toMatchObject({
				groupName: 'E2E numbers',
				strategy: '2',
				numberList: ['057100000001', '057100000002'],
				remark: 'created by the e2e test',
			});
			const numbersId = numbers.id as string;
			expect(r.out('displayNumberGroup: update')).toEqual([
				expect.objectContaining({ id: numbersId }),
			]);
			const listed = r.out('displayNumberGroup: get many');
			expect(listed).toHaveLength(before.displayNumberGroups.length + 1);
			expect(listed.find((g) => g.id === numbersId)).toMatchObject({
				numberList: ['057100000001', '057100000003'],
				remark: 'updated by the e2e test',
			});
			expect(r.out('displayNumberGroup: delete')).toEqual([
				expect.objectContaining({ deleted: true, id: numbersId }),
			]);

			// serviceRecord: every demo call record of the last three days (returnAll pages), five chats
			const calls = r.out('serviceRecord: get many (call)');
			expect(calls).toHaveLength(before.recordCounts.call);
			expect(
				calls.every(
					(c) =>
						c.scene === 'callCenter' &&
						typeof c.callId === 'string' &&
						typeof c.eventUniqueId === 'string',
				),
			).toBe(true);
			const times = calls.map((c) => c.updateTime as string);
			expect([...times].sort()).toEqual(times);
			const chats = r.out('serviceRecord: get many (im)');
			expect(chats).toHaveLength(5);
			expect(chats.every((c) => c.scene === 'im' && typeof c.sessionId === 'string')).toBe(true);

			// voiceAgent: the published agents, ids as 18-digit strings
			const agents = r.out('voiceAgent: get many');
			const published = before.agents.filter((a) => a.publishStatus === 'PUBLISHED');
			expect(agents.map((a) => [a.id, a.name])).toEqual(published.map((a) => [a.id, a.name]));
			expect(agents.every((a) => typeof a.id === 'string' && /^\d{18}$/.test(a.id))).toBe(true);

			// callerNumberGroup: all three demo groups
			const callerGroups = r.out('callerNumberGroup: get many');
			expect(callerGroups.map((g) => [g.id, g.groupName])).toEqual(
				before.callerNumberGroups.map((g) => [g.id, g.groupName]),
			);

			// callTask: create → import 3 → start → pause → get → get many
			const renewal = before.agents.find((a) => a.name === 'Renewal reminder')!;
			const beijing = before.callerNumberGroups.find((g) => g.groupName.startsWith('北京'))!;
			const [task] = r.out('callTask: create');
			const taskId = task.taskId as string;
			expect(task).toMatchObject({ status: 'draft' });
			expect(r.out('callTask: import')).toEqual([
				expect.objectContaining({ taskId, totalCount: 3, successCount: 3, failureCount: 0 }),
			]);
			expect(r.out('callTask: start')).toEqual([
				expect.objectContaining({ taskId, status: 'running' }),
			]);
			expect(r.out('callTask: pause')).toEqual([
				expect.objectContaining({ taskId, status: 'pause' }),
			]);
			expect(r.out('callTask: get')).toEqual([
				expect.objectContaining({
					id: taskId,
					taskName: 'E2E task',
					status: 'pause',
					totalCount: 3,
					voiceAgentId: renewal.id,
					agentType: 'voiceagent',
				}),
			]);
			expect(r.out('callTask: get many').map((t) => t.id)).toEqual([taskId]);
			const create = r.requests.find((q) => q.path === '/openapi/agent/web/v1/callTask/create')!;
			// The Java Long goes out as a bare number, not rounded.
			expect(create.rawBody).toContain(`"voiceAgentId":${renewal.id}`);
			expect(create.body).toMatchObject({
				callStrategy: { callerNumberGroupId: beijing.id, maxConcurrency: 3 },
			});
			const sandboxTask = (await control.getState(APP)).tasks.find((t) => t.id === taskId);
			expect(sandboxTask).toMatchObject({
				status: 'pause',
				totalCount: 3,
				voiceAgentId: renewal.id,
			});
			expect(
				(await control.getTaskCustomers(APP, taskId)).map((c) => [
					c.customerNumber,
					c.customerName,
				]),
			).toEqual([
				['13700000001', 'E2E 1'],
				['13700000002', 'E2E 2'],
				['13700000003', 'E2E 3'],
			]);

			expect(counts['/openapi/agent/web/v1/callTask/operate']).toBe(2);
			expect(counts['/openapi/agent/web/v1/callTask/import']).toBe(1);
		},
		5 * 60_000,
	);
});

describe('examples', () => {
	let demoUpdated: string[] = [];
	test(
		'upsert-customers-from-form: creates new customers, updates the one whose phone exists, rejects the invalid submission',
		async () => {
			const r = await execute('upsert-customers-from-form.json');
			const counts = expectSignedAndOk(r.requests);

			expect(r.out('Rejected')).toEqual([
				expect.objectContaining({ valid: false, problems: 'name is missing' }),
			]);
			const saved = r.all('Saved customer');
			expect(saved.map((s) => [s.name, s.phones, s.emails, s.company, s.level])).toEqual([
				['Zhou Lan', '13800139001', 'zhou.lan@example.com', 'Hangzhou Tea Co.', 'vip'],
				['Zhou Lan', '13800139001', 'lan.zhou@example.com', 'Hangzhou Tea Co.', 'vip'],
				['Sun Hao', '13800139002', '', 'Ningbo Port Logistics', 'potential'],
			]);
			// The second submission of the same phone updated the customer the first one created.
			expect(saved[1].customerId).toBe(saved[0].customerId);
			expect(saved[2].customerId).not.toBe(saved[0].customerId);

			// The second submission: refused add (03001004), a read of that customer (its phones are kept), its update.
			expect(r.requests.map((q) => [q.path, q.code])).toEqual([
				['/openapi/crm/add', '200'],
				['/openapi/crm/add', '03001004'],
				[`/openapi/crm/${saved[0].customerId as string}`, '200'],
				['/openapi/crm/update', '200'],
				['/openapi/crm/add', '200'],
			]);
			expect(counts).toEqual({
				'/openapi/crm/add': 3,
				[`/openapi/crm/${saved[0].customerId as string}`]: 1,
				'/openapi/crm/update': 1,
			});

			const [zhou] = await customersByPhone('13800139001');
			expect(zhou).toMatchObject({
				_id: saved[0].customerId,
				customerName: 'Zhou Lan',
				mobile: [{ value: '13800139001', memo: 'web form' }],
				email: [{ value: 'lan.zhou@example.com', memo: 'web form' }],
				customerSource: ['web form'],
				cf_company: 'Hangzhou Tea Co.',
				cf_level: 'vip',
			});
			const [sun] = await customersByPhone('13800139002');
			expect(sun).toMatchObject({
				customerName: 'Sun Hao',
				email: [],
				cf_level: 'potential',
				cf_company: 'Ningbo Port Logistics',
			});
			expect(await customersByPhone('13800139003')).toEqual([]);
		},
		5 * 60_000,
	);

	test(
		'sync-service-groups: creates the missing group, updates the changed one, and a second run changes nothing',
		async () => {
			const before = (await control.getState(APP)).serviceGroups;
			const presales = before.find((g) => g.name === '售前咨询组')!;
			const aftersales = before.find((g) => g.name === '售后服务组')!;

			const first = await execute('sync-service-groups.json');
			expectSignedAndOk(first.requests);
			expect(first.out('Plan changes').map((p) => [p.name, p.action, p.changes])).toEqual([
				['售前咨询组', 'update', ['groupLeader']],
				['售后服务组', 'unchanged', []],
				['VIP hotline', 'create', []],
			]);
			const [createdGroup] = first.out('Create group');
			expect(createdGroup).toMatchObject({
				name: 'VIP hotline',
				strategy: 'order',
				maxWaitLimit: 5,
				waitTime: 30,
				timeout: 15,
				groupLeader: ['1005', '1001'],
				members: [{ agentNumber: '1005', weight: 1 }],
			});
			expect(first.out('Update group')).toEqual([
				expect.objectContaining({ queueNumber: presales.queueNumber, groupLeader: ['1001'] }),
			]);
			expect(first.out('Unchanged').map((u) => u.name)).toEqual(['售后服务组']);

			const after = (await control.getState(APP)).serviceGroups;
			expect(after).toHaveLength(before.length + 1);
			// Only the leaders of the changed group changed; its members and the unchanged group stayed.
			expect(after.find((g) => g.queueNumber === presales.queueNumber)).toEqual({
				...presales,
				groupLeader: ['1001'],
			});
			expect(after.find((g) => g.queueNumber === aftersales.queueNumber)).toEqual(aftersales);
			expect(after.find((g) => g.name === 'VIP hotline')).toMatchObject({
				queueNumber: createdGroup.queueNumber,
				strategy: 'order',
				maxWaitLimit: 5,
			});

			const second = await execute('sync-service-groups.json');
			expect(second.out('Plan changes').map((p) => p.action)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
			]);
			expect(second.ran('Create group')).toBe(false);
			expect(second.ran('Update group')).toBe(false);
			expect(second.requests.map((q) => q.path)).toEqual(['/openapi/platform/v1/group/list']);
			expect((await control.getState(APP)).serviceGroups).toEqual(after);
		},
		5 * 60_000,
	);

	test(
		'phone-list-to-call-task: creates the task with the named agent and caller group, imports 5 numbers, starts it and reports progress',
		async () => {
			const state = await control.getState(APP);
			const agent = state.agents.find((a) => a.name === 'Delivery confirmation')!;
			const callerGroup = state.callerNumberGroups.find((g) => g.groupName === '杭州外呼号码组')!;

			const r = await execute('phone-list-to-call-task.json');
			expectSignedAndOk(r.requests);
			expect(r.out('Find voice agent').map((a) => a.id)).toEqual([agent.id]);
			expect(r.out('Find caller number group').map((g) => g.id)).toEqual([callerGroup.id]);
			const [created] = r.out('Create call task');
			const taskId = created.taskId as string;
			expect(taskId).toMatch(/^\d{18}$/);
			expect(r.out('Import customers')).toEqual([
				expect.objectContaining({
					taskId,
					totalCount: 5,
					successCount: 5,
					failureCount: 0,
					invalidCount: 0,
				}),
			]);
			expect(r.out('Start call task')).toEqual([
				expect.objectContaining({ taskId, status: 'running' }),
			]);
			const [report] = r.out('Progress report');
			expect(report).toEqual({
				taskId,
				taskName: expect.stringMatching(/^Delivery calls \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
				status: 'running',
				voiceAgent: 'Delivery confirmation',
				customers: 5,
				completed: 0,
				connected: 0,
				progress: '0%',
				imported: 5,
				notImported: 0,
			});

			const task = (await control.getState(APP)).tasks.find((t) => t.id === taskId)!;
			expect(task).toMatchObject({
				status: 'running',
				totalCount: 5,
				voiceAgentId: agent.id,
				agentType: 'voicebot',
				startType: 'manual',
				callStrategy: {
					callerNumberGroupId: callerGroup.id,
					maxConcurrency: 2,
					callWindowRanges: [
						{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-12:00', '14:00-18:00'] },
					],
				},
				retryStrategy: {
					retryEnabled: true,
					retryReasons: ['busy', 'no_answer'],
					maxRetryTimes: 2,
					retryIntervalValue: 30,
					retryIntervalUnit: 'minute',
				},
			});
			expect(
				(await control.getTaskCustomers(APP, taskId)).map((c) => [
					c.customerNumber,
					c.customerName,
					c.remark,
				]),
			).toEqual([
				['13800138001', 'Li Wei', 'Order A-1001'],
				['13800138002', 'Wang Fang', 'Order A-1002'],
				['+86-139-0013-8003', 'Zhang Min', 'Order A-1003'],
				['13800138004', 'Chen Jie', 'Order A-1004'],
				['13800138005', 'Liu Yang', 'Order A-1005'],
			]);
			expect(r.requests.map((q) => q.path)).toEqual([
				'/openapi/agent/web/v1/agent/query',
				'/openapi/agent/web/v1/number/group/query',
				'/openapi/agent/web/v1/callTask/create',
				'/openapi/agent/web/v1/callTask/import',
				'/openapi/agent/web/v1/callTask/operate',
				'/openapi/agent/web/v1/callTask/query',
			]);
		},
		5 * 60_000,
	);

	test(
		'service-record-to-customer (manual path) on the demo data as seeded: each customer found by the phone of a record of the last hour gets its newest time',
		async () => {
			const before = await control.getState(APP);
			expect(before.fields.map((f) => f.field)).toContain('cf_last_contact');
			expect(before.customers.filter((c) => c.cf_last_contact)).toEqual([]);

			const r = await execute('service-record-to-customer.json');
			expectSignedAndOk(r.requests);
			// Service Record → Get Many v2: both channels of the last hour, simplified, each item tagged.
			const records = r.out('Recent service records');
			expect(new Set(records.map((rec) => rec.channel))).toEqual(new Set(['call', 'im']));
			const queries = r.requests.filter((q) => q.path.includes('/service-record/'));
			expect(queries.map((q) => q.path)).toEqual([
				'/openapi/crm/service-record/call/query',
				'/openapi/crm/service-record/im/query',
			]);
			const phoneOf = (rec: JsonObject) =>
				String((rec.data as JsonObject | null)?.customerPhone ?? '').trim();
			const linked = records.filter((rec) => phoneOf(rec) !== '');
			expect(r.all('No phone in the record')).toHaveLength(records.length - linked.length);

			// What the workflow should write, worked out here from the records and the CRM as they were.
			const newest = new Map<string, string>();
			for (const rec of linked) {
				for (const holder of before.customers.filter((c) =>
					(c.mobile ?? []).some((m) => m.value === phoneOf(rec)),
				)) {
					const time = rec.updateTime as string;
					if ((newest.get(holder._id) ?? '') < time) newest.set(holder._id, time);
				}
			}
			expect(newest.size).toBeGreaterThanOrEqual(2);

			// Customer → Search found them by phone (one list request each), Update wrote the time.
			expect(r.requests.filter((q) => q.path === '/openapi/crm/list')).toHaveLength(linked.length);
			expect(r.ran('Already up to date')).toBe(false);
			const after = await control.getState(APP);
			expect(
				after.customers
					.filter((c) => c.cf_last_contact)
					.map((c) => [c._id, c.cf_last_contact])
					.sort(),
			).toEqual([...newest.entries()].sort());
			demoUpdated = [...newest.keys()];
		},
		5 * 60_000,
	);

	test(
		"service-record-to-customer (manual path): call and chat records of the last hour with a phone set the customer's last contact to the newest, once",
		async () => {
			const state = await control.getState(APP);
			const [phoneCustomer, outsideCustomer] = state.customers.filter(
				(c) => !c.cf_last_contact && (c.mobile ?? []).length > 0,
			);
			const phone = phoneCustomer.mobile![0].value;
			const [chatCustomerId] = await control.seedCustomers({
				appId: APP,
				customers: [
					{
						customerName: 'Web visitor',
						visitorId: 'v_e2e_visitor',
						mobile: [
							{ value: '13900009998', memo: 'home' },
							{ value: '13900009999', memo: 'work' },
						],
					},
				],
			});
			const older = await apiTimeAgo(20 * 60);
			const newest = await apiTimeAgo(5 * 60);
			const chatTime = await apiTimeAgo(10 * 60);
			const tooOld = await apiTimeAgo(2 * 3600);
			const form = { category: '咨询', result: '已解决', satisfaction: 5, remark: 'e2e' };
			await control.injectRecords({
				appId: APP,
				channel: 'call',
				records: [
					{ updateTime: older, data: { ...form, customerPhone: phone } },
					{ updateTime: newest, data: { ...form, customerPhone: ` ${phone} ` } },
					// Outside the manual run's hour: ignored.
					{
						updateTime: tooOld,
						data: { ...form, customerPhone: outsideCustomer.mobile![0].value },
					},
				],
			});
			// A chat record whose form holds the customer's second number: channel All reads it too.
			await control.injectRecords({
				appId: APP,
				channel: 'im',
				records: [
					{
						updateTime: chatTime,
						data: { ...form, customerPhone: '13900009999' },
						otherParams: { channel: 'web', visitorId: 'v_e2e_visitor' },
					},
				],
			});

			const r = await execute('service-record-to-customer.json');
			expectSignedAndOk(r.requests);
			// Both records of the phone customer passed (the stored value was empty): written in time order.
			expect(
				r.requests
					.filter((q) => q.path === '/openapi/crm/update')
					.map((q) => [(q.body as JsonObject)._id, (q.body as JsonObject).cf_last_contact]),
			).toEqual([
				[phoneCustomer._id, older],
				[chatCustomerId, chatTime],
				[phoneCustomer._id, newest],
			]);
			const after = await control.getState(APP);
			const byId = new Map(after.customers.map((c) => [c._id, c]));
			expect(byId.get(phoneCustomer._id)?.cf_last_contact).toBe(newest);
			expect(byId.get(chatCustomerId)?.cf_last_contact).toBe(chatTime);
			expect(byId.get(outsideCustomer._id)?.cf_last_contact).toBeUndefined();
			const changed = after.customers.filter(
				(c) => c.cf_last_contact !== state.customers.find((b) => b._id === c._id)?.cf_last_contact,
			);
			expect(changed.map((c) => c._id).sort()).toEqual([phoneCustomer._id, chatCustomerId].sort());

			// A second run finds nothing newer than what is stored and writes nothing.
			const again = await execute('service-record-to-customer.json');
			expect(again.ran('Update last contact')).toBe(false);
			// (the demo customers updated by the previous test are up to date too)
			expect(
				new Set(
					again
						.out('Already up to date')
						.map((c) => c._id)
						.sort(),
				),
			).toEqual(new Set([phoneCustomer._id, chatCustomerId, ...demoUpdated]));
			expect(again.requests.filter((q) => q.path === '/openapi/crm/update')).toEqual([]);
		},
		5 * 60_000,
	);
});

describe('example call-task-finished-summary', () => {
	test(
		'run manually: the finished call tasks, each summarised with its counts and connection rate',
		async () => {
			const [taskId] = await control.seedTasks({
				appId: APP,
				tasks: [
					{
						taskName: 'Summary example task',
						status: 'done',
						totalCount: 40,
						completedCount: 40,
						connectedCount: 31,
					},
				],
			});
			const r = await execute('call-task-finished-summary.json');
			expectSignedAndOk(r.requests);
			const summaries = r.all('Results summary');
			expect(summaries.find((s) => s.taskId === taskId)).toEqual({
				taskId,
				taskName: 'Summary example task',
				voiceAgent: expect.any(String),
				customers: 40,
				called: 40,
				connected: 31,
				connectionRate: 78,
				finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
				summary: expect.stringMatching(
					/^Call task "Summary example task" finished at .+: 40 of 40 customers called, 31 connected \(78%\)\.$/,
				),
			});
			expect(r.requests.map((q) => q.path)).toEqual(['/openapi/agent/web/v1/callTask/query']);
			expect(r.ran('Send the summary')).toBe(true);
		},
		5 * 60_000,
	);
});

describe('the credential through n8n (POST /rest/credentials/test)', () => {
	beforeAll(async () => {
		await n8n.start();
	}, 3 * 60_000);

	test('the stored credential with the right secret tests OK, with one signed request to the sandbox', async () => {
		await control.clearLog();
		const result = await n8n.testCredential({ ...credential });
		expect(result).toEqual({ status: 'OK', message: expect.any(String) });
		const requests = await control.getLog({ appId: APP });
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.every((q) => q.signatureValid && q.httpStatus === 200)).toBe(true);
	});

	test('a wrong secret fails with a message that names the App ID and App Secret, and never shows the secret', async () => {
		await control.clearLog();
		const wrong = `${DEMO_TENANT.appSecret}-but-wrong`;
		const result = await n8n.testCredential({
			...credential,
			data: { ...credential.data, appSecret: wrong },
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused these credentials: check the App ID and App Secret/);
		expect(result.message).not.toContain(wrong);
		expect(result.message).not.toContain(DEMO_TENANT.appSecret);
		const requests = await control.getLog({ appId: APP });
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.every((q) => !q.signatureValid)).toBe(true);
	});

	test('an unknown App ID fails with the same clear message', async () => {
		const result = await n8n.testCredential({
			...credential,
			data: { ...credential.data, appId: '999999' },
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused these credentials: check the App ID and App Secret/);
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The example workflows (examples/*.json) and one branch per resource of the Contact Center node
 * (workflows/resources.json), each run with `n8n execute` against the demo-seeded sandbox: outputs,
 * the sandbox's state and its request log. Then n8n is started and the credential tested through
 * n8n's REST endpoint. One n8n user folder for the file; every CLI step runs before `n8n start`.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

import { useSandbox } from '../sandbox/fixture';
import { type Customer, type LogEntry } from '../sandbox/control';
import {
	bindCredential,
	DEMO_TENANT,
	EXAMPLE_FILES,
	loadExamples,
	N8n,
	outputJson,
	sandboxCredential,
	type CredentialImport,
	type JsonObject,
	type WorkflowImport,
} from './lib';
import { usesChatModel } from './lib/agent';
import { RecordWriter } from './lib/trigger-run';

jest.setTimeout(5 * 60_000);

const APP = DEMO_TENANT.appId;
/** The node types the examples may use: n8n's own and this package's. */
const ALLOWED_TYPES =
	/^n8n-nodes-base\.(manualTrigger|stickyNote|set|code|if|merge|splitOut|aggregate|noOp|scheduleTrigger)$|^n8n-nodes-contact-center\.contactCenter(Trigger)?$/;

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;
const { apiTime } = new RecordWriter(control, APP, DEMO_TENANT.timezone);
let n8n: N8n;
let credential: CredentialImport;
const workflows = new Map<string, WorkflowImport>();

/** Runs a workflow with `n8n execute` (it must succeed) and collects what the sandbox received meanwhile. */
async function execute(file: string) {
	await control.clearLog();
	const run = await n8n.executeOk(workflows.get(file)!.id);
	const requests = await control.getLog({ appId: APP });
	const runData = run.data.resultData.runData;
	return {
		requests,
		/** The JSON of a node's output items (its last run). */
		out: (node: string) => outputJson(run, node),
		/** The JSON of a node's output items over all its runs (a node fed by two branches runs twice). */
		all: (node: string): JsonObject[] =>
			(runData[node] ?? []).flatMap((_, i) => outputJson(run, node, i)),
		ran: (node: string) => (runData[node]?.length ?? 0) > 0,
	};
}

/** The requests of a run as `path` → count, once every one of them was signed correctly and answered 200. */
function expectSignedAndOk(requests: LogEntry[]): Record<string, number> {
	expect(requests.filter((q) => !q.signatureValid || q.httpStatus !== 200)).toEqual([]);
	const counts: Record<string, number> = {};
	for (const { path } of requests) counts[path] = (counts[path] ?? 0) + 1;
	return counts;
}

const customersByPhone = async (phone: string): Promise<Customer[]> =>
	(await control.getState(APP)).customers.filter((c) =>
		(c.mobile ?? []).some((m) => m.value === phone),
	);

/** Each `[node, fields]`: the node's output is one item with (at least) those fields. */
function expectOneEach(r: Awaited<ReturnType<typeof execute>>, cases: Array<[string, JsonObject]>) {
	for (const [node, fields] of cases)
		expect({ node, out: r.out(node) }).toEqual({ node, out: [expect.objectContaining(fields)] });
}

beforeAll(async () => {
	credential = sandboxCredential(sandbox.url);
	// Examples with an AI agent need a chat model: ai-agent.test.ts runs them.
	const examples = (await loadExamples()).filter((e) => !usesChatModel(e.workflow));
	expect(examples.map((e) => e.file).sort()).toEqual(EXAMPLE_FILES);
	for (const { file, workflow } of examples)
		workflows.set(file, bindCredential(workflow, credential));
	const resources = await fs.readFile(path.join(__dirname, 'workflows', 'resources.json'), 'utf8');
	workflows.set(
		'resources.json',
		bindCredential(JSON.parse(resources) as WorkflowImport, credential),
	);
	n8n = await N8n.prepared({ credentials: [credential], workflows: [...workflows.values()] });
}, 15 * 60_000);

N8n.disposeAfterAll(() => n8n);

test('examples/*.json: each has a stable id, a name, a Manual Trigger as its first trigger, sticky notes and only nodes shipped with n8n or this package', () => {
	const ids = new Set<string>();
	for (const file of EXAMPLE_FILES) {
		const workflow = workflows.get(file)!;
		// 16 at most: n8n 1.x and early 2.x treat a longer id as invalid and never save its static data.
		expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
		ids.add(workflow.id);
		expect(workflow.name).toMatch(/^Contact Center: /);
		const types = workflow.nodes.map((node) => node.type);
		expect(types.filter((type) => !ALLOWED_TYPES.test(type))).toEqual([]);
		// `n8n execute` starts at the first trigger node in the file: it must be the Manual Trigger.
		expect(types.find((type) => /trigger$/i.test(type))).toBe('n8n-nodes-base.manualTrigger');
		expect(types).toContain('n8n-nodes-base.stickyNote');
		for (const node of workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-contact-center.')))
			expect(node.credentials).toEqual({
				contactCenterApi: { id: credential.id, name: credential.name },
			});
	}
	expect(ids.size).toBe(EXAMPLE_FILES.length);
});

test('one branch per resource (workflows/resources.json): customer, customerField, serviceGroup, displayNumberGroup, serviceRecord, voiceAgent, callerNumberGroup and callTask operations in one run', async () => {
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
	const _id = created._id as string;
	expect(_id).toMatch(/^\d{18}$/);
	expectOneEach(r, [
		['customer: update', { _id, customerName: 'E2E Customer (updated)', cf_level: 'potential' }],
		[
			'customer: upsert',
			{
				_id,
				customerName: 'E2E Customer (upserted)',
				cf_company: 'E2E Upsert Co',
				cf_level: 'potential',
			},
		],
		['customer: get', { _id, customerName: 'E2E Customer (upserted)' }],
	]);
	expect(r.out('customer: get many').map((c) => c._id)).toEqual([_id]);
	expect(r.out('customer: delete')).toEqual([{ deleted: true, id: _id }]);
	expect(await customersByPhone('13900000001')).toEqual([]);
	// The upsert found the customer by Phone (one list request) and updated it.
	const crm = r.requests.filter((q) => /^\/openapi\/crm\/(?!service-record|config)/.test(q.path));
	expect(crm.map((q) => `${q.path} ${q.code}`)).toEqual(
		['add 200', 'update 200', 'list 200', 'update 200', `${_id} 200`, 'list 200', 'delete 200'].map(
			(call) => `/openapi/crm/${call}`,
		),
	);

	// customerField: the tenant's custom fields
	const fields = r.out('customerField: get many').map((f) => f.field);
	const custom = before.fields.filter((f) => !f.isSystem && f.status !== -1).map((f) => f.field);
	expect([...fields].sort()).toEqual([...custom].sort());
	expect(fields).toEqual(
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
	const renamed = { queueNumber, name: 'E2E group (renamed)', timeout: 25 };
	expectOneEach(r, [
		['serviceGroup: update', renamed],
		['serviceGroup: get many', { ...renamed, strategy: 'random' }],
		['serviceGroup: delete', { deleted: true }],
	]);

	// displayNumberGroup: create → update → get many → delete
	const [numbers] = r.out('displayNumberGroup: create');
	expect(numbers).toMatchObject({
		groupName: 'E2E numbers',
		strategy: '2',
		numberList: ['057100000001', '057100000002'],
		remark: 'created by the e2e test',
	});
	const id = numbers.id as string;
	const listed = r.out('displayNumberGroup: get many');
	expect(listed).toHaveLength(before.displayNumberGroups.length + 1);
	expect(listed.find((g) => g.id === id)).toMatchObject({
		numberList: ['057100000001', '057100000003'],
		remark: 'updated by the e2e test',
	});
	expectOneEach(r, [
		['displayNumberGroup: update', { id }],
		['displayNumberGroup: delete', { deleted: true, id }],
	]);

	// serviceRecord: every demo call record of the last three days (returnAll pages), five chats
	const calls = r.out('serviceRecord: get many (call)');
	expect(calls).toHaveLength(before.recordCounts.call);
	const callShape = {
		scene: 'callCenter',
		callId: expect.any(String),
		eventUniqueId: expect.any(String),
	};
	expect(calls).toEqual(calls.map(() => expect.objectContaining(callShape)));
	const times = calls.map((c) => c.updateTime as string);
	expect([...times].sort()).toEqual(times);
	const chats = r.out('serviceRecord: get many (im)');
	expect(chats).toEqual(
		Array(5).fill(expect.objectContaining({ scene: 'im', sessionId: expect.any(String) })),
	);

	// voiceAgent: the published agents, ids as 18-digit strings; callerNumberGroup: all three demo groups
	const published = before.agents.filter((a) => a.publishStatus === 'PUBLISHED');
	const agents = r.out('voiceAgent: get many');
	expect(agents.map((a) => [a.id, a.name])).toEqual(published.map((a) => [a.id, a.name]));
	expect(agents.every((a) => typeof a.id === 'string' && /^\d{18}$/.test(a.id))).toBe(true);
	expect(r.out('callerNumberGroup: get many').map((g) => [g.id, g.groupName])).toEqual(
		before.callerNumberGroups.map((g) => [g.id, g.groupName]),
	);

	// callTask: create → import 3 → start → pause → get → get many
	const renewal = before.agents.find((a) => a.name === 'Renewal reminder')!;
	const beijing = before.callerNumberGroups.find((g) => g.groupName.startsWith('Beijing'))!;
	const [task] = r.out('callTask: create');
	const taskId = task.taskId as string;
	expect(task).toMatchObject({ status: 'draft' });
	expectOneEach(r, [
		['callTask: import', { taskId, totalCount: 3, successCount: 3, failureCount: 0 }],
		['callTask: start', { taskId, status: 'running' }],
		['callTask: pause', { taskId, status: 'pause' }],
		[
			'callTask: get',
			{
				id: taskId,
				taskName: 'E2E task',
				status: 'pause',
				totalCount: 3,
				voiceAgentId: renewal.id,
				agentType: 'voiceagent',
			},
		],
	]);
	expect(r.out('callTask: get many').map((t) => t.id)).toEqual([taskId]);
	const create = r.requests.find((q) => q.path === '/openapi/agent/web/v1/callTask/create')!;
	// The Java Long goes out as a bare number, not rounded.
	expect(create.rawBody).toContain(`"voiceAgentId":${renewal.id}`);
	expect(create.body).toMatchObject({
		callStrategy: { callerNumberGroupId: beijing.id, maxConcurrency: 3 },
	});
	expect((await control.getState(APP)).tasks.find((t) => t.id === taskId)).toMatchObject({
		status: 'pause',
		totalCount: 3,
		voiceAgentId: renewal.id,
	});
	const imported = await control.getTaskCustomers(APP, taskId);
	expect(imported.map((c) => `${c.customerNumber} ${c.customerName}`)).toEqual([
		'13700000001 E2E 1',
		'13700000002 E2E 2',
		'13700000003 E2E 3',
	]);
	expect(counts['/openapi/agent/web/v1/callTask/operate']).toBe(2);
	expect(counts['/openapi/agent/web/v1/callTask/import']).toBe(1);
});

describe('examples', () => {
	let demoUpdated: string[] = [];
	test('upsert-customers-from-form: creates new customers, updates the one whose phone exists, rejects the invalid submission', async () => {
		const r = await execute('upsert-customers-from-form.json');
		expectSignedAndOk(r.requests);
		expectOneEach(r, [['Rejected', { valid: false, problems: 'name is missing' }]]);
		const saved = r.all('Saved customer');
		expect(saved.map((s) => [s.name, s.phones, s.company, s.level])).toEqual([
			['Zhou Lan', '13800139001', 'Hangzhou Tea Co.', 'vip'],
			['Zhou Lan', '13800139001', 'Hangzhou Tea Co.', 'vip'],
			['Sun Hao', '13800139002', 'Ningbo Port Logistics', 'potential'],
		]);
		// Create or Update adds the given e-mail to the matched customer's list (Options → Contact
		// Lists on Match: Add, the default): whichever of the two submissions was the update shows
		// both e-mails, the add only its own.
		const zhouEmails = saved.slice(0, 2).map((s) => String(s.emails).split(', '));
		expect(zhouEmails[0]).toContain('zhou.lan@example.com');
		expect(zhouEmails[1]).toContain('lan.zhou@example.com');
		expect(zhouEmails.map((list) => list.length).sort()).toEqual([1, 2]);
		expect(saved[2].emails).toBe('');
		// The second submission of the same phone updated the customer the first one created. The
		// two run at once (Parallel Requests): found by Phone, or, when its look-up ran before the
		// first add, its add is refused (03001004) and it looks again. Two adds and one update.
		const zhouId = saved[0].customerId as string;
		expect(saved[1].customerId).toBe(zhouId);
		expect(saved[2].customerId).not.toBe(zhouId);
		const calls = r.requests.map((q) => `${q.path} ${q.code}`);
		expect(calls.filter((call) => call === '/openapi/crm/add 200')).toHaveLength(2);
		expect(calls.filter((call) => call.startsWith('/openapi/crm/update'))).toEqual([
			'/openapi/crm/update 200',
		]);

		expect(await customersByPhone('13800139001')).toEqual([
			expect.objectContaining({
				_id: zhouId,
				customerName: 'Zhou Lan',
				mobile: [{ value: '13800139001', memo: 'web form' }],
				email: expect.arrayContaining([
					{ value: 'zhou.lan@example.com', memo: 'web form' },
					{ value: 'lan.zhou@example.com', memo: 'web form' },
				]),
				customerSource: ['web form'],
				cf_company: 'Hangzhou Tea Co.',
				cf_level: 'vip',
			}),
		]);
		expect((await customersByPhone('13800139001'))[0].email).toHaveLength(2);
		expect(await customersByPhone('13800139002')).toEqual([
			expect.objectContaining({
				customerName: 'Sun Hao',
				email: [],
				cf_level: 'potential',
				cf_company: 'Ningbo Port Logistics',
			}),
		]);
		expect(await customersByPhone('13800139003')).toEqual([]);
	});

	test('sync-service-groups: creates the missing group, updates the changed one, and a second run changes nothing', async () => {
		const before = (await control.getState(APP)).serviceGroups;
		const presales = before.find((g) => g.name === 'Pre-sales')!;
		const aftersales = before.find((g) => g.name === 'After-sales')!;

		const first = await execute('sync-service-groups.json');
		expectSignedAndOk(first.requests);
		expect(first.out('Plan changes').map((p) => [p.name, p.action, p.changes])).toEqual([
			['Pre-sales', 'update', ['groupLeader']],
			['After-sales', 'unchanged', []],
			['VIP hotline', 'create', []],
		]);
		const vip = { name: 'VIP hotline', strategy: 'order', maxWaitLimit: 5 };
		expectOneEach(first, [
			[
				'Create group',
				{
					...vip,
					waitTime: 30,
					timeout: 15,
					groupLeader: ['1005', '1001'],
					members: [{ agentNumber: '1005', weight: 1 }],
				},
			],
			['Update group', { queueNumber: presales.queueNumber, groupLeader: ['1001'] }],
			['Unchanged', { name: 'After-sales' }],
		]);

		// Only the leaders of the changed group changed; its members and the unchanged group stayed.
		const after = (await control.getState(APP)).serviceGroups;
		expect(after).toHaveLength(before.length + 1);
		expect(after.find((g) => g.queueNumber === presales.queueNumber)).toEqual({
			...presales,
			groupLeader: ['1001'],
		});
		expect(after.find((g) => g.queueNumber === aftersales.queueNumber)).toEqual(aftersales);
		expect(after.find((g) => g.name === 'VIP hotline')).toMatchObject({
			...vip,
			queueNumber: first.out('Create group')[0].queueNumber,
		});

		const second = await execute('sync-service-groups.json');
		expect(second.out('Plan changes').map((p) => p.action)).toEqual(Array(3).fill('unchanged'));
		expect([second.ran('Create group'), second.ran('Update group')]).toEqual([false, false]);
		expect(second.requests.map((q) => q.path)).toEqual(['/openapi/platform/v1/group/list']);
		expect((await control.getState(APP)).serviceGroups).toEqual(after);
	});

	test('phone-list-to-call-task: creates the task with the named agent and caller group, imports 5 numbers, starts it and reports progress', async () => {
		const state = await control.getState(APP);
		const agent = state.agents.find((a) => a.name === 'Delivery confirmation')!;
		const callerGroup = state.callerNumberGroups.find(
			(g) => g.groupName === 'Hangzhou outbound numbers',
		)!;

		const r = await execute('phone-list-to-call-task.json');
		expectSignedAndOk(r.requests);
		expect(r.out('Find voice agent').map((a) => a.id)).toEqual([agent.id]);
		expect(r.out('Find caller number group').map((g) => g.id)).toEqual([callerGroup.id]);
		const taskId = r.out('Create call task')[0].taskId as string;
		expect(taskId).toMatch(/^\d{18}$/);
		const counts = { totalCount: 5, successCount: 5, failureCount: 0, invalidCount: 0 };
		expectOneEach(r, [
			['Import customers', { taskId, ...counts }],
			['Start call task', { taskId, status: 'running' }],
		]);
		expect(r.out('Progress report')).toEqual([
			{
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
			},
		]);

		expect((await control.getState(APP)).tasks.find((t) => t.id === taskId)).toMatchObject({
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
		const customers = await control.getTaskCustomers(APP, taskId);
		expect(customers.map((c) => `${c.customerNumber} ${c.customerName} ${c.remark}`)).toEqual([
			'13800138001 Li Wei Order A-1001',
			'13800138002 Wang Fang Order A-1002',
			'+86-139-0013-8003 Zhang Min Order A-1003',
			'13800138004 Chen Jie Order A-1004',
			'13800138005 Liu Yang Order A-1005',
		]);
		expect(r.requests.map((q) => q.path)).toEqual(
			[
				'agent/query',
				'number/group/query',
				'callTask/create',
				'callTask/import',
				'callTask/operate',
				'callTask/query',
			].map((call) => `/openapi/agent/web/v1/${call}`),
		);
	});

	test('service-record-to-customer (manual path) on the demo data as seeded: each customer found by the phone of a record of the last hour gets its newest time', async () => {
		const before = await control.getState(APP);
		expect(before.fields.map((f) => f.field)).toContain('cf_last_contact');
		expect(before.customers.filter((c) => c.cf_last_contact)).toEqual([]);

		const r = await execute('service-record-to-customer.json');
		expectSignedAndOk(r.requests);
		// Service Record → Get Many: both channels of the last hour, simplified, each item tagged.
		const records = r.out('Recent service records');
		expect(new Set(records.map((rec) => rec.channel))).toEqual(new Set(['call', 'im']));
		expect(
			r.requests.filter((q) => q.path.includes('/service-record/')).map((q) => q.path),
		).toEqual(['/openapi/crm/service-record/call/query', '/openapi/crm/service-record/im/query']);
		const phoneOf = (rec: JsonObject) =>
			String((rec.data as JsonObject | null)?.customerPhone ?? '').trim();
		const linked = records.filter((rec) => phoneOf(rec) !== '');
		expect(r.all('No customer for the record')).toHaveLength(records.length - linked.length);

		// What the workflow should write, worked out here from the records and the CRM as they were.
		const newest = new Map<string, string>();
		for (const rec of linked)
			for (const { _id } of before.customers.filter((c) =>
				c.mobile?.some((m) => m.value === phoneOf(rec)),
			))
				if ((newest.get(_id) ?? '') < (rec.updateTime as string))
					newest.set(_id, rec.updateTime as string);
		expect(newest.size).toBeGreaterThanOrEqual(2);

		// Include Customer found them by phone (one list request per 200 distinct numbers), Update wrote the time.
		const distinct = new Set(linked.map(phoneOf)).size;
		expect(r.requests.filter((q) => q.path === '/openapi/crm/list')).toHaveLength(
			Math.ceil(distinct / 200),
		);
		expect(r.ran('Already up to date')).toBe(false);
		const written = (await control.getState(APP)).customers.filter((c) => c.cf_last_contact);
		expect(written.map((c) => [c._id, c.cf_last_contact]).sort()).toEqual([...newest].sort());
		demoUpdated = [...newest.keys()];
	});

	test("service-record-to-customer (manual path): call and chat records of the last hour with a phone set the customer's last contact to the newest, once", async () => {
		const state = await control.getState(APP);
		const [phoneCustomer, outsideCustomer] = state.customers.filter(
			(c) => !c.cf_last_contact && (c.mobile ?? []).length > 0,
		);
		const phone = phoneCustomer.mobile![0].value;
		const mobile = [
			{ value: '13900009998', memo: 'home' },
			{ value: '13900009999', memo: 'work' },
		];
		const [chatCustomerId] = await control.seedCustomers({
			appId: APP,
			customers: [{ customerName: 'Web visitor', visitorId: 'v_e2e_visitor', mobile }],
		});
		const [older, newest, chatTime, tooOld] = await Promise.all(
			[-20 * 60, -5 * 60, -10 * 60, -2 * 3600].map(apiTime),
		);
		const form = { category: 'Inquiry', result: 'Solved', satisfaction: 5, remark: 'e2e' };
		const call = (updateTime: string, customerPhone: string) => ({
			updateTime,
			data: { ...form, customerPhone },
		});
		await control.injectRecords({
			appId: APP,
			channel: 'call',
			// The last one is outside the manual run's hour: ignored.
			records: [
				call(older, phone),
				call(newest, ` ${phone} `),
				call(tooOld, outsideCustomer.mobile![0].value),
			],
		});
		// A chat record whose form holds the customer's second number: channel All reads it too.
		const otherParams = { channel: 'web', visitorId: 'v_e2e_visitor' };
		await control.injectRecords({
			appId: APP,
			channel: 'im',
			records: [{ ...call(chatTime, '13900009999'), otherParams }],
		});

		const r = await execute('service-record-to-customer.json');
		expectSignedAndOk(r.requests);
		// Both records of the phone customer passed (the stored value was empty): written in time order.
		const updates = r.requests
			.filter((q) => q.path === '/openapi/crm/update')
			.map((q) => q.body as JsonObject);
		expect(updates.map((body) => [body._id, body.cf_last_contact])).toEqual([
			[phoneCustomer._id, older],
			[chatCustomerId, chatTime],
			[phoneCustomer._id, newest],
		]);
		const after = await control.getState(APP);
		const changed = after.customers.filter(
			(c) => c.cf_last_contact !== state.customers.find((b) => b._id === c._id)?.cf_last_contact,
		);
		expect(changed.map((c) => [c._id, c.cf_last_contact]).sort()).toEqual(
			[
				[phoneCustomer._id, newest],
				[chatCustomerId, chatTime],
			].sort(),
		);

		// A second run finds nothing newer than what is stored and writes nothing (the demo
		// customers updated by the previous test are up to date too).
		const again = await execute('service-record-to-customer.json');
		expect(again.ran('Update last contact')).toBe(false);
		expect(
			new Set(again.out('Already up to date').map((rec) => (rec.customer as JsonObject)._id)),
		).toEqual(new Set([phoneCustomer._id, chatCustomerId, ...demoUpdated]));
		expect(again.requests.filter((q) => q.path === '/openapi/crm/update')).toEqual([]);
	});

	test('call-task-finished-summary, run manually: the finished call tasks, each summarised with its counts and connection rate', async () => {
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
		expect(r.all('Results summary').find((s) => s.taskId === taskId)).toEqual({
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
	});
});

describe('the credential through n8n (POST /rest/credentials/test)', () => {
	beforeAll(() => n8n.start(), 3 * 60_000);

	test('the stored credential with the right secret tests OK, with signed requests to the sandbox', async () => {
		await control.clearLog();
		expect(await n8n.testCredential(credential)).toEqual({
			status: 'OK',
			message: expect.any(String),
		});
		const requests = await control.getLog({ appId: APP });
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.filter((q) => !q.signatureValid || q.httpStatus !== 200)).toEqual([]);
	});

	test.each([
		['a wrong secret', { appSecret: `${DEMO_TENANT.appSecret}-but-wrong` }],
		['an unknown App ID', { appId: '999999' }],
	])(
		'%s fails with a message that names the App ID and App Secret, and never shows the secret',
		async (_, change) => {
			await control.clearLog();
			const result = await n8n.testCredential({
				...credential,
				data: { ...credential.data, ...change },
			});
			expect(result).toEqual({
				status: 'Error',
				message: expect.stringMatching(
					/refused these credentials: check the App ID and App Secret/,
				),
			});
			// The wrong secret starts with the right one: neither is shown.
			expect(result.message).not.toContain(DEMO_TENANT.appSecret);
			const requests = await control.getLog();
			expect(requests.length).toBeGreaterThanOrEqual(1);
			expect(requests.filter((q) => q.signatureValid)).toEqual([]);
		},
	);
});

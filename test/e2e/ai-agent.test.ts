/**
 * An AI agent runs the contact center: n8n's AI Agent with n8n's OpenAI Chat Model node, whose
 * credential points at the sandbox's scripted chat model (no network, same answers every run), and
 * Contact Center tool nodes (version 2) whose parameters the model fills with `$fromAI`. Each
 * scenario runs with `n8n execute` in the pinned n8n with the packed package installed; the test
 * reads what the model was offered and sent (the chat model's record) and the API's state
 * afterwards (the sandbox), not only the agent's answer.
 */
import { toolDescriptionText } from '../../nodes/ContactCenter/actions/toolDescriptions';
import type { ChatCompletionRecord } from '../sandbox/control';
import { useSandbox } from '../sandbox/fixture';
import { ensureN8n } from '../tools/runtime';
import {
	bindCredential,
	DEMO_TENANT,
	loadExamples,
	N8n,
	nodeOutput,
	sandboxCredential,
	type CredentialImport,
	type RunData,
	type WorkflowImport,
} from './lib';
import { EDITOR_WAIT_MS, openEditor } from './lib/browser';
import {
	agentVersion,
	agentWorkflow,
	bindModelCredential,
	contactCenterTool,
	fromAI,
	idFromAI,
	scriptedModelCredential,
} from './lib/agent';

const APP = DEMO_TENANT.appId;
const CALLER_PHONE = '13911112222';
const EXAMPLE = 'ai-agent-caller-lookup.json';
/** The phone number the example's "Incoming call" node sets. */
const EXAMPLE_PHONE = '13800138000';
const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;

let n8n: N8n;
let credential: CredentialImport;
let model: CredentialImport;
let n8nVersion: string;
let badArgsTaskId: string;
const workflows = new Map<string, WorkflowImport>();

interface Tool {
	type: string;
	function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The tools offered in a request, by name. */
function toolsOf(request: ChatCompletionRecord): Map<string, Tool['function']> {
	return new Map((request.tools as Tool[]).map((t) => [t.function.name, t.function]));
}

/** The tool results the model was sent in its last request, in order. */
function toolMessages(requests: ChatCompletionRecord[]): string[] {
	return requests
		.at(-1)!
		.messages.filter((m) => m.role === 'tool')
		.map((m) => m.content);
}

async function runScenario(key: string): Promise<{ run: RunData; chat: ChatCompletionRecord[] }> {
	const workflow = workflows.get(key);
	if (!workflow) throw new Error(`no workflow ${key}`);
	const result = await n8n.executeOk(workflow.id);
	return { run: result, chat: await control.getChatRequests() };
}

function callTaskWorkflow(): WorkflowImport {
	const tools = [
		contactCenterTool(
			'Find voice agents',
			{
				resource: 'voiceAgent',
				operation: 'getAll',
				limit: 5,
				filters: { name: fromAI('name', 'Part of the voice agent name') },
			},
			[200, 300],
		),
		contactCenterTool(
			'Find caller number groups',
			{
				resource: 'callerNumberGroup',
				operation: 'getAll',
				limit: 5,
				filters: { groupName: fromAI('groupName', 'Part of the caller number group name') },
			},
			[320, 300],
		),
		contactCenterTool(
			'Create call task',
			{
				resource: 'callTask',
				operation: 'create',
				taskName: fromAI('taskName', 'Name of the new call task'),
				voiceAgentId: idFromAI('voiceAgentId', 'The id of the voice agent, from Find voice agents'),
				agentType: 'voicebot',
				callerNumberGroupId: idFromAI(
					'callerNumberGroupId',
					'The id of the caller number group, from Find caller number groups',
				),
				maxConcurrency: 2,
				callWindows: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] },
				startType: 'manual',
			},
			[440, 300],
		),
		contactCenterTool(
			'Import number',
			{
				resource: 'callTask',
				operation: 'import',
				taskId: idFromAI('taskId', 'The taskId returned by Create call task'),
				customerNumber: fromAI('phone', 'One phone number to call'),
				additionalFields: { customerName: fromAI('customerName', 'Who is called, if known') },
			},
			[560, 300],
		),
	];
	return agentWorkflow({
		id: 'aiAgentCallTask',
		name: 'AI agent: call task from a list of numbers',
		prompt:
			'Call these customers about their delivery with the voice agent "Delivery confirmation" and the caller number group "杭州外呼号码组": 13800138001 (Li Wei), 13800138002 (Wang Fang), 13800138003 (Zhang Min).',
		tools,
		n8nVersion,
		model,
	});
}

/** The example as this release runs it: its AI Agent at the release's newest version. */
function withAgentVersion(workflow: WorkflowImport): WorkflowImport {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type === '@n8n/n8n-nodes-langchain.agent'
				? { ...node, typeVersion: agentVersion(n8nVersion) }
				: node,
		),
	};
}

/** A caller's phone → Search → Update: the lookup an agent does first, then a write. */
function callerWorkflow(): WorkflowImport {
	const tools = [
		contactCenterTool(
			'Search customers',
			{
				resource: 'customer',
				operation: 'search',
				phone: fromAI('phone', "The caller's phone number, digits only"),
				limit: 5,
			},
			[200, 300],
		),
		contactCenterTool(
			'Update customer',
			{
				resource: 'customer',
				operation: 'update',
				customerId: idFromAI('customerId', 'The _id of the customer, from Search customers'),
				updateFields: {},
				customFields: {
					mappingMode: 'defineBelow',
					value: { cf_level: fromAI('level', 'The customer level: vip, normal or potential') },
					matchingColumns: [],
					schema: [
						{
							id: 'cf_level',
							displayName: 'Customer level',
							required: false,
							defaultMatch: false,
							canBeUsedToMatch: false,
							display: true,
							type: 'string',
						},
					],
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			[320, 300],
		),
	];
	return agentWorkflow({
		id: 'aiAgentCaller001',
		name: 'AI agent: caller lookup and update',
		prompt: `A call came in from ${CALLER_PHONE}. Look the caller up and mark them as a VIP customer.`,
		tools,
		n8nVersion,
		model,
	});
}

/** Tools whose arguments the model gets wrong first: the node's validation error is the tool result. */
function badArgumentsWorkflow(taskId: string): WorkflowImport {
	const tools = [
		contactCenterTool(
			'Import number',
			{
				resource: 'callTask',
				operation: 'import',
				taskId: { __rl: true, mode: 'id', value: taskId },
				customerNumber: fromAI('phone', 'One phone number to call'),
			},
			[200, 300],
		),
		contactCenterTool(
			'Service records',
			{
				resource: 'serviceRecord',
				operation: 'getAll',
				channel: fromAI('channel', 'call or im'),
				startTime: '={{ $now.minus({ hours: 1 }).toISO() }}',
				endTime: '={{ $now.toISO() }}',
			},
			[320, 300],
		),
		contactCenterTool(
			'Get customer',
			{
				resource: 'customer',
				operation: 'get',
				customerId: idFromAI('customerId', 'The customer ID'),
			},
			[440, 300],
		),
	];
	const workflow = agentWorkflow({
		id: 'aiAgentBadArgs01',
		name: 'AI agent: bad arguments',
		prompt:
			'Add 13800138009 to the call task, then show recent SMS records and customer 1874532109876543210.',
		tools,
		n8nVersion,
		model,
	});
	// The customer ID as a number, as a model may send it: the 19-digit $fromAI type is number here.
	const get = workflow.nodes.find((n) => n.name === 'Get customer')!;
	get.parameters.customerId = {
		__rl: true,
		mode: 'id',
		value: fromAI('customerId', 'The customer ID', 'number'),
	};
	return workflow;
}

beforeAll(async () => {
	// Installs Node 24 and n8n on the first run only (about 4 minutes); free afterwards.
	const runtime = await ensureN8n();
	n8nVersion = runtime.n8nVersion;
	n8n = await N8n.create({ runtime });
	await n8n.installPackage();
	credential = sandboxCredential(sandbox.url);
	model = scriptedModelCredential(sandbox.url);
	workflows.set('callTask', bindCredential(callTaskWorkflow(), credential));
	workflows.set('caller', bindCredential(callerWorkflow(), credential));
	const example = (await loadExamples()).find((e) => e.file === EXAMPLE)!.workflow;
	workflows.set(
		'example',
		bindModelCredential(bindCredential(withAgentVersion(example), credential), model),
	);
	const state = await control.getState(APP);
	[badArgsTaskId] = await control.seedTasks({
		appId: APP,
		tasks: [{ taskName: 'Bad arguments', voiceAgentId: state.agents[0].id, status: 'draft' }],
	});
	workflows.set('badArgs', bindCredential(badArgumentsWorkflow(badArgsTaskId), credential));
	await n8n.importCredentials([credential, model]);
	await n8n.importWorkflows([...workflows.values()]);
}, 15 * 60_000);

afterAll(async () => {
	await n8n?.dispose();
}, 60_000);

describe("a caller's phone → Search → Update the customer", () => {
	test(
		'the agent finds the caller by phone and marks exactly that customer VIP',
		async () => {
			const [callerId] = await control.seedCustomers({
				appId: APP,
				customers: [{ customerName: 'Caller One', mobile: [{ value: CALLER_PHONE, memo: '' }] }],
			});
			const before = await control.getState(APP);
			await control.setChatScript([
				{ toolCalls: [{ name: 'Search_customers', arguments: { phone: CALLER_PHONE } }] },
				{
					toolCalls: [
						{
							name: 'Update_customer',
							arguments: { customerId: '{{tool:0._id}}', level: 'vip' },
						},
					],
				},
				{ text: 'Caller One is now a VIP.' },
			]);
			await control.clearLog();

			const { run, chat } = await runScenario('caller');
			expect(nodeOutput(run, 'AI Agent')[0].json.output).toBe('Caller One is now a VIP.');
			const tools = toolsOf(chat[0]);
			expect(tools.get('Search_customers')!.description).toBe(
				toolDescriptionText('customer', 'search'),
			);
			expect(tools.get('Update_customer')!.parameters).toMatchObject({
				properties: {
					customerId: { type: 'string' },
					level: { type: 'string', description: 'The customer level: vip, normal or potential' },
				},
			});
			// The model read the customer's 18-digit _id as text from Search's (simplified) result.
			const [found] = JSON.parse(toolMessages(chat)[0]) as Array<Record<string, unknown>>;
			expect(found).toMatchObject({ _id: callerId, customerName: 'Caller One' });

			const after = await control.getState(APP);
			const changed = after.customers.filter(
				(c) => JSON.stringify(c) !== JSON.stringify(before.customers.find((b) => b._id === c._id)),
			);
			expect(changed.map((c) => [c._id, c.cf_level])).toEqual([[callerId, 'vip']]);
			const writes = (await control.getLog({ appId: APP })).filter(
				(q) => q.path === '/openapi/crm/update',
			);
			expect(writes.map((q) => (q.body as Record<string, unknown>)._id)).toEqual([callerId]);
		},
		5 * 60_000,
	);
});

describe('a list of numbers → a call task with them imported', () => {
	test(
		'the agent finds the voice agent and caller group, creates the task and imports three numbers; the API holds exactly that',
		async () => {
			const before = await control.getState(APP);
			const agent = before.agents.find((a) => a.name === 'Delivery confirmation')!;
			const group = before.callerNumberGroups.find((g) => g.groupName === '杭州外呼号码组')!;
			await control.setChatScript([
				{
					toolCalls: [
						{ name: 'Find_voice_agents', arguments: { name: 'Delivery confirmation' } },
						{ name: 'Find_caller_number_groups', arguments: { groupName: '杭州外呼号码组' } },
					],
				},
				{
					toolCalls: [
						{
							name: 'Create_call_task',
							arguments: {
								taskName: 'Delivery calls (agent)',
								voiceAgentId: '{{tool#0:0.id}}',
								callerNumberGroupId: '{{tool#1:0.id}}',
							},
						},
					],
				},
				{
					toolCalls: ['13800138001:Li Wei', '13800138002:Wang Fang', '13800138003:Zhang Min'].map(
						(entry) => {
							const [phone, customerName] = entry.split(':');
							return {
								name: 'Import_number',
								arguments: { taskId: '{{tool:0.taskId}}', phone, customerName },
							};
						},
					),
				},
				{ text: 'The call task is ready with 3 numbers.' },
			]);
			await control.clearLog();

			const { run, chat } = await runScenario('callTask');
			expect(nodeOutput(run, 'AI Agent')[0].json.output).toBe(
				'The call task is ready with 3 numbers.',
			);
			expect(chat.map((r) => r.turn)).toEqual([0, 1, 2, 3]);

			// What the model was offered: each tool's own description and a schema from the $fromAI calls.
			const tools = toolsOf(chat[0]);
			expect([...tools.keys()].sort()).toEqual([
				'Create_call_task',
				'Find_caller_number_groups',
				'Find_voice_agents',
				'Import_number',
			]);
			expect(tools.get('Find_voice_agents')!.description).toBe(
				toolDescriptionText('voiceAgent', 'getAll'),
			);
			expect(tools.get('Create_call_task')!.description).toBe(
				toolDescriptionText('callTask', 'create'),
			);
			expect(tools.get('Import_number')!.description).toMatch(/18-digit strings.*never as numbers/);
			expect(tools.get('Import_number')!.parameters).toMatchObject({
				type: 'object',
				properties: {
					taskId: { type: 'string', description: 'The taskId returned by Create call task' },
					phone: { type: 'string', description: 'One phone number to call' },
				},
			});
			// Tool results reach the model as the node's output (ids as 18-digit text).
			const results = toolMessages(chat);
			expect(JSON.parse(results[0])).toEqual([
				expect.objectContaining({ id: agent.id, name: 'Delivery confirmation' }),
			]);
			expect(JSON.parse(results[2])).toEqual([
				expect.objectContaining({ taskId: expect.stringMatching(/^\d{18}$/) }),
			]);

			const after = await control.getState(APP);
			const created = after.tasks.filter((t) => !before.tasks.some((b) => b.id === t.id));
			expect(created).toHaveLength(1);
			const [task] = created;
			expect(task).toMatchObject({
				taskName: 'Delivery calls (agent)',
				voiceAgentId: agent.id,
				agentType: 'voicebot',
				startType: 'manual',
				status: 'draft',
				callStrategy: { callerNumberGroupId: group.id, maxConcurrency: 2 },
			});
			// n8n 1.x runs parallel tool calls concurrently: the imports may land in any order.
			expect(
				(await control.getTaskCustomers(APP, task.id))
					.map((c) => [c.customerNumber, c.customerName])
					.sort(),
			).toEqual([
				['13800138001', 'Li Wei'],
				['13800138002', 'Wang Fang'],
				['13800138003', 'Zhang Min'],
			]);
		},
		5 * 60_000,
	);
});

describe('bad arguments from the model', () => {
	test(
		'a phone with letters, an unknown channel and a 19-digit ID as a number come back as the node’s validation errors, nothing is sent for them, and the corrected call goes through',
		async () => {
			await control.setChatScript([
				{
					toolCalls: [
						{ name: 'Import_number', arguments: { phone: 'call me maybe' } },
						{ name: 'Service_records', arguments: { channel: 'sms' } },
						{ name: 'Get_customer', arguments: '{"customerId": 1874532109876543210}' },
					],
				},
				{ toolCalls: [{ name: 'Import_number', arguments: { phone: '13800138009' } }] },
				{ text: 'Imported 13800138009; SMS records do not exist.' },
			]);
			await control.clearLog();

			const { run, chat } = await runScenario('badArgs');
			expect(nodeOutput(run, 'AI Agent')[0].json.output).toBe(
				'Imported 13800138009; SMS records do not exist.',
			);
			const [phone, channel, id, corrected] = toolMessages(chat).map(
				(m) => JSON.parse(m) as unknown,
			);
			// The tool answers with an error item (message and fix), on 1.x too; the agent run goes on.
			const refused = (message: RegExp) => [
				{ error: expect.stringMatching(message), description: expect.any(String) },
			];
			expect(phone).toEqual(
				refused(
					/^Invalid input \[item 0\]: "Customer Number" must be 5 to 20 characters of digits, \+ and - \(got "call me maybe"\)/,
				),
			);
			expect(channel).toEqual(refused(/^Invalid input \[item 0\]: "Channel" .*sms/));
			expect(id).toEqual(
				refused(
					/^Invalid input \[item 0\]: "Customer[^"]*" is the number 1874532109876543200, which is larger than 2\^53/,
				),
			);
			expect(corrected).toEqual([
				expect.objectContaining({ taskId: badArgsTaskId, successCount: 1 }),
			]);

			// Only the corrected import reached the API.
			expect((await control.getLog({ appId: APP })).map((q) => q.path)).toEqual([
				'/openapi/agent/web/v1/callTask/import',
			]);
			expect(
				(await control.getTaskCustomers(APP, badArgsTaskId)).map((c) => c.customerNumber),
			).toEqual(['13800138009']);
		},
		5 * 60_000,
	);
});

describe(`examples/${EXAMPLE}`, () => {
	test(
		'with its model pointed at the scripted one, it finds the caller and records the last contact on that customer only',
		async () => {
			const [callerId] = await control.seedCustomers({
				appId: APP,
				customers: [
					{ customerName: 'Example Caller', mobile: [{ value: EXAMPLE_PHONE, memo: '' }] },
				],
			});
			const before = await control.getState(APP);
			await control.setChatScript([
				{ toolCalls: [{ name: 'Search_customers', arguments: { phone: EXAMPLE_PHONE } }] },
				{
					toolCalls: [{ name: 'Record_last_contact', arguments: { customerId: '{{tool:0._id}}' } }],
				},
				{ text: 'Example Caller ({{tool:0._id}}) called; last contact recorded.' },
			]);
			await control.clearLog();

			const { run, chat } = await runScenario('example');
			expect(nodeOutput(run, 'AI Agent')).toHaveLength(1);
			// The prompt carries the phone from "Incoming call"; the tools are the example's two.
			expect(chat[0].messages.some((m) => m.content.includes(EXAMPLE_PHONE))).toBe(true);
			expect([...toolsOf(chat[0]).keys()].sort()).toEqual([
				'Record_last_contact',
				'Search_customers',
			]);
			// Output Fields keep the model's context small: only the named fields come back.
			const [found, recorded] = toolMessages(chat).map((m) => JSON.parse(m) as unknown);
			expect(found).toEqual([
				{
					_id: callerId,
					customerName: 'Example Caller',
					phones: [EXAMPLE_PHONE],
					emails: [],
				},
			]);
			expect(recorded).toEqual([
				{
					_id: callerId,
					customerName: 'Example Caller',
					cf_last_contact: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
				},
			]);

			const after = await control.getState(APP);
			const changed = after.customers.filter(
				(c) => JSON.stringify(c) !== JSON.stringify(before.customers.find((b) => b._id === c._id)),
			);
			expect(changed.map((c) => c._id)).toEqual([callerId]);
			expect(changed[0].cf_last_contact).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		},
		5 * 60_000,
	);
});

describe('the tool node in the editor (Chromium)', () => {
	beforeAll(async () => {
		await n8n.start();
	}, 3 * 60_000);

	test('shows the operation’s Description (what the model reads), and no "Set Automatically" choice', async () => {
		const editor = await openEditor(n8n);
		try {
			const example = workflows.get('example')!;
			const search = example.nodes.find((node) => node.name === 'Search customers')!;
			// /workflow/<id>/<node id> opens the node's details.
			await editor.page.goto(`${n8n.baseUrl}/workflow/${example.id}/${search.id}`);
			const ndv = editor.page.getByTestId('ndv');
			const description = ndv.getByTestId('parameter-input-toolDescription').locator('textarea');
			await description.waitFor({ timeout: EDITOR_WAIT_MS });
			expect(await description.inputValue()).toBe(toolDescriptionText('customer', 'search'));
			expect(await ndv.getByTestId('parameter-input-descriptionType').count()).toBe(0);
			await editor.screenshot('ai-agent-tool-description');
		} finally {
			await editor.close();
		}
	}, 180_000);
});

/**
 * An AI agent runs the contact center: n8n's AI Agent and OpenAI Chat Model, its credential pointed
 * at the sandbox's scripted chat model, with Contact Center tool nodes filled by
 * `$fromAI`; each scenario runs with `n8n execute`. The test reads what the model was offered and
 * sent (the chat model's record) and the API's state afterwards, not only the agent's answer.
 */
import { toolDescriptionText } from '../../nodes/ContactCenter/actions/toolDescriptions';
import type { ChatCompletionRecord, ChatScriptTurn, TenantStateDump } from '../sandbox/control';
import { useSandbox } from '../sandbox/fixture';
import { ensureN8n } from '../../tools/runtime';
import {
	bindCredential,
	DEMO_TENANT,
	loadExamples,
	N8n,
	nodeOutput,
	sandboxCredential,
	type WorkflowImport,
	type WorkflowNode,
} from './lib';
import { openEditor } from './lib/browser';
import {
	agentVersion,
	agentWorkflow,
	bindModelCredential,
	contactCenterTool,
	fromAI,
	idFromAI,
	scriptedModelCredential,
} from './lib/agent';

jest.setTimeout(5 * 60_000);

const APP = DEMO_TENANT.appId;
const CALLER_PHONE = '13911112222';
const EXAMPLE = 'ai-agent-caller-lookup.json';
/** The phone number the example's "Incoming call" node sets. */
const EXAMPLE_PHONE = '13800138000';
const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;

let n8n: N8n;
let badArgsTaskId: string;
const workflows = new Map<string, WorkflowImport>();

type Tool = { function: { name: string; description: string; parameters: object } };
/** The tools offered in a request, by name. */
const toolsOf = (request: ChatCompletionRecord) =>
	new Map((request.tools as Tool[]).map((t) => [t.function.name, t.function]));

/**
 * Runs a scenario's workflow with the model answering `script`: the agent's answer, what the model
 * was sent, the tool results (as JSON) in its last request, and the tenant's state before.
 */
async function runScenario(key: string, script: ChatScriptTurn[]) {
	const before = await control.getState(APP);
	await control.setChatScript(script);
	await control.clearLog();
	const run = await n8n.executeOk(workflows.get(key)!.id);
	const chat = await control.getChatRequests();
	const results = chat
		.at(-1)!
		.messages.filter((m) => m.role === 'tool')
		.map((m) => JSON.parse(m.content) as unknown);
	return { agent: nodeOutput(run, 'AI Agent'), chat, results, before };
}

/** The customers whose record changed since `before`. */
async function changedCustomers(before: TenantStateDump) {
	const was = (id: string) => JSON.stringify(before.customers.find((b) => b._id === id));
	return (await control.getState(APP)).customers.filter((c) => JSON.stringify(c) !== was(c._id));
}

/** The scenarios' workflows, each an AI Agent with Contact Center tools. */
function scenarios(n8nVersion: string, model: { id: string; name: string }, taskId: string) {
	const agent = (id: string, name: string, prompt: string, tools: WorkflowNode[]) =>
		agentWorkflow({ id, name }, prompt, tools, n8nVersion, model);
	const callTask = agent(
		'aiAgentCallTask',
		'AI agent: call task from a list of numbers',
		'Call these customers about their delivery with the voice agent "Delivery confirmation" and the caller number group "Hangzhou outbound numbers": 13800138001 (Li Wei), 13800138002 (Wang Fang), 13800138003 (Zhang Min).',
		[
			contactCenterTool('Find voice agents', {
				resource: 'voiceAgent',
				operation: 'getAll',
				limit: 5,
				filters: { name: fromAI('name', 'Part of the voice agent name') },
			}),
			contactCenterTool('Find caller number groups', {
				resource: 'callerNumberGroup',
				operation: 'getAll',
				limit: 5,
				filters: { groupName: fromAI('groupName', 'Part of the caller number group name') },
			}),
			contactCenterTool('Create call task', {
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
			}),
			contactCenterTool('Import number', {
				resource: 'callTask',
				operation: 'import',
				taskId: idFromAI('taskId', 'The taskId returned by Create call task'),
				customerNumber: fromAI('phone', 'One phone number to call'),
				additionalFields: { customerName: fromAI('customerName', 'Who is called, if known') },
			}),
		],
	);
	// A caller's phone → Search → Update: the lookup an agent does first, then a write.
	const level = {
		id: 'cf_level',
		displayName: 'Customer level',
		required: false,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: 'string',
	};
	const caller = agent(
		'aiAgentCaller001',
		'AI agent: caller lookup and update',
		`A call came in from ${CALLER_PHONE}. Look the caller up and mark them as a VIP customer.`,
		[
			contactCenterTool('Search customers', {
				resource: 'customer',
				operation: 'search',
				phone: fromAI('phone', "The caller's phone number, digits only"),
				limit: 5,
			}),
			contactCenterTool('Update customer', {
				resource: 'customer',
				operation: 'update',
				customerId: idFromAI('customerId', 'The _id of the customer, from Search customers'),
				updateFields: {},
				customFields: {
					mappingMode: 'defineBelow',
					value: { cf_level: fromAI('level', 'The customer level: vip, normal or potential') },
					matchingColumns: [],
					schema: [level],
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			}),
		],
	);
	// Tools whose arguments the model gets wrong first: the node's validation error is the tool result.
	const badArgs = agent(
		'aiAgentBadArgs01',
		'AI agent: bad arguments',
		'Add 13800138009 to the call task, then show recent SMS records and customer 1874532109876543210.',
		[
			contactCenterTool('Import number', {
				resource: 'callTask',
				operation: 'import',
				taskId: { __rl: true, mode: 'id', value: taskId },
				customerNumber: fromAI('phone', 'One phone number to call'),
			}),
			contactCenterTool('Service records', {
				resource: 'serviceRecord',
				operation: 'getAll',
				channel: fromAI('channel', 'call or im'),
				startTime: '={{ $now.minus({ hours: 1 }).toISO() }}',
				endTime: '={{ $now.toISO() }}',
			}),
			// The customer ID as a number, as a model may send it: the 19-digit $fromAI type is number here.
			contactCenterTool('Get customer', {
				resource: 'customer',
				operation: 'get',
				customerId: idFromAI('customerId', 'The customer ID', 'number'),
			}),
		],
	);
	return { callTask, caller, badArgs };
}

beforeAll(async () => {
	const runtime = await ensureN8n();
	const credential = sandboxCredential(sandbox.url);
	const model = scriptedModelCredential(sandbox.url);
	const state = await control.getState(APP);
	[badArgsTaskId] = await control.seedTasks({
		appId: APP,
		tasks: [{ taskName: 'Bad arguments', voiceAgentId: state.agents[0].id, status: 'draft' }],
	});
	for (const [key, workflow] of Object.entries(scenarios(runtime.n8nVersion, model, badArgsTaskId)))
		workflows.set(key, bindCredential(workflow, credential));
	// The example as this release runs it: its AI Agent at the release's newest version.
	const example = (await loadExamples()).find((e) => e.file === EXAMPLE)!.workflow;
	const nodes = example.nodes.map((node) =>
		node.type === '@n8n/n8n-nodes-langchain.agent'
			? { ...node, typeVersion: agentVersion(runtime.n8nVersion) }
			: node,
	);
	workflows.set(
		'example',
		bindModelCredential(bindCredential({ ...example, nodes }, credential), model),
	);
	n8n = await N8n.prepared(
		{ credentials: [credential, model], workflows: [...workflows.values()] },
		{ runtime },
	);
}, 15 * 60_000);

N8n.disposeAfterAll(() => n8n);

test("a caller's phone → Search → Update: the agent finds the caller by phone and marks exactly that customer VIP", async () => {
	const [callerId] = await control.seedCustomers({
		appId: APP,
		customers: [{ customerName: 'Caller One', mobile: [{ value: CALLER_PHONE, memo: '' }] }],
	});
	const { agent, chat, results, before } = await runScenario('caller', [
		{ toolCalls: [{ name: 'Search_customers', arguments: { phone: CALLER_PHONE } }] },
		{
			toolCalls: [
				{ name: 'Update_customer', arguments: { customerId: '{{tool:0._id}}', level: 'vip' } },
			],
		},
		{ text: 'Caller One is now a VIP.' },
	]);
	expect(agent[0].json.output).toBe('Caller One is now a VIP.');
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
	expect(results[0]).toEqual([
		expect.objectContaining({ _id: callerId, customerName: 'Caller One' }),
	]);
	const changed = await changedCustomers(before);
	expect(changed.map((c) => [c._id, c.cf_level])).toEqual([[callerId, 'vip']]);
	const writes = await control.getLog({ appId: APP, pathContains: '/openapi/crm/update' });
	expect(writes.map((q) => (q.body as Record<string, unknown>)._id)).toEqual([callerId]);
});

test('a list of numbers → a call task: the agent finds the voice agent and caller group, creates the task and imports three numbers; the API holds exactly that', async () => {
	const people = [
		['13800138001', 'Li Wei'],
		['13800138002', 'Wang Fang'],
		['13800138003', 'Zhang Min'],
	];
	const { agent, chat, results, before } = await runScenario('callTask', [
		{
			toolCalls: [
				{ name: 'Find_voice_agents', arguments: { name: 'Delivery confirmation' } },
				{
					name: 'Find_caller_number_groups',
					arguments: { groupName: 'Hangzhou outbound numbers' },
				},
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
			toolCalls: people.map(([phone, customerName]) => ({
				name: 'Import_number',
				arguments: { taskId: '{{tool:0.taskId}}', phone, customerName },
			})),
		},
		{ text: 'The call task is ready with 3 numbers.' },
	]);
	const voiceAgent = before.agents.find((a) => a.name === 'Delivery confirmation')!;
	const group = before.callerNumberGroups.find((g) => g.groupName === 'Hangzhou outbound numbers')!;
	expect(agent[0].json.output).toBe('The call task is ready with 3 numbers.');
	expect(chat.map((r) => r.turn)).toEqual([0, 1, 2, 3]);

	// What the model was offered: each tool's own description and a schema from the $fromAI calls.
	const tools = toolsOf(chat[0]);
	expect([...tools.keys()].sort()).toEqual([
		'Create_call_task',
		'Find_caller_number_groups',
		'Find_voice_agents',
		'Import_number',
	]);
	expect([tools.get('Find_voice_agents'), tools.get('Create_call_task')]).toMatchObject([
		{ description: toolDescriptionText('voiceAgent', 'getAll') },
		{ description: toolDescriptionText('callTask', 'create') },
	]);
	expect(tools.get('Import_number')!.description).toMatch(/18-digit strings.*never as numbers/);
	expect(tools.get('Import_number')!.parameters).toMatchObject({
		type: 'object',
		properties: {
			taskId: { type: 'string', description: 'The taskId returned by Create call task' },
			phone: { type: 'string', description: 'One phone number to call' },
		},
	});
	// Tool results reach the model as the node's output (ids as 18-digit text).
	expect(results[0]).toEqual([
		expect.objectContaining({ id: voiceAgent.id, name: 'Delivery confirmation' }),
	]);
	expect(results[2]).toEqual([
		expect.objectContaining({ taskId: expect.stringMatching(/^\d{18}$/) }),
	]);

	const created = (await control.getState(APP)).tasks.filter(
		(t) => !before.tasks.some((b) => b.id === t.id),
	);
	expect(created).toEqual([
		expect.objectContaining({
			taskName: 'Delivery calls (agent)',
			voiceAgentId: voiceAgent.id,
			agentType: 'voicebot',
			startType: 'manual',
			status: 'draft',
			callStrategy: expect.objectContaining({ callerNumberGroupId: group.id, maxConcurrency: 2 }),
		}),
	]);
	// n8n 1.x runs parallel tool calls concurrently: the imports may land in any order.
	const imported = await control.getTaskCustomers(APP, created[0].id);
	expect(imported.map((c) => [c.customerNumber, c.customerName]).sort()).toEqual(people);
});

test('bad arguments from the model: a phone with letters, an unknown channel and a 19-digit ID as a number come back as the node’s validation errors, nothing is sent for them, and the corrected call goes through', async () => {
	const { agent, results } = await runScenario('badArgs', [
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
	expect(agent[0].json.output).toBe('Imported 13800138009; SMS records do not exist.');
	// The tool answers with an error item (message and fix), on 1.x too; the agent run goes on.
	const refused = (message: RegExp) => [
		{ error: expect.stringMatching(message), description: expect.any(String) },
	];
	expect(results).toEqual([
		refused(
			/^Invalid input \[item 0\]: "Phone Number to Call" must be 5 to 20 characters of digits, \+ and - \(got "call me maybe"\)/,
		),
		refused(/^Invalid input \[item 0\]: "Channel" .*sms/),
		refused(
			/^Invalid input \[item 0\]: "Customer[^"]*" is the number 1874532109876543200, which is larger than 2\^53/,
		),
		[expect.objectContaining({ taskId: badArgsTaskId, successCount: 1 })],
	]);
	// Only the corrected import reached the API.
	expect((await control.getLog({ appId: APP })).map((q) => q.path)).toEqual([
		'/openapi/agent/web/v1/callTask/import',
	]);
	const imported = await control.getTaskCustomers(APP, badArgsTaskId);
	expect(imported.map((c) => c.customerNumber)).toEqual(['13800138009']);
});

test(`examples/${EXAMPLE}, its model pointed at the scripted one: finds the caller and records the last contact on that customer only`, async () => {
	const [callerId] = await control.seedCustomers({
		appId: APP,
		customers: [{ customerName: 'Example Caller', mobile: [{ value: EXAMPLE_PHONE, memo: '' }] }],
	});
	const { agent, chat, results, before } = await runScenario('example', [
		{ toolCalls: [{ name: 'Search_customers', arguments: { phone: EXAMPLE_PHONE } }] },
		{ toolCalls: [{ name: 'Record_last_contact', arguments: { customerId: '{{tool:0._id}}' } }] },
		{ text: 'Example Caller ({{tool:0._id}}) called; last contact recorded.' },
	]);
	expect(agent).toHaveLength(1);
	// The prompt carries the phone from "Incoming call"; the tools are the example's two.
	expect(chat[0].messages.some((m) => m.content.includes(EXAMPLE_PHONE))).toBe(true);
	expect([...toolsOf(chat[0]).keys()].sort()).toEqual(['Record_last_contact', 'Search_customers']);
	// Search's Output "Selected Fields" keeps the model's context small: only the chosen fields come back.
	const time = expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
	const caller = { _id: callerId, customerName: 'Example Caller' };
	expect(results).toEqual([
		[
			expect.objectContaining({
				...caller,
				mobile: [expect.objectContaining({ value: EXAMPLE_PHONE })],
			}),
		],
		[expect.objectContaining({ ...caller, cf_last_contact: time })],
	]);
	expect(Object.keys((results[0] as object[])[0]).sort()).toEqual(
		['_id', 'customerName', 'email', 'mobile'].sort(),
	);
	const changed = await changedCustomers(before);
	expect(changed).toEqual([expect.objectContaining({ _id: callerId, cf_last_contact: time })]);
});

test('the tool node in the editor (Chromium) shows the operation’s Description (what the model reads), and no "Set Automatically" choice', async () => {
	await n8n.start();
	const editor = await openEditor(n8n);
	try {
		const example = workflows.get('example')!;
		const search = example.nodes.find((node) => node.name === 'Search customers')!;
		// /workflow/<id>/<node id> opens the node's details.
		await editor.page.goto(`${n8n.baseUrl}/workflow/${example.id}/${search.id}`);
		const ndv = editor.page.getByTestId('ndv');
		const description = ndv.getByTestId('parameter-input-toolDescription').locator('textarea');
		await description.waitFor();
		expect(await description.inputValue()).toBe(toolDescriptionText('customer', 'search'));
		expect(await ndv.getByTestId('parameter-input-descriptionType').count()).toBe(0);
		await editor.screenshot('ai-agent-tool-description');
	} finally {
		await editor.close();
	}
});

/**
 * 18-digit ids of the voice-agent interface (envelope B: agent ids, caller-number-group ids, task
 * ids, import batch ids) survive the whole chain exactly: the API writes them as bare JSON numbers
 * beyond 2^53, the node outputs them as the same digits, and a workflow that passes them on (by
 * expression, from item to item) sends those digits back: a task created from an agent and a group
 * picked from the lists, then imported into, started and paused by its id.
 */
import type { IDataObject } from 'n8n-workflow';

import { SignedClient } from '../sandbox/client';
import { APP_ID, PATHS, SECRET, on, phone, rl, taskCreateParameters, useFixture } from './support';

const fx = useFixture();

// Integers past 2^53 whose nearest doubles differ: JSON.parse would change their last digits.
const AGENT_ID = '987654321098765433';
const OTHER_AGENT_ID = '987654321098765435';
const GROUP_ID = '876543210987654323';

const isUnsafe = (id: string) =>
	/^\d{18}$/.test(id) && String(Number(id)) !== id && !Number.isSafeInteger(Number(id));

beforeAll(async () => {
	await fx.control.reset();
	await fx.control.seedAgents({
		appId: APP_ID,
		agents: [
			{ id: AGENT_ID, name: 'Renewals', agentType: 'voicebot', publishStatus: 'PUBLISHED' },
			{ id: OTHER_AGENT_ID, name: 'Survey', agentType: 'voiceagent', publishStatus: 'PUBLISHED' },
		],
	});
	const groups = [{ id: GROUP_ID, groupName: 'Hangzhou' }];
	await fx.control.seedCallerNumberGroups({ appId: APP_ID, groups });
});

describe('the ids really are 18-digit numbers that JSON.parse would corrupt', () => {
	it('the API writes agent and group ids as bare JSON numbers past 2^53', async () => {
		expect([AGENT_ID, OTHER_AGENT_ID, GROUP_ID].every(isUnsafe)).toBe(true);
		const client = new SignedClient(fx.sandbox.url, APP_ID, SECRET);
		const agents = await client.post(PATHS.agentQuery, { pageNo: 1, pageSize: 10 });
		expect(agents.text).toContain(`"id":${AGENT_ID}`);
		const parsed = JSON.parse(agents.text) as { data: { list: Array<{ id: number }> } };
		expect(parsed.data.list.map((a) => String(a.id))).not.toContain(AGENT_ID);
		const groups = await client.post(PATHS.callerGroupQuery, { pageNo: 1, pageSize: 10 });
		expect(groups.text).toContain(`"id":${GROUP_ID}`);
	});
});

describe('round trip: list → create → import → get → start → pause, ids passed on by expression', () => {
	let agent: IDataObject;
	let group: IDataObject;
	let taskId = '';

	it('agents and caller number groups come out with the exact digits, as strings', async () => {
		const agents = await fx.ok({ resource: 'voiceAgent', operation: 'getAll', returnAll: true });
		expect(agents.items.map((i) => i.json.id).sort()).toEqual([AGENT_ID, OTHER_AGENT_ID]);
		agent = agents.items.find((i) => i.json.id === AGENT_ID)?.json as IDataObject;
		const groups = await fx.run({
			resource: 'callerNumberGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(groups.items.map((i) => i.json.id)).toEqual([GROUP_ID]);
		group = groups.items[0].json;
		expect(typeof agent.id).toBe('string');
		expect(typeof group.id).toBe('string');
	});

	it('create: the agent id goes out as the same bare Long, the group id as the same string; the task id comes back exact', async () => {
		const byExpression = ['={{ $json.agent.id }}', '={{ $json.group.id }}'] as const;
		const parameters = taskCreateParameters(...byExpression, 'Round trip');
		const result = await fx.ok(parameters, { items: [{ agent, group }] });
		const [request] = on(result.requests, PATHS.taskCreate);
		expect(request.rawBody).toContain(`"voiceAgentId":${AGENT_ID},`);
		expect(request.rawBody).toContain(`"callerNumberGroupId":"${GROUP_ID}"`);
		taskId = String(result.items[0].json.taskId);
		const state = await fx.control.getState(APP_ID);
		const task = state.tasks.find((t) => t.taskName === 'Round trip');
		expect(task?.id).toBe(taskId);
		expect(isUnsafe(taskId)).toBe(true);
		expect(task?.voiceAgentId).toBe(AGENT_ID);
		expect(task?.callStrategy.callerNumberGroupId).toBe(GROUP_ID);
	});

	it('import into that task by id: the task id goes out exact; the import batch id comes back exact', async () => {
		const items = [0, 1, 2].map((i) => ({ taskId, phone: phone(i) }));
		const byId = { taskId: rl('={{ $json.taskId }}'), customerNumber: '={{ $json.phone }}' };
		const result = await fx.ok({ resource: 'callTask', operation: 'import', ...byId }, { items });
		const [request] = on(result.requests, PATHS.taskImport);
		expect(request.rawBody).toContain(`"taskId":"${taskId}"`);
		const out = result.items[0].json;
		expect(out.taskId).toBe(taskId);
		const task = (await fx.control.getState(APP_ID)).tasks.find((t) => t.id === taskId);
		expect(task?.importBatchIds).toHaveLength(1);
		expect(out.importBatchId).toBe(task?.importBatchIds[0]);
		expect(isUnsafe(String(out.importBatchId))).toBe(true);
	});

	it('get and get many return the task with its exact id and agent id', async () => {
		const got = await fx.ok(
			{ resource: 'callTask', operation: 'get', taskId: rl('={{ $json.taskId }}') },
			{ items: [{ taskId }] },
		);
		expect(got.items[0].json.id).toBe(taskId);
		expect(got.items[0].json.voiceAgentId).toBe(AGENT_ID);
		expect((got.items[0].json.callStrategy as IDataObject).callerNumberGroupId).toBe(GROUP_ID);
		const many = await fx.run({ resource: 'callTask', operation: 'getAll', returnAll: true });
		expect(many.items.map((i) => i.json.id)).toContain(taskId);
		expect(many.items.map((i) => i.json.voiceAgentId)).toContain(AGENT_ID);
	});

	it.each(['start', 'pause'] as const)(
		'%s by id: the body carries the exact task id; the answer names it',
		async (operation) => {
			const result = await fx.ok(
				{ resource: 'callTask', operation, taskId: rl('={{ $json.taskId }}') },
				{ items: [{ taskId }] },
			);
			const [request] = on(result.requests, PATHS.taskOperate);
			expect(request.rawBody).toBe(JSON.stringify({ taskId, operation }));
			expect(result.items[0].json.taskId).toBe(taskId);
			const task = (await fx.control.getState(APP_ID)).tasks.find((t) => t.id === taskId);
			expect(task?.status).toBe(operation === 'start' ? 'running' : 'pause');
		},
	);

	it('a task created by typing the agent id as digits (By ID) sends the same Long', async () => {
		const parameters = taskCreateParameters(OTHER_AGENT_ID, GROUP_ID, 'Typed ids');
		const result = await fx.ok({ ...parameters, options: { agentType: 'voiceagent' } });
		expect(on(result.requests, PATHS.taskCreate)[0].rawBody).toContain(
			`"voiceAgentId":${OTHER_AGENT_ID},`,
		);
	});
});

/**
 * Call Task and Voice Agent in version 2: Create's calmer form (one Mon–Fri 09:00–18:00 window
 * filled in, "Retry Unsuccessful Calls" as a switch revealing its fields, Agent Type under Options)
 * sends the same body as version 1 for the same input; Get, Get Many and Voice Agent Get Many
 * simplify by default, and without Simplify return what version 1 returns.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { expectRefused } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const CREATE_PATH = '/openapi/agent/web/v1/callTask/create';
const AGENT_ID = '987654321098765432';
const VOICEAGENT_ID = '987654321098765433';
const GROUP_ID = '876543210987654321';

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeAll(async () => {
	await control.seedAgents({
		appId: APP.appId,
		agents: [
			{ id: AGENT_ID, name: 'Renewal reminder', agentType: 'voicebot', publishStatus: 'PUBLISHED' },
			{ id: VOICEAGENT_ID, name: 'Survey', agentType: 'voiceagent', publishStatus: 'OFFLINE' },
		],
	});
	await control.seedCallerNumberGroups({
		appId: APP.appId,
		groups: [{ id: GROUP_ID, groupName: 'Hangzhou numbers' }],
	});
	await control.seedTasks({
		appId: APP.appId,
		tasks: [{ taskName: 'Seeded A', voiceAgentId: AGENT_ID }, { taskName: 'Seeded B' }],
	});
});

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter, typeVersion: 2 });

const CREATE: INodeParameters = {
	resource: 'callTask',
	operation: 'create',
	taskName: 'Renewal calls',
	voiceAgentId: locator(AGENT_ID),
	callerNumberGroupId: locator(GROUP_ID),
	maxConcurrency: 2,
	startType: 'manual',
};

const createBody = (result: RunNodeResult): IDataObject => {
	expect(result.error).toBeUndefined();
	expect(result.requests.map((r) => r.path)).toEqual([CREATE_PATH]);
	return result.requests[0].body as IDataObject;
};

describe('callTask create, version 2', () => {
	test('the form as it opens: one Mon-Fri 09:00-18:00 window, no retry, no agent type', async () => {
		const body = createBody(await run(CREATE));
		expect(body).toEqual({
			taskName: 'Renewal calls',
			voiceAgentId: AGENT_ID,
			startType: 'manual',
			callStrategy: {
				callWindowRanges: [{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-18:00'] }],
				maxConcurrency: 2,
				callerNumberGroupId: GROUP_ID,
			},
			retryStrategy: {
				retryEnabled: false,
				retryReasons: [],
				maxRetryTimes: null,
				retryIntervalValue: null,
				retryIntervalUnit: null,
			},
		});
	});

	test('Retry Unsuccessful Calls on: its revealed fields start at busy and no answer, once, after 30 minutes', async () => {
		const body = createBody(await run({ ...CREATE, retryEnabled: true }));
		expect(body.retryStrategy).toEqual({
			retryEnabled: true,
			retryReasons: ['busy', 'no_answer'],
			maxRetryTimes: 1,
			retryIntervalValue: 30,
			retryIntervalUnit: 'minute',
		});
	});

	test.each([
		[
			'defaults (v1 with the window given)',
			{},
			{ callWindows: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] } },
		],
		[
			'agent type and two windows',
			{
				options: { agentType: 'voiceagent' },
				voiceAgentId: locator(VOICEAGENT_ID),
				callWindows: {
					window: [
						{ weekdays: [6, 7], timeRanges: '10:00-12:00' },
						{ weekdays: [1], timeRanges: '09:00-12:00, 14:00-18:00' },
					],
				},
			},
			{
				agentType: 'voiceagent',
				voiceAgentId: locator(VOICEAGENT_ID),
				callWindows: {
					window: [
						{ weekdays: [6, 7], timeRanges: '10:00-12:00' },
						{ weekdays: [1], timeRanges: '09:00-12:00, 14:00-18:00' },
					],
				},
			},
		],
		[
			'retry on, from expressions',
			{
				retryEnabled: '={{ true }}',
				retryReasons: '={{ "rejected, busy" }}',
				maxRetryTimes: '={{ "3" }}',
				retryIntervalValue: 2,
				retryIntervalUnit: 'day',
			},
			{
				callWindows: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] },
				retry: {
					retryEnabled: true,
					retryReasons: '={{ "rejected, busy" }}',
					maxRetryTimes: '={{ "3" }}',
					retryIntervalValue: 2,
					retryIntervalUnit: 'day',
				},
			},
		],
	])('%s: the same request body as version 1', async (_, v2, v1) => {
		const second = createBody(await run({ ...CREATE, ...v2 }));
		const first = createBody(await run({ ...CREATE, ...v1 }, { typeVersion: 1 }));
		expect(second).toEqual(first);
	});

	test("version 1's top-level Agent Type and Retry are not parameters of version 2: n8n drops them", async () => {
		const body = createBody(
			await run({
				...CREATE,
				agentType: 'voiceagent',
				retry: { retryEnabled: true, retryReasons: ['busy'] },
			}),
		);
		expect(body).not.toHaveProperty('agentType');
		expect(body.retryStrategy).toMatchObject({ retryEnabled: false });
	});

	test('bad retry input names the version-2 field and sends nothing', async () => {
		const unit = await run({ ...CREATE, retryEnabled: true, retryIntervalUnit: '={{ "week" }}' });
		expectRefused(
			unit,
			'Invalid input [item 0]: "Retry Interval Unit" must be minute or day (got "week")',
		);
		const switched = await run({ ...CREATE, retryEnabled: '={{ "yes" }}' });
		expectRefused(
			switched,
			'Invalid input [item 0]: "Retry Unsuccessful Calls" must be true or false (got "yes")',
		);
		const agentType = await run({ ...CREATE, options: { agentType: '={{ "robot" }}' } });
		expectRefused(
			agentType,
			'Invalid input [item 0]: "Options → Agent Type" must be one of agentDefault, voicebot, voiceagent (got "robot")',
		);
	});
});

const TASK_KEYS = [
	'completedCount',
	'connectedCount',
	'createTime',
	'id',
	'lastExecutedTime',
	'progressRate',
	'status',
	'taskName',
	'totalCount',
	'voiceAgentName',
];

describe('callTask get and getAll, version 2: Simplify', () => {
	test('Get Many: simplified by default, raw (as version 1) with Simplify off', async () => {
		const simplified = await run({ resource: 'callTask', operation: 'getAll', returnAll: true });
		const raw = await run({
			resource: 'callTask',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		const v1 = await run(
			{ resource: 'callTask', operation: 'getAll', returnAll: true },
			{ typeVersion: 1 },
		);
		expect(raw.items.map((i) => i.json)).toEqual(v1.items.map((i) => i.json));
		expect(simplified.items.length).toBe(v1.items.length);
		expect(simplified.items.length).toBeGreaterThanOrEqual(2);
		for (const [index, item] of simplified.items.entries()) {
			expect(Object.keys(item.json).sort()).toEqual(TASK_KEYS);
			const full = v1.items[index].json;
			expect(item.json).toEqual(Object.fromEntries(TASK_KEYS.map((k) => [k, full[k] ?? null])));
		}
		expect(raw.requests.map((r) => r.body)).toEqual(simplified.requests.map((r) => r.body));
	});

	test('Get: simplified by default, the raw task with Simplify off', async () => {
		const listed = await run(
			{ resource: 'callTask', operation: 'getAll', returnAll: true },
			{ typeVersion: 1 },
		);
		const task = listed.items[0].json;
		const get = { resource: 'callTask', operation: 'get', taskId: locator(String(task.id)) };
		const simplified = await run(get);
		expect(simplified.items.map((i) => i.json)).toEqual([
			Object.fromEntries(TASK_KEYS.map((k) => [k, task[k] ?? null])),
		]);
		const raw = await run({ ...get, simplify: false });
		expect(raw.items.map((i) => i.json)).toEqual([task]);
		const v1 = await run(get, { typeVersion: 1 });
		expect(v1.items.map((i) => i.json)).toEqual([task]);
	});
});

describe('voiceAgent getAll, version 2: Simplify', () => {
	test('simplified by default (9 fields), raw as version 1 with Simplify off', async () => {
		const parameters = { resource: 'voiceAgent', operation: 'getAll', returnAll: true };
		const simplified = await run(parameters);
		const raw = await run({ ...parameters, simplify: false });
		const v1 = await run(parameters, { typeVersion: 1 });
		expect(raw.items.map((i) => i.json)).toEqual(v1.items.map((i) => i.json));
		expect(simplified.items.map((i) => i.json)).toEqual(
			v1.items.map(({ json }) => ({
				id: json.id,
				name: json.name,
				publishStatus: json.publishStatus,
				description: json.description ?? null,
				language: json.language ?? null,
				voice: json.voice ?? null,
				version: json.version ?? null,
				createTime: json.createTime ?? null,
				updateTime: json.updateTime ?? null,
			})),
		);
		expect(simplified.items.map((i) => i.json.id)).toEqual([AGENT_ID, VOICEAGENT_ID]);
		expect(Object.keys(v1.items[0].json).length).toBeGreaterThan(10);
	});
});

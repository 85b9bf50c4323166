/**
 * Call Task → Create (its form: one Mon–Fri 09:00–18:00 window filled in, "Retry Unsuccessful
 * Calls" as a switch, Agent Type under Options); Get, Get Many and Voice Agent Get Many simplify by
 * default. The pickers' exact 18-digit ids are proven in voiceAgent/ and callerNumberGroup/getAll,
 * and a picked agent id created unchanged in callTask/start.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import { expectInvalid, expectRefused, locator, signed } from '../run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const CREATE_PATH = PATHS.taskCreate;
// Beyond 2^53: JSON.parse would turn these into other numbers.
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
			{
				id: VOICEAGENT_ID,
				name: 'Survey agent',
				agentType: 'voiceagent',
				publishStatus: 'PUBLISHED',
			},
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

const RETRY_OFF = {
	retryEnabled: false,
	retryReasons: [],
	maxRetryTimes: null,
	retryIntervalValue: null,
	retryIntervalUnit: null,
};
const TWO_WINDOWS = {
	window: [
		{ weekdays: [6, 7], timeRanges: '10:00-12:00' },
		{ weekdays: [1], timeRanges: '09:00-12:00, 14:00-18:00' },
	],
};
const RETRY_FROM_EXPRESSIONS = {
	retryReasons: '={{ "rejected, busy" }}',
	maxRetryTimes: '={{ "3" }}',
	retryIntervalValue: 2,
	retryIntervalUnit: 'day',
};

/** A manual task as the form holds it (one default window). */
const CREATE: INodeParameters = {
	resource: 'callTask',
	operation: 'create',
	taskName: 'Renewal calls',
	voiceAgentId: locator(AGENT_ID, 'id'),
	callerNumberGroupId: locator(GROUP_ID, 'id'),
	maxConcurrency: 2,
	startType: 'manual',
};
/** The request body of CREATE with these call windows in API form. */
const taskBody = (callWindowRanges: object[], more: object) => ({
	taskName: 'Renewal calls',
	voiceAgentId: AGENT_ID,
	startType: 'manual',
	callStrategy: { callWindowRanges, maxConcurrency: 2, callerNumberGroupId: GROUP_ID },
	retryStrategy: RETRY_OFF,
	...more,
});
const WINDOWS = { window: [{ weekdays: [5, 1, 2], timeRanges: '09:00-12:00, 14:00-18:00' }] };

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { ...CREATE, options: { agentType: 'voicebot' }, callWindows: WINDOWS },
});
const runForm = nodeRunner(sandbox, APP, { nodeType: ContactCenter });

describe('callTask create: POST /openapi/agent/web/v1/callTask/create', () => {
	test('a manual task: the signed body carries voiceAgentId as a bare 18-digit Long and the windows in API form, never a Scheduled Start Time left over', async () => {
		const result = await run({ scheduledStartTime: '2030-01-01T00:00:00Z' });
		expect(result.error).toBeUndefined();
		const [request] = result.requests;
		expect(signed(result)).toEqual([['POST', CREATE_PATH, true, 200]]);
		expect(request.httpStatus).toBe(200);
		expect(request.rawBody).toContain(`"voiceAgentId":${AGENT_ID},`);
		const windows = [{ callWeekdays: [1, 2, 5], callTimeRanges: ['09:00-12:00', '14:00-18:00'] }];
		expect(request.body).toEqual(taskBody(windows, { agentType: 'voicebot' }));
		expect(request.rawBody).toContain(`"callerNumberGroupId":"${GROUP_ID}"`);
		expect(request.rawBody).not.toContain('scheduledStartTime');

		const taskId = expect.stringMatching(/^\d{18}$/);
		expect(result.items).toEqual([{ json: { taskId, status: 'draft' }, pairedItem: { item: 0 } }]);
		const { tasks } = await control.getState(APP.appId);
		const task = tasks.find((t) => t.id === result.items[0].json.taskId);
		expect(task).toMatchObject({
			voiceAgentId: AGENT_ID,
			status: 'draft',
			taskName: 'Renewal calls',
			startType: 'manual',
		});
		expect(task?.callStrategy.callerNumberGroupId).toBe(GROUP_ID);
	});

	test('retry on: the friendly fields become retryStrategy', async () => {
		const retry = {
			retryEnabled: true,
			retryReasons: ['no_answer', 'busy'],
			maxRetryTimes: 2,
			retryIntervalValue: 1,
			retryIntervalUnit: 'day',
		};
		const result = await run({
			options: { agentType: 'voiceagent' },
			voiceAgentId: locator(VOICEAGENT_ID, 'id'),
			...retry,
			callWindows: {
				window: [
					{ weekdays: [6, 7], timeRanges: '10:00-16:00' },
					{ weekdays: '={{ ["Mon", "Wednesday"] }}', timeRanges: '={{ ["8:30-11:45"] }}' },
				],
			},
		});
		const body = createBody(result);
		expect(body.agentType).toBe('voiceagent');
		expect(result.requests[0].rawBody).toContain(`"voiceAgentId":${VOICEAGENT_ID},`);
		expect(body.retryStrategy).toEqual(retry);
		expect((body.callStrategy as IDataObject).callWindowRanges).toEqual([
			{ callWeekdays: [6, 7], callTimeRanges: ['10:00-16:00'] },
			{ callWeekdays: [1, 3], callTimeRanges: ['08:30-11:45'] },
		]);
	});

	test("a scheduled task: the workflow's wall-clock time is sent in the credential's zone", async () => {
		// 09:30 in New York (UTC-5 in January) is 14:30 UTC, 22:30 in Shanghai.
		const result = await run(
			{ startType: 'scheduled', scheduledStartTime: '2030-01-02T09:30:00' },
			{ timezone: 'America/New_York' },
		);
		expect(createBody(result).scheduledStartTime).toBe('2030-01-02 22:30:00');

		// An explicit offset wins over the workflow zone; the credential's zone decides the output.
		const berlin = await run(
			{ startType: 'scheduled', scheduledStartTime: '2030-07-01T08:00:00+00:00' },
			{
				credentials: sandbox.credentials(APP, { timezone: 'Europe/Berlin' }),
				timezone: 'Asia/Tokyo',
			},
		);
		expect(createBody(berlin).scheduledStartTime).toBe('2030-07-01 10:00:00');

		// A Luxon DateTime from an expression works too: two hours from now, in Shanghai time.
		const soon = await run({
			startType: 'scheduled',
			scheduledStartTime: "={{ $now.plus(2, 'hours') }}",
		});
		const sent = createBody(soon).scheduledStartTime as string;
		expect(sent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		// Shanghai is UTC+8 all year.
		const sentEpoch = Date.parse(`${sent.replace(' ', 'T')}+08:00`);
		expect(Math.abs(sentEpoch - (Date.now() + 2 * 3600_000))).toBeLessThan(60_000);
	});
});

describe('callTask create: validation before sending', () => {
	const windows = (...window: INodeParameters[]) => ({ callWindows: { window } });
	const retry = (fields: INodeParameters) => ({
		retryEnabled: true,
		retryReasons: ['busy'],
		maxRetryTimes: 1,
		...fields,
	});
	test.each<[string, INodeParameters]>([
		['"Task Name" must be at most 50 characters (it has 51)', { taskName: 'x'.repeat(51) }],
		['"Task Name" is required', { taskName: '  ' }],
		[
			'"Voice Agent" must be a numeric ID greater than 0',
			{ voiceAgentId: locator('={{ "agent-7" }}', 'id') },
		],
		[
			'"Caller Number Group" is required',
			{ callerNumberGroupId: locator('={{ $json.missing }}', 'id') },
		],
		[
			'"Options → Agent Type" must be one of voicebot, voiceagent (got "robot")',
			{ options: { agentType: '={{ "robot" }}' } },
		],
		['"Max Concurrency" must be a whole number greater than 0 (got 0)', { maxConcurrency: 0 }],
		['"Call Windows" must have at least one call window', { callWindows: {} }],
		[
			'"Call Windows → Weekdays (window 1)" must have at least one weekday',
			windows({ weekdays: [], timeRanges: '09:00-10:00' }),
		],
		[
			'"Call Windows → Weekdays (window 1)" has "8", which is not a weekday',
			windows({ weekdays: '={{ [1, 8] }}', timeRanges: '09:00-10:00' }),
		],
		[
			'"Call Windows → Weekdays (window 1)" lists monday (1) twice',
			windows({ weekdays: '={{ [1, "Monday"] }}', timeRanges: '09:00-10:00' }),
		],
		[
			'"Call Windows → Time Ranges (window 1)" has "9am-5pm", which is not a time range in the form HH:mm-HH:mm',
			windows({ weekdays: [1], timeRanges: '9am-5pm' }),
		],
		[
			'"Call Windows → Time Ranges (window 2)" has "18:00-09:00", whose end is not after its start',
			windows(
				{ weekdays: [1], timeRanges: '09:00-10:00' },
				{ weekdays: [2], timeRanges: '18:00-09:00' },
			),
		],
		[
			'"Retry Reasons" is required when retry is enabled (and 3 more problems)',
			{
				retryEnabled: true,
				retryReasons: '={{ [] }}',
				maxRetryTimes: '={{ "" }}',
				retryIntervalValue: '={{ "" }}',
				retryIntervalUnit: '={{ "" }}',
			},
		],
		[
			'"Retry Reasons" has "hung_up", which is not a retry reason',
			retry({
				retryReasons: '={{ ["busy", "hung_up"] }}',
				retryIntervalValue: 5,
				retryIntervalUnit: 'minute',
			}),
		],
		[
			'"Retry Interval Value" must be a whole number greater than 0 (got 0)',
			retry({ retryIntervalValue: '={{ 0 }}', retryIntervalUnit: 'minute' }),
		],
		[
			// A scheduled time's issue is listed after the retry settings' issues.
			'"Retry Interval Value" must be a whole number greater than 0 (got 0) (and 1 more problem)',
			{
				...retry({ retryIntervalValue: '={{ 0 }}', retryIntervalUnit: 'minute' }),
				startType: 'scheduled',
				scheduledStartTime: '2020-01-01T00:00:00Z',
			},
		],
		[
			'"Scheduled Start Time" is required for a scheduled task',
			{ startType: 'scheduled', scheduledStartTime: '={{ $json.missing }}' },
		],
		[
			'"Scheduled Start Time" must be in the future (it is 2020-01-01 08:00:00',
			{ startType: 'scheduled', scheduledStartTime: '2020-01-01T00:00:00Z' },
		],
		[
			'"Scheduled Start Time" is not a date and time',
			{ startType: 'scheduled', scheduledStartTime: 'next friday' },
		],
	])('%s: an error naming item and field, and zero requests', async (message, parameters) => {
		expectInvalid(await run(parameters), message);
	});

	test('required fields left empty are stopped by n8n itself before the node runs', async () => {
		for (const parameters of [
			{ voiceAgentId: locator('') },
			{ callerNumberGroupId: locator('12ab', 'id') },
			{ startType: 'scheduled' },
		]) {
			const result = await run(parameters);
			expect(result.requests).toEqual([]);
			expect(result.error?.name).toBe('WorkflowHasIssuesError');
		}
	});
});

describe('callTask create: vendor errors', () => {
	test('702: the caller number group does not exist; one request, never retried', async () => {
		const result = await run({ callerNumberGroupId: locator('123456789012345678', 'id') });
		expect(result.requests.map((r) => r.code)).toEqual([702]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 702: display-number group does not exist [item 0]',
		});
		expect(result.error?.description).toContain('Pick one from the Caller Number Group list');
	});

	test('803: an unknown agent, or an agent of another type', async () => {
		const unknown = await run({ voiceAgentId: locator('111111111111111111', 'id') });
		expect(unknown.requests).toHaveLength(1);
		expect(unknown.error?.message).toBe('Contact Center error 803: task.agent.not.found [item 0]');
		expect(unknown.error?.description).toContain('check the Agent Type');

		const wrongType = await run({ options: { agentType: 'voiceagent' } });
		expect(wrongType.requests).toHaveLength(1);
		expect(wrongType.error?.message).toBe(
			'Contact Center error 803: task.agent.not.found [item 0]',
		);
	});
});

const createBody = (result: RunNodeResult): IDataObject => {
	expect(result.error).toBeUndefined();
	expect(result.requests.map((r) => r.path)).toEqual([CREATE_PATH]);
	return result.requests[0].body as IDataObject;
};

describe('callTask create: the form as it opens, retry and agent type', () => {
	test.each([
		[
			'the form as it opens: one Mon-Fri 09:00-18:00 window, no retry, no agent type',
			{},
			RETRY_OFF,
		],
		[
			'Retry Unsuccessful Calls on: its revealed fields start at busy and no answer, once, after 30 minutes',
			{ retryEnabled: true },
			{
				retryEnabled: true,
				retryReasons: ['busy', 'no_answer'],
				maxRetryTimes: 1,
				retryIntervalValue: 30,
				retryIntervalUnit: 'minute',
			},
		],
	])('%s', async (_, input, retryStrategy) => {
		const windows = [{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-18:00'] }];
		expect(createBody(await runForm({ ...CREATE, ...input }))).toEqual(
			taskBody(windows, { retryStrategy }),
		);
	});

	test('agent type, two windows, and retry on from expressions: numeric text sent as numbers', async () => {
		const body = createBody(
			await runForm({
				...CREATE,
				options: { agentType: 'voiceagent' },
				voiceAgentId: locator(VOICEAGENT_ID, 'id'),
				callWindows: TWO_WINDOWS,
				retryEnabled: '={{ true }}',
				...RETRY_FROM_EXPRESSIONS,
			}),
		);
		const windows = [
			{ callWeekdays: [6, 7], callTimeRanges: ['10:00-12:00'] },
			{ callWeekdays: [1], callTimeRanges: ['09:00-12:00', '14:00-18:00'] },
		];
		expect(body).toEqual(
			taskBody(windows, {
				agentType: 'voiceagent',
				voiceAgentId: VOICEAGENT_ID,
				retryStrategy: {
					retryEnabled: true,
					retryReasons: ['rejected', 'busy'],
					maxRetryTimes: 3,
					retryIntervalValue: 2,
					retryIntervalUnit: 'day',
				},
			}),
		);
	});

	test('a top-level Agent Type or Retry collection (no parameters of this node): n8n drops them', async () => {
		const body = createBody(
			await runForm({
				...CREATE,
				agentType: 'voiceagent',
				retry: { retryEnabled: true, retryReasons: ['busy'] },
			}),
		);
		expect(body).not.toHaveProperty('agentType');
		expect(body.retryStrategy).toMatchObject({ retryEnabled: false });
	});

	test.each([
		[
			{ retryEnabled: true, retryIntervalUnit: '={{ "week" }}' },
			'"Retry Interval Unit" must be minute or day (got "week")',
		],
		[
			{ retryEnabled: '={{ "yes" }}' },
			'"Retry Unsuccessful Calls" must be true or false (got "yes")',
		],
		[
			{ options: { agentType: '={{ "robot" }}' } },
			'"Options → Agent Type" must be one of voicebot, voiceagent (got "robot")',
		],
	])('bad input %j names the field and sends nothing', async (input, message) => {
		expectRefused(await runForm({ ...CREATE, ...input }), `Invalid input [item 0]: ${message}`);
	});
});

const TASK_KEYS = (
	'taskId taskName status voiceAgentId voiceAgentName totalCount completedCount connectedCount ' +
	'progressRate createTime updateTime lastExecutedTime'
).split(' ');
const AGENT_KEYS =
	'id name publishStatus description language voice version createTime updateTime'.split(' ');
const GET_ALL = { resource: 'callTask', operation: 'getAll', returnAll: true };

/** The simplified record: just these fields, null where the API sent none; a task's `id` is `taskId`. */
const simple = (json: IDataObject, keys: string[]) =>
	Object.fromEntries(keys.map((key) => [key, json[key === 'taskId' ? 'id' : key] ?? null]));

describe('Output Simplified and Raw', () => {
	test.each([
		['callTask', TASK_KEYS],
		['voiceAgent', AGENT_KEYS],
	])(
		'%s Get Many: simplified by default, the API records with Output Raw',
		async (resource, keys) => {
			const parameters = { resource, operation: 'getAll', returnAll: true };
			const simplified = await runForm(parameters);
			const raw = await runForm({ ...parameters, output: 'raw' });
			expect(raw.items.length).toBeGreaterThanOrEqual(2);
			expect(Object.keys(raw.items[0].json).length).toBeGreaterThan(keys.length);
			expect(simplified.items.map((i) => i.json)).toEqual(
				raw.items.map((i) => simple(i.json, keys)),
			);
			expect(raw.requests.map((r) => r.body)).toEqual(simplified.requests.map((r) => r.body));
		},
	);

	test('callTask Get: simplified by default, the raw task with Output Raw', async () => {
		const task = (await runForm({ ...GET_ALL, output: 'raw' })).items[0].json;
		const get = { resource: 'callTask', operation: 'get', taskId: locator(String(task.id), 'id') };
		expect((await runForm(get)).items.map((i) => i.json)).toEqual([simple(task, TASK_KEYS)]);
		const raw = await runForm({ ...get, output: 'raw' });
		expect(raw.items.map((i) => i.json)).toEqual([task]);
	});
});

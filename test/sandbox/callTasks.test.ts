import { taskBody, cases, errB, okB, PATHS, TENANT_A, useSandbox } from './fixture';
import type { TaskStatus } from './types';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
const AGENT = '182739465018270001';
const AGENT_VOICEAGENT = '182739465018270002';
const GROUP = '182739465018270003';

/** A valid task for the agent "Bot" (a voicebot), with `changes` applied (see taskBody). */
const validTask = (changes: Record<string, unknown> = {}) =>
	taskBody(AGENT, GROUP, { agentType: 'voicebot', ...changes });
const taskWith = (path: string, value: unknown) => validTask({ [path]: value });

beforeEach(async () => {
	await sb.control.seedAgents({
		appId: APP,
		agents: [
			{ id: AGENT, name: 'Bot', agentType: 'voicebot' },
			{ id: AGENT_VOICEAGENT, name: 'Agent', agentType: 'voiceagent' },
		],
	});
	await sb.control.seedCallerNumberGroups({
		appId: APP,
		groups: [{ id: GROUP, groupName: 'Hangzhou' }],
	});
});

describe('POST /openapi/agent/web/v1/callTask/create', () => {
	it('creates a draft task that the query lists with every field', async () => {
		const data = okB(await sb.post(PATHS.taskCreate, validTask()));
		const queried = await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 10 });
		expect(queried.text).toContain(`"voiceAgentId":${AGENT},`);
		expect(String(JSON.parse(queried.text).data.list[0].voiceAgentId)).not.toBe(AGENT);
		expect(queried.text).toContain(`"id":"${data.taskId}"`);
		const { list } = okB(queried);
		expect(list).toHaveLength(1);
		const sent = validTask(); // taskName, voiceAgentId, agentType, startType, both strategies
		const counts = { totalCount: 0, completedCount: 0, connectedCount: 0, progressRate: 0 };
		expect(list[0]).toMatchObject({
			...sent,
			id: data.taskId,
			voiceAgentName: 'Bot',
			createUser: 'openapi',
			updateUser: 'openapi',
			scheduledStartTime: null,
			callStrategy: { ...(sent.callStrategy as object), callerNumberGroupName: 'Hangzhou' },
			lastExecutedTime: null,
			...counts,
			status: 'draft',
			maxConcurrency: 5,
		});
		expect(Object.keys(list[0])).toEqual(
			'id taskName voiceAgentId voiceAgentName agentType createUser updateUser createTime updateTime startType scheduledStartTime callStrategy retryStrategy lastExecutedTime totalCount completedCount connectedCount progressRate status maxConcurrency'.split(
				' ',
			),
		);
	});

	it('accepts an omitted agentType, and retry off without its other fields', async () => {
		okB(await sb.post(PATHS.taskCreate, taskWith('agentType', undefined)));
		okB(await sb.post(PATHS.taskCreate, taskWith('retryStrategy', { retryEnabled: false })));
		expect((await sb.control.getState(APP)).tasks).toHaveLength(2);
	});

	it.each(
		cases(`
		taskName | - | taskName is required
		taskName | "" | taskName cannot be empty
		taskName | xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | taskName must be at most 50 characters
		voiceAgentId | - | voiceAgentId is required
		voiceAgentId | 0 | voiceAgentId must be an integer greater than 0
		voiceAgentId | -1 | voiceAgentId must be an integer greater than 0
		voiceAgentId | 1.5 | voiceAgentId must be an integer greater than 0
		voiceAgentId | abc | voiceAgentId must be an integer greater than 0
		voiceAgentId | "0" | voiceAgentId must be an integer greater than 0
		agentType | robot | agentType must be one of voicebot, voiceagent
		startType | - | startType is required
		startType | auto | startType must be one of manual, scheduled
		scheduledStartTime | 2099-01-01 09:00:00 | scheduledStartTime must not be sent for manual tasks
		callStrategy | - | callStrategy is required
		callStrategy | [] | callStrategy must be an object
		callStrategy.callWindowRanges | - | callStrategy.callWindowRanges is required
		callStrategy.callWindowRanges | [] | callStrategy.callWindowRanges cannot be empty
		callStrategy.callWindowRanges | [{"callTimeRanges":["09:00-10:00"]}] | callStrategy.callWindowRanges[0].callWeekdays is required
		callStrategy.callWindowRanges | [{"callWeekdays":[],"callTimeRanges":["09:00-10:00"]}] | callStrategy.callWindowRanges[0].callWeekdays cannot be empty
		callStrategy.callWindowRanges | [{"callWeekdays":[0],"callTimeRanges":["09:00-10:00"]}] | callWeekdays[0] must be an integer from 1 (Monday) to 7 (Sunday)
		callStrategy.callWindowRanges | [{"callWeekdays":[8],"callTimeRanges":["09:00-10:00"]}] | callWeekdays[0] must be an integer from 1
		callStrategy.callWindowRanges | [{"callWeekdays":["1"],"callTimeRanges":["09:00-10:00"]}] | callWeekdays[0] must be an integer from 1
		callStrategy.callWindowRanges | [{"callWeekdays":[1,2,1],"callTimeRanges":["09:00-10:00"]}] | callStrategy.callWindowRanges[0].callWeekdays contains 1 twice
		callStrategy.callWindowRanges | [{"callWeekdays":[1]}] | callStrategy.callWindowRanges[0].callTimeRanges is required
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":[]}] | callTimeRanges cannot be empty
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["9:00-10:00"]}] | callTimeRanges[0] must have the form HH:mm-HH:mm
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["09:00-24:00"]}] | callTimeRanges[0] must have the form HH:mm-HH:mm
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["09:00 - 10:00"]}] | must have the form
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["10:00-10:00"]}] | callTimeRanges[0] must end later than it starts
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["09:00-10:00","18:00-08:00"]}] | callTimeRanges[1] must end later than it starts
		callStrategy.callWindowRanges | [{"callWeekdays":[1],"callTimeRanges":["09:00-10:00"]},{"callWeekdays":[9],"callTimeRanges":["09:00-10:00"]}] | callWindowRanges[1].callWeekdays[0]
		callStrategy.maxConcurrency | - | callStrategy.maxConcurrency is required
		callStrategy.maxConcurrency | 0 | callStrategy.maxConcurrency must be an integer greater than 0
		callStrategy.maxConcurrency | "5" | callStrategy.maxConcurrency must be an integer greater than 0
		callStrategy.callerNumberGroupId | - | callStrategy.callerNumberGroupId is required
		callStrategy.callerNumberGroupId | 182739465018270 | callStrategy.callerNumberGroupId must be a string
		callStrategy.callerNumberGroupId | "0" | callStrategy.callerNumberGroupId must be a numeric string greater than 0
		callStrategy.callerNumberGroupId | g-1 | callStrategy.callerNumberGroupId must be a numeric string greater than 0
		callStrategy.extra | 1 | unknown parameter: callStrategy.extra
		retryStrategy | - | retryStrategy is required
		retryStrategy.retryEnabled | - | retryStrategy.retryEnabled is required
		retryStrategy.retryEnabled | "true" | retryStrategy.retryEnabled must be a boolean
		retryStrategy.retryReasons | - | retryStrategy.retryReasons is required
		retryStrategy.retryReasons | [] | retryStrategy.retryReasons cannot be empty
		retryStrategy.retryReasons | ["busy","asleep"] | retryStrategy.retryReasons[1] must be one of unreachable, busy, no_answer, rejected, voice_assistant, power_off
		retryStrategy.retryReasons | ["busy","busy"] | retryStrategy.retryReasons contains busy twice
		retryStrategy.maxRetryTimes | - | retryStrategy.maxRetryTimes is required
		retryStrategy.maxRetryTimes | 0 | retryStrategy.maxRetryTimes must be an integer greater than 0
		retryStrategy.retryIntervalValue | - | retryStrategy.retryIntervalValue is required
		retryStrategy.retryIntervalValue | -1 | retryStrategy.retryIntervalValue must be an integer greater than 0
		retryStrategy.retryIntervalUnit | - | retryStrategy.retryIntervalUnit is required
		retryStrategy.retryIntervalUnit | hour | retryStrategy.retryIntervalUnit must be one of minute, day
		maxConcurrency | 5 | unknown parameter: maxConcurrency
	`),
	)('refuses %s = %j with code 400', async (path, value, message) => {
		errB(await sb.post(PATHS.taskCreate, taskWith(path, value)), 400, message);
		expect((await sb.control.getState(APP)).tasks).toHaveLength(0);
	});

	it('accepts every retry reason and both units, weekdays 1..7 and the widest time range', async () => {
		const task = validTask({
			retryStrategy: {
				retryEnabled: true,
				retryReasons: 'unreachable busy no_answer rejected voice_assistant power_off'.split(' '),
				maxRetryTimes: 1,
				retryIntervalValue: 1,
				retryIntervalUnit: 'day',
			},
			'callStrategy.callWindowRanges': [
				{ callWeekdays: [7, 6, 5, 4, 3, 2, 1], callTimeRanges: ['00:00-23:59'] },
			],
		});
		okB(await sb.post(PATHS.taskCreate, task));
	});

	describe('scheduledStartTime (tenant zone Asia/Shanghai, clock frozen at 2026-06-01 12:00:00 there)', () => {
		const FROZEN = '2026-06-01T04:00:00Z';
		beforeEach(async () => {
			await sb.control.setClock({ freezeAt: FROZEN });
			sb.client.freezeAt(FROZEN);
		});
		afterEach(() => {
			sb.client.now = () => Math.floor(Date.now() / 1000);
		});
		const scheduled = (time: unknown) => ({
			...taskWith('startType', 'scheduled'),
			scheduledStartTime: time,
		});

		it.each(
			cases(`
			- | scheduledStartTime is required
			null | scheduledStartTime is required
			2026-06-01T13:00:00 | scheduledStartTime must have the format yyyy-MM-dd HH:mm:ss
			2026-06-01 13:00 | scheduledStartTime must have the format yyyy-MM-dd HH:mm:ss
			2026/06/01 13:00:00 | scheduledStartTime must have the format yyyy-MM-dd HH:mm:ss
			2026-06-31 13:00:00 | scheduledStartTime must have the format yyyy-MM-dd HH:mm:ss
			2026-06-01 12:00:00 | scheduledStartTime must be later than the current time (2026-06-01 12:00:00 Asia/Shanghai)
			2026-06-01 11:59:59 | later than the current time
		`),
		)(
			'refuses %j (required, the format, later than now in the tenant zone)',
			async (time, message) => {
				errB(await sb.post(PATHS.taskCreate, scheduled(time)), 400, message);
			},
		);

		it('accepts one second after now', async () => {
			okB(await sb.post(PATHS.taskCreate, scheduled('2026-06-01 12:00:01')));
		});

		it('reads "now" in the tenant zone (New York is 12 hours behind Shanghai here)', async () => {
			await sb.control.addTenant({ appId: 'ny', appSecret: 's', timezone: 'America/New_York' });
			await sb.control.seedAgents({ appId: 'ny', agents: [{ id: AGENT }] });
			await sb.control.seedCallerNumberGroups({ appId: 'ny', groups: [{ id: GROUP }] });
			const ny = sb.clientFor({ appId: 'ny', appSecret: 's' }).freezeAt(FROZEN);
			okB(await ny.post(PATHS.taskCreate, scheduled('2026-06-01 00:00:01')));
			errB(
				await ny.post(PATHS.taskCreate, scheduled('2026-06-01 00:00:00')),
				400,
				'(2026-06-01 00:00:00 America/New_York)',
			);
		});
	});

	// Ids of the other tenant are refused the same way (isolation.test.ts).
	it.each(
		cases(`
		callStrategy.callerNumberGroupId | "182739465018279999" | 702 | display-number group does not exist
		voiceAgentId | "182739465018279999" | 803 | task.agent.not.found
		agentType | "voiceagent" | 803 | task.agent.not.found
	`),
	)('refuses %s = %j (missing, or of another type) with %i', async (path, value, code, message) => {
		errB(await sb.post(PATHS.taskCreate, taskWith(path, value)), code, message);
		expect((await sb.control.getState(APP)).tasks).toHaveLength(0);
	});

	it('checks the caller number group (702) before the agent (803)', async () => {
		const unknown = { voiceAgentId: '182739465018279999', 'callStrategy.callerNumberGroupId': '5' };
		errB(await sb.post(PATHS.taskCreate, validTask(unknown)), 702);
	});

	it('answers 803 for the id a lossy client sends after JSON.parse rounded it', async () => {
		const rounded = String(Number(AGENT));
		expect(rounded).not.toBe(AGENT);
		errB(
			await sb.client.request(PATHS.taskCreate, {
				rawBody: JSON.stringify(taskWith('voiceAgentId', Number(AGENT))),
			}),
			803,
		);
	});
});

describe('POST /openapi/agent/web/v1/callTask/query', () => {
	let ids: Record<string, string>;
	beforeEach(async () => {
		const task = (taskName: string, createTime: string, status: TaskStatus, counts = [0, 0, 0]) => {
			const [totalCount, completedCount, connectedCount] = counts;
			return { taskName, createTime, status, totalCount, completedCount, connectedCount };
		};
		const [a, b, c, d, e] = await sb.control.seedTasks({
			appId: APP,
			tasks: [
				task('Renewal March', '2026-03-01 09:00:00', 'draft'),
				task('renewal april', '2026-04-01 09:00:00', 'running', [8, 3, 2]),
				task('Survey', '2026-04-01 09:00:00', 'pause', [3, 1, 0]),
				task('Done one', '2026-05-01 00:00:00', 'done', [2, 2, 2]),
				task('Survey 2', '2026-05-01 23:59:59', 'draft'),
			],
		});
		ids = { a, b, c, d, e };
	});

	async function names(body: Record<string, unknown>): Promise<string[]> {
		return okB(await sb.post(PATHS.taskQuery, body)).list.map(
			(t: { taskName: string }) => t.taskName,
		);
	}

	it('lists every task newest first (createTime desc, then id desc) with progressRate', async () => {
		const data = okB(await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 10 }));
		expect(data).toMatchObject({ pageNum: 1, pageSize: 10, total: 5, hasNext: false });
		expect(data.list.map((t: { id: string }) => t.id)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
		expect(data.list.map((t: { progressRate: number }) => t.progressRate)).toEqual([
			0, 1, 0.3333, 0.375, 0,
		]);
		expect(await names({ pageNum: 1, pageSize: 10, query: {} })).toHaveLength(5);
	});

	it('pages', async () => {
		const first = okB(await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 2 }));
		const third = okB(await sb.post(PATHS.taskQuery, { pageNum: 3, pageSize: 2 }));
		expect(first).toMatchObject({ total: 5, hasNext: true });
		expect(third).toMatchObject({ total: 5, hasNext: false });
		expect(third.list.map((t: { id: string }) => t.id)).toEqual([ids.a]);
	});

	it.each(
		cases(`
		{"taskName":"RENEWAL"} | ["renewal april","Renewal March"]
		{"startDate":"2026-04-01","endDate":"2026-05-01"} | ["Survey 2","Done one","Survey","renewal april"]
		{"startDate":"2026-05-01"} | ["Survey 2","Done one"]
		{"endDate":"2026-03-01"} | ["Renewal March"]
		{"statusList":["running","done"]} | ["Done one","renewal april"]
		{"statusList":[]} | ["Survey 2","Done one","Survey","renewal april","Renewal March"]
		{"taskName":"survey","statusList":["draft"]} | ["Survey 2"]
	`),
	)(
		'filters by query %j (taskName fuzzy, creation dates inclusive, statusList)',
		async (query, expected) => {
			expect(await names({ pageNum: 1, pageSize: 10, query })).toEqual(expected);
		},
	);

	it.each(
		cases(`
		{"pageSize":10} | pageNum is required
		{"pageNum":0,"pageSize":10} | pageNum must be an integer greater than 0
		{"pageNum":1,"pageSize":501} | pageSize must be an integer from 1 to 500
		{"pageNum":1} | pageSize is required
		{"pageNo":1,"pageSize":10} | unknown parameter: pageNo
		{"pageNum":1,"pageSize":10,"query":"x"} | query must be an object
		{"pageNum":1,"pageSize":10,"query":{"taskName":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}} | query.taskName must be at most 50 characters
		{"pageNum":1,"pageSize":10,"query":{"startDate":"2026-4-1"}} | query.startDate must have the format yyyy-MM-dd
		{"pageNum":1,"pageSize":10,"query":{"endDate":"2026-04-01 00:00:00"}} | query.endDate must have the format yyyy-MM-dd
		{"pageNum":1,"pageSize":10,"query":{"startDate":"2026-04-02","endDate":"2026-04-01"}} | query.endDate cannot be earlier than query.startDate
		{"pageNum":1,"pageSize":10,"query":{"statusList":["paused"]}} | query.statusList[0] must be one of draft, running, pause, done
		{"pageNum":1,"pageSize":10,"query":{"statusList":"draft"}} | query.statusList must be an array
		{"pageNum":1,"pageSize":10,"query":{"status":"draft"}} | unknown parameter: query.status
	`),
	)('refuses %j with code 400', async (body, message) => {
		errB(await sb.post(PATHS.taskQuery, body), 400, message);
	});
});

import { newId } from '../lib/ids';
import { long } from '../lib/json';
import { formatWall, formatWallIso, parseWall, parseWallDate } from '../lib/time';
import { ApiError, Fields, failB, words } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import { startRun } from '../state/taskRunner';
import type { TaskEntry, Tenant } from '../state/tenant';
import type { AgentType, CallTask, CallWindowRange, RetryStrategy, TaskStatus } from '../types';
import { API_ACTOR } from './customers';
import { fuzzy, pageOf, readPage } from './paging';

export const TASK_STATUSES: readonly TaskStatus[] = ['draft', 'running', 'pause', 'done'];
export const AGENT_TYPES: readonly AgentType[] = ['voicebot', 'voiceagent'];
export const RETRY_REASONS = 'unreachable busy no_answer rejected voice_assistant power_off'.split(
	' ',
);
const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
const LONG_MAX = 9223372036854775807n;

export const TASK_ERRORS = {
	callerGroupMissing: [702, 'display-number group does not exist'],
	taskMissing: [801, 'task.not.exist'],
	agentMissing: [803, 'task.agent.not.found'],
	invalidStartState: [806, 'task.invalid.start.state'],
	invalidPauseState: [807, 'task.invalid.pause.state'],
	invalidImportState: [809, 'task.invalid.import.state'],
	invalidEditState: [810, 'task.invalid.edit.state'],
	callPoolEmpty: [813, 'task.call.pool.empty'],
} as const;

export function taskError(which: keyof typeof TASK_ERRORS): never {
	const [code, message] = TASK_ERRORS[which];
	throw new ApiError(code, message);
}

/** A positive numeric string (task ids, caller-number-group ids); JSON numbers are refused. */
export function readNumericString(f: Fields, key: string): string {
	const v = f.string(key, { required: true }) as string;
	if (!/^\d{1,19}$/.test(v) || /^0+$/.test(v))
		f.fail(`${f.name(key)} must be a numeric string greater than 0`);
	return v;
}

/** A Java Long > 0 sent as a JSON number (bigint when beyond 2^53) or a numeric string; returned as exact digits. */
function readLong(f: Fields, key: string): string {
	const v = f.raw(key);
	if (v === undefined || v === null) return f.fail(`${f.name(key)} is required`);
	const digits =
		typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v))
			? String(v)
			: typeof v === 'string'
				? v
				: '';
	if (!/^\d{1,19}$/.test(digits) || BigInt(digits) <= 0n || BigInt(digits) > LONG_MAX) {
		f.fail(`${f.name(key)} must be an integer greater than 0 (a JSON number or a numeric string)`);
	}
	return BigInt(digits).toString();
}

export function getTask(tenant: Tenant, taskId: string): TaskEntry {
	const entry = tenant.tasks.get(taskId);
	if (!entry) taskError('taskMissing');
	return entry;
}

export function progressRate(task: CallTask): number {
	return task.totalCount > 0
		? Math.round((task.completedCount / task.totalCount) * 10000) / 10000
		: 0;
}

/** The spec's task table, in its order. */
export const TASK_FIELDS = words(
	'id taskName voiceAgentId voiceAgentName agentType createUser updateUser createTime updateTime startType scheduledStartTime callStrategy retryStrategy lastExecutedTime totalCount completedCount connectedCount progressRate status maxConcurrency',
);

/** A task as the API writes it: `voiceAgentId` a bare Long. */
export function taskOut(t: CallTask): Record<string, unknown> {
	return {
		...Object.fromEntries(TASK_FIELDS.map((k) => [k, t[k]])),
		voiceAgentId: long(t.voiceAgentId),
		progressRate: progressRate(t),
	};
}

function readWindow(w: Fields): CallWindowRange {
	w.onlyKeys(['callWeekdays', 'callTimeRanges']);
	const days = w.array('callWeekdays', { required: true }) as unknown[];
	days.forEach((d, i) => {
		if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > 7) {
			w.fail(`${w.name('callWeekdays')}[${i}] must be an integer from 1 (Monday) to 7 (Sunday)`);
		}
		if (days.indexOf(d) !== i) w.fail(`${w.name('callWeekdays')} contains ${String(d)} twice`);
	});
	const ranges = w.array('callTimeRanges', { required: true }) as unknown[];
	ranges.forEach((r, i) => {
		const m = typeof r === 'string' ? TIME_RANGE.exec(r) : null;
		if (!m)
			return w.fail(
				`${w.name('callTimeRanges')}[${i}] must have the form HH:mm-HH:mm (00:00 to 23:59)`,
			);
		if (`${m[3]}:${m[4]}` <= `${m[1]}:${m[2]}`)
			w.fail(`${w.name('callTimeRanges')}[${i}] must end later than it starts`);
	});
	return { callWeekdays: days as number[], callTimeRanges: ranges as string[] };
}

function readRetry(r: Fields): RetryStrategy {
	r.onlyKeys(words('retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit'));
	if (!r.boolean('retryEnabled', { required: true })) return r.obj as unknown as RetryStrategy;
	const reasons = r.array('retryReasons', { required: true }) as unknown[];
	reasons.forEach((reason, i) => {
		if (typeof reason !== 'string' || !RETRY_REASONS.includes(reason)) {
			r.fail(`${r.name('retryReasons')}[${i}] must be one of ${RETRY_REASONS.join(', ')}`);
		}
		if (reasons.indexOf(reason) !== i)
			r.fail(`${r.name('retryReasons')} contains ${String(reason)} twice`);
	});
	r.integer('maxRetryTimes', { required: true, min: 1 });
	r.integer('retryIntervalValue', { required: true, min: 1 });
	r.oneOf('retryIntervalUnit', ['minute', 'day'], { required: true });
	return r.obj as unknown as RetryStrategy;
}

const create = post('/openapi/agent/web/v1/callTask/create', ({ tenant, f }) => {
	f.onlyKeys(
		words(
			'taskName voiceAgentId agentType startType scheduledStartTime callStrategy retryStrategy',
		),
	);
	const taskName = f.string('taskName', { required: true, max: 50 }) as string;
	const voiceAgentId = readLong(f, 'voiceAgentId');
	const agentType = f.oneOf('agentType', AGENT_TYPES);
	const startType = f.oneOf('startType', ['manual', 'scheduled'] as const, { required: true }) as
		| 'manual'
		| 'scheduled';
	let scheduledStartTime: string | null = null;
	if (startType === 'scheduled') {
		scheduledStartTime = f.string('scheduledStartTime', { required: true }) as string;
		if (parseWall(scheduledStartTime) === null)
			failB('scheduledStartTime must have the format yyyy-MM-dd HH:mm:ss');
		const now = tenant.now();
		if (scheduledStartTime <= now) {
			failB(`scheduledStartTime must be later than the current time (${now} ${tenant.timezone})`);
		}
	} else if (f.has('scheduledStartTime')) {
		failB('scheduledStartTime must not be sent for manual tasks');
	}
	const cs = f.object('callStrategy', { required: true }) as Fields;
	cs.onlyKeys(words('callWindowRanges maxConcurrency callerNumberGroupId callerNumberGroupName'));
	const callWindowRanges = (cs.objects('callWindowRanges', { required: true }) as Fields[]).map(
		readWindow,
	);
	const maxConcurrency = cs.integer('maxConcurrency', { required: true, min: 1 }) as number;
	const callerNumberGroupId = readNumericString(cs, 'callerNumberGroupId');
	cs.string('callerNumberGroupName');
	const retryStrategy = readRetry(f.object('retryStrategy', { required: true }) as Fields);

	const group = tenant.callerNumberGroups.get(callerNumberGroupId);
	if (!group) taskError('callerGroupMissing');
	const agent = tenant.agents.get(voiceAgentId);
	if (!agent || (agentType !== undefined && agent.agentType !== agentType))
		taskError('agentMissing');

	const now = tenant.now();
	const task: CallTask = {
		id: newId(),
		taskName,
		voiceAgentId,
		voiceAgentName: agent.name,
		agentType: agentType ?? agent.agentType,
		createUser: API_ACTOR,
		updateUser: API_ACTOR,
		createTime: now,
		updateTime: now,
		startType,
		scheduledStartTime,
		callStrategy: {
			callWindowRanges,
			maxConcurrency,
			callerNumberGroupId,
			callerNumberGroupName: group.groupName,
		},
		retryStrategy,
		lastExecutedTime: null,
		totalCount: 0,
		completedCount: 0,
		connectedCount: 0,
		progressRate: 0,
		status: 'draft',
		maxConcurrency,
	};
	tenant.tasks.set(task.id, { task, customers: [], numbers: new Set(), importBatchIds: [] });
	return { taskId: task.id, status: task.status };
});

function readDate(q: Fields, key: string): string | undefined {
	const v = q.string(key);
	if (v === undefined || v === '') return undefined;
	if (parseWallDate(v) === null) q.fail(`${q.name(key)} must have the format yyyy-MM-dd`);
	return v;
}

const query = post('/openapi/agent/web/v1/callTask/query', ({ tenant, f }) => {
	f.onlyKeys(['pageNum', 'pageSize', 'query']);
	const { page, pageSize } = readPage(f, 'pageNum');
	const q = f.object('query') ?? new Fields({}, failB, 'query.');
	q.onlyKeys(['taskName', 'startDate', 'endDate', 'statusList']);
	const taskName = q.string('taskName', { max: 50 });
	const startDate = readDate(q, 'startDate');
	const endDate = readDate(q, 'endDate');
	if (startDate && endDate && endDate < startDate)
		failB('query.endDate cannot be earlier than query.startDate');
	const statusList = q.array('statusList') ?? [];
	statusList.forEach((s, i) => {
		if (!TASK_STATUSES.includes(s as TaskStatus))
			failB(`query.statusList[${i}] must be one of ${TASK_STATUSES.join(', ')}`);
	});
	const rows = [...tenant.tasks.values()]
		.map((e) => e.task)
		.filter((t) => {
			const day = t.createTime.slice(0, 10);
			return (
				fuzzy(t.taskName, taskName) &&
				(!startDate || day >= startDate) &&
				(!endDate || day <= endDate) &&
				(statusList.length === 0 || statusList.includes(t.status))
			);
		})
		.sort((a, b) =>
			a.createTime === b.createTime ? cmp(b.id, a.id) : cmp(b.createTime, a.createTime),
		);
	return pageOf(rows, page, pageSize, taskOut);
});

/** Ids have the same length, so string order is numeric order. */
function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

const operate = post('/openapi/agent/web/v1/callTask/operate', ({ tenant, f }) => {
	f.onlyKeys(['taskId', 'operation']);
	const taskId = readNumericString(f, 'taskId');
	const operation = f.oneOf('operation', ['start', 'pause'] as const, { required: true });
	const entry = getTask(tenant, taskId);
	const { task } = entry;
	const wallNow = tenant.wallNow();
	if (operation === 'start') {
		if (task.status !== 'draft' && task.status !== 'pause') taskError('invalidStartState');
		if (task.totalCount - task.completedCount <= 0) taskError('callPoolEmpty');
		task.status = 'running';
		task.lastExecutedTime = formatWallIso(wallNow);
		startRun(entry, wallNow);
	} else {
		if (task.status !== 'running') taskError('invalidPauseState');
		task.status = 'pause';
		delete entry.run;
	}
	const now = formatWall(wallNow);
	task.updateTime = now;
	task.updateUser = API_ACTOR;
	return { taskId: task.id, status: task.status, operatedTime: now };
});

export const callTaskRoutes: RouteDef[] = [create, query, operate];

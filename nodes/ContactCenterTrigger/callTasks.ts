/**
 * Call tasks that change status: one poll's changes and the state the next poll starts from.
 * The task query has no "changed since" filter, only the status list and the creation date, so a
 * poll reads (1) every task that is not done, (2) every task created since the state's floor day
 * (new tasks, also those that ran and finished between two polls) and (3) for a tracked task
 * found in neither (it finished), the tasks created on its day. The state keeps the status of
 * every unfinished task and of the finished ones created since the floor day (so that they are
 * not taken for new); a task leaves it when it is done and older than that. Pure: requests come
 * in as a callback; the node hands in n8n's clock and the credential's zone.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifyCallTask } from '../ContactCenter/actions/callTask/simplify';
import { shapeRecord, type OutputChoice } from '../ContactCenter/actions/output';
import { secondsToWall, wallRange } from '../ContactCenter/api/time';
import { isRecord } from '../ContactCenter/input/values';
import { API_CLOCK_TOLERANCE_SECONDS, STATE_LIMIT_CHARS } from './poll';
import { readOrigin, type Origin } from './state';

export const TASK_STATUSES = ['draft', 'running', 'pause', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
const ACTIVE_STATUSES: readonly TaskStatus[] = ['draft', 'running', 'pause'];
export const CALL_TASK_EVENTS = ['finished', 'statusChanged'] as const;
export type CallTaskEvent = (typeof CALL_TASK_EVENTS)[number];
const CALL_TASK_STATE_VERSION = 1;
/** How far before the last poll the "created since" query starts: the API's clock may run ahead of n8n's. */
const CREATED_MARGIN_SECONDS = 2 * API_CLOCK_TOLERANCE_SECONDS;

const CODE: Record<TaskStatus, string> = { draft: 'd', running: 'r', pause: 'p', done: 'x' };
const STATUS_OF: Record<string, TaskStatus> = { d: 'draft', r: 'running', p: 'pause', x: 'done' };

interface CallTaskState {
	version: typeof CALL_TASK_STATE_VERSION;
	/** Tasks created on or after this day (`yyyy-MM-dd`, the API's zone) are read every poll. */
	floorDay: string;
	/** Task id → status code and creation day (`r2026-11-25`). */
	tasks: Record<string, string>;
	origin?: Origin;
}

/** Filters of one task query (the api's `query` object); the callback pages through every row. */
export interface TaskQuery {
	statusList?: TaskStatus[];
	startDate?: string;
	endDate?: string;
}

interface CallTaskChange {
	task: IDataObject;
	previousStatus: TaskStatus | null;
	status: TaskStatus;
	event: CallTaskEvent;
}

interface CallTaskPollInput {
	events: readonly string[];
	nowMs: number;
	zone: string;
	origin?: { raw: string; at?: number };
	list: (query: TaskQuery) => Promise<IDataObject[]>;
	/** Test seam. */
	stateLimitChars?: number;
}

interface CallTaskPollOutcome {
	changes: CallTaskChange[];
	state: CallTaskState;
	requests: number;
	/** Unfinished tasks the state could not hold (their changes are not seen); 0 normally. */
	dropped: number;
	restarted: boolean;
}

const statusOf = (value: unknown): TaskStatus | undefined =>
	(TASK_STATUSES as readonly unknown[]).includes(value) ? (value as TaskStatus) : undefined;
const dayOf = (task: IDataObject): string =>
	typeof task.createTime === 'string' ? task.createTime.slice(0, 10) : '';
const idOf = (task: IDataObject): string =>
	typeof task.id === 'string' || typeof task.id === 'number' ? String(task.id) : '';
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The state as stored, or undefined when it is absent or unreadable (the trigger then starts afresh). */
export function readCallTaskState(value: unknown): CallTaskState | undefined {
	if (!isRecord(value) || value.version !== CALL_TASK_STATE_VERSION) return undefined;
	const { floorDay, tasks, origin } = value;
	if (typeof floorDay !== 'string' || !DAY.test(floorDay) || !isRecord(tasks)) return undefined;
	for (const entry of Object.values(tasks))
		if (typeof entry !== 'string' || !STATUS_OF[entry[0]] || !DAY.test(entry.slice(1)))
			return undefined;
	const read = readOrigin(origin);
	return {
		version: CALL_TASK_STATE_VERSION,
		floorDay,
		tasks: { ...(tasks as Record<string, string>) },
		...(read ? { origin: read } : {}),
	};
}

function dayAt(epochSeconds: number, zone: string): string {
	return secondsToWall(wallRange(epochSeconds, epochSeconds, zone).low).slice(0, 10);
}

/** Which event a move is, or none when the user did not ask for it. */
function eventOf(status: TaskStatus, events: readonly string[]): CallTaskEvent | undefined {
	if (status === 'done' && (events.includes('finished') || events.includes('statusChanged')))
		return events.includes('finished') ? 'finished' : 'statusChanged';
	return events.includes('statusChanged') ? 'statusChanged' : undefined;
}

/** The tasks a poll reads (see the file's comment): by id; `recent` those created since the floor day. */
async function readTasks(
	list: (query: TaskQuery) => Promise<IDataObject[]>,
	tracked: Record<string, string>,
	floorDay: string,
): Promise<{ rows: Map<string, IDataObject>; recent: Set<string> }> {
	const rows = new Map<string, IDataObject>();
	for (const task of await list({ statusList: [...ACTIVE_STATUSES] })) rows.set(idOf(task), task);
	// Also at first activation: the finished tasks of the floor day are known then, not new later.
	const recent = new Set<string>();
	for (const task of await list({ startDate: floorDay })) {
		rows.set(idOf(task), task);
		recent.add(idOf(task));
	}
	// Tracked tasks no longer unfinished and not recent: read the day they were created on.
	const missingDays = new Set<string>();
	for (const [id, entry] of Object.entries(tracked))
		if (!rows.has(id) && entry[0] !== CODE.done && entry.slice(1) < floorDay)
			missingDays.add(entry.slice(1));
	for (const day of [...missingDays].sort())
		for (const task of await list({ startDate: day, endDate: day })) {
			const id = idOf(task);
			if (tracked[id] !== undefined && !rows.has(id)) rows.set(id, task);
		}
	return { rows, recent };
}

/**
 * The status a task had before, as far as the trigger can tell: the tracked one; for a task new to
 * it, `draft` (the API creates every task there) when it was created since the last poll (or since
 * Start From at first activation); otherwise unknown (its current state is where it starts).
 */
function previousOf(
	id: string,
	task: IDataObject,
	tracked: Record<string, string>,
	first: { fresh: boolean; originWall?: string },
	recent: Set<string>,
): TaskStatus | undefined {
	const entry = tracked[id];
	if (entry !== undefined) return STATUS_OF[entry[0]];
	if (first.fresh)
		return first.originWall !== undefined && String(task.createTime ?? '') >= first.originWall
			? 'draft'
			: undefined;
	return recent.has(id) ? 'draft' : undefined;
}

/** One poll. Throws whatever `list` throws; the caller then keeps its state (nothing emitted, nothing moved). */
export async function pollCallTasks(
	previous: CallTaskState | undefined,
	input: CallTaskPollInput,
): Promise<CallTaskPollOutcome> {
	const nowS = Math.floor(input.nowMs / 1000);
	const origin = input.origin?.at !== undefined ? input.origin : undefined;
	const sameOrigin =
		!origin || (previous?.origin !== undefined && previous.origin.raw === origin.raw);
	const fresh = !previous || !sameOrigin;
	let requests = 0;
	const list = async (query: TaskQuery) => {
		requests++;
		return await input.list(query);
	};
	const originS = origin ? Math.floor((origin.at as number) / 1000) : undefined;
	const floorDay = fresh
		? dayAt(originS ?? nowS, input.zone)
		: (previous as CallTaskState).floorDay;
	const tracked = fresh ? {} : (previous as CallTaskState).tasks;
	const { rows, recent } = await readTasks(list, tracked, floorDay);
	const first = {
		fresh,
		...(originS !== undefined
			? { originWall: secondsToWall(wallRange(originS, originS, input.zone).low) }
			: {}),
	};
	const changes: CallTaskChange[] = [];
	const next: Record<string, string> = {};
	for (const [id, task] of rows) {
		const status = statusOf(task.status);
		if (id === '' || !status) continue;
		const previousStatus = previousOf(id, task, tracked, first, recent);
		const event =
			previousStatus && previousStatus !== status ? eventOf(status, input.events) : undefined;
		if (previousStatus && event) changes.push({ task, previousStatus, status, event });
		next[id] = `${CODE[status]}${dayOf(task) || floorDay}`;
	}
	// Prune: finished tasks created before the next floor day are never read again.
	const nextFloor = dayAt(nowS - CREATED_MARGIN_SECONDS, input.zone);
	const newFloor = nextFloor > floorDay ? nextFloor : floorDay;
	for (const [id, entry] of Object.entries(next))
		if (entry[0] === CODE.done && entry.slice(1) < newFloor) delete next[id];
	const dropped = holdWithin(next, input.stateLimitChars ?? STATE_LIMIT_CHARS - 1024);
	changes.sort((a, b) => compareTime(a.task.updateTime, b.task.updateTime));
	return {
		changes,
		state: {
			version: CALL_TASK_STATE_VERSION,
			floorDay: newFloor,
			tasks: next,
			...(origin ? { origin: { raw: origin.raw, at: origin.at as number } } : {}),
		},
		requests,
		dropped,
		restarted: !!previous && !sameOrigin,
	};
}

function compareTime(a: unknown, b: unknown): number {
	const x = String(a ?? '');
	const y = String(b ?? '');
	return x < y ? -1 : x > y ? 1 : 0;
}

/** Keeps the state within the limit, forgetting the oldest tasks first; answers how many it forgot. */
function holdWithin(tasks: Record<string, string>, limit: number): number {
	let size = JSON.stringify(tasks).length;
	if (size <= limit) return 0;
	const byAge = Object.entries(tasks).sort((a, b) => compareTime(a[1].slice(1), b[1].slice(1)));
	let dropped = 0;
	for (const [id, entry] of byAge) {
		if (size <= limit) break;
		size -= id.length + entry.length + 6;
		delete tasks[id];
		dropped++;
	}
	return dropped;
}

/** The item emitted for a change: the task as the API sends it, its previous status and the event. */
export function callTaskItem(change: CallTaskChange, output: OutputChoice): IDataObject {
	return {
		...shapeRecord(change.task, output, simplifyCallTask),
		previousStatus: change.previousStatus,
		event: change.event,
	};
}

/**
 * "Fetch Test Event": the most recently updated task that matches the events (finished: a done
 * task), in at most two requests and without state; its previous status is unknown (null).
 */
export async function sampleCallTasks(
	events: readonly string[],
	list: (query: TaskQuery) => Promise<IDataObject[]>,
): Promise<CallTaskChange[]> {
	const rows = [...(await list({ statusList: ['done'] }))];
	if (events.includes('statusChanged'))
		rows.push(...(await list({ statusList: ['running', 'pause'] })));
	const newest = rows.sort((a, b) => compareTime(b.updateTime, a.updateTime))[0];
	const status = newest ? statusOf(newest.status) : undefined;
	const event = status ? eventOf(status, events) : undefined;
	return newest && status && event ? [{ task: newest, previousStatus: null, status, event }] : [];
}

/**
 * The host loop every kind's poll runs in (hostKind), and what it needs: the lock that keeps two
 * polls of one trigger apart, the time budget, the static-data keys, and the memory of polls that
 * failed on purpose. A kind is an adapter (KindAdapter): its parameters, its Fetch Test Event, how
 * it reads its state, and one poll from that state to the next state and the items.
 */
import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { OutputChoice } from '../ContactCenter/actions/output';
import { readZones, type Zones } from '../ContactCenter/transport/zones';
import { STATE_KEYS, type KindValue } from './kinds';
import { readOutputChoice } from './output';
import { checkStartFrom, readSettings, type Settings } from './settings';

/**
 * How long a poll may drain a backlog when n8n does not say (getPollBudgetMs is newer than n8n 1.x):
 * well inside the shortest poll interval n8n allows (one minute).
 */
const FALLBACK_POLL_BUDGET_MS = 45_000;

/** Host methods newer than n8n 1.x, looked up before use. */
interface NewerPollHost {
	getPollBudgetMs?: () => number;
}

export function pollBudgetMs(context: IPollFunctions): number {
	const host = context as unknown as NewerPollHost;
	if (typeof host.getPollBudgetMs !== 'function') return FALLBACK_POLL_BUDGET_MS;
	const budget = host.getPollBudgetMs();
	return typeof budget === 'number' && budget > 0 ? budget : FALLBACK_POLL_BUDGET_MS;
}

/**
 * The budget of a poll started at `startedAt`: `timed` measures each request, and `mayContinue`
 * leaves room for one more request as slow as the slowest so far, twice over.
 */
export function pollClock(startedAt: number, budgetMs: number) {
	let slowestMs = 0;
	return {
		timed: async <T>(request: () => Promise<T>): Promise<T> => {
			const t = Date.now();
			try {
				return await request();
			} finally {
				slowestMs = Math.max(slowestMs, Date.now() - t);
			}
		},
		mayContinue: () => Date.now() - startedAt + 2 * slowestMs < budgetMs,
	};
}

/** Field added emitted while a limit is in the way (a full second, or the state limit). */
export const REPORT_FIELD = '_contactCenter';

/**
 * Forgets the states of the kinds not watched (watching one again starts it afresh): one kind's
 * state at a time, so each has the whole budget.
 */
function keepStateOf(staticData: IDataObject, kind: KindValue): void {
	for (const [other, key] of Object.entries(STATE_KEYS))
		if (other !== kind && key in staticData) delete staticData[key];
}

// Polls of one trigger that run at once (one ran past the poll interval) would read the same state
// and emit the same items: the later one stands aside. Keyed by workflow and node name, in-process.
const runningPolls = new Map<string, number>();

function pollKey(context: IPollFunctions): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().name}`;
}

/**
 * Polls that failed on purpose (a channel failing too long, with Channel All), by node: the state
 * they started from and what they had counted. A failed poll saves nothing, so the next poll starts
 * from that same state; it must not fail again (it emits what the failed one held back), and it
 * counts on from there. In-process, like the lock: after a restart the first poll may fail again.
 */
const failedPolls = new Map<string, { from: string; counted: unknown }>();

/** n8n restarted (tests): its memory of failed polls is gone. */
export function forgetFailedPolls(): void {
	failedPolls.clear();
}

/** A fingerprint of the stored state (as stored: what the next poll starts from). */
export function stateFingerprint(stored: unknown): string {
	return createHash('sha256')
		.update(JSON.stringify(stored ?? null))
		.digest('base64');
}

/** What the poll that failed on purpose from exactly this stored state had counted, if one did. */
export function failedFrom(context: IPollFunctions, fingerprint: string): unknown {
	const failed = failedPolls.get(pollKey(context));
	return failed?.from === fingerprint ? failed.counted : undefined;
}

/** Remembers a poll failing on purpose (`counted` given), or forgets it (a poll that went on). */
export function rememberFailedPoll(
	context: IPollFunctions,
	fingerprint: string,
	counted?: unknown,
): void {
	if (counted === undefined) failedPolls.delete(pollKey(context));
	else failedPolls.set(pollKey(context), { from: fingerprint, counted });
}

/** Takes the lock for a poll started at `startedAt`; false when another poll of the node still runs. */
function acquirePoll(key: string, startedAt: number, budgetMs: number): boolean {
	const running = runningPolls.get(key);
	if (running !== undefined && startedAt - running < 2 * budgetMs) return false;
	runningPolls.set(key, startedAt);
	return true;
}

function releasePoll(key: string, startedAt: number): void {
	if (runningPolls.get(key) === startedAt) runningPolls.delete(key);
}

/** Runs one poll under the node's lock; a poll that finds the previous one still running returns null. */
async function underPollLock(
	context: IPollFunctions,
	startedAt: number,
	budgetMs: number,
	poll: () => Promise<INodeExecutionData[][] | null>,
): Promise<INodeExecutionData[][] | null> {
	const node = context.getNode();
	// Static data is kept per workflow and node name, and so is the lock.
	const key = pollKey(context);
	if (!acquirePoll(key, startedAt, budgetMs)) {
		context.logger.warn(
			'Contact Center Trigger: the previous poll is still running; this poll is skipped',
			{ node: node.name },
		);
		return null;
	}
	try {
		return await poll();
	} finally {
		releasePoll(key, startedAt);
	}
}

type Items = INodeExecutionData[][] | null;
type LogLevel = 'warn' | 'info' | 'debug';
/** A line of the log: the node's name is added to its metadata. */
export type LogLine = [level: LogLevel, message: string, meta?: IDataObject];

/** What every poll reads first, in this order (a poll stops at the first invalid setting). */
export interface KindRun<P> {
	context: IPollFunctions;
	zones: Zones;
	settings: Settings;
	/** The kind's own parameters (its events). */
	params: P;
	output: OutputChoice;
}

/** An active poll: the run, its clock and budget, the state as stored, and the log. */
export interface PollRun<P> extends KindRun<P> {
	startedAt: number;
	clock: ReturnType<typeof pollClock>;
	stored: unknown;
	log: (...line: LogLine) => void;
}

/** What a kind's poll gives the host, once every request of it succeeded. */
export interface Polled {
	/** The state the next poll starts from; the host saves it. */
	state: object;
	/** Logged once the state is saved. */
	logs: LogLine[];
	/**
	 * The items (null: nothing new), built in poll: every request they need (Include Customer, the
	 * field configuration of Simplified customers) succeeded before the state moves.
	 */
	items: Items;
}

/** A kind: what the host loop cannot do for every kind alike. */
export interface KindAdapter<P, S> {
	/** The kind's own parameters, read and checked after the settings, before Output. */
	read: (context: IPollFunctions) => P;
	/** "Fetch Test Event": the newest items, the stored state left alone. */
	sample: (run: KindRun<P>) => Promise<Items>;
	/** The state as stored, read; `unreadable` is the warning when part of it is not readable. */
	readState: (stored: unknown) => { state?: S; unreadable?: string };
	/** Whether the state started at this Start From (one that gives no instant is then not needed). */
	startedThere: (state: S | undefined, startFrom: Settings['startFrom']) => boolean;
	/** One poll from the state read; throws when it fails (the host then saves nothing). */
	poll: (run: PollRun<P>, state: S | undefined) => Promise<Polled>;
}

/** A kind's poll under the host loop. */
export type HostedKind = (context: IPollFunctions, kind: KindValue) => Promise<Items>;

function logTo(context: IPollFunctions): PollRun<unknown>['log'] {
	const node = context.getNode().name;
	return (level, message, meta) => context.logger[level](message, { node, ...meta });
}

/** An active poll under the lock: state read, checked, polled, saved, logged, emitted. */
async function activePoll<P, S>(
	run: KindRun<P>,
	kind: { value: KindValue; adapter: KindAdapter<P, S> },
	startedAt: number,
	budgetMs: number,
): Promise<Items> {
	const { context, settings } = run;
	const { adapter } = kind;
	const log = logTo(context);
	const staticData = context.getWorkflowStaticData('node');
	keepStateOf(staticData, kind.value);
	const key = STATE_KEYS[kind.value];
	const stored = staticData[key];
	const { state, unreadable } = adapter.readState(stored);
	if (unreadable !== undefined) log('warn', unreadable);
	const { startFrom } = settings;
	checkStartFrom.call(context, startFrom, adapter.startedThere(state, startFrom));
	const clock = pollClock(startedAt, budgetMs);
	const polled = await adapter.poll({ ...run, startedAt, clock, stored, log }, state);
	// Every request of the poll succeeded: only now does the state move.
	staticData[key] = polled.state as IDataObject;
	for (const line of polled.logs) log(...line);
	return polled.items;
}

/** The host loop of a kind: settings, then Fetch Test Event or an active poll under the lock. */
export function hostKind<P, S>(adapter: KindAdapter<P, S>): HostedKind {
	return async (context, value) => {
		const zones = await readZones.call(context);
		const settings = readSettings.call(context, zones.workflow);
		const params = adapter.read(context);
		const output = readOutputChoice.call(context);
		const run: KindRun<P> = { context, zones, settings, params, output };
		if (context.getMode() === 'manual') return await adapter.sample(run);
		const startedAt = Date.now();
		const budgetMs = pollBudgetMs(context);
		return await underPollLock(
			context,
			startedAt,
			budgetMs,
			async () => await activePoll(run, { value, adapter }, startedAt, budgetMs),
		);
	};
}

/**
 * What a poll of any kind needs from its host: the lock that keeps two polls of one trigger apart,
 * the time budget, and the static-data keys.
 */
import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

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

/** Static-data keys of the kinds' states: one kind's state at a time, so each has the whole budget. */
export const STATE_KEYS = { serviceRecord: 'cursor', customer: 'customers', callTask: 'callTasks' };

/** Forgets the states of the kinds not watched (watching one again starts it afresh). */
export function keepStateOf(staticData: IDataObject, kind: keyof typeof STATE_KEYS): void {
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
export async function underPollLock(
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

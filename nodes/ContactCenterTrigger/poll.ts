/**
 * One poll of the Contact Center Trigger: which service records it emits and the state the next
 * poll starts from. Pure: no n8n context and no clock of its own; the node hands in n8n's clock,
 * the credential's zone and a `query` callback (one service-record request).
 *
 * Windows. The API writes `updateTime` as the wall clock of its zone, so the records written
 * since the last poll carry the wall times shown at the instants from that poll (minus the
 * look-back, for records written late) up to now (plus the API's 5-minute clock tolerance). Each
 * poll reads exactly that wall range: across a fall-back it reaches back to the start of the
 * repeated hour, across a spring-forward it spans the gap. Records read again are told apart by id.
 *
 * State per channel: `through` (n8n's clock at the last poll), `mark` (newest `updateTime` read),
 * `floor` + `seen` (every id emitted at or after `floor`), `resume` (a draining backlog's position)
 * and `cut` (set when the state limit forced `floor` up: reported on every poll it still matters).
 */
import {
	instantOfWall,
	secondsToWall,
	wallRange,
	wallSecondsOf,
	wallToSeconds,
} from '../ContactCenter/api/time';
import { CHANNELS, type Channel } from '../ContactCenter/api/serviceRecords';
import {
	walkRecords,
	type RecordLike,
	type WalkOptions,
	type WalkResult,
} from '../ContactCenter/api/walker';
import { idKey, SeenIds } from './seenIds';
import { STATE_VERSION, type ChannelState, type Origin, type TriggerState } from './state';

/** How far the API's clock may run ahead of n8n's: its timestamp tolerance (a request further off is refused). */
export const API_CLOCK_TOLERANCE_SECONDS = 300;
/** The most static data the trigger keeps (JSON characters), and what the seen ids of all channels may take of it. */
export const STATE_LIMIT_CHARS = 64 * 1024;
export const SEEN_BUDGET_CHARS = STATE_LIMIT_CHARS - 1024;
const DAY_SECONDS = 86_400;

export interface ServiceRecordLike extends RecordLike {
	pushType?: unknown;
}

interface PollInput<R extends ServiceRecordLike, C extends string = Channel> {
	channels: readonly C[];
	/** Every stream the state may hold (those not in `channels` are dropped); default: the service-record channels. */
	allChannels?: readonly C[];
	/** `pushType`s to emit; others are read past. */
	events: readonly string[];
	lookbackSeconds: number;
	maxRecordsPerPoll: number;
	/** n8n's clock, epoch milliseconds. */
	nowMs: number;
	/** The credential's zone: the zone of the API's wall times. */
	zone: string;
	/** Start From, when set: `at` is undefined when it could not be read (the caller then polls only if the state started there). */
	origin?: { raw: string; at?: number };
	/** One service-record query: records with start <= updateTime <= end, ascending, at most `limit`. */
	query?: (channel: C, start: string, end: string, limit: number) => Promise<R[]>;
	/** Instead of `query`: a stream's own window walker (a list that pages within a second). */
	walk?: (channel: C, options: WalkOptions<R>) => Promise<WalkResult<R>>;
	/**
	 * A channel whose read fails leaves its state as it was and is listed in `failed`; the other
	 * channels go on. A channel without a stored position still fails the poll. Default: the first
	 * failure fails the whole poll (throws).
	 */
	isolateFailures?: boolean;
	/** Asked before every request but a channel's first; false ends the poll where it is. */
	mayContinue?: () => boolean;
	/** Test seams. */
	pageSize?: number;
	seenBudgetChars?: number;
}

export interface EmittedRecord<R, C extends string = Channel> {
	channel: C;
	record: R;
	/** The second the record is filed under (its `updateTime`). */
	time: string;
	/** Set when the record's second held a full page: the API may not have returned all of them. */
	saturatedSecond?: string;
}

export interface Saturation<C extends string = Channel> {
	channel: C;
	second: string;
	/** Records of that second emitted by this poll. */
	emitted: number;
}

/** The state limit is in the way: records with an `updateTime` before `floor` can no longer be caught. */
export interface StateLimit<C extends string = Channel> {
	channel: C;
	floor: string;
	/** Where the look-back would have reached. */
	wanted: string;
	/** Ids the channel remembers. */
	remembered: number;
}

interface ChannelReport {
	requests: number;
	started?: 'now' | 'startFrom';
	draining: boolean;
	window?: { start: string; end: string };
}

export interface PollOutcome<R, C extends string = Channel> {
	emitted: Array<EmittedRecord<R, C>>;
	/** The state to store; the input state is never modified. */
	state: TriggerState<C>;
	saturations: Array<Saturation<C>>;
	limits: Array<StateLimit<C>>;
	/** The state restarted at a new Start From. */
	restarted: boolean;
	requests: number;
	channels: Partial<Record<C, ChannelReport>>;
	/** With `isolateFailures`: the channels whose read failed, with what it threw (their state unchanged). */
	failed: Array<{ channel: C; error: unknown }>;
}

/** What every channel's read of one poll shares. */
interface Run<R extends ServiceRecordLike, C extends string> {
	input: PollInput<R, C>;
	zone: string;
	lookback: number;
	max: number;
	pageSize: number;
	events: Set<string>;
	nowS: number;
	/** Now on the API's clock at its furthest ahead. */
	nowAhead: number;
	/** An id's key in the seen ids (memoised: one id is looked up several times a poll). */
	keyOf: (id: string) => string;
}

/** One channel's part of a poll: its cursor and seen ids, and what it read. */
interface Work<R, C extends string> {
	channel: C;
	cursor: ChannelState;
	seen: SeenIds;
	report: ChannelReport;
	walk?: WalkResult<R>;
}

const minTime = (a: string, b: string) => (a <= b ? a : b);
const maxTime = (a: string, b: string) => (a >= b ? a : b);

/** The lowest wall time shown within `seconds` before (the earliest instant of) `time`. */
function wallBack(time: string, seconds: number, zone: string): string {
	const at = instantOfWall(time, zone);
	return secondsToWall(wallRange(at - seconds, at, zone).low);
}

/** The lowest wall second a later poll may read from: what `seen` must keep. */
function keepFrom(cursor: ChannelState, lookbackSeconds: number, zone: string): string {
	// Looking a day ahead keeps the repeated hour of a coming fall-back.
	const ahead = secondsToWall(
		wallRange(cursor.through - lookbackSeconds, cursor.through + DAY_SECONDS, zone).low,
	);
	return minTime(behind(cursor, lookbackSeconds, zone), ahead);
}

/**
 * Where a poll must read from by the records themselves: the look-back behind the newest record
 * read (or behind a draining backlog's position), which also covers an API clock running behind
 * n8n's (its records then look late by the difference).
 */
function behind(cursor: ChannelState, lookbackSeconds: number, zone: string): string {
	return wallBack(cursor.resume ?? cursor.mark, lookbackSeconds, zone);
}

/**
 * Whether the state already started at this Start From: the same text (an expression is never
 * re-evaluated), or another text for the same instant ('adopt'). Otherwise the state starts over.
 */
export function sameOrigin(
	stored: Origin | undefined,
	wanted: NonNullable<PollInput<ServiceRecordLike, string>['origin']>,
): boolean | 'adopt' {
	if (!stored) return false;
	if (stored.raw === wanted.raw) return true;
	// Written differently, the same instant (e.g. another offset): the same starting point.
	if (wanted.at !== undefined && Math.abs(wanted.at - stored.at) < 1000) return 'adopt';
	return false;
}

/** Ties the state to Start From; answers whether an existing state started over at a new one. */
function applyOrigin<C extends string>(
	state: TriggerState<C>,
	origin: PollInput<ServiceRecordLike, C>['origin'],
): boolean {
	if (!origin) return false;
	const same = sameOrigin(state.origin, origin);
	if (same === 'adopt') state.origin = { raw: origin.raw, at: (state.origin as Origin).at };
	// An unreadable Start From the state did not start at never gets here: the caller refused it.
	if (same || origin.at === undefined) return false;
	// A new starting point (first activation with Start From, or the option changed): start over there.
	const restarted = Object.keys(state.channels).length > 0;
	state.channels = {};
	state.origin = { raw: origin.raw, at: origin.at };
	return restarted;
}

/** Forget what no later poll reads, then hold the channels' ids within the budget (oldest seconds first). */
function prune<C extends string>(
	cursors: Array<{ channel: C; cursor: ChannelState; seen: SeenIds }>,
	lookbackSeconds: number,
	zone: string,
	budget: number,
): Array<StateLimit<C>> {
	const limits: Array<StateLimit<C>> = [];
	const wanted = new Map<C, string>();
	for (const { channel, cursor, seen } of cursors) {
		const from = keepFrom(cursor, lookbackSeconds, zone);
		wanted.set(channel, from);
		if (from > cursor.floor) {
			seen.dropBefore(from);
			cursor.floor = from;
		}
		if (cursor.cut !== undefined && cursor.cut <= from) delete cursor.cut;
		cursor.seen = seen.encode(cursor.floor);
	}
	const total = cursors.reduce((sum, c) => sum + c.cursor.seen.length, 0);
	if (total > budget) shareBudget(cursors, budget);
	for (const { channel, cursor, seen } of cursors) {
		const want = wanted.get(channel) as string;
		if (cursor.cut !== undefined && cursor.floor > want)
			limits.push({ channel, floor: cursor.floor, wanted: want, remembered: seen.size });
	}
	return limits;
}

/** Equal shares of the budget; what one channel does not need, the other may use. */
function shareBudget(
	cursors: Array<{ cursor: ChannelState; seen: SeenIds }>,
	budget: number,
): void {
	const sorted = [...cursors].sort((a, b) => a.cursor.seen.length - b.cursor.seen.length);
	let left = budget;
	sorted.forEach((c, i) => {
		const share = Math.floor(left / (sorted.length - i));
		if (c.cursor.seen.length > share) {
			const position = wallToSeconds(c.cursor.resume ?? c.cursor.mark) as number;
			const sizes = c.seen.sizesFrom();
			let k = sizes.findIndex(([second, size]) => size <= share || second >= position);
			if (k < 0) k = sizes.length;
			if (k > 0) {
				const floor = secondsToWall(sizes[k - 1][0] + 1);
				c.seen.dropBefore(floor);
				c.cursor.floor = floor;
				c.cursor.cut = floor;
				c.cursor.seen = c.seen.encode(floor);
			}
		}
		left -= c.cursor.seen.length;
	});
}

/** One window walk of a channel, its requests counted in the channel's report. */
async function walkWindow<R extends ServiceRecordLike, C extends string>(
	run: Run<R, C>,
	channel: C,
	report: ChannelReport,
	options: WalkOptions<R>,
): Promise<WalkResult<R>> {
	const { walk, query } = run.input;
	const result = walk
		? await walk(channel, options)
		: await walkRecords<R>(
				async (start, end, limit) =>
					await (query as NonNullable<typeof query>)(channel, start, end, limit),
				options,
			);
	report.requests += result.requests;
	return result;
}

/**
 * First activation: remember every record the API already holds, as far as a late record or an
 * API clock running ahead could reach, so that none of it is emitted as new.
 */
async function prime<R extends ServiceRecordLike, C extends string>(
	run: Run<R, C>,
	channel: C,
	report: ChannelReport,
): Promise<Work<R, C>> {
	const { nowS, zone } = run;
	const range = wallRange(nowS - run.lookback, run.nowAhead, zone);
	const start = secondsToWall(range.low);
	const end = secondsToWall(range.high);
	const primed = await walkWindow(run, channel, report, {
		start,
		end,
		cap: run.pageSize,
		mayContinue: run.input.mayContinue,
	});
	report.window = { start, end };
	report.started = 'now';
	const seen = new SeenIds();
	const cursor: ChannelState = {
		through: nowS,
		mark: maxTime(secondsToWall(wallRange(nowS, nowS, zone).low), primed.newest ?? start),
		floor: start,
		seen: '',
	};
	if (primed.complete) for (const r of primed.records) seen.add(r.time, run.keyOf(r.id));
	else {
		// Too much to remember in one poll: from the end of the window on only, and say so.
		cursor.floor = secondsToWall((wallToSeconds(end) as number) + 1);
		cursor.cut = cursor.floor;
	}
	return { channel, cursor, seen, report };
}

/** The records a later poll reads: since the last poll, the look-back behind it, and a backlog's rest. */
async function readOn<R extends ServiceRecordLike, C extends string>(
	run: Run<R, C>,
	channel: C,
	cursor: ChannelState,
	report: ChannelReport,
): Promise<Work<R, C>> {
	const { zone, lookback, input } = run;
	const seen = SeenIds.decode(cursor.seen, cursor.floor);
	const work: Work<R, C> = { channel, cursor, seen, report };
	const range = wallRange(Math.min(cursor.through, run.nowS) - lookback, run.nowAhead, zone);
	const end = secondsToWall(range.high);
	const walk = async (start: string, to: string) =>
		await walkWindow(run, channel, report, {
			start,
			end: to,
			cap: run.pageSize,
			limit: run.max,
			mayContinue: input.mayContinue,
			keep: (record, time, id) =>
				run.events.has(String(record.pushType)) && !seen.has(time, run.keyOf(id)),
		});
	// Everything written since the last poll (and late by up to the look-back) lies in `range`;
	// a backlog continues at its position, and also looks behind it for records written late.
	const lookFrom = maxTime(
		cursor.floor,
		minTime(secondsToWall(range.low), wallBack(cursor.resume ?? cursor.mark, lookback, zone)),
	);
	if (cursor.resume === undefined) {
		if (lookFrom > end) return work; // the starting point is still ahead
		report.window = { start: lookFrom, end };
		work.walk = await walk(lookFrom, end);
		return work;
	}
	const ahead = maxTime(cursor.floor, cursor.resume);
	if (ahead > end) return work;
	report.window = { start: minTime(lookFrom, ahead), end };
	// Forward first, so that a backlog always moves on; then, as the poll budget allows, behind.
	const forward = await walk(ahead, end);
	const back =
		lookFrom < ahead && (!input.mayContinue || input.mayContinue())
			? await walk(lookFrom, secondsToWall((wallToSeconds(ahead) as number) - 1))
			: undefined;
	work.walk = back
		? {
				records: [...back.records, ...forward.records],
				complete: forward.complete,
				next: forward.next,
				newest: forward.newest ?? back.newest,
				saturatedSeconds: [...back.saturatedSeconds, ...forward.saturatedSeconds],
				requests: back.requests + forward.requests,
			}
		: forward;
	return work;
}

/** A channel's read: on from its cursor, from Start From, or (first activation) primed at now. */
async function readChannel<R extends ServiceRecordLike, C extends string>(
	run: Run<R, C>,
	state: TriggerState<C>,
	channel: C,
	report: ChannelReport,
): Promise<Work<R, C>> {
	let cursor = state.channels[channel];
	if (!cursor && state.origin) {
		const at = Math.floor(state.origin.at / 1000);
		const wall = secondsToWall(wallRange(at, at, run.zone).low);
		cursor = { through: at, mark: wall, floor: wall, seen: '' };
		report.started = 'startFrom';
	}
	const work = cursor
		? await readOn(run, channel, cursor, report)
		: await prime(run, channel, report);
	state.channels[channel] = work.cursor;
	return work;
}

/**
 * After the choice of what to emit: remember the `taken` records, report the full seconds that
 * matter, and move the cursor (to where the next poll continues when some of the walk is left).
 */
function settle<R extends ServiceRecordLike, C extends string>(
	work: Work<R, C>,
	taken: number,
	run: Run<R, C>,
	outcome: PollOutcome<R, C>,
	saturatedKeys: Set<string>,
): void {
	const { cursor, seen, walk } = work;
	if (!walk) return;
	const saturated = new Set(walk.saturatedSeconds);
	const emittedPerSecond = new Map<string, number>();
	const emitted = walk.records.slice(0, taken);
	for (const candidate of emitted) {
		if (saturated.has(candidate.time))
			emittedPerSecond.set(candidate.time, (emittedPerSecond.get(candidate.time) ?? 0) + 1);
	}
	const stop =
		taken < walk.records.length ? walk.records[taken].time : walk.complete ? undefined : walk.next;
	for (const second of saturated) {
		// Report a full second when records of it are emitted, or when the walk gets past it for the
		// first time (beyond the mark); re-reading it in the look-back stays quiet.
		const emitted = emittedPerSecond.get(second) ?? 0;
		const passed = second > cursor.mark && (stop === undefined || second < stop);
		if (emitted > 0 || passed) {
			outcome.saturations.push({ channel: work.channel, second, emitted });
			saturatedKeys.add(`${work.channel} ${second}`);
		}
	}
	if (walk.newest !== undefined)
		cursor.mark = maxTime(
			cursor.mark,
			stop === undefined ? walk.newest : minTime(walk.newest, stop),
		);
	if (stop === undefined) delete cursor.resume;
	else {
		cursor.resume = stop;
		work.report.draining = true;
	}
	cursor.through = run.nowS;
	// Remembered from where prune keeps ids on: a backlog's records behind the look-back would be
	// dropped at once (thousands of one-second sets a poll, for nothing).
	const from = wallSecondsOf(keepFrom(cursor, run.lookback, run.zone));
	for (const { time, id } of emitted)
		if (wallSecondsOf(time) >= from) seen.add(time, run.keyOf(id));
}

/**
 * Every selected channel's read, in order. A failed read throws, unless `isolateFailures` and the
 * channel has a position: then its state stays as it was (a read changes it only once it is whole)
 * and it is listed.
 */
async function readChannels<R extends ServiceRecordLike, C extends string>(
	run: Run<R, C>,
	state: TriggerState<C>,
	outcome: PollOutcome<R, C>,
): Promise<Array<Work<R, C>>> {
	const work: Array<Work<R, C>> = [];
	for (const channel of run.input.channels) {
		const report: ChannelReport = { requests: 0, draining: false };
		outcome.channels[channel] = report;
		// A channel without a position yet (first activation, or just selected) is not isolated: were
		// it skipped, it would start at its first successful poll, and what was written meanwhile be lost.
		const isolate = run.input.isolateFailures && state.channels[channel] !== undefined;
		const read = readChannel(run, state, channel, report);
		if (!isolate) work.push(await read);
		else {
			const result = await read.then(
				(done) => ({ done }),
				(error: unknown) => ({ error }),
			);
			if ('done' in result) work.push(result.done);
			else outcome.failed.push({ channel, error: result.error });
		}
		outcome.requests += report.requests;
	}
	return work;
}

function runOf<R extends ServiceRecordLike, C extends string>(input: PollInput<R, C>): Run<R, C> {
	const nowS = Math.floor(input.nowMs / 1000);
	const keys = new Map<string, string>();
	return {
		input,
		zone: input.zone,
		lookback: input.lookbackSeconds,
		max: Math.max(1, Math.floor(input.maxRecordsPerPoll)),
		pageSize: input.pageSize ?? 1000,
		events: new Set(input.events),
		nowS,
		nowAhead: nowS + API_CLOCK_TOLERANCE_SECONDS,
		keyOf: (id) => {
			let key = keys.get(id);
			if (key === undefined) {
				key = idKey(id);
				keys.set(id, key);
			}
			return key;
		},
	};
}

/**
 * One poll over the selected channels. Throws whatever `query` throws; the caller then keeps its
 * stored state untouched, so a failed poll emits nothing and changes nothing.
 */
export async function runPoll<R extends ServiceRecordLike, C extends string = Channel>(
	previous: TriggerState<C> | undefined,
	input: PollInput<R, C>,
): Promise<PollOutcome<R, C>> {
	const state: TriggerState<C> = previous
		? (JSON.parse(JSON.stringify(previous)) as TriggerState<C>)
		: { version: STATE_VERSION, channels: {} };
	const run = runOf(input);
	const outcome: PollOutcome<R, C> = {
		emitted: [],
		state,
		saturations: [],
		limits: [],
		restarted: applyOrigin(state, input.origin),
		requests: 0,
		channels: {},
		failed: [],
	};
	// Channels no longer selected are dropped: selecting one again starts it afresh.
	for (const channel of input.allChannels ?? (CHANNELS as readonly string[] as readonly C[]))
		if (!input.channels.includes(channel)) delete state.channels[channel];
	const work = await readChannels(run, state, outcome);
	// Emit the oldest `max` fresh records of all channels, in updateTime order.
	const merged = work.flatMap((w) =>
		(w.walk?.records ?? []).map((candidate) => ({ w, candidate })),
	);
	merged.sort((a, b) =>
		a.candidate.time < b.candidate.time ? -1 : a.candidate.time > b.candidate.time ? 1 : 0,
	);
	const chosen = merged.slice(0, run.max);
	const taken = new Map<Work<R, C>, number>();
	for (const { w } of chosen) taken.set(w, (taken.get(w) ?? 0) + 1);
	const saturatedKeys = new Set<string>();
	for (const w of work) settle(w, taken.get(w) ?? 0, run, outcome, saturatedKeys);
	// A failed channel keeps its ids; the others share what is left of the budget.
	const kept = outcome.failed.reduce(
		(sum, { channel }) => sum + (state.channels[channel]?.seen.length ?? 0),
		0,
	);
	const budget = (input.seenBudgetChars ?? SEEN_BUDGET_CHARS) - kept;
	outcome.limits = prune(work, run.lookback, run.zone, budget);
	outcome.emitted = chosen.map(({ w, candidate }) => ({
		channel: w.channel,
		record: candidate.record,
		time: candidate.time,
		...(saturatedKeys.has(`${w.channel} ${candidate.time}`)
			? { saturatedSecond: candidate.time }
			: {}),
	}));
	return outcome;
}

/**
 * The Contact Center Trigger's cursor: which service records one poll emits and the state the next
 * poll starts from. Pure: no n8n context, no clock, no I/O. The node hands in "now" (an API time in
 * the credential's zone) and a `query` callback that performs one service-record request; this
 * module decides every window, every dedup and every state change.
 *
 * Per channel the state holds:
 * - `mark`: the greatest `updateTime` the trigger has processed (or the activation time). Each poll
 *   looks `lookbackMinutes` behind it again, for records the API writes late.
 * - `floor`: queries never start before it; `seen` holds every `eventUniqueId` emitted with an
 *   `updateTime` at or after it, so re-reading the look-back never emits a record twice.
 * - `resume` (while draining a backlog): the poll stopped there (maxRecordsPerPoll or the poll
 *   budget); the next poll continues exactly there instead of re-reading the look-back.
 * - `sweepFrom` (after a drain): where the drain's own look-back began; the first poll after the
 *   drain re-reads from there, so late records written while draining are not skipped.
 *
 * Windows are walked with `windowStep` (1,000 records a query, split at the last second of a full
 * batch). All arithmetic on API times is wall-clock arithmetic on the zone-less strings the API
 * orders by; converting real instants into them is the caller's job (see helpers/time.ts).
 */
import { PAGE_SIZE, windowStep, type WindowCursor } from '../ContactCenter/transport/pagination';

export type Channel = 'call' | 'im';
export const CHANNELS: readonly Channel[] = ['call', 'im'];
export type PushType = 'serviceNoteInsert' | 'serviceNoteUpdate';
export const PUSH_TYPES: readonly PushType[] = ['serviceNoteInsert', 'serviceNoteUpdate'];

export const STATE_VERSION = 1;
export const DEFAULT_LOOKBACK_MINUTES = 5;
export const MAX_LOOKBACK_MINUTES = 1440;
export const DEFAULT_MAX_RECORDS_PER_POLL = 5000;
export const MAX_RECORDS_PER_POLL_LIMIT = 100_000;
/**
 * Most ids remembered per channel (11 characters each in the state, about 14 KB at most). Beyond
 * it the oldest seconds are forgotten and the look-back shrinks to what is remembered; the second
 * the cursor stands on is always kept whole.
 */
export const SEEN_CAP = 1000;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
// Builtins read once: hot loops below run millions of times in tests, where every global lookup is slow.
const JsDate = Date;
const dateUtc = Date.UTC;
const imul = Math.imul;

// ---- wall-clock arithmetic on `yyyy-MM-dd HH:mm:ss` -------------------------------------------

/** Seconds since 1970 of a wall-clock time read as UTC; undefined when malformed. */
export function wallToSeconds(time: string): number | undefined {
	const m = WALL_TIME.exec(time);
	if (!m) return undefined;
	const year = +m[1];
	const month = +m[2];
	const day = +m[3];
	const hour = +m[4];
	const minute = +m[5];
	const second = +m[6];
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
		return undefined;
	}
	return dateUtc(year, month - 1, day, hour, minute, second) / 1000;
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function secondsToWall(seconds: number): string {
	return new JsDate(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function isWallTime(value: unknown): value is string {
	return typeof value === 'string' && wallToSeconds(value) !== undefined;
}

function wallSeconds(time: string): number {
	const seconds = wallToSeconds(time);
	if (seconds === undefined) throw new Error(`not an API time: ${time}`);
	return seconds;
}

/** `time` shifted by whole seconds of wall clock. */
export function shiftWall(time: string, seconds: number): string {
	return secondsToWall(wallSeconds(time) + seconds);
}

export const nextSecond = (time: string): string => shiftWall(time, 1);
const maxTime = (a: string, b: string): string => (a >= b ? a : b);
const minTime = (a: string, b: string): string => (a <= b ? a : b);

// ---- ids --------------------------------------------------------------------------------------

const BASE64URL_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const KEY_LENGTH = 11;

/**
 * A 64-bit digest of an id in 11 characters: what the state remembers instead of the id itself,
 * so that its size does not depend on how long the API's ids are. Two different ids share a key
 * with probability about 2^-64 per pair (for 1,500 remembered ids, below 10^-16 per new record).
 */
export function idKey(id: string): string {
	let h1 = 0xdeadbeef ^ id.length;
	let h2 = 0x41c6ce57 ^ id.length;
	for (let i = 0; i < id.length; i++) {
		const c = id.charCodeAt(i);
		h1 = imul(h1 ^ c, 2654435761);
		h2 = imul(h2 ^ c, 1597334677);
	}
	h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
	let hi = h1 >>> 0;
	let lo = h2 >>> 0;
	let out = '';
	for (let i = 0; i < KEY_LENGTH; i++) {
		out += BASE64URL_DIGITS[lo & 63];
		lo = ((lo >>> 6) | ((hi & 63) << 26)) >>> 0;
		hi >>>= 6;
	}
	return out;
}

/** What identifies a record: its `eventUniqueId`, or (when the API leaves it out) its whole content. */
export function recordIdentity(record: ServiceRecordLike): string {
	const id = record.eventUniqueId;
	if (typeof id === 'string' && id !== '') return id;
	if (typeof id === 'number' || typeof id === 'bigint') return String(id);
	return `~${JSON.stringify(record)}`;
}

// ---- state ------------------------------------------------------------------------------------

export interface ChannelCursor {
	mark: string;
	floor: string;
	resume?: string;
	sweepFrom?: string;
	/** Keys of the ids emitted at or after `floor`, grouped by second (see encodeSeen). */
	seen: string;
}

export interface TriggerState {
	version: number;
	/** The `startFrom` option the state was started from, if any; a different one starts over. */
	startFrom?: string;
	channels: Partial<Record<Channel, ChannelCursor>>;
}

/** Ids remembered per second, in memory. */
export class SeenIds {
	private readonly bySecond = new Map<string, string[]>();
	private readonly keys = new Set<string>();

	get size(): number {
		return this.keys.size;
	}

	has(key: string): boolean {
		return this.keys.has(key);
	}

	add(time: string, key: string): void {
		if (this.keys.has(key)) return;
		this.keys.add(key);
		const list = this.bySecond.get(time);
		if (list) list.push(key);
		else this.bySecond.set(time, [key]);
	}

	seconds(): string[] {
		return [...this.bySecond.keys()].sort();
	}

	/** Forget every second before `time`. */
	dropBefore(time: string): void {
		for (const second of this.bySecond.keys()) if (second < time) this.dropSecond(second);
	}

	dropSecond(second: string): void {
		for (const key of this.bySecond.get(second) ?? []) this.keys.delete(key);
		this.bySecond.delete(second);
	}

	countAt(second: string): number {
		return this.bySecond.get(second)?.length ?? 0;
	}

	/**
	 * Per second, ascending and space separated: `<seconds after the previous second (the first:
	 * after base), base 36>:<keys, 11 characters each>`.
	 */
	encode(base: string): string {
		let previous = wallSeconds(base);
		return this.seconds()
			.map((second) => {
				const seconds = wallSeconds(second);
				const entry = `${(seconds - previous).toString(36)}:${(this.bySecond.get(second) ?? []).join('')}`;
				previous = seconds;
				return entry;
			})
			.join(' ');
	}

	static decode(text: string, base: string): SeenIds {
		const seen = new SeenIds();
		if (!text) return seen;
		let seconds = wallSeconds(base);
		for (const entry of text.split(' ')) {
			const colon = entry.indexOf(':');
			const delta = colon < 1 ? NaN : parseInt(entry.slice(0, colon), 36);
			const keys = entry.slice(colon + 1);
			if (!Number.isFinite(delta) || delta < 0 || keys.length === 0 || keys.length % KEY_LENGTH !== 0) {
				throw new Error(`malformed seen entry: ${entry.slice(0, 40)}`);
			}
			seconds += delta;
			const second = secondsToWall(seconds);
			for (let i = 0; i < keys.length; i += KEY_LENGTH) seen.add(second, keys.slice(i, i + KEY_LENGTH));
		}
		return seen;
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readChannel(value: unknown): ChannelCursor | undefined {
	if (!isObject(value)) return undefined;
	const { mark, floor, resume, sweepFrom, seen } = value;
	if (!isWallTime(mark) || !isWallTime(floor) || typeof seen !== 'string') return undefined;
	if (resume !== undefined && !isWallTime(resume)) return undefined;
	if (sweepFrom !== undefined && !isWallTime(sweepFrom)) return undefined;
	try {
		SeenIds.decode(seen, floor);
	} catch {
		return undefined;
	}
	return {
		mark,
		floor,
		seen,
		...(resume !== undefined ? { resume } : {}),
		...(sweepFrom !== undefined ? { sweepFrom } : {}),
	};
}

/**
 * The state as stored in static data, validated; channels whose part is unreadable are left out
 * (they start again as on first activation) and listed in `invalid`.
 */
export function readState(value: unknown): { state?: TriggerState; invalid: string[] } {
	if (!isObject(value)) return { invalid: value === undefined ? [] : ['state'] };
	if (value.version !== STATE_VERSION || !isObject(value.channels)) return { invalid: ['state'] };
	const invalid: string[] = [];
	const channels: Partial<Record<Channel, ChannelCursor>> = {};
	for (const channel of CHANNELS) {
		const raw = value.channels[channel];
		if (raw === undefined) continue;
		const cursor = readChannel(raw);
		if (cursor) channels[channel] = cursor;
		else invalid.push(channel);
	}
	const startFrom = isWallTime(value.startFrom) ? value.startFrom : undefined;
	return { state: { version: STATE_VERSION, ...(startFrom ? { startFrom } : {}), channels }, invalid };
}

// ---- one poll ---------------------------------------------------------------------------------

/** What the cursor reads of a service record; the rest is passed through untouched. */
export interface ServiceRecordLike {
	updateTime?: unknown;
	eventUniqueId?: unknown;
	pushType?: unknown;
}

export interface PollInput<R extends ServiceRecordLike> {
	channels: readonly Channel[];
	/** `pushType`s to emit; others are read past. */
	events: readonly string[];
	lookbackMinutes: number;
	maxRecordsPerPoll: number;
	/** The upper end of every window: "now" in the API's zone, `yyyy-MM-dd HH:mm:ss`. */
	now: string;
	/** First activation (or a changed option) starts here instead of at `now`. */
	startFrom?: string;
	/** One service-record query: records with start <= updateTime <= end, ascending, at most `limit`. */
	query: (channel: Channel, start: string, end: string, limit: number) => Promise<R[]>;
	/** Asked before every request but a channel's first; false ends the poll where it is. */
	mayContinue?: () => boolean;
	/** Test seams. */
	pageSize?: number;
	seenCap?: number;
}

export interface EmittedRecord<R> {
	channel: Channel;
	record: R;
	/** The second the record is filed under (its `updateTime`, or the query start when that is malformed). */
	time: string;
	/** Set when the record's second held 1,000 or more records: the API may not have returned all of them. */
	saturatedSecond?: string;
}

export interface Saturation {
	channel: Channel;
	second: string;
	/** Records of that second emitted by this poll. */
	emitted: number;
}

export interface ChannelReport {
	requests: number;
	/** The channel had no state: it was started (from `now`, or from `startFrom`). */
	started?: 'now' | 'startFrom';
	/** The poll stopped before reaching `now` on this channel; the next poll continues from `resume`. */
	draining: boolean;
	window?: { start: string; end: string };
}

export interface PollOutcome<R> {
	emitted: EmittedRecord<R>[];
	/** The state to store; the input state is never modified. */
	state: TriggerState;
	/** Seconds with 1,000 or more records, newly met by this poll; the caller must warn about each. */
	saturations: Saturation[];
	requests: number;
	channels: Partial<Record<Channel, ChannelReport>>;
}

interface Candidate<R> {
	record: R;
	time: string;
	key: string;
}

interface WalkResult<R> {
	fresh: Candidate<R>[];
	complete: boolean;
	/** Where the next query would have started (set when not complete). */
	next?: string;
	/** Greatest second of any record read (fresh, seen or filtered). */
	maxTime?: string;
	saturated: string[];
	requests: number;
}

interface TimedCandidate<R> {
	updateTime: string;
	eventUniqueId: string;
	record: R;
}

/**
 * Read `[start, end]` of one channel in 1,000-record steps, keeping the records not yet emitted
 * (`seen`) whose pushType is wanted, until the window is exhausted, `limit` fresh records are in
 * hand, or `mayContinue` says stop (never before the first request).
 */
interface WalkOptions<R> {
	query: (start: string, end: string, limit: number) => Promise<R[]>;
	events: ReadonlySet<string>;
	pageSize: number;
	mayContinue?: () => boolean;
}

async function walk<R extends ServiceRecordLike>(
	options: WalkOptions<R>,
	start: string,
	end: string,
	seen: SeenIds,
	limit: number,
): Promise<WalkResult<R>> {
	const { events, mayContinue } = options;
	const cap = options.pageSize;
	const result: WalkResult<R> = { fresh: [], complete: false, saturated: [], requests: 0 };
	const taken = new Set<string>();
	let cursor: WindowCursor = { start, seenAtStart: [] };
	for (;;) {
		if (result.requests > 0 && mayContinue && !mayContinue()) {
			result.next = cursor.start;
			return result;
		}
		const raw = await options.query(cursor.start, end, cap);
		result.requests++;
		const batch: TimedCandidate<R>[] = raw.map((record) => {
			// File a record under its second; one without a usable time (never seen from the API) under
			// the query's start, so that it is still emitted once and never moves the walk backwards.
			// Times outside the window (never seen from the API) are clamped into it, keeping the order.
			let time = isWallTime(record.updateTime) ? record.updateTime : cursor.start;
			if (time < cursor.start) time = cursor.start;
			if (time > end) time = end;
			return { updateTime: time, eventUniqueId: idKey(recordIdentity(record)), record };
		});
		const step = windowStep(cursor, batch, cap, nextSecond, end);
		for (const candidate of batch) {
			if (result.maxTime === undefined || candidate.updateTime > result.maxTime) result.maxTime = candidate.updateTime;
		}
		for (const { updateTime, eventUniqueId: key, record } of step.fresh) {
			if (seen.has(key) || taken.has(key)) continue;
			taken.add(key);
			if (!events.has(String(record.pushType))) continue;
			result.fresh.push({ record, time: updateTime, key });
		}
		if (step.saturatedSecond) result.saturated.push(step.saturatedSecond);
		if (!step.next) {
			result.complete = true;
			return result;
		}
		cursor = step.next;
		if (result.fresh.length >= limit) {
			result.next = cursor.start;
			return result;
		}
	}
}

function cloneState(state: TriggerState | undefined): TriggerState {
	return state ? (JSON.parse(JSON.stringify(state)) as TriggerState) : { version: STATE_VERSION, channels: {} };
}

/** Forget what the look-back no longer needs, then hold the id set to `cap`. */
function prune(cursor: ChannelCursor, seen: SeenIds, lookbackSeconds: number, cap: number): void {
	let keepFrom = shiftWall(cursor.mark, -lookbackSeconds);
	if (cursor.resume !== undefined) keepFrom = minTime(keepFrom, cursor.resume);
	if (cursor.sweepFrom !== undefined) keepFrom = minTime(keepFrom, cursor.sweepFrom);
	if (keepFrom > cursor.floor) {
		seen.dropBefore(keepFrom);
		cursor.floor = keepFrom;
	}
	// Never forget the second the walk stands on: its ids are what make re-reading it exact.
	const protectFrom = minTime(cursor.resume ?? cursor.mark, cursor.mark);
	for (const second of seen.seconds()) {
		if (seen.size <= cap || second >= protectFrom) break;
		seen.dropSecond(second);
		cursor.floor = maxTime(cursor.floor, nextSecond(second));
	}
	cursor.seen = seen.encode(cursor.floor);
}

/** The window this poll reads on a channel. */
export function windowStart(cursor: ChannelCursor, lookbackMinutes: number): string {
	if (cursor.resume !== undefined) return maxTime(cursor.floor, cursor.resume);
	let start = shiftWall(cursor.mark, -Math.max(0, Math.floor(lookbackMinutes * 60)));
	if (cursor.sweepFrom !== undefined) start = minTime(start, cursor.sweepFrom);
	return maxTime(cursor.floor, start);
}

/**
 * One poll over the selected channels. Throws whatever `query` throws; the caller then keeps its
 * stored state untouched, so a failed poll emits nothing and changes nothing.
 */
export async function runPoll<R extends ServiceRecordLike>(
	previous: TriggerState | undefined,
	input: PollInput<R>,
): Promise<PollOutcome<R>> {
	const state = cloneState(previous);
	const lookbackSeconds = Math.max(0, Math.floor(input.lookbackMinutes * 60));
	const max = Math.max(1, Math.floor(input.maxRecordsPerPoll));
	const cap = input.seenCap ?? SEEN_CAP;
	const outcome: PollOutcome<R> = { emitted: [], state, saturations: [], requests: 0, channels: {} };
	const walkOptions = (channel: Channel): WalkOptions<R> => ({
		query: async (start, end, limit) => await input.query(channel, start, end, limit),
		events: new Set(input.events),
		pageSize: input.pageSize ?? PAGE_SIZE.serviceRecord,
		mayContinue: input.mayContinue,
	});

	if (input.startFrom !== undefined && input.startFrom !== state.startFrom) {
		// A new starting point (first activation with startFrom, or the option changed): start over there.
		state.channels = {};
		state.startFrom = input.startFrom;
	}
	// Channels no longer selected are dropped: selecting one again starts it afresh.
	for (const channel of CHANNELS) if (!input.channels.includes(channel)) delete state.channels[channel];

	interface Work {
		channel: Channel;
		cursor: ChannelCursor;
		seen: SeenIds;
		start: string;
		resumed: boolean;
		walk: WalkResult<R>;
	}
	const work: Work[] = [];

	for (const channel of input.channels) {
		const report: ChannelReport = { requests: 0, draining: false };
		outcome.channels[channel] = report;
		let cursor = state.channels[channel];
		if (!cursor) {
			if (input.startFrom !== undefined) {
				cursor = { mark: input.startFrom, floor: input.startFrom, seen: '' };
				report.started = 'startFrom';
			} else {
				// Start at "now": remember what the look-back already holds, so that it is never
				// emitted as new, while records written late into it still are.
				const from = shiftWall(input.now, -lookbackSeconds);
				const seen = new SeenIds();
				const primed = await walk(walkOptions(channel), from, input.now, seen, Number.POSITIVE_INFINITY);
				report.requests += primed.requests;
				outcome.requests += primed.requests;
				report.window = { start: from, end: input.now };
				cursor = { mark: input.now, floor: from, seen: '' };
				if (primed.complete) for (const c of primed.fresh) seen.add(c.time, c.key);
				else cursor.floor = input.now; // too much to remember in one poll: look back from now on only
				prune(cursor, seen, lookbackSeconds, cap);
				state.channels[channel] = cursor;
				report.started = 'now';
				continue;
			}
			state.channels[channel] = cursor;
		}
		const start = windowStart(cursor, input.lookbackMinutes);
		if (start > input.now) continue; // the starting point is still in the future
		const seen = SeenIds.decode(cursor.seen, cursor.floor);
		report.window = { start, end: input.now };
		const result = await walk(walkOptions(channel), start, input.now, seen, max);
		report.requests += result.requests;
		outcome.requests += result.requests;
		work.push({ channel, cursor, seen, start, resumed: cursor.resume !== undefined, walk: result });
	}

	// Emit the oldest `max` fresh records of all channels, in updateTime order.
	const merged = work.flatMap((w) => w.walk.fresh.map((candidate) => ({ w, candidate })));
	merged.sort((a, b) => (a.candidate.time < b.candidate.time ? -1 : a.candidate.time > b.candidate.time ? 1 : 0));
	const chosen = merged.slice(0, max);
	const takenPerChannel = new Map<Channel, number>();
	for (const { w } of chosen) takenPerChannel.set(w.channel, (takenPerChannel.get(w.channel) ?? 0) + 1);

	for (const w of work) {
		const { cursor, seen, walk: result } = w;
		const taken = takenPerChannel.get(w.channel) ?? 0;
		const saturated = new Set(result.saturated);
		const emittedPerSecond = new Map<string, number>();
		for (const candidate of result.fresh.slice(0, taken)) {
			seen.add(candidate.time, candidate.key);
			if (saturated.has(candidate.time)) emittedPerSecond.set(candidate.time, (emittedPerSecond.get(candidate.time) ?? 0) + 1);
		}
		const finished = result.complete && taken === result.fresh.length;
		const stop = finished ? undefined : taken < result.fresh.length ? result.fresh[taken].time : (result.next as string);
		for (const second of saturated) {
			// Report a full second when records of it are emitted, or when the walk gets past it for the
			// first time (beyond the mark); re-reading it in the look-back stays quiet.
			const emitted = emittedPerSecond.get(second) ?? 0;
			const passed = second > cursor.mark && (stop === undefined || second < stop);
			if (emitted > 0 || passed) outcome.saturations.push({ channel: w.channel, second, emitted });
		}
		if (stop === undefined) {
			if (result.maxTime !== undefined) cursor.mark = maxTime(cursor.mark, result.maxTime);
			delete cursor.resume;
			// A drain that just finished leaves `sweepFrom` for the next poll's look-back; a normal
			// (or sweeping) poll that read its whole window has covered it.
			if (!w.resumed) delete cursor.sweepFrom;
		} else {
			cursor.sweepFrom = minTime(cursor.sweepFrom ?? w.start, w.start);
			cursor.resume = stop;
			cursor.mark = maxTime(cursor.mark, stop);
			(outcome.channels[w.channel] as ChannelReport).draining = true;
		}
		prune(cursor, seen, lookbackSeconds, cap);
	}

	const saturatedSeconds = new Map<string, string>();
	for (const s of outcome.saturations) saturatedSeconds.set(`${s.channel} ${s.second}`, s.second);
	outcome.emitted = chosen.map(({ w, candidate }) => {
		const saturatedSecond = saturatedSeconds.get(`${w.channel} ${candidate.time}`);
		return {
			channel: w.channel,
			record: candidate.record,
			time: candidate.time,
			...(saturatedSecond ? { saturatedSecond } : {}),
		};
	});
	return outcome;
}

// ---- manual runs ------------------------------------------------------------------------------

/** Windows a manual run searches, newest first: the last hour, the day before it, the week before that. */
export const SAMPLE_WINDOWS_SECONDS: readonly number[] = [3600, 86_400, 7 * 86_400];
export const SAMPLE_MAX_REQUESTS = 10;

/**
 * The most recent record of each channel (with a wanted pushType) for "Fetch Test Event": reads
 * the last hour, then the rest of the last day, then of the last week, and stops at the first
 * window holding one. Reads at most SAMPLE_MAX_REQUESTS pages per channel. Touches no state.
 */
export async function latestRecords<R extends ServiceRecordLike>(
	input: Pick<PollInput<R>, 'channels' | 'events' | 'now' | 'query' | 'pageSize'>,
): Promise<{ emitted: EmittedRecord<R>[]; requests: number }> {
	const out: EmittedRecord<R>[] = [];
	let requests = 0;
	for (const channel of input.channels) {
		let budget = SAMPLE_MAX_REQUESTS;
		const options: WalkOptions<R> = {
			query: async (start, end, limit) => {
				budget--;
				return await input.query(channel, start, end, limit);
			},
			events: new Set(input.events),
			pageSize: input.pageSize ?? PAGE_SIZE.serviceRecord,
			mayContinue: () => budget > 0,
		};
		let end = input.now;
		let latest: Candidate<R> | undefined;
		for (const span of SAMPLE_WINDOWS_SECONDS) {
			const start = shiftWall(input.now, -span);
			const result = await walk(options, start, end, new SeenIds(), Number.POSITIVE_INFINITY);
			requests += result.requests;
			latest = result.fresh[result.fresh.length - 1];
			if (latest || budget <= 0) break;
			end = shiftWall(start, -1);
		}
		if (latest) out.push({ channel, record: latest.record, time: latest.time });
	}
	out.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
	return { emitted: out, requests };
}

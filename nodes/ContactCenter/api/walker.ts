/**
 * The one window walker over the API's time-ordered lists: the service-record queries (Service
 * Record → Get Many and the trigger) and the customer list (the trigger's customer streams). A
 * query returns at most `cap` records of [start, end], ascending by `updateTime`; a full page means
 * more may exist, so the walk continues from the page's last second, skipping the records of that
 * second it already read. A full page that is all one second is read to its end page by page when
 * the list pages (`pageOfSecond`); the service-record queries cannot page (the API's own limit), so
 * the walk reports that second as saturated and moves past it. Pure: the queries are callbacks;
 * times are the API's zone-less wall times.
 */
import { isWallTime, nextWallSecond, secondsToWall, wallSecondsOf } from './time';
import { recordQuerySize } from '../transport/pagination';

/** What the walker reads of a record; everything else passes through untouched. */
export interface RecordLike {
	updateTime?: unknown;
	eventUniqueId?: unknown;
}

/** Records with start <= updateTime <= end, ascending, at most `limit`. */
type RecordQueryFn<R> = (start: string, end: string, limit: number) => Promise<R[]>;

/** Page `page` (2, 3, …) of the records of one second, `size` a page. */
type SecondPageFn<R> = (second: string, page: number, size: number) => Promise<R[]>;

export interface WalkOptions<R> {
	start: string;
	end: string;
	/** Records per query: the API's maximum, always (a smaller page filling up inside one second would look saturated). */
	cap: number;
	/** Stop once this many records are kept (the whole page that reached it is kept). */
	limit?: number;
	/** False reads past a record (already emitted, or not wanted); default keeps every record. */
	keep?: (record: R, time: string, id: string) => boolean;
	/** Asked before every query but the first; false stops the walk where it is. */
	mayContinue?: () => boolean;
	/** A list that pages within a second: read a full second to its end instead of reporting it. */
	pageOfSecond?: SecondPageFn<R>;
}

interface WalkedRecord<R> {
	record: R;
	/** The second the record is filed under: its `updateTime` (clamped into the window). */
	time: string;
	/** Its identity: `eventUniqueId`, or its whole content when the API leaves that out. */
	id: string;
}

export interface WalkResult<R> {
	records: Array<WalkedRecord<R>>;
	/** The whole window was read. */
	complete: boolean;
	/** When not complete: where the next query would have started (inclusive). */
	next?: string;
	/** The greatest second of any record read, kept or not. */
	newest?: string;
	/** Seconds holding `cap` records or more: records of them beyond the first `cap` cannot be read. */
	saturatedSeconds: string[];
	requests: number;
}

/** What identifies a record: its `eventUniqueId`, or (when the API leaves it out) its whole content. */
function recordIdentity(record: RecordLike): string {
	const id = record.eventUniqueId;
	if (typeof id === 'string' && id !== '') return id;
	if (typeof id === 'number' || typeof id === 'bigint') return String(id);
	return `~${JSON.stringify(record)}`;
}

/**
 * The second a record is filed under. A record without a usable time (never seen from the API) is
 * filed under the query's start, so that it is still read once and never moves the walk backwards;
 * times outside the window (never seen either) are clamped into it, keeping the order.
 */
function secondOf(record: RecordLike, from: string, end: string): string {
	const time = isWallTime(record.updateTime) ? record.updateTime : from;
	return time < from ? from : time > end ? end : time;
}

function accept<R>(
	result: WalkResult<R>,
	options: WalkOptions<R>,
	record: R,
	time: string,
	id: string,
) {
	if (result.newest === undefined || time > result.newest) result.newest = time;
	if (!options.keep || options.keep(record, time, id)) result.records.push({ record, time, id });
}

/** Pages 2, 3, … of one second, skipping the ids already read; false when the budget ran out first. */
async function readRestOfSecond<R extends RecordLike>(
	pageOfSecond: SecondPageFn<R>,
	second: string,
	read: Set<string>,
	result: WalkResult<R>,
	options: WalkOptions<R>,
): Promise<boolean> {
	for (let page = 2; ; page++) {
		if (options.mayContinue && !options.mayContinue()) return false;
		const rows = await pageOfSecond(second, page, options.cap);
		result.requests++;
		for (const record of rows) {
			const id = recordIdentity(record);
			if (read.has(id)) continue;
			read.add(id);
			accept(result, options, record, second, id);
		}
		if (rows.length < options.cap) return true;
	}
}

/**
 * One page of a walk that started at `from`: every record filed under its second, those not
 * already read at `from` accepted. Answers the page's first and last second and the ids read at
 * the last, where a full page continues.
 */
export function readPage<R extends RecordLike>(
	batch: readonly R[],
	from: string,
	readAtFrom: ReadonlySet<string>,
	result: WalkResult<R>,
	options: WalkOptions<R>,
): { first?: string; last: string; atLast: string[] } {
	let last = from;
	let first: string | undefined;
	const atLast: string[] = [];
	for (const record of batch) {
		const time = secondOf(record, from, options.end);
		const id = recordIdentity(record);
		first ??= time;
		if (time !== last) atLast.length = 0;
		last = time;
		atLast.push(id);
		if (time === from && readAtFrom.has(id)) continue;
		accept(result, options, record, time, id);
	}
	return { first, last, atLast };
}

export async function walkRecords<R extends RecordLike>(
	query: RecordQueryFn<R>,
	options: WalkOptions<R>,
): Promise<WalkResult<R>> {
	const { end, cap, keep, mayContinue } = options;
	const limit = options.limit ?? Number.POSITIVE_INFINITY;
	const result: WalkResult<R> = { records: [], complete: false, saturatedSeconds: [], requests: 0 };
	let from = options.start;
	let readAtFrom = new Set<string>();
	// The walk ends complete, or (with `next`) where the next query would have started.
	const done = (next?: string) => {
		if (next === undefined) result.complete = true;
		else result.next = next;
		return result;
	};
	for (;;) {
		if (result.requests > 0 && mayContinue && !mayContinue()) return done(from);
		// Without a filter, ask only for what the limit still needs (plus the records re-read at `from`).
		const size = keep
			? cap
			: recordQuerySize(cap, options.limit, result.records.length, readAtFrom.size);
		const batch = await query(from, end, size);
		result.requests++;
		const { first, last, atLast } = readPage(batch, from, readAtFrom, result, options);
		if (batch.length < size) return done();
		if (first === last && size === cap) {
			// A full page of one second: page through the rest of it, or (when the list cannot) report it.
			const { pageOfSecond } = options;
			if (!pageOfSecond) result.saturatedSeconds.push(last);
			else if (!(await readRestOfSecond(pageOfSecond, last, new Set(atLast), result, options)))
				return done(last);
			from = nextWallSecond(last);
			readAtFrom = new Set();
			if (from > end) return done();
		} else {
			from = last;
			readAtFrom = new Set(atLast);
		}
		if (result.records.length >= limit) return done(from);
	}
}

/** Most probes of the newest-records search before it reads the whole window instead. */
const MAX_PROBES = 8;

/**
 * The newest `limit` records of [start, end], ascending, in as few queries as the API allows. The
 * queries return the OLDEST records of a window first and cannot page, so the newest are found by
 * narrowing the window's start: one query of the whole window (enough when it holds fewer than
 * `cap` records), then windows [s, end] whose start is estimated from the density of what was read,
 * until one holds at least `limit` records but fewer than `cap` (so it was read whole). A Limit of
 * `cap` or more, or a search that does not settle (a second holding `cap` records or more), reads
 * the whole window forward and keeps its newest records.
 */
export async function walkNewest<R extends RecordLike>(
	query: RecordQueryFn<R>,
	options: { start: string; end: string; cap: number; limit: number },
): Promise<WalkResult<R>> {
	const { start, end, cap, limit } = options;
	const whole = async (requests: number): Promise<WalkResult<R>> => {
		const walked = await walkRecords(query, { start, end, cap });
		walked.requests += requests;
		walked.records = walked.records.slice(-limit);
		return walked;
	};
	if (limit >= cap) return await whole(0);

	// The records of one query that was read whole (fewer than `cap`), newest `limit` of them.
	const readWhole = (batch: R[], from: string, requests: number): WalkResult<R> => {
		const result: WalkResult<R> = { records: [], complete: true, saturatedSeconds: [], requests };
		readPage(batch, from, new Set(), result, { start: from, end, cap });
		result.records = result.records.slice(-limit);
		return result;
	};
	let requests = 0;
	const probe = async (from: string): Promise<R[]> => {
		requests++;
		return await query(from, end, cap);
	};

	const first = await probe(start);
	if (first.length < cap) return readWhole(first, start, requests);

	const endSeconds = wallSecondsOf(end);
	const lastOf = (batch: R[], from: string) =>
		wallSecondsOf(secondOf(batch[batch.length - 1], from, end));
	// Aim at a window of about twice the Limit, well under a full page.
	const target = Math.min(2 * limit, Math.floor((limit + cap) / 2));
	// Known: [full, end] holds `cap` or more records; [few, end] fewer than `limit`.
	let full = wallSecondsOf(start);
	let few = endSeconds + 1;
	let perSecond = cap / (lastOf(first, start) - full + 1);
	for (let probes = 0; probes < MAX_PROBES && few - full > 1; probes++) {
		let from = endSeconds + 1 - Math.ceil(target / perSecond);
		// Stay strictly between what is known; bisect when the estimate falls outside.
		if (from <= full || from >= few) from = Math.floor((full + few) / 2);
		const fromTime = secondsToWall(from);
		const batch = await probe(fromTime);
		if (batch.length < cap) {
			if (batch.length >= limit) return readWhole(batch, fromTime, requests);
			few = from;
			// An empty window says little: widen it fourfold.
			perSecond = batch.length > 0 ? batch.length / (endSeconds - from + 1) : perSecond / 4;
		} else {
			full = from;
			perSecond = cap / (lastOf(batch, fromTime) - from + 1);
		}
	}
	return await whole(requests);
}

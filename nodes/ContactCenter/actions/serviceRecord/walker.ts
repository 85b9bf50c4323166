/**
 * The one window walker over the service-record queries, used by Service Record → Get Many and by
 * the Contact Center Trigger. A query returns at most `cap` records of [start, end], ascending by
 * `updateTime`; a full page means more may exist, so the walk continues from the page's last
 * second, skipping the records of that second it already read. A full page that is all one second
 * cannot be split (the API's own limit): the walk reports the second and moves past it.
 * Pure: the query is a callback; times are the API's zone-less wall times.
 */
import { isWallTime, nextWallSecond } from '../../helpers/time';
import { recordQuerySize } from '../../transport/pagination';

/** What the walker reads of a record; everything else passes through untouched. */
export interface RecordLike {
	updateTime?: unknown;
	eventUniqueId?: unknown;
}

/** Records with start <= updateTime <= end, ascending, at most `limit`. */
export type RecordQueryFn<R> = (start: string, end: string, limit: number) => Promise<R[]>;

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
}

export interface WalkedRecord<R> {
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
export function recordIdentity(record: RecordLike): string {
	const id = record.eventUniqueId;
	if (typeof id === 'string' && id !== '') return id;
	if (typeof id === 'number' || typeof id === 'bigint') return String(id);
	return `~${JSON.stringify(record)}`;
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
	for (;;) {
		if (result.requests > 0 && mayContinue && !mayContinue()) {
			result.next = from;
			return result;
		}
		// Without a filter, ask only for what the limit still needs (plus the records re-read at `from`).
		const size = keep
			? cap
			: recordQuerySize(cap, options.limit, result.records.length, readAtFrom.size);
		const batch = await query(from, end, size);
		result.requests++;
		let last = from;
		let first: string | undefined;
		const atLast: string[] = [];
		for (const record of batch) {
			// A record without a usable time (never seen from the API) is filed under the query's start,
			// so that it is still read once and never moves the walk backwards; times outside the window
			// (never seen either) are clamped into it, keeping the order.
			let time = isWallTime(record.updateTime) ? record.updateTime : from;
			if (time < from) time = from;
			if (time > end) time = end;
			const id = recordIdentity(record);
			first ??= time;
			if (time !== last) atLast.length = 0;
			last = time;
			atLast.push(id);
			if (time === from && readAtFrom.has(id)) continue;
			if (result.newest === undefined || time > result.newest) result.newest = time;
			if (!keep || keep(record, time, id)) result.records.push({ record, time, id });
		}
		if (batch.length < size) {
			result.complete = true;
			return result;
		}
		if (first === last && size === cap) {
			// A full page of one second: the API cannot return more of it.
			result.saturatedSeconds.push(last);
			from = nextWallSecond(last);
			readAtFrom = new Set();
			if (from > end) {
				result.complete = true;
				return result;
			}
		} else {
			from = last;
			readAtFrom = new Set(atLast);
		}
		if (result.records.length >= limit) {
			result.next = from;
			return result;
		}
	}
}

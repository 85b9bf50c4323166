/**
 * The window walk in its simplest form (one step per query), for tests and the benchmark only (no
 * shipped code uses it; moved out of transport/pagination.ts): test/unit/pagination.test.ts
 * checks the algorithm on it, test/bench/micro.ts times a step. The shipped walk is
 * nodes/ContactCenter/actions/serviceRecord/walker.ts (it shares recordQuerySize).
 */
import { PAGE_SIZE, recordQuerySize } from '../../nodes/ContactCenter/transport/pagination';

export interface TimedRecord {
	updateTime: string;
	eventUniqueId: string;
}

export interface WindowCursor {
	/** Inclusive start of the next query, `yyyy-MM-dd HH:mm:ss`. */
	start: string;
	/** Ids already taken at exactly `start` (a query from `start` returns them again). */
	seenAtStart: string[];
}

export interface WindowStep<R> {
	/** Records of the batch not taken before. */
	fresh: R[];
	/** Where to continue, or undefined when the window is exhausted. */
	next?: WindowCursor;
	/** Set when the cap was reached inside one second: records of that second past the cap cannot be read. */
	saturatedSecond?: string;
}

/**
 * One step of walking `[cursor.start, end]` with queries capped at `cap` records, ascending by
 * `updateTime`. A full batch means more may exist: every record before the batch's last second was
 * returned, so the walk continues from that second, skipping the ids it already took there. A full
 * batch that is all one second (the API's own limit) cannot be split: the walk reports it and
 * moves to the next second.
 */
export function windowStep<R extends TimedRecord>(
	cursor: WindowCursor,
	batch: R[],
	cap: number,
	nextSecond: (time: string) => string,
	end: string,
): WindowStep<R> {
	const seen = new Set(cursor.seenAtStart);
	const fresh = batch.filter((r) => !(r.updateTime === cursor.start && seen.has(r.eventUniqueId)));
	if (batch.length < cap) return { fresh };
	const last = batch[batch.length - 1].updateTime;
	// A full batch that is all one second: that second alone holds at least `cap` records.
	if (batch[0].updateTime === last) {
		const following = nextSecond(last);
		return {
			fresh,
			saturatedSecond: last,
			next: following > end ? undefined : { start: following, seenAtStart: [] },
		};
	}
	const seenAtLast = batch.filter((r) => r.updateTime === last).map((r) => r.eventUniqueId);
	return { fresh, next: { start: last, seenAtStart: seenAtLast } };
}

export interface WalkResult<R> {
	records: R[];
	saturatedSeconds: string[];
	requests: number;
}

/** Read every record of `[start, end]` (or the first `limit`), in `updateTime` order, each once. */
export async function walkWindow<R extends TimedRecord>(
	query: (start: string, end: string, limit: number) => Promise<R[]>,
	options: {
		start: string;
		end: string;
		limit?: number;
		cap?: number;
		nextSecond: (time: string) => string;
	},
): Promise<WalkResult<R>> {
	const cap = options.cap ?? PAGE_SIZE.serviceRecord;
	const records: R[] = [];
	const saturatedSeconds: string[] = [];
	let cursor: WindowCursor | undefined = { start: options.start, seenAtStart: [] };
	let requests = 0;
	while (cursor) {
		// Without a limit, always the full cap. With one, just enough for the rows still wanted plus
		// the ids already taken at the start second: a full answer of that size holds enough fresh
		// rows to reach the limit, and a shorter one means the window is exhausted. Either way such a
		// query ends the walk, so it is never mistaken for a saturated second.
		const size = recordQuerySize(cap, options.limit, records.length, cursor.seenAtStart.length);
		const batch = await query(cursor.start, options.end, size);
		requests++;
		const step: WindowStep<R> = windowStep(cursor, batch, cap, options.nextSecond, options.end);
		for (const record of step.fresh) {
			records.push(record);
			if (options.limit !== undefined && records.length >= options.limit)
				return { records, saturatedSeconds, requests };
		}
		if (step.saturatedSecond) saturatedSeconds.push(step.saturatedSecond);
		cursor = step.next;
	}
	return { records, saturatedSeconds, requests };
}

/**
 * Paging for the API's three page shapes and for service-record time windows. The arithmetic is
 * pure; the drivers take a `fetchPage` callback so that they need no n8n context.
 */

/** Largest page each endpoint allows (spec limits; the customer and display-group maxima are the sandbox's, see README). */
export const PAGE_SIZE = {
	customer: 1000,
	displayNumberGroup: 100,
	voiceAgentInterface: 500,
	serviceRecord: 1000,
} as const;
export const DISPLAY_GROUP_MIN_PAGE_SIZE = 10;

export interface Page<T> {
	rows: T[];
	hasMore: boolean;
}

/** Customer list: `data.list` and `data.count` (total matching), 1-based `page`. */
export function customerHasMore(page: number, pageSize: number, rows: number, count: number): boolean {
	return rows > 0 && (page - 1) * pageSize + rows < count;
}

/** Display-number groups: `page: {pageNumber, totalPage}`. */
export function displayGroupHasMore(pageNumber: number, totalPage: number, rows: number): boolean {
	return rows > 0 && pageNumber < totalPage;
}

/** Voice-agent interface: `{pageNum, pageSize, total, list, hasNext}`. */
export function voiceInterfaceHasMore(hasNext: unknown, pageNum: number, pageSize: number, rows: number, total: number): boolean {
	if (rows === 0) return false;
	if (typeof hasNext === 'boolean') return hasNext;
	return pageNum * pageSize < total;
}

/** The page size to ask for: the largest allowed, or just enough for a limit. */
export function pageSizeFor(max: number, limit: number | undefined, min = 1): number {
	if (limit === undefined) return max;
	return Math.max(min, Math.min(max, limit));
}

export interface CollectOptions<T> {
	pageSize: number;
	/** Stop after this many rows (kept after `filter`); undefined returns everything. */
	limit?: number;
	filter?: (row: T) => boolean;
}

/** Fetch pages 1, 2, … until the last one or the limit. */
export async function collectPages<T>(
	fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
	options: CollectOptions<T>,
): Promise<T[]> {
	const out: T[] = [];
	for (let page = 1; ; page++) {
		const { rows, hasMore } = await fetchPage(page, options.pageSize);
		for (const row of rows) {
			if (options.filter && !options.filter(row)) continue;
			out.push(row);
			if (options.limit !== undefined && out.length >= options.limit) return out;
		}
		if (!hasMore) return out;
	}
}

// ---- Service-record windows -------------------------------------------------------------------

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
		return { fresh, saturatedSecond: last, next: following > end ? undefined : { start: following, seenAtStart: [] } };
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
	options: { start: string; end: string; limit?: number; cap?: number; nextSecond: (time: string) => string },
): Promise<WalkResult<R>> {
	const cap = options.cap ?? PAGE_SIZE.serviceRecord;
	const records: R[] = [];
	const saturatedSeconds: string[] = [];
	let cursor: WindowCursor | undefined = { start: options.start, seenAtStart: [] };
	let requests = 0;
	// Always the full cap: a smaller query that fills up inside one second would look saturated.
	while (cursor) {
		const batch = await query(cursor.start, options.end, cap);
		requests++;
		const step: WindowStep<R> = windowStep(cursor, batch, cap, options.nextSecond, options.end);
		for (const record of step.fresh) {
			records.push(record);
			if (options.limit !== undefined && records.length >= options.limit) return { records, saturatedSeconds, requests };
		}
		if (step.saturatedSecond) saturatedSeconds.push(step.saturatedSecond);
		cursor = step.next;
	}
	return { records, saturatedSeconds, requests };
}

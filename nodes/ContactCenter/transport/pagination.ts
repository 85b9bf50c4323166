/**
 * Paging for the API's three page shapes and for service-record time windows. The arithmetic is
 * pure; the drivers take a `fetchPage` callback and plain numbers (the row limit is read by
 * actions/limit.ts) so that they need no n8n context.
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
export function customerHasMore(
	page: number,
	pageSize: number,
	rows: number,
	count: number,
): boolean {
	return rows > 0 && (page - 1) * pageSize + rows < count;
}

/** Display-number groups: `page: {pageNumber, totalPage}`. */
export function displayGroupHasMore(pageNumber: number, totalPage: number, rows: number): boolean {
	return rows > 0 && pageNumber < totalPage;
}

/** Voice-agent interface: `{pageNum, pageSize, total, list, hasNext}`. */
export function voiceInterfaceHasMore(
	hasNext: unknown,
	pageNum: number,
	pageSize: number,
	rows: number,
	total: number,
): boolean {
	if (rows === 0) return false;
	if (typeof hasNext === 'boolean') return hasNext;
	return pageNum * pageSize < total;
}

/**
 * The page size to ask for: the largest allowed, or the smallest that still reaches a limit in the
 * fewest pages. Limit 10 asks for 10; Limit 1,500 with pages of at most 1,000 asks for two pages of
 * 750, not 1,000 + 1,000.
 */
export function pageSizeFor(max: number, limit: number | undefined, min = 1): number {
	if (limit === undefined) return max;
	const pages = Math.ceil(limit / max);
	return Math.max(min, Math.min(max, Math.ceil(limit / pages)));
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

/**
 * The `limit` of the next service-record query of a walk: the cap without a row limit; with one,
 * the rows still wanted plus the ids the query will return again and skip (those already taken at
 * its start second). A full answer of that size then holds enough new rows, and a shorter one means
 * the window is exhausted. Only for walks that keep every row they read (no client-side filter).
 */
export function recordQuerySize(
	cap: number,
	limit: number | undefined,
	taken: number,
	skippedAtStart: number,
): number {
	if (limit === undefined) return cap;
	return Math.max(1, Math.min(cap, limit - taken + skippedAtStart));
}

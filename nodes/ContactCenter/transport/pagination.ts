/**
 * Paging for the API's three page shapes and for service-record time windows, and the Limit of
 * every Get Many. The arithmetic is pure; the drivers take a `fetchPage` callback so that they need
 * no n8n context.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { validationError } from '../helpers/validation';
import { EMPTY_TEXT_ONLY, isBlank } from '../helpers/values';

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

// ---- Limit ------------------------------------------------------------------------------------

export const DEFAULT_LIMIT = 50;

/** What is wrong with a Limit, phrased for the user; undefined when it is fine. */
export interface LimitProblem {
	field: 'Return All' | 'Limit';
	problem: string;
	fix: string;
}

const WHOLE_NUMBER = /^\s*[0-9]+\s*$/;

/**
 * Return All and Limit of a Get Many as the row limit (undefined: every row). Limit must be a
 * whole number of at least 1; a number given as text by an expression (`{{ "10" }}`) counts as that
 * number. Anything else (0, -5, 2.5, "ten", true, an empty expression) is a problem, never a
 * silent default.
 */
export function limitOf(
	returnAll: unknown,
	limit: unknown,
): { limit?: number; problem?: LimitProblem } {
	if (returnAll === true || returnAll === 'true') return {};
	if (
		returnAll !== false &&
		returnAll !== 'false' &&
		returnAll !== undefined &&
		returnAll !== null &&
		returnAll !== ''
	) {
		return {
			problem: {
				field: 'Return All',
				problem: `must be true or false (got ${JSON.stringify(returnAll)})`,
				fix: 'Switch Return All on or off, or make its expression give true or false.',
			},
		};
	}
	let value: number | undefined;
	if (typeof limit === 'number') value = limit;
	else if (typeof limit === 'string' && WHOLE_NUMBER.test(limit)) value = Number(limit);
	if (value !== undefined && Number.isSafeInteger(value) && value >= 1) return { limit: value };
	const got = isBlank(limit, EMPTY_TEXT_ONLY)
		? 'nothing'
		: typeof limit === 'string'
			? `"${limit}"`
			: String(limit);
	return {
		problem: {
			field: 'Limit',
			problem: `must be a whole number of at least 1 (got ${got})`,
			fix: 'Enter how many rows to return, e.g. 50, or switch on Return All to get every row.',
		},
	};
}

/**
 * The row limit of one item of a Get Many (undefined when Return All is on), read from its
 * `returnAll` and `limit` parameters; a bad Limit stops the item with a clear error before any
 * request is sent.
 */
export function readItemLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll: unknown = this.getNodeParameter('returnAll', itemIndex, false);
	const limit: unknown =
		returnAll === true ? undefined : this.getNodeParameter('limit', itemIndex, DEFAULT_LIMIT);
	const result = limitOf(returnAll, limit);
	if (!result.problem) return result.limit;
	// The field as the editor shows it ("Limit", "Return All"), in the form of every validation error.
	throw validationError(this.getNode(), itemIndex, [result.problem]);
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

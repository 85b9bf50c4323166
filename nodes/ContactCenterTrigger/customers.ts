/**
 * Customers created or updated, as two streams of the trigger's poll (poll.ts): `created` walks the
 * customer list by `createTime`, `updated` by `updateTime`. An item is a (customer, time) pair, so a
 * customer is emitted once when created and once for every `updateTime` the list shows. Unlike the
 * service-record queries, the list pages (`page`, `limit` ≤ 1,000, `count`), so a second holding
 * more than a page is read to its end: no second is ever saturated. Pure: requests come in as a
 * callback.
 */
import type { IDataObject } from 'n8n-workflow';

import { isWallTime, nextWallSecond } from '../ContactCenter/helpers/time';
import type { RequestBody } from '../ContactCenter/transport/json';
import {
	recordIdentity,
	type WalkOptions,
	type WalkResult,
} from '../ContactCenter/actions/serviceRecord/walker';
import type { ServiceRecordLike } from './poll';

export const CUSTOMER_EVENTS = ['created', 'updated'] as const;
export type CustomerEvent = (typeof CUSTOMER_EVENTS)[number];
/** The customer list's largest page. */
export const CUSTOMER_PAGE_SIZE = 1000;

/** One customer change as the poll sees it: filed under `updateTime`, identified by the customer id. */
export interface CustomerChange extends ServiceRecordLike {
	updateTime: string;
	eventUniqueId: string;
	/** The stream's event, or `none` (an "update" that is the creation itself: updateTime = createTime). */
	pushType: CustomerEvent | 'none';
	customer: IDataObject;
}

/** One page of the customer list for a request body (the api's fetchCustomerPage). */
export type CustomerPageFn = (
	body: RequestBody,
	page: number,
	limit: number,
) => Promise<IDataObject[]>;

/** The list request of one stream over [start, end], oldest first, ties by id. */
export function streamBody(stream: CustomerEvent, start: string, end: string): RequestBody {
	const field = stream === 'created' ? 'createTime' : 'updateTime';
	return {
		search: [],
		[`${field}Begin`]: start,
		[`${field}End`]: end,
		sortList: [
			{ field, orderBy: 'asc' },
			{ field: '_id', orderBy: 'asc' },
		],
	};
}

/** A list row as a change of the stream. */
export function toChange(stream: CustomerEvent, row: IDataObject): CustomerChange {
	const time = stream === 'created' ? row.createTime : row.updateTime;
	const id = typeof row._id === 'string' || typeof row._id === 'number' ? String(row._id) : '';
	const unchanged = stream === 'updated' && row.updateTime === row.createTime;
	return {
		updateTime: isWallTime(time) ? time : '',
		eventUniqueId: id === '' ? `~${JSON.stringify(row)}` : id,
		pushType: unchanged ? 'none' : stream,
		customer: row,
	};
}

/** Page `page` of one stream's window, as changes. */
export function streamPage(
	fetchPage: CustomerPageFn,
	stream: CustomerEvent,
): (start: string, end: string, page: number, size: number) => Promise<CustomerChange[]> {
	return async (start, end, page, size) =>
		(await fetchPage(streamBody(stream, start, end), page, size)).map((row) =>
			toChange(stream, row),
		);
}

/** The item emitted for a change: the customer as the API sends it, and the event. */
export function customerItem(change: CustomerChange): IDataObject {
	return { ...change.customer, event: change.pushType };
}

/** Pages 2, 3, … of one second; false when the budget ran out before its end. */
async function readSecond<R>(
	query: PageQuery<R>,
	second: string,
	cap: number,
	result: { requests: number },
	mayContinue: (() => boolean) | undefined,
	visit: (record: R) => void,
): Promise<boolean> {
	for (let page = 2; ; page++) {
		if (mayContinue && !mayContinue()) return false;
		const rows = await query(second, second, page, cap);
		result.requests++;
		rows.forEach(visit);
		if (rows.length < cap) return true;
	}
}

type PageQuery<R> = (start: string, end: string, page: number, size: number) => Promise<R[]>;

/**
 * The walker of a list that pages (same contract as the service-record walker): pages of `cap`
 * from `start`; a full page continues from its last second, skipping the rows of that second
 * already read; a full page of one second is paged through (`page` 2, 3, … of that second alone)
 * before the walk moves on. Rows that change while pages are read shift the pages: a row skipped
 * that way stays in the window and the next poll's look-back reads it.
 */
export async function walkPaged<R extends ServiceRecordLike>(
	query: PageQuery<R>,
	options: WalkOptions<R>,
): Promise<WalkResult<R>> {
	const { end, cap, keep, mayContinue } = options;
	const limit = options.limit ?? Number.POSITIVE_INFINITY;
	const result: WalkResult<R> = { records: [], complete: false, saturatedSeconds: [], requests: 0 };
	let from = options.start;
	let readAtFrom = new Set<string>();
	const take = (record: R, lower: string): { time: string; id: string } => {
		let time = isWallTime(record.updateTime) ? record.updateTime : lower;
		if (time < lower) time = lower;
		if (time > end) time = end;
		return { time, id: recordIdentity(record) };
	};
	const accept = (record: R, time: string, id: string) => {
		if (result.newest === undefined || time > result.newest) result.newest = time;
		if (!keep || keep(record, time, id)) result.records.push({ record, time, id });
	};
	for (;;) {
		if (result.requests > 0 && mayContinue && !mayContinue()) {
			result.next = from;
			return result;
		}
		const batch = await query(from, end, 1, cap);
		result.requests++;
		let last = from;
		let first: string | undefined;
		let atLast: string[] = [];
		for (const record of batch) {
			const { time, id } = take(record, from);
			first ??= time;
			if (time !== last) atLast = [];
			last = time;
			atLast.push(id);
			if (time === from && readAtFrom.has(id)) continue;
			accept(record, time, id);
		}
		if (batch.length < cap) {
			result.complete = true;
			return result;
		}
		if (first === last) {
			// A page of one second: read the rest of that second page by page.
			const second = last;
			const read = new Set(atLast);
			const finished = await readSecond(query, second, cap, result, mayContinue, (record) => {
				const { id } = take(record, second);
				if (read.has(id)) return;
				read.add(id);
				accept(record, second, id);
			});
			if (!finished) {
				result.next = second;
				return result;
			}
			from = nextWallSecond(second);
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

/**
 * Customers created or updated, as two streams of the trigger's poll (poll.ts): `created` walks the
 * customer list by `createTime`, `updated` by `updateTime`. An item is a (customer, time) pair, so a
 * customer is emitted once when created and once for every `updateTime` the list shows. Unlike the
 * service-record queries, the list pages (`page`, `limit` ≤ 1,000, `count`), so a second holding
 * more than a page is read to its end: no second is ever saturated. Pure: requests come in as a
 * callback.
 */
import type { IDataObject } from 'n8n-workflow';

import { isWallTime } from '../ContactCenter/api/time';
import type { RequestBody } from '../ContactCenter/input/issues';
import { walkRecords, type WalkOptions, type WalkResult } from '../ContactCenter/api/walker';
import type { ServiceRecordLike } from './poll';

export const CUSTOMER_EVENTS = ['created', 'updated'] as const;
export type CustomerEvent = (typeof CUSTOMER_EVENTS)[number];
/** The customer list's largest page. */
const CUSTOMER_PAGE_SIZE = 1000;

/** One customer change as the poll sees it: filed under `updateTime`, identified by the customer id. */
export interface CustomerChange extends ServiceRecordLike {
	updateTime: string;
	eventUniqueId: string;
	/** The stream's event, or `none` (an "update" that is the creation itself: updateTime = createTime). */
	pushType: CustomerEvent | 'none';
	customer: IDataObject;
}

/** One page of the customer list for a request body (the api's fetchCustomerPage). */
type CustomerPageFn = (body: RequestBody, page: number, limit: number) => Promise<IDataObject[]>;

/** The list request of one stream over [start, end], oldest first, ties by id. */
function streamBody(stream: CustomerEvent, start: string, end: string): RequestBody {
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
function toChange(stream: CustomerEvent, row: IDataObject): CustomerChange {
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

/**
 * One stream's window walk (the walker of api/walker.ts): pages of the list from `start`, and a
 * full page of one second paged through (`page` 2, 3, … of that second alone). Rows that change
 * while pages are read shift the pages: a row skipped that way stays in the window and the next
 * poll's look-back reads it.
 */
export async function walkStream(
	fetchPage: CustomerPageFn,
	stream: CustomerEvent,
	options: WalkOptions<CustomerChange>,
): Promise<WalkResult<CustomerChange>> {
	const page = async (start: string, end: string, n: number, size: number) =>
		(await fetchPage(streamBody(stream, start, end), n, size)).map((row) => toChange(stream, row));
	return await walkRecords(async (start, end, size) => await page(start, end, 1, size), {
		...options,
		cap: CUSTOMER_PAGE_SIZE,
		pageOfSecond: async (second, n, size) => await page(second, second, n, size),
	});
}

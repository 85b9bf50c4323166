/**
 * Service-record queries (call and online chat): the one request both the action node's Get Many
 * and the trigger send, and the one shape both output a record in.
 */
import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../input/values';
import { callEndpoint } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import { recordListError } from '../transport/errors';
import { PAGE_SIZE } from '../transport/pagination';

export type Channel = 'call' | 'im';
export const CHANNELS: readonly Channel[] = ['call', 'im'];

const RECORD_ENDPOINTS = {
	call: ENDPOINTS.callRecordQuery,
	im: ENDPOINTS.imRecordQuery,
} as const satisfies Record<Channel, unknown>;

/** The id filter each channel takes: call records carry callId, online records sessionId. */
export const ID_FILTER: Record<Channel, 'callId' | 'sessionId'> = {
	call: 'callId',
	im: 'sessionId',
};

/** The id filter of a query. */
export interface RecordIdFilter {
	key: 'callId' | 'sessionId';
	value: string;
}

/** Records per query: the spec's maximum. */
export const RECORDS_PER_QUERY: number = PAGE_SIZE.serviceRecord;

/**
 * One service-record query (envelope A, a read: retried by the transport on 429/5xx/timeouts).
 * The spec answers `data` as a list of records (or an empty list); anything else is refused
 * loudly rather than read as "no records".
 */
export async function queryServiceRecords(
	this: RequestContext,
	channel: Channel,
	window: { startTime: string; endTime: string; limit: number; idFilter?: RecordIdFilter },
	itemIndex?: number,
): Promise<IDataObject[]> {
	const data = await callEndpoint.call(this, RECORD_ENDPOINTS[channel], {
		body: {
			startTime: window.startTime,
			endTime: window.endTime,
			limit: Math.min(window.limit, RECORDS_PER_QUERY),
			...(window.idFilter && { [window.idFilter.key]: window.idFilter.value }),
		},
		itemIndex,
	});
	if (data === null || data === undefined) return [];
	if (Array.isArray(data) && data.every(isRecord)) return data;
	throw recordListError(
		this.getNode(),
		channel === 'call' ? 'call' : 'online chat (im)',
		data,
		itemIndex,
	);
}

/**
 * A record as the API sent it plus `channel`, the query it came from (`call` or `im`), so that
 * items of both channels can be told apart: Raw output of Get Many and of the trigger.
 */
export function recordWithChannel(record: IDataObject, channel: Channel): IDataObject {
	return { ...record, channel };
}

/**
 * Service-record queries: validation of the user's range and filters, the one request both the
 * action node and the trigger send, and the one shape both output.
 */
import { NodeApiError, type IDataObject, type JsonObject } from 'n8n-workflow';

import { nextWallSecond, toApiTime, type DateInput } from '../../helpers/time';
import { readDateInput } from '../../helpers/parameters';
import type { Issue } from '../../helpers/validation';
import { apiRequest, type RequestContext } from '../../transport';
import { PAGE_SIZE } from '../../transport/pagination';

export type Channel = 'call' | 'im';
export const CHANNELS: readonly Channel[] = ['call', 'im'];

export const RECORD_PATHS: Record<Channel, string> = {
	call: '/openapi/crm/service-record/call/query',
	im: '/openapi/crm/service-record/im/query',
};

/** The id filter each channel takes: call records carry callId, online records sessionId. */
export const ID_FILTER: Record<Channel, 'callId' | 'sessionId'> = {
	call: 'callId',
	im: 'sessionId',
};

export interface RecordQuery {
	channel: Channel;
	/** `yyyy-MM-dd HH:mm:ss` in the API's zone, inclusive. */
	startTime: string;
	endTime: string;
	idFilter?: { key: 'callId' | 'sessionId'; value: string };
}

const isBlank = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function filterText(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number') return String(value);
	return '';
}

function apiTimeOf(
	field: string,
	value: unknown,
	workflowZone: string,
	apiZone: string,
	issues: Issue[],
): string | undefined {
	if (isBlank(value)) {
		issues.push({
			field,
			problem: 'is required',
			fix: 'Enter a date and time, for example 2026-11-22T09:00:00 or {{ $now.minus(1, "hour") }}.',
		});
		return undefined;
	}
	// Numbers past the Date range, lists and objects are refused here, before any conversion.
	const read = readDateInput(field, value);
	if (read.issue) {
		issues.push(read.issue);
		return undefined;
	}
	const converted = toApiTime(value as DateInput, workflowZone, apiZone);
	if (converted === undefined) {
		issues.push({
			field,
			problem: `is not a date and time (got ${JSON.stringify(value)})`,
			fix: 'Use a date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.',
		});
	}
	return converted;
}

/** Validates channel, range and id filter, and converts the range to API times. */
export function readRecordQuery(
	input: { channel: unknown; startTime: unknown; endTime: unknown; filters: IDataObject },
	workflowZone: string,
	apiZone: string,
): { issues: Issue[]; query?: RecordQuery } {
	const issues: Issue[] = [];
	const channel = input.channel as Channel;
	if (!CHANNELS.includes(channel)) {
		issues.push({
			field: 'channel',
			problem: `must be call or im (got ${JSON.stringify(input.channel ?? null)})`,
			fix: 'Pick Call or Online Chat.',
		});
	}
	const startTime = apiTimeOf('startTime', input.startTime, workflowZone, apiZone, issues);
	const endTime = apiTimeOf('endTime', input.endTime, workflowZone, apiZone, issues);
	// API times of one format compare like the times they name, which is how the API compares them.
	if (startTime && endTime && startTime > endTime) {
		issues.push({
			field: 'startTime',
			problem: `(${startTime}) is later than "endTime" (${endTime}), both in the API's time zone ${apiZone}`,
			fix: 'Make Start Time earlier than or equal to End Time, or swap the two.',
		});
	}
	let idFilter: RecordQuery['idFilter'];
	for (const key of ['callId', 'sessionId'] as const) {
		const value = filterText(input.filters[key]);
		if (!value) continue;
		if (CHANNELS.includes(channel) && ID_FILTER[channel] !== key) {
			issues.push({
				field: `filters.${key}`,
				problem: `only applies to ${key === 'callId' ? 'call' : 'online chat (im)'} records, but the channel is ${channel}`,
				fix: `Remove the ${key === 'callId' ? 'Call ID' : 'Session ID'} filter, or change Channel.`,
			});
			continue;
		}
		idFilter = { key, value };
	}
	if (issues.length > 0 || !startTime || !endTime) return { issues };
	return { issues, query: { channel, startTime, endTime, idFilter } };
}

/**
 * The wall-clock second after an API time. The API orders records by their zone-less text, so the
 * walk steps through wall-clock seconds, not instants (a DST fold would otherwise step backwards).
 */
export { nextWallSecond };

/** Records per query: the spec's maximum. */
export const RECORDS_PER_QUERY: number = PAGE_SIZE.serviceRecord;

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeShape(data: unknown): string {
	if (Array.isArray(data)) return 'a list holding something other than records';
	if (isObject(data)) {
		const keys = Object.keys(data);
		return keys.length
			? `an object with the keys ${keys.slice(0, 8).join(', ')}`
			: 'an empty object';
	}
	return `a ${typeof data} (${JSON.stringify(data).slice(0, 60)})`;
}

/**
 * One service-record query (envelope A, a read: retried by the transport on 429/5xx/timeouts).
 * The spec answers `data` as a list of records (or an empty list); anything else is refused
 * loudly rather than read as "no records".
 */
export async function queryServiceRecords(
	this: RequestContext,
	channel: Channel,
	window: { startTime: string; endTime: string; limit: number; idFilter?: RecordQuery['idFilter'] },
	itemIndex?: number,
): Promise<IDataObject[]> {
	const data = await apiRequest.call<
		RequestContext,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path: RECORD_PATHS[channel],
		body: {
			startTime: window.startTime,
			endTime: window.endTime,
			limit: Math.min(window.limit, RECORDS_PER_QUERY),
			...(window.idFilter && { [window.idFilter.key]: window.idFilter.value }),
		},
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	if (data === null || data === undefined) return [];
	if (Array.isArray(data) && data.every(isObject)) return data;
	const kind = channel === 'call' ? 'call' : 'online chat (im)';
	throw new NodeApiError(
		this.getNode(),
		{ data: JSON.stringify(data).slice(0, 500) } as JsonObject,
		{
			message: `The ${kind} service-record query answered with ${describeShape(data)} where the API returns a list of records`,
			description:
				'The spec answers "data" as an array of service records (an empty array when none match). Check that the Base URL points at the Contact Center Open API; nothing was output.',
			...(itemIndex !== undefined ? { itemIndex } : {}),
		},
	);
}

/** The warning when some seconds hold more records than one query returns. */
export function saturationMessage(
	channel: Channel,
	seconds: readonly string[],
	apiZone: string,
	itemIndex: number,
	cap: number,
): string {
	const kind = channel === 'call' ? 'call' : 'online chat';
	const list =
		seconds.length > 10
			? `${seconds.slice(0, 10).join(', ')} and ${seconds.length - 10} more`
			: seconds.join(', ');
	return (
		`Item ${itemIndex}: the output may be incomplete. ${seconds.length === 1 ? 'One second holds' : `${seconds.length} seconds hold`} ` +
		`${cap.toLocaleString('en-US')} or more ${kind} records (${list}, time zone ${apiZone}); the API returns at most ` +
		`${cap.toLocaleString('en-US')} records for one second, so records of ${seconds.length === 1 ? 'that second' : 'those seconds'} beyond them cannot be read.`
	);
}

/**
 * A record as output by Get Many and by the trigger (one shape for both): the API's fields as
 * given, with the fields the API may omit present as null.
 */
export function outputRecord(record: IDataObject, channel: Channel): IDataObject {
	const idKey = ID_FILTER[channel];
	return {
		...record,
		[idKey]: record[idKey] ?? null,
		updateAgent: record.updateAgent ?? null,
		otherParams: record.otherParams ?? null,
	};
}

/**
 * Get Many's service-record queries: validation of the user's range and filters, the merge of the
 * channels and the saturation warning (the request, the walk and the output shape: api/).
 */
import type { IDataObject } from 'n8n-workflow';

import { toApiTime, type DateInput } from '../../api/time';
import { idFilterText, readDateInput } from '../../input/parameters';
import type { Checked, Issue } from '../../input/issues';
import { isBlank } from '../../input/values';
import { CHANNELS, ID_FILTER, type Channel, type RecordIdFilter } from '../../api/serviceRecords';

/** What Get Many reads: one channel, or both. */
type ChannelChoice = Channel | 'all';

/**
 * The channels a query reads, in the order their records are merged on equal times. With All and
 * an ID filter, only the channels a given filter applies to (Call ID: calls, Session ID: chats).
 */
export function channelsOf(
	choice: ChannelChoice,
	idFilters: Partial<Record<Channel, RecordIdFilter>> = {},
): Channel[] {
	if (choice !== 'all') return [choice];
	const filtered = CHANNELS.filter((channel) => idFilters[channel]);
	return filtered.length > 0 ? filtered : [...CHANNELS];
}

interface RecordQuery {
	channel: ChannelChoice;
	/** `yyyy-MM-dd HH:mm:ss` in the API's zone, inclusive. */
	startTime: string;
	endTime: string;
	/** The ID filter of each channel it applies to: callId for calls, sessionId for chats. */
	idFilters: Partial<Record<Channel, RecordIdFilter>>;
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
): Checked<RecordQuery | undefined> {
	const issues: Issue[] = [];
	const channel = input.channel as ChannelChoice;
	const allowed: readonly ChannelChoice[] = ['all', ...CHANNELS];
	if (!allowed.includes(channel)) {
		issues.push({
			field: 'channel',
			problem: `must be all, call or im (got ${JSON.stringify(input.channel ?? null)})`,
			fix: 'Pick All, Call or Online Chat.',
		});
	}
	const startTime = apiTimeOf('startTime', input.startTime, workflowZone, apiZone, issues);
	const endTime = apiTimeOf('endTime', input.endTime, workflowZone, apiZone, issues);
	// API times of one format compare like the times they name, which is how the API compares them.
	if (startTime && endTime && startTime > endTime) {
		issues.push({
			field: 'startTime',
			problem: `(${startTime}) is later than "End Time" (${endTime}), both in the API's time zone ${apiZone}`,
			fix: 'Make Start Time earlier than or equal to End Time, or swap the two.',
		});
	}
	const idFilters: RecordQuery['idFilters'] = {};
	for (const filterChannel of CHANNELS) {
		const key = ID_FILTER[filterChannel];
		const value = idFilterText(input.filters[key]);
		if (!value) continue;
		if (allowed.includes(channel) && channel !== 'all' && channel !== filterChannel) {
			issues.push({
				field: `filters.${key}`,
				problem: `only applies to ${key === 'callId' ? 'call' : 'online chat (im)'} records, but the channel is ${channel}`,
				fix: `Remove the ${key === 'callId' ? 'Call ID' : 'Session ID'} filter, or change Channel.`,
			});
			continue;
		}
		idFilters[filterChannel] = { key, value };
	}
	if (issues.length > 0 || !startTime || !endTime) return { value: undefined, issues };
	return { value: { channel, startTime, endTime, idFilters }, issues };
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

/** The records of several channel walks as one list, ascending by time; on equal times in `lists` order. */
export function mergeByTime<T extends { time: string }>(lists: ReadonlyArray<readonly T[]>): T[] {
	if (lists.length === 1) return [...lists[0]];
	const merged: T[] = [];
	const next = lists.map(() => 0);
	for (;;) {
		let pick = -1;
		for (const [i, list] of lists.entries()) {
			if (
				next[i] < list.length &&
				(pick === -1 || list[next[i]].time < lists[pick][next[pick]].time)
			)
				pick = i;
		}
		if (pick === -1) return merged;
		merged.push(lists[pick][next[pick]++]);
	}
}

/** What the user reads about a service-record poll: the items, and the warnings on them and in the log. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Channel } from '../ContactCenter/api/serviceRecords';
import { serviceRecordItem } from '../ContactCenter/actions/serviceRecord/simplify';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { REPORT_FIELD } from './host';
import { STATE_LIMIT_CHARS, type EmittedRecord, type Saturation, type StateLimit } from './poll';

function channelName(channel: Channel): string {
	return channel === 'call' ? 'call' : 'Online Chat';
}

export function saturationMessage(s: Saturation): string {
	return (
		`1,000 or more ${channelName(s.channel)} service records have the updateTime ${s.second}. ` +
		'The API returns at most 1,000 records per query and a second cannot be split further, so records of that second ' +
		`beyond the ones it returned cannot be read. Every record the API returned was emitted (${s.emitted} in this poll), ` +
		`marked with the field "${REPORT_FIELD}".`
	);
}

export function limitMessage(l: StateLimit): string {
	return (
		`The state limit (${STATE_LIMIT_CHARS / 1024} KB of static data) is reached on ${channelName(l.channel)} records: ` +
		`the trigger remembers ${l.remembered} emitted ids, back to updateTime ${l.floor}, but the look-back reaches ${l.wanted}. ` +
		`A record the API writes with an updateTime before ${l.floor} is not emitted. ` +
		'Lower "Look-Back (Minutes)" or split the channels over two triggers; items emitted meanwhile carry the field ' +
		`"${REPORT_FIELD}".`
	);
}

/** The report on an item emitted while a limit is in the way (a full second, or the state limit). */
function reportOf(
	e: EmittedRecord<IDataObject>,
	saturation?: string,
	limit?: StateLimit,
): IDataObject {
	const warnings = [
		...(saturation !== undefined ? [saturation] : []),
		...(limit ? [limitMessage(limit)] : []),
	];
	return {
		channel: e.channel,
		warning: warnings.join(' '),
		...(e.saturatedSecond ? { saturatedSecond: e.saturatedSecond } : {}),
		...(limit
			? {
					stateLimit: {
						floor: limit.floor,
						lookBackReaches: limit.wanted,
						rememberedIds: limit.remembered,
					},
				}
			: {}),
	};
}

/** The items of a poll; with Include Customer, `customers` holds each record's customer (or null). */
export function toItems(
	emitted: Array<EmittedRecord<IDataObject>>,
	saturations: Saturation[],
	limits: StateLimit[],
	output: OutputChoice,
	customers?: Array<IDataObject | null>,
): INodeExecutionData[] {
	const saturated = new Map(
		saturations.map((s) => [`${s.channel} ${s.second}`, saturationMessage(s)]),
	);
	const limited = new Map(limits.map((l) => [l.channel, l]));
	return emitted.map((e, i) => {
		const shaped = serviceRecordItem(e.record, e.channel, output);
		const json = customers ? { ...shaped, customer: customers[i] } : shaped;
		const limit = limited.get(e.channel);
		if (!e.saturatedSecond && !limit) return { json };
		const saturation = e.saturatedSecond
			? (saturated.get(`${e.channel} ${e.saturatedSecond}`) ?? '')
			: undefined;
		return { json: { ...json, [REPORT_FIELD]: reportOf(e, saturation, limit) } };
	});
}

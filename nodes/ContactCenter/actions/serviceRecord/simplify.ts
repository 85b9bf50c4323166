import type { IDataObject } from 'n8n-workflow';

import { ID_FILTER, type Channel } from '../../api/serviceRecords';

/**
 * A service record as Simplify returns it: its identity, channel, conversation id,
 * event, time and agent, the form content and the chat parameters; `accountId` and `scene` (which
 * `channel` replaces) are left to the raw record. An agent the API gives as '' is null here.
 */
export function simplifyServiceRecord(record: IDataObject, channel: Channel): IDataObject {
	const idKey = ID_FILTER[channel];
	return {
		eventUniqueId: record.eventUniqueId ?? null,
		channel,
		[idKey]: record[idKey] ?? null,
		pushType: record.pushType ?? null,
		updateTime: record.updateTime ?? null,
		updateAgent: record.updateAgent === '' ? null : (record.updateAgent ?? null),
		data: record.data ?? null,
		otherParams: record.otherParams ?? null,
	};
}

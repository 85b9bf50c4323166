import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ID_FILTER, recordWithChannel, type Channel } from '../../api/serviceRecords';
import { fieldOptions, outputProperties, selectFields, type OutputChoice } from '../output';

/** The fields of a service record of either query (Selected Fields picks from these). */
export const SERVICE_RECORD_FIELDS = [
	'accountId',
	'callId',
	'data',
	'eventUniqueId',
	'otherParams',
	'pushType',
	'scene',
	'sessionId',
	'updateAgent',
	'updateTime',
] as const;

/**
 * A service record as Simplified outputs it: its identity, channel, conversation id,
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

/**
 * A record as Get Many and the trigger output it (one function for both). Whatever the choice, the
 * item carries `channel` (`call` or `im`), the query it came from.
 */
export function serviceRecordItem(
	record: IDataObject,
	channel: Channel,
	choice: OutputChoice,
): IDataObject {
	if (choice.mode === 'raw') return recordWithChannel(record, channel);
	if (choice.mode === 'fields') return { ...selectFields(record, choice.fields), channel };
	return simplifyServiceRecord(record, channel);
}

/** Output and Fields of Service Record Get Many (and the trigger's service-record items). */
export function serviceRecordOutputProperties(): INodeProperties[] {
	return outputProperties({
		what: 'records',
		simplified:
			'event ID, channel, call or session ID, event, update time and agent, form data and chat parameters',
		fields: fieldOptions(SERVICE_RECORD_FIELDS),
	});
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLimit, returnAllAndLimit } from '../../helpers/descriptions';
import { assertValid } from '../../helpers/validation';
import { apiRequest, getConnection } from '../../transport';
import { PAGE_SIZE, walkWindow, type TimedRecord } from '../../transport/pagination';
import { nextWallSecond, outputRecord, readRecordQuery, RECORD_PATHS, saturationMessage } from './query';

const properties: INodeProperties[] = [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		default: 'call',
		required: true,
		description: 'Which service records to read',
		options: [
			{ name: 'Call', value: 'call', description: 'Records written after calls (carry a call ID)' },
			{ name: 'Online Chat', value: 'im', description: 'Records written after online chat sessions (carry a session ID)' },
		],
	},
	{
		displayName: 'Start Time',
		name: 'startTime',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'Records updated at or after this time. A time without an offset is read in the workflow\'s time zone and converted to the API\'s zone (the credential\'s Time Zone).',
	},
	{
		displayName: 'End Time',
		name: 'endTime',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Records updated at or before this time (inclusive); not earlier than Start Time',
	},
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Call ID',
				name: 'callId',
				type: 'string',
				default: '',
				displayOptions: { show: { '/channel': ['call'] } },
				description: 'Only the records of this call',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '',
				displayOptions: { show: { '/channel': ['im'] } },
				description: 'Only the records of this online chat session',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['serviceRecord'], operation: ['getAll'] } }, properties);

type ServiceRecord = IDataObject & TimedRecord;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const connection = await getConnection.call(this);
	const { issues, query } = readRecordQuery(
		{
			channel: this.getNodeParameter('channel', itemIndex, 'call'),
			startTime: this.getNodeParameter('startTime', itemIndex, ''),
			endTime: this.getNodeParameter('endTime', itemIndex, ''),
			filters: this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
		},
		this.getTimezone(),
		connection.timezone,
	);
	assertValid(this.getNode(), itemIndex, issues);
	if (!query) return [];
	const limit = readLimit(this.getNodeParameter('returnAll', itemIndex, false), this.getNodeParameter('limit', itemIndex, 50));
	const cap = PAGE_SIZE.serviceRecord;

	const result = await walkWindow<ServiceRecord>(
		async (startTime, endTime, size) => {
			const data = await apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<unknown>>(this, {
				method: 'POST',
				path: RECORD_PATHS[query.channel],
				body: {
					startTime,
					endTime,
					limit: Math.min(size, cap),
					...(query.idFilter && { [query.idFilter.key]: query.idFilter.value }),
				},
				envelope: 'A',
				kind: 'read',
				itemIndex,
			});
			return Array.isArray(data) ? (data as ServiceRecord[]) : [];
		},
		{ start: query.startTime, end: query.endTime, limit, cap, nextSecond: nextWallSecond },
	);

	if (result.saturatedSeconds.length > 0) {
		// Never a silently short list: say which seconds could not be read in full.
		const message = saturationMessage(query.channel, result.saturatedSeconds, connection.timezone, itemIndex, cap);
		this.logger.warn(message, { saturatedSeconds: result.saturatedSeconds, channel: query.channel });
		this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
	return result.records.map((record) => outputRecord(record, query.channel));
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/descriptions';
import { validationError } from '../../helpers/validation';
import { readZones } from '../../helpers/zones';
import { readItemLimit } from '../../transport/pagination';
import { queryServiceRecords, RECORDS_PER_QUERY } from '../../api/serviceRecords';
import { outputRecord, readRecordQuery, saturationMessage } from './query';
import { walkRecords } from './walker';

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
			{
				name: 'Online Chat',
				value: 'im',
				description: 'Records written after online chat sessions (carry a session ID)',
			},
		],
	},
	{
		displayName: 'Start Time',
		name: 'startTime',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			"Records updated at or after this time. A time without an offset is read in the workflow's time zone and converted to the API's zone (the credential's Time Zone).",
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

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceRecord'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const zones = await readZones.call(this);
	const { value: query, issues } = readRecordQuery(
		{
			channel: this.getNodeParameter('channel', itemIndex, 'call'),
			startTime: this.getNodeParameter('startTime', itemIndex, ''),
			endTime: this.getNodeParameter('endTime', itemIndex, ''),
			filters: this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
		},
		zones.workflow,
		zones.api,
	);
	// readRecordQuery gives a query exactly when it found no issue.
	if (!query) throw validationError(this.getNode(), itemIndex, issues);
	const limit = readItemLimit.call(this, itemIndex);
	const cap = RECORDS_PER_QUERY;

	const result = await walkRecords(
		async (startTime, endTime, size) =>
			await queryServiceRecords.call(
				this,
				query.channel,
				{ startTime, endTime, limit: size, idFilter: query.idFilter },
				itemIndex,
			),
		{ start: query.startTime, end: query.endTime, limit, cap },
	);

	if (result.saturatedSeconds.length > 0) {
		// Never a silently short list: say which seconds could not be read in full.
		const message = saturationMessage(
			query.channel,
			result.saturatedSeconds,
			zones.api,
			itemIndex,
			cap,
		);
		this.logger.warn(message, {
			saturatedSeconds: result.saturatedSeconds,
			channel: query.channel,
		});
		this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
	}
	const records = limit === undefined ? result.records : result.records.slice(0, limit);
	return records.map(({ record }) => outputRecord(record, query.channel));
}

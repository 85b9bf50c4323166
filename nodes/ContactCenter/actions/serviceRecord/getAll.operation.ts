import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readOutput } from '../output';
import { validationError } from '../../input/validation';
import { readZones } from '../../transport/zones';
import { readItemLimit } from '../limit';
import { queryServiceRecords, RECORDS_PER_QUERY, type Channel } from '../../api/serviceRecords';
import { walkNewest, walkRecords } from '../../api/walker';
import { channelsOf, mergeByTime, readRecordQuery, saturationMessage } from './query';
import { customersOfRecords } from '../customer/phoneLookup';
import { includeCustomerOptions, readIncludeCustomer } from './includeCustomer';
import { serviceRecordItem, serviceRecordOutputProperties } from './simplify';

const CALL_OPTION = {
	name: 'Call',
	value: 'call',
	description: 'Records written after calls (carry a call ID)',
};
const CHAT_OPTION = {
	name: 'Online Chat',
	value: 'im',
	description: 'Records written after online chat sessions (carry a session ID)',
};
const START_DESCRIPTION =
	"Records updated at or after this time. A time without an offset is read in the workflow's time zone and converted to the API's zone (the credential's Time Zone).";
const END_DESCRIPTION =
	'Records updated at or before this time (inclusive); not earlier than Start Time';

const properties: INodeProperties[] = [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		default: 'all',
		required: true,
		description:
			'Which service records to read. Every item says which channel it came from in its "channel" field (call or im).',
		options: [
			{
				name: 'All',
				value: 'all',
				description: 'Records of calls and online chats, merged in update-time order',
			},
			CALL_OPTION,
			CHAT_OPTION,
		],
	},
	{
		displayName: 'Start Time',
		name: 'startTime',
		type: 'dateTime',
		default: '={{ $now.minus({ hours: 1 }) }}',
		required: true,
		description: `${START_DESCRIPTION} By default one hour ago`,
	},
	{
		displayName: 'End Time',
		name: 'endTime',
		type: 'dateTime',
		default: '={{ $now }}',
		required: true,
		description: `${END_DESCRIPTION}; by default now`,
	},
	...returnAllAndLimit().map((property) =>
		property.name === 'limit'
			? {
					...property,
					description:
						'Max number of records to return. When there are more in the time range, the newest are kept (oldest first in the output).',
				}
			: property,
	),
	...serviceRecordOutputProperties(),
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
				displayOptions: { show: { '/channel': ['all', 'call'] } },
				description:
					'Only the records of this call. With Channel All, only call records are read then (unless Session ID is set too).',
			},
			{
				displayName: 'Session ID',
				name: 'sessionId',
				type: 'string',
				default: '',
				displayOptions: { show: { '/channel': ['all', 'im'] } },
				description:
					'Only the records of this online chat session. With Channel All, only online chat records are read then (unless Call ID is set too).',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: includeCustomerOptions(),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceRecord'], operation: ['getAll'] } },
	properties,
);

type RecordQuery = NonNullable<ReturnType<typeof readRecordQuery>['value']>;

/**
 * Each channel is read on its own (with a Limit: its newest Limit records), then the channels are
 * merged by time and the newest Limit of the merge kept, in ascending order.
 */
async function readRecords(
	this: IExecuteFunctions,
	query: RecordQuery,
	limit: number | undefined,
	apiZone: string,
	itemIndex: number,
): Promise<Array<{ record: IDataObject; channel: Channel }>> {
	const cap = RECORDS_PER_QUERY;
	const walks = [];
	for (const channel of channelsOf(query.channel, query.idFilters)) {
		const channelQuery = async (startTime: string, endTime: string, size: number) =>
			await queryServiceRecords.call(
				this,
				channel,
				{ startTime, endTime, limit: size, idFilter: query.idFilters[channel] },
				itemIndex,
			);
		const window = { start: query.startTime, end: query.endTime, cap };
		const result =
			limit === undefined
				? await walkRecords(channelQuery, window)
				: await walkNewest(channelQuery, { ...window, limit });
		if (result.saturatedSeconds.length > 0) {
			// Never a silently short list: say which seconds could not be read in full.
			const message = saturationMessage(channel, result.saturatedSeconds, apiZone, itemIndex, cap);
			this.logger.warn(message, { saturatedSeconds: result.saturatedSeconds, channel });
			this.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
		}
		walks.push(result.records.map((walked) => ({ ...walked, channel })));
	}
	const merged = mergeByTime(walks);
	return limit === undefined ? merged : merged.slice(-limit);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const zones = await readZones.call(this);
	const { value: query, issues } = readRecordQuery(
		{
			channel: this.getNodeParameter('channel', itemIndex, 'all'),
			startTime: this.getNodeParameter('startTime', itemIndex, ''),
			endTime: this.getNodeParameter('endTime', itemIndex, ''),
			filters: this.getNodeParameter('filters', itemIndex, {}) as IDataObject,
		},
		zones.workflow,
		zones.api,
	);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const include = readIncludeCustomer(options);
	if (include.issue) issues.push(include.issue);
	// readRecordQuery gives a query exactly when it found no issue.
	if (!query || issues.length > 0) throw validationError(this.getNode(), itemIndex, issues);
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const records = await readRecords.call(this, query, limit, zones.api, itemIndex);
	const items = records.map(({ record, channel }) => serviceRecordItem(record, channel, output));
	if (!include.value) return items;
	// One lookup for the item's records: one customer-list request per chunk of distinct numbers.
	const customers = await customersOfRecords.call(
		this,
		records.map((r) => r.record),
		include.value.field,
		itemIndex,
	);
	return items.map((item, i) => ({ ...item, customer: customers[i] }));
}

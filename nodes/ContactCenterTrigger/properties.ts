/** The trigger's parameters: what it watches (Trigger On), each kind's events, and the options. */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_FAIL_AFTER_POLLS, MAX_FAIL_AFTER_POLLS } from './channelFailures';
import { DEFAULT_KIND, KINDS, shownFor, TIME_ORDERED_KINDS } from './kinds';
import { outputProperties } from './output';
import {
	DEFAULT_LOOKBACK_MINUTES,
	DEFAULT_MAX_RECORDS_PER_POLL,
	MAX_LOOKBACK_MINUTES,
	MAX_RECORDS_PER_POLL_LIMIT,
} from './settings';
import { includeCustomerOptions } from '../ContactCenter/actions/serviceRecord/includeCustomer';

/** Shown only while the trigger watches service records (saved triggers have no `triggerOn`: service records). */
const serviceRecordOnly = shownFor(['serviceRecord']);
/** Options that apply to the time-ordered kinds (service records and customers), not to call tasks. */
const timeOrderedOnly = shownFor(TIME_ORDERED_KINDS, '/triggerOn');

const triggerOnProperty: INodeProperties = {
	displayName: 'Trigger On',
	name: 'triggerOn',
	type: 'options',
	noDataExpression: true,
	options: KINDS.map(({ name, value, description }) => ({ name, value, description })),
	default: DEFAULT_KIND,
	description: 'What starts the workflow',
};

const kindProperties: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'customerEvents',
		type: 'multiOptions',
		displayOptions: shownFor(['customer']),
		options: [
			{
				name: 'Customer Created',
				value: 'created',
				description: 'A customer was added (by an agent, an import, the API or an incoming call)',
			},
			{
				name: 'Customer Updated',
				value: 'updated',
				description:
					'A customer was changed: each new update time emits the customer again, with its data as it is then',
			},
		],
		default: ['created', 'updated'],
		required: true,
		description:
			'Which customer changes to emit. Each item is the customer (as Output shapes it, like Customer → Get) plus "event" (created or updated).',
	},
	{
		displayName: 'Events',
		name: 'callTaskEvents',
		type: 'multiOptions',
		displayOptions: shownFor(['callTask']),
		options: [
			{
				name: 'Finished',
				value: 'finished',
				description: 'A call task reached done: every imported customer was called',
			},
			{
				name: 'Status Changed',
				value: 'statusChanged',
				description: 'A call task moved between draft, running, pause and done',
			},
		],
		default: ['finished', 'statusChanged'],
		required: true,
		description:
			'Which call-task changes to emit. Each item is the task (as Output shapes it, like Call Task → Get) plus "previousStatus" and "event"; a task that finishes is emitted once, as Finished when that is selected.',
	},
];

const serviceRecordProperties: INodeProperties[] = [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		displayOptions: serviceRecordOnly,
		options: [
			{ name: 'All', value: 'all', description: 'Call records and Online Chat records' },
			{ name: 'Call', value: 'call', description: 'Records written after calls' },
			{
				name: 'Online Chat',
				value: 'im',
				description: 'Records written after Online Chat sessions',
			},
		],
		default: 'all',
		description: 'Which service records to watch',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		displayOptions: serviceRecordOnly,
		options: [
			{
				name: 'Record Created',
				value: 'serviceNoteInsert',
				description: 'A service record was written (pushType serviceNoteInsert)',
			},
			{
				name: 'Record Updated',
				value: 'serviceNoteUpdate',
				description:
					'A service record was updated (pushType serviceNoteUpdate): each update emits the record again, as its own event',
			},
		],
		default: ['serviceNoteInsert', 'serviceNoteUpdate'],
		required: true,
		description: 'Which kinds of record to emit',
	},
];

// Customer Phone Field and Include Customer, as on Service Record → Get Many.
const includeCustomer = includeCustomerOptions(shownFor(['serviceRecord'], '/triggerOn').show);

const options: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		includeCustomer[0],
		{
			displayName: 'Fail After Failed Polls',
			name: 'failAfterPolls',
			type: 'number',
			displayOptions: {
				show: { ...shownFor(['serviceRecord'], '/triggerOn').show, '/channel': ['all'] },
			},
			typeOptions: { minValue: 1, maxValue: MAX_FAIL_AFTER_POLLS },
			default: DEFAULT_FAIL_AFTER_POLLS,
			description:
				'With Channel All, a channel whose query fails does not hold back the other: its records come once it works again. The poll fails (an error execution, and the error workflow runs) once a channel has failed this many polls in a row, and every other poll while it lasts; 1 fails at the first failure.',
		},
		includeCustomer[1],
		{
			displayName: 'Look-Back (Minutes)',
			name: 'lookbackMinutes',
			type: 'number',
			displayOptions: timeOrderedOnly,
			typeOptions: { minValue: 0, maxValue: MAX_LOOKBACK_MINUTES },
			default: DEFAULT_LOOKBACK_MINUTES,
			description:
				'How far behind the newest record already seen each poll reads again, to catch records the API writes late. Records found there are emitted if they were not emitted before; none is emitted twice.',
		},
		{
			displayName: 'Max Records per Poll',
			name: 'maxRecordsPerPoll',
			type: 'number',
			displayOptions: timeOrderedOnly,
			typeOptions: { minValue: 1, maxValue: MAX_RECORDS_PER_POLL_LIMIT },
			default: DEFAULT_MAX_RECORDS_PER_POLL,
			description:
				'Most items one poll emits. A larger backlog is emitted over the following polls, oldest first, continuing exactly where the previous poll stopped.',
		},
		{
			displayName: 'Start From',
			name: 'startFrom',
			type: 'dateTime',
			default: '',
			description:
				'Emit every record (customer, call-task change) since this time when the trigger first starts, instead of only what happens from then on. An expression is evaluated once, at that first start. Setting a different time later starts over from it and emits what happened since then again; changing only the time zone does not.',
		},
	],
};

export const properties: INodeProperties[] = [
	triggerOnProperty,
	...serviceRecordProperties,
	...kindProperties,
	...outputProperties,
	options,
];

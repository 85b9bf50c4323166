import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { formatApiTime, toEpochMs, type DateInput } from '../../api/time';
import { readBoolean, readDateInput, readNumber, readText, shown } from '../../input/parameters';
import type { Read, Checked } from '../../input/issues';
import { assertValid, oneOf } from '../../input/validation';
import { createCallTask } from '../../api/voiceInterface';
import { readZones, type Zones } from '../../transport/zones';
import { toLong } from '../../transport/json';
import { idLocator, readIdParameter } from './common';
import {
	checkCallWindows,
	checkRetry,
	TASK_NAME_MAX,
	type RetryInput,
	type RetryStrategy,
} from './taskRules';

export const AGENT_TYPES = ['voicebot', 'voiceagent'] as const;

const WEEKDAYS = [
	{ name: 'Monday', value: 1 },
	{ name: 'Tuesday', value: 2 },
	{ name: 'Wednesday', value: 3 },
	{ name: 'Thursday', value: 4 },
	{ name: 'Friday', value: 5 },
	{ name: 'Saturday', value: 6 },
	{ name: 'Sunday', value: 7 },
];

const CALL_WINDOWS_DESCRIPTION =
	'When the task may call: at least one window of weekdays and time ranges (in the API time zone)';

const CALL_WINDOW_OPTIONS: INodeProperties['options'] = [
	{
		displayName: 'Window',
		name: 'window',
		values: [
			{
				displayName: 'Weekdays',
				name: 'weekdays',
				type: 'multiOptions',
				default: [1, 2, 3, 4, 5],
				description:
					'Days on which the task may call. In an expression, give numbers 1 (Monday) to 7 (Sunday) or day names.',
				options: WEEKDAYS,
			},
			{
				displayName: 'Time Ranges',
				name: 'timeRanges',
				type: 'string',
				default: '09:00-18:00',
				placeholder: 'e.g. 09:00-12:00, 14:00-18:00',
				description:
					'Comma-separated ranges in 24-hour time, start-end, each ending after it starts',
			},
		],
	},
];

/** Starts with one window filled in: Monday to Friday, 09:00-18:00. */
const callWindows: INodeProperties = {
	displayName: 'Call Windows',
	name: 'callWindows',
	type: 'fixedCollection',
	required: true,
	placeholder: 'Add Call Window',
	default: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] },
	typeOptions: { multipleValues: true },
	description: CALL_WINDOWS_DESCRIPTION,
	options: CALL_WINDOW_OPTIONS,
};

const RETRY_REASON_OPTIONS = [
	{ name: 'Busy', value: 'busy' },
	{ name: 'No Answer', value: 'no_answer' },
	{ name: 'Power Off', value: 'power_off' },
	{ name: 'Rejected', value: 'rejected' },
	{ name: 'Unreachable', value: 'unreachable' },
	{ name: 'Voice Assistant', value: 'voice_assistant' },
];
const RETRY_UNIT_OPTIONS = [
	{ name: 'Day', value: 'day' },
	{ name: 'Minute', value: 'minute' },
];

const RETRY_ON = { retryEnabled: [true] };

/** A switch that reveals the retry settings. */
const retry: INodeProperties[] = [
	{
		displayName: 'Retry Unsuccessful Calls',
		name: 'retryEnabled',
		type: 'boolean',
		default: false,
		description: 'Whether customers whose call did not succeed are called again',
	},
	{
		displayName: 'Retry Reasons',
		name: 'retryReasons',
		type: 'multiOptions',
		required: true,
		default: ['busy', 'no_answer'],
		displayOptions: { show: RETRY_ON },
		description: 'Call outcomes that are retried',
		options: RETRY_REASON_OPTIONS,
	},
	{
		displayName: 'Max Retry Times',
		name: 'maxRetryTimes',
		type: 'number',
		required: true,
		default: 1,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		displayOptions: { show: RETRY_ON },
		description: 'How many times a customer is called again at most',
	},
	{
		displayName: 'Retry Interval Value',
		name: 'retryIntervalValue',
		type: 'number',
		required: true,
		default: 30,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		displayOptions: { show: RETRY_ON },
		description: 'Wait between two attempts, in the Retry Interval Unit',
	},
	{
		displayName: 'Retry Interval Unit',
		name: 'retryIntervalUnit',
		type: 'options',
		required: true,
		default: 'minute',
		displayOptions: { show: RETRY_ON },
		options: RETRY_UNIT_OPTIONS,
		description: 'Unit of the wait between two attempts',
	},
];

/** What most tasks leave alone. */
const options: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Agent Type',
			name: 'agentType',
			type: 'options',
			default: 'voicebot',
			description:
				"The type of the chosen agent, sent only when this option is added; a type that differs from the agent's is refused (error 803)",
			options: [
				{ name: 'Voice Agent', value: 'voiceagent' },
				{ name: 'Voicebot', value: 'voicebot' },
			],
		},
	],
};

const properties: INodeProperties[] = [
	{
		displayName: 'Task Name',
		name: 'taskName',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the call task, at most 50 characters',
	},
	idLocator({
		displayName: 'Voice Agent',
		name: 'voiceAgentId',
		searchListMethod: 'searchVoiceAgents',
		description: 'The voice agent that makes the calls. Prefer a published agent.',
		idPlaceholder: 'e.g. 1870000000000000001',
	}),
	idLocator({
		displayName: 'Caller Number Group',
		name: 'callerNumberGroupId',
		searchListMethod: 'searchCallerNumberGroups',
		description:
			"The numbers the task's calls go out from, shown to the called customers (a caller number group of the voice-agent interface, not a display number group)",
		idPlaceholder: 'e.g. 1870000000000000002',
	}),
	{
		displayName: 'Max Concurrency',
		name: 'maxConcurrency',
		type: 'number',
		required: true,
		default: 1,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description: 'Maximum number of calls the task makes at the same time',
	},
	callWindows,
	{
		displayName: 'Start Type',
		name: 'startType',
		type: 'options',
		required: true,
		default: 'manual',
		description: 'Whether the task waits for a Start operation or starts by itself at a set time',
		options: [
			{ name: 'Manual', value: 'manual', description: 'Start it later with the Start operation' },
			{ name: 'Scheduled', value: 'scheduled', description: 'Starts at the Scheduled Start Time' },
		],
	},
	{
		displayName: 'Scheduled Start Time',
		name: 'scheduledStartTime',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { startType: ['scheduled'] } },
		description:
			"When the task starts; must be in the future. Times without an offset are in the workflow's time zone and are converted to the credential's time zone.",
	},
	...retry,
	options,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['create'] } },
	properties,
);

/** The switch and, when it is on, the settings it reveals. */
function readRetry(this: IExecuteFunctions, itemIndex: number): Checked<RetryStrategy> {
	const enabled = readBoolean(
		'retryEnabled',
		this.getNodeParameter('retryEnabled', itemIndex, false),
	);
	if (enabled.value !== true) {
		const off = checkRetry({ retryEnabled: false });
		return enabled.issue ? { ...off, issues: [enabled.issue] } : off;
	}
	const input: RetryInput = { retryEnabled: true };
	for (const name of [
		'retryReasons',
		'maxRetryTimes',
		'retryIntervalValue',
		'retryIntervalUnit',
	] as const) {
		input[name] = this.getNodeParameter(name, itemIndex, undefined);
	}
	return checkRetry(input);
}

/**
 * Scheduled Start Time of a scheduled task, in the API's time zone, checked to be in the future;
 * undefined for a manual one.
 */
function readScheduledStart(
	this: IExecuteFunctions,
	itemIndex: number,
	zones: Zones,
): Read<string> {
	const field = 'scheduledStartTime';
	const scheduled = readDateInput(field, this.getNodeParameter(field, itemIndex, ''));
	if (scheduled.issue) return { issue: scheduled.issue };
	if (scheduled.value === undefined)
		return {
			issue: {
				field,
				problem: 'is required for a scheduled task',
				fix: 'Set the date and time the task starts.',
			},
		};
	const epoch = toEpochMs(scheduled.value as DateInput, zones.workflow);
	if (epoch === undefined)
		return {
			issue: {
				field,
				problem: `is not a date and time (got ${shown(scheduled.value)})`,
				fix: 'Use a date-time such as 2026-11-22T09:30:00 or an expression like {{ $now.plus(1, "hour") }}.',
			},
		};
	const value = formatApiTime(epoch, zones.api);
	if (epoch > Date.now()) return { value };
	return {
		value,
		issue: {
			field,
			problem: `must be in the future (it is ${value}, now is ${formatApiTime(Date.now(), zones.api)}, both in ${zones.api})`,
			fix: 'Pick a later time.',
		},
	};
}

/** Task Name: required, at most 50 characters. */
function readTaskName(this: IExecuteFunctions, itemIndex: number): Read<string> {
	return readText('taskName', this.getNodeParameter('taskName', itemIndex, ''), {
		required: true,
		fix: 'Enter a name for the task.',
		maxLength: TASK_NAME_MAX,
	});
}

/** Options → Agent Type: left out by default, the API then uses the agent's own type (a wrong type is refused with 803). */
function readAgentType(this: IExecuteFunctions, itemIndex: number): Read<string> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const agentType = readText('options.agentType', options.agentType);
	const issue = agentType.issue ?? oneOf('options.agentType', agentType.value, AGENT_TYPES);
	return { value: agentType.value, issue };
}

/** Start Type: manual (started later by the Start operation) or scheduled. */
function readStartType(this: IExecuteFunctions, itemIndex: number): Read<string> {
	const startType = readText('startType', this.getNodeParameter('startType', itemIndex, ''), {
		required: true,
		fix: 'Pick manual or scheduled.',
	});
	const issue = startType.issue ?? oneOf('startType', startType.value, ['manual', 'scheduled']);
	return { value: startType.value, issue };
}

/** Max Concurrency: required, a whole number greater than 0. */
function readMaxConcurrency(this: IExecuteFunctions, itemIndex: number): Read<number> {
	const value = this.getNodeParameter('maxConcurrency', itemIndex, null);
	return readNumber('maxConcurrency', value, { required: true, integer: true, min: 1 });
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const zones = await readZones.call(this);
	const taskName = readTaskName.call(this, itemIndex);
	const voiceAgentId = readIdParameter.call(this, 'voiceAgentId', itemIndex);
	const agentType = readAgentType.call(this, itemIndex);
	const callerNumberGroupId = readIdParameter.call(this, 'callerNumberGroupId', itemIndex);
	const maxConcurrency = readMaxConcurrency.call(this, itemIndex);
	const startType = readStartType.call(this, itemIndex);
	const scheduled =
		startType.value === 'scheduled' ? readScheduledStart.call(this, itemIndex, zones) : {};
	const windows = checkCallWindows(this.getNodeParameter('callWindows', itemIndex, {}));
	const retry = readRetry.call(this, itemIndex);
	// One value each, in the order their issues are listed; a scheduled time's comes last.
	const reads = [taskName, voiceAgentId, agentType, callerNumberGroupId, maxConcurrency, startType];
	assertValid(this.getNode(), itemIndex, [
		...reads.map((read) => read.issue),
		...windows.issues,
		...retry.issues,
		scheduled.issue,
	]);
	const body = {
		taskName: taskName.value ?? '',
		voiceAgentId: toLong(voiceAgentId.value ?? ''),
		agentType: agentType.value,
		startType: startType.value ?? '',
		scheduledStartTime: scheduled.value,
		callStrategy: {
			callWindowRanges: windows.value,
			maxConcurrency: maxConcurrency.value ?? 0,
			callerNumberGroupId: callerNumberGroupId.value ?? '',
		},
		retryStrategy: retry.value,
	};
	return await createCallTask.call(this, body, itemIndex);
}

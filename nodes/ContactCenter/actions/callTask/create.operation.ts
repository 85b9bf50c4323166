import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { formatApiTime, toEpochMs, type DateInput } from '../../helpers/time';
import { readBoolean, readDateInput, readNumber, readText, shown } from '../../helpers/parameters';
import { assertValid, oneOf, type Issue } from '../../helpers/validation';
import { createCallTask } from '../../api/voiceInterface';
import { readZones } from '../../helpers/zones';
import { toLong } from '../../transport/json';
import { idLocator, readIdParameter } from './common';
import {
	checkCallWindows,
	checkRetry,
	TASK_NAME_MAX,
	type Checked,
	type RetryInput,
	type RetryStrategy,
} from './taskRules';
import { FROM_V2, isV2, V1_ONLY } from '../../helpers/version';

export const AGENT_TYPES = ['voicebot', 'voiceagent'] as const;

const AGENT_TYPE_DESCRIPTION =
	"The type of the chosen agent. By default the node leaves it out and the API uses the agent's own type; a type that differs from the agent's is refused (error 803).";

const agentTypeV1: INodeProperties = {
	displayName: 'Agent Type',
	name: 'agentType',
	type: 'options',
	default: 'agentDefault',
	displayOptions: { show: V1_ONLY },
	description: AGENT_TYPE_DESCRIPTION,
	options: [
		{
			name: "The Agent's Own Type",
			value: 'agentDefault',
			description: 'Leave the type out; the API uses the type of the chosen agent',
		},
		{ name: 'Voice Agent', value: 'voiceagent' },
		{ name: 'Voicebot', value: 'voicebot' },
	],
};

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

const callWindowsV1: INodeProperties = {
	displayName: 'Call Windows',
	name: 'callWindows',
	type: 'fixedCollection',
	required: true,
	placeholder: 'Add Call Window',
	default: {},
	displayOptions: { show: V1_ONLY },
	typeOptions: { multipleValues: true },
	description: CALL_WINDOWS_DESCRIPTION,
	options: CALL_WINDOW_OPTIONS,
};

/** Version 2 starts with one window filled in: Monday to Friday, 09:00-18:00. */
const callWindowsV2: INodeProperties = {
	displayName: 'Call Windows',
	name: 'callWindows',
	type: 'fixedCollection',
	required: true,
	placeholder: 'Add Call Window',
	default: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] },
	displayOptions: { show: FROM_V2 },
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

/** Version 1: a collection whose "Retry Enabled" entry switches retry on. */
const retryV1: INodeProperties = {
	displayName: 'Retry',
	name: 'retry',
	type: 'collection',
	placeholder: 'Add Retry Setting',
	default: {},
	displayOptions: { show: V1_ONLY },
	description:
		'Whether and how unsuccessful calls are called again. Without "Retry Enabled" the task does not retry.',
	options: [
		{
			displayName: 'Max Retry Times',
			name: 'maxRetryTimes',
			type: 'number',
			default: 1,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			displayOptions: { show: { retryEnabled: [true] } },
			description: 'How many times a customer is called again at most',
		},
		{
			displayName: 'Retry Enabled',
			name: 'retryEnabled',
			type: 'boolean',
			default: true,
			description:
				'Whether unsuccessful calls are retried. When on, Retry Reasons, Max Retry Times, Retry Interval Value and Retry Interval Unit are required.',
		},
		{
			displayName: 'Retry Interval Unit',
			name: 'retryIntervalUnit',
			type: 'options',
			default: 'minute',
			displayOptions: { show: { retryEnabled: [true] } },
			options: RETRY_UNIT_OPTIONS,
			description: 'Unit of the wait between two attempts',
		},
		{
			displayName: 'Retry Interval Value',
			name: 'retryIntervalValue',
			type: 'number',
			default: 30,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			displayOptions: { show: { retryEnabled: [true] } },
			description: 'Wait between two attempts, in the Retry Interval Unit',
		},
		{
			displayName: 'Retry Reasons',
			name: 'retryReasons',
			type: 'multiOptions',
			default: [],
			displayOptions: { show: { retryEnabled: [true] } },
			description: 'Call outcomes that are retried',
			options: RETRY_REASON_OPTIONS,
		},
	],
};

const RETRY_ON = { ...FROM_V2, retryEnabled: [true] };

/** Version 2: a switch that reveals the retry settings. */
const retryV2: INodeProperties[] = [
	{
		displayName: 'Retry Unsuccessful Calls',
		name: 'retryEnabled',
		type: 'boolean',
		default: false,
		displayOptions: { show: FROM_V2 },
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

/** Version 2: what most tasks leave alone. */
const optionsV2: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: FROM_V2 },
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
	agentTypeV1,
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
	callWindowsV1,
	callWindowsV2,
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
	retryV1,
	...retryV2,
	optionsV2,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['create'] } },
	properties,
);

/** Agent Type's default: the field is left out and the API takes the agent's own type. */
export const AGENT_OWN_TYPE = 'agentDefault';

function readRetryV1(this: IExecuteFunctions, itemIndex: number): Checked<RetryStrategy> {
	return checkRetry(this.getNodeParameter('retry', itemIndex, {}) as RetryInput);
}

/** The switch and, when it is on, the settings it reveals: the same input as version 1's collection. */
function readRetryV2(this: IExecuteFunctions, itemIndex: number): Checked<RetryStrategy> {
	const enabled = readBoolean(
		'retryEnabled',
		this.getNodeParameter('retryEnabled', itemIndex, false),
	);
	if (enabled.value !== true) {
		const off = checkRetry({ retryEnabled: false }, '');
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
	return checkRetry(input, '');
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const zones = await readZones.call(this);
	const timezone = zones.api;
	const taskName = readText('taskName', this.getNodeParameter('taskName', itemIndex, ''), {
		required: true,
		fix: 'Enter a name for the task.',
		maxLength: TASK_NAME_MAX,
	});
	const voiceAgentId = readIdParameter.call(this, 'voiceAgentId', itemIndex);
	const v2 = isV2(this.getNode());
	const agentType = v2
		? readText(
				'options.agentType',
				this.getNodeParameter('options.agentType', itemIndex, AGENT_OWN_TYPE),
			)
		: readText('agentType', this.getNodeParameter('agentType', itemIndex, AGENT_OWN_TYPE));
	const callerNumberGroupId = readIdParameter.call(this, 'callerNumberGroupId', itemIndex);
	const maxConcurrency = readNumber(
		'maxConcurrency',
		this.getNodeParameter('maxConcurrency', itemIndex, null),
		{ required: true, integer: true, min: 1 },
	);
	const startType = readText('startType', this.getNodeParameter('startType', itemIndex, ''), {
		required: true,
		fix: 'Pick manual or scheduled.',
	});
	const scheduled = readDateInput(
		'scheduledStartTime',
		this.getNodeParameter('scheduledStartTime', itemIndex, ''),
	);
	const windows = checkCallWindows(this.getNodeParameter('callWindows', itemIndex, {}));
	const retry = v2 ? readRetryV2.call(this, itemIndex) : readRetryV1.call(this, itemIndex);

	const issues: Array<Issue | undefined> = [
		taskName.issue,
		voiceAgentId.issue,
		agentType.issue ??
			oneOf(v2 ? 'options.agentType' : 'agentType', agentType.value, [
				AGENT_OWN_TYPE,
				...AGENT_TYPES,
			]),
		callerNumberGroupId.issue,
		maxConcurrency.issue,
		startType.issue ?? oneOf('startType', startType.value, ['manual', 'scheduled']),
		...windows.issues,
		...retry.issues,
	];

	let scheduledStartTime: string | undefined;
	if (startType.value === 'scheduled') {
		const epoch =
			scheduled.value === undefined
				? undefined
				: toEpochMs(scheduled.value as DateInput, zones.workflow);
		if (scheduled.issue) {
			issues.push(scheduled.issue);
		} else if (scheduled.value === undefined) {
			issues.push({
				field: 'scheduledStartTime',
				problem: 'is required for a scheduled task',
				fix: 'Set the date and time the task starts.',
			});
		} else if (epoch === undefined) {
			issues.push({
				field: 'scheduledStartTime',
				problem: `is not a date and time (got ${shown(scheduled.value)})`,
				fix: 'Use a date-time such as 2026-11-22T09:30:00 or an expression like {{ $now.plus(1, "hour") }}.',
			});
		} else {
			scheduledStartTime = formatApiTime(epoch, timezone);
			if (epoch <= Date.now()) {
				issues.push({
					field: 'scheduledStartTime',
					problem: `must be in the future (it is ${scheduledStartTime}, now is ${formatApiTime(Date.now(), timezone)}, both in ${timezone})`,
					fix: 'Pick a later time.',
				});
			}
		}
	}
	assertValid(this.getNode(), itemIndex, issues);

	const retryStrategy = retry.value.retryEnabled
		? {
				...retry.value,
				// Numeric text from an expression ("3") is sent as the number it names.
				maxRetryTimes: readNumber('maxRetryTimes', retry.value.maxRetryTimes).value ?? null,
				retryIntervalValue:
					readNumber('retryIntervalValue', retry.value.retryIntervalValue).value ?? null,
			}
		: retry.value;
	const body = {
		taskName: taskName.value ?? '',
		voiceAgentId: toLong(voiceAgentId.value ?? ''),
		// Left out by default: the API then uses the agent's own type (a wrong type is refused with 803).
		agentType: agentType.value === AGENT_OWN_TYPE ? undefined : agentType.value,
		startType: startType.value ?? '',
		scheduledStartTime,
		callStrategy: {
			callWindowRanges: windows.value,
			maxConcurrency: maxConcurrency.value ?? 0,
			callerNumberGroupId: callerNumberGroupId.value ?? '',
		},
		retryStrategy,
	};
	return await createCallTask.call(this, body, itemIndex);
}

import type { INodeProperties } from 'n8n-workflow';

import { nonBlankId, resourceLocator } from '../descriptions';

/** A service group picked from the tenant's groups (searchable) or given by its queue number. */
export function serviceGroupLocator(
	name: string,
	displayName: string,
	description: string,
	required: boolean,
): INodeProperties {
	return resourceLocator({
		name,
		displayName,
		description,
		required,
		searchListMethod: 'searchServiceGroups',
		listPlaceholder: 'Select a service group...',
		idDisplayName: 'By Queue Number',
		idPlaceholder: 'e.g. 8001',
		idValidation: nonBlankId('Enter the queue number of the service group'),
	});
}

export const membersField: INodeProperties = {
	displayName: 'Members',
	name: 'members',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Member',
	default: {},
	description: 'Agents in the group. Each needs an agent number and a weight (priority).',
	options: [
		{
			displayName: 'Member',
			name: 'member',
			values: [
				{
					displayName: 'Agent Number',
					name: 'agentNumber',
					type: 'string',
					default: '',
					required: true,
					placeholder: 'e.g. 1001',
					description: 'Number of the agent (seat) to add to the group',
				},
				{
					displayName: 'Weight',
					name: 'weight',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 1,
					description:
						'Priority of the agent in the group, a whole number (used by the Skill Value strategy)',
				},
			],
		},
	],
};

const MEMBERS_DATA_DESCRIPTION =
	'The members as data, for example from an expression: a JSON array of agent numbers (weight 1) or of objects with agentNumber and weight, or agent numbers separated by commas or new lines';

/** Create: how the members are given (the fixed collection cannot take one expression for the whole list). */
export const membersInputField: INodeProperties = {
	displayName: 'Members Input',
	name: 'membersInput',
	type: 'options',
	default: 'fields',
	description:
		'Whether to add the members one by one below, or give the whole list as data (JSON or a list) from an expression',
	options: [
		{ name: 'Using Fields Below', value: 'fields' },
		{ name: 'Using JSON or a List', value: 'data' },
	],
};

export const membersDataField: INodeProperties = {
	displayName: 'Members (JSON or List)',
	name: 'membersData',
	type: 'string',
	default: '',
	placeholder: 'e.g. [{"agentNumber": "1001", "weight": 1}] or 1001, 1002',
	description: MEMBERS_DATA_DESCRIPTION,
};

/** Fields create's Additional Fields and update's Update Fields share (sorted by display name). */
export const settingsFields: INodeProperties[] = [
	{
		displayName: 'Announce Agent Number',
		name: 'broadcastMember',
		type: 'boolean',
		default: false,
		description: 'Whether the agent number is announced to the caller',
	},
	{
		displayName: 'Do Not Reassign Unanswered',
		name: 'failedNotAssigned',
		type: 'boolean',
		default: false,
		description: 'Whether an agent who did not answer is left out when the call is assigned again',
	},
	{
		displayName: 'Group Leaders',
		name: 'groupLeader',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001, 1002',
		description:
			'Agent numbers of the group leaders, separated by commas or new lines (an expression may return an array)',
	},
	{
		displayName: 'Max Queue Length',
		name: 'maxWaitLimit',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 10,
		description: 'Maximum number of callers waiting in the queue',
	},
	{
		displayName: 'Overflow When No Agent Is Idle',
		name: 'noIdleTransfer',
		type: 'boolean',
		default: false,
		description: 'Whether calls overflow at once when no agent is idle',
	},
	{
		displayName: 'Queue Wait Time',
		name: 'waitTime',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 60,
		description:
			"How long a caller may wait in the queue, a whole number in the platform's unit (usually seconds)",
	},
	{
		displayName: 'Ring Time',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 20,
		description:
			"How long an agent's phone rings before the call moves on, a whole number in the platform's unit (usually seconds)",
	},
	{
		displayName: 'Strategy',
		name: 'strategy',
		type: 'options',
		default: 'rrmemory',
		description: 'How calls are allocated to the members',
		options: [
			{
				name: 'Fewest Answers',
				value: 'leastAnswerTimes',
				description: 'The agent who answered the fewest calls',
			},
			{
				name: 'Longest Answer Duration',
				value: 'longestAnswerTimes',
				description: 'By longest total answer duration',
			},
			{
				name: 'Longest Idle',
				value: 'maxFreeTime',
				description: 'The agent idle for the longest time',
			},
			{ name: 'Random', value: 'random' },
			{
				name: 'Round Robin',
				value: 'rrmemory',
				description: 'Each member in turn, remembering the last one',
			},
			{ name: 'Sequential', value: 'order', description: 'Members in their listed order' },
			{ name: 'Skill Value', value: 'skill', description: 'By member weight' },
		],
	},
];

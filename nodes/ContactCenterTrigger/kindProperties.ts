/** The parameters that choose what the trigger watches, and those of the customer and call-task kinds. */
import type { INodeProperties } from 'n8n-workflow';

/** Shown only while the trigger watches service records (saved triggers have no `triggerOn`: service records). */
export const serviceRecordOnly = { show: { triggerOn: ['serviceRecord'] } };
/** Options that apply to the time-ordered kinds (service records and customers), not to call tasks. */
export const timeOrderedOnly = { show: { '/triggerOn': ['serviceRecord', 'customer'] } };

export const triggerOnProperty: INodeProperties = {
	displayName: 'Trigger On',
	name: 'triggerOn',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Call Task',
			value: 'callTask',
			description: 'A voice-agent call task changed status or finished',
		},
		{
			name: 'Customer',
			value: 'customer',
			description: 'A customer was created or updated',
		},
		{
			name: 'Service Record',
			value: 'serviceRecord',
			description: 'A call or Online Chat service record was written or updated',
		},
	],
	default: 'serviceRecord',
	description: 'What starts the workflow',
};

export const kindProperties: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'customerEvents',
		type: 'multiOptions',
		displayOptions: { show: { triggerOn: ['customer'] } },
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
			'Which customer changes to emit. Each item is the customer as the API returns it plus "event" (created or updated).',
	},
	{
		displayName: 'Events',
		name: 'callTaskEvents',
		type: 'multiOptions',
		displayOptions: { show: { triggerOn: ['callTask'] } },
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
			'Which call-task changes to emit. Each item is the task with its counts, "previousStatus" and "event"; a task that finishes is emitted once, as Finished when that is selected.',
	},
];

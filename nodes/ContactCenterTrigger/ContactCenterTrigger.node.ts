import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { queryServiceRecords, type Channel } from '../ContactCenter/api/serviceRecords';
import { recordWithChannel } from '../ContactCenter/actions/serviceRecord/query';
import { readZones } from '../ContactCenter/helpers/zones';
import { contactCenterApiTest } from '../ContactCenter/transport/credentialTest';
import {
	runPoll,
	sameOrigin,
	STATE_LIMIT_CHARS,
	type EmittedRecord,
	type Saturation,
	type StateLimit,
} from './poll';
import { acquirePoll, keepStateOf, pollBudgetMs, releasePoll, REPORT_FIELD } from './host';
import { pollCallTaskKind } from './callTaskKind';
import { pollCustomerKind } from './customerKind';
import {
	kindProperties,
	serviceRecordOnly,
	timeOrderedOnly,
	triggerOnProperty,
} from './kindProperties';

export { FALLBACK_POLL_BUDGET_MS, REPORT_FIELD } from './host';
import { sampleRecords } from './sample';
import {
	DEFAULT_LOOKBACK_MINUTES,
	DEFAULT_MAX_RECORDS_PER_POLL,
	MAX_LOOKBACK_MINUTES,
	MAX_RECORDS_PER_POLL_LIMIT,
	readSettings,
} from './settings';
import { readState, STATE_KEY } from './state';

export { STATE_KEY };
function channelName(channel: Channel): string {
	return channel === 'call' ? 'call' : 'Online Chat';
}

function saturationMessage(s: Saturation): string {
	return (
		`1,000 or more ${channelName(s.channel)} service records have the updateTime ${s.second}. ` +
		'The API returns at most 1,000 records per query and a second cannot be split further, so records of that second ' +
		`beyond the ones it returned cannot be read. Every record the API returned was emitted (${s.emitted} in this poll), ` +
		`marked with the field "${REPORT_FIELD}".`
	);
}

function limitMessage(l: StateLimit): string {
	return (
		`The state limit (${STATE_LIMIT_CHARS / 1024} KB of static data) is reached on ${channelName(l.channel)} records: ` +
		`the trigger remembers ${l.remembered} emitted ids, back to updateTime ${l.floor}, but the look-back reaches ${l.wanted}. ` +
		`A record the API writes with an updateTime before ${l.floor} is not emitted. ` +
		'Lower "Look-Back (Minutes)" or split the channels over two triggers; items emitted meanwhile carry the field ' +
		`"${REPORT_FIELD}".`
	);
}

function toItems(
	emitted: Array<EmittedRecord<IDataObject>>,
	saturations: Saturation[],
	limits: StateLimit[],
): INodeExecutionData[] {
	const saturated = new Map(
		saturations.map((s) => [`${s.channel} ${s.second}`, saturationMessage(s)]),
	);
	const limited = new Map(limits.map((l) => [l.channel, l]));
	return emitted.map((e) => {
		const json = recordWithChannel(e.record, e.channel);
		const limit = limited.get(e.channel);
		if (!e.saturatedSecond && !limit) return { json };
		const warnings = [
			...(e.saturatedSecond ? [saturated.get(`${e.channel} ${e.saturatedSecond}`) ?? ''] : []),
			...(limit ? [limitMessage(limit)] : []),
		];
		const report: IDataObject = {
			channel: e.channel,
			warning: warnings.join(' '),
			...(e.saturatedSecond ? { saturatedSecond: e.saturatedSecond } : {}),
			...(limit
				? {
						stateLimit: {
							floor: limit.floor,
							lookBackReaches: limit.wanted,
							rememberedIds: limit.remembered,
						},
					}
				: {}),
		};
		return { json: { ...json, [REPORT_FIELD]: report } };
	});
}

export class ContactCenterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contact Center Trigger',
		name: 'contactCenterTrigger',
		icon: { light: 'file:contactCenter.svg', dark: 'file:contactCenter.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ $parameter["triggerOn"] === "customer" ? "Customers" : $parameter["triggerOn"] === "callTask" ? "Call tasks" : "Service records: " + $parameter["channel"] }}',
		description:
			'Starts the workflow when a service record is written or updated, a customer is created or updated, or a call task changes status',
		defaults: { name: 'Contact Center Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contactCenterApi', required: true, testedBy: 'contactCenterApiTest' }],
		properties: [
			triggerOnProperty,
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
			...kindProperties,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
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
			},
		],
	};

	// The credential is tested by the nodes that use it; n8n may ask either of them.
	methods = { credentialTest: { contactCenterApiTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const kind = this.getNodeParameter('triggerOn', 'serviceRecord');
		if (kind === 'customer') return await pollCustomerKind.call(this);
		if (kind === 'callTask') return await pollCallTaskKind.call(this);
		const zones = await readZones.call(this);
		const timezone = zones.api;
		const settings = readSettings.call(this, zones.workflow);
		const node = this.getNode();
		const query = async (channel: Channel, startTime: string, endTime: string, limit: number) =>
			await queryServiceRecords.call(this, channel, { startTime, endTime, limit });

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the newest record(s), the stored state left alone.
			const sample = await sampleRecords<IDataObject>({
				...settings,
				nowMs: Date.now(),
				zone: timezone,
				query,
			});
			return sample.emitted.length > 0 ? [toItems(sample.emitted, [], [])] : null;
		}

		const budgetMs = pollBudgetMs(this);
		// Static data is kept per workflow and node name, and so is the lock.
		const lockKey = `${this.getWorkflow().id ?? ''}:${node.name}`;
		const startedAt = Date.now();
		if (!acquirePoll(lockKey, startedAt, budgetMs)) {
			this.logger.warn(
				'Contact Center Trigger: the previous poll is still running; this poll is skipped',
				{ node: node.name },
			);
			return null;
		}
		try {
			const staticData = this.getWorkflowStaticData('node');
			keepStateOf(staticData, 'serviceRecord');
			const { state, invalid, migrated } = readState(staticData[STATE_KEY], {
				zone: timezone,
				lookbackSeconds: settings.lookbackSeconds,
			});
			if (invalid.length > 0) {
				this.logger.warn(
					`Contact Center Trigger: the stored cursor (${invalid.join(', ')}) is unreadable; those channels start again from now`,
					{ node: node.name },
				);
			}
			const startFrom = settings.startFrom;
			if (startFrom?.problem && !sameOrigin(state?.origin, startFrom)) {
				throw new NodeOperationError(node, `Invalid trigger settings: ${startFrom.problem}`, {
					description: 'Nothing was read and the trigger state is unchanged.',
				});
			}
			let slowestMs = 0;
			const outcome = await runPoll<IDataObject>(state, {
				channels: settings.channels,
				events: settings.events,
				lookbackSeconds: settings.lookbackSeconds,
				maxRecordsPerPoll: settings.maxRecordsPerPoll,
				...(startFrom ? { origin: startFrom } : {}),
				nowMs: startedAt,
				zone: timezone,
				query: async (channel, start, end, limit) => {
					const t = Date.now();
					try {
						return await query(channel, start, end, limit);
					} finally {
						slowestMs = Math.max(slowestMs, Date.now() - t);
					}
				},
				// Leave room for one more request as slow as the slowest so far, twice over.
				mayContinue: () => Date.now() - startedAt + 2 * slowestMs < budgetMs,
			});
			// Every request succeeded: only now does the state move.
			staticData[STATE_KEY] = outcome.state as unknown as IDataObject;

			if (migrated)
				this.logger.info(
					'Contact Center Trigger: the stored cursor was migrated to state version 2',
					{ node: node.name },
				);
			if (outcome.restarted)
				this.logger.info(
					'Contact Center Trigger: Start From changed; the trigger starts over from it',
					{ node: node.name },
				);
			for (const saturation of outcome.saturations) {
				this.logger.warn(`Contact Center Trigger: ${saturationMessage(saturation)}`, {
					node: node.name,
					channel: saturation.channel,
					second: saturation.second,
				});
			}
			for (const limit of outcome.limits) {
				this.logger.warn(`Contact Center Trigger: ${limitMessage(limit)}`, {
					node: node.name,
					channel: limit.channel,
					floor: limit.floor,
				});
			}
			const draining = Object.entries(outcome.channels)
				.filter(([, report]) => report?.draining)
				.map(([channel]) => channel);
			this.logger.debug('Contact Center Trigger poll', {
				node: node.name,
				emitted: outcome.emitted.length,
				requests: outcome.requests,
				draining: draining.join(','),
			});
			return outcome.emitted.length > 0
				? [toItems(outcome.emitted, outcome.saturations, outcome.limits)]
				: null;
		} finally {
			releasePoll(lockKey, startedAt);
		}
	}
}

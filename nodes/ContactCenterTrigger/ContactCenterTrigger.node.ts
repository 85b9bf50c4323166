import {
	NodeApiError,
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { formatApiTime, toEpochMs, type DateInput } from '../ContactCenter/helpers/time';
import { apiRequest, getConnection } from '../ContactCenter/transport';
import { contactCenterApiTest } from '../ContactCenter/transport/credentialTest';
import {
	DEFAULT_LOOKBACK_MINUTES,
	DEFAULT_MAX_RECORDS_PER_POLL,
	latestRecords,
	MAX_LOOKBACK_MINUTES,
	MAX_RECORDS_PER_POLL_LIMIT,
	PUSH_TYPES,
	readState,
	runPoll,
	type Channel,
	type EmittedRecord,
	type Saturation,
	type ServiceRecordLike,
} from './cursor';

/** Where the cursor lives in the node's static data. */
export const STATE_KEY = 'cursor';
/** Field added to items whose second held 1,000 records or more (the API's limit). */
export const REPORT_FIELD = '_contactCenter';

interface Settings {
	channels: Channel[];
	events: string[];
	lookbackMinutes: number;
	maxRecordsPerPoll: number;
	startFrom?: string;
}

// Polls of one trigger that run at once (one ran past the poll interval) would read the same state
// and emit the same records: the later one stands aside. Keyed by workflow and node name, in-process.
const runningPolls = new Map<string, number>();

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readSettings(this: IPollFunctions, apiZone: string): Settings {
	const node = this.getNode();
	const channel = this.getNodeParameter('channel', 'all') as string;
	const events = this.getNodeParameter('events', [...PUSH_TYPES]) as string[];
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const problems: string[] = [];
	if (!['all', 'call', 'im'].includes(channel)) problems.push(`"Channel" must be All, Call or Online Chat (got "${channel}").`);
	if (!Array.isArray(events) || events.length === 0) problems.push('"Events" is empty: select at least one event to trigger on.');
	else {
		const unknown = events.filter((event) => !(PUSH_TYPES as readonly string[]).includes(event));
		if (unknown.length) problems.push(`"Events" has unknown values: ${unknown.join(', ')}.`);
	}
	const lookbackMinutes = options.lookbackMinutes ?? DEFAULT_LOOKBACK_MINUTES;
	if (typeof lookbackMinutes !== 'number' || !Number.isInteger(lookbackMinutes) || lookbackMinutes < 0 || lookbackMinutes > MAX_LOOKBACK_MINUTES) {
		problems.push(`"Look-Back (Minutes)" must be a whole number from 0 to ${MAX_LOOKBACK_MINUTES} (got ${JSON.stringify(lookbackMinutes)}).`);
	}
	const maxRecordsPerPoll = options.maxRecordsPerPoll ?? DEFAULT_MAX_RECORDS_PER_POLL;
	if (typeof maxRecordsPerPoll !== 'number' || !Number.isInteger(maxRecordsPerPoll) || maxRecordsPerPoll < 1 || maxRecordsPerPoll > MAX_RECORDS_PER_POLL_LIMIT) {
		problems.push(`"Max Records per Poll" must be a whole number from 1 to ${MAX_RECORDS_PER_POLL_LIMIT} (got ${JSON.stringify(maxRecordsPerPoll)}).`);
	}
	let startFrom: string | undefined;
	const rawStart = options.startFrom;
	if (rawStart !== undefined && rawStart !== null && rawStart !== '') {
		// A date-time without an offset is wall-clock time in the workflow's zone; the API's windows are
		// wall-clock times in the credential's zone. Converting through the instant makes the n8n
		// process's own zone irrelevant.
		const epoch = toEpochMs(rawStart as DateInput, this.getTimezone());
		if (epoch === undefined) problems.push(`"Start From" is not a date and time (got ${JSON.stringify(rawStart)}).`);
		else startFrom = formatApiTime(epoch, apiZone);
	}
	if (problems.length > 0) {
		throw new NodeOperationError(node, `Invalid trigger settings: ${problems[0]}`, {
			description: problems.join('\n'),
		});
	}
	return {
		channels: channel === 'all' ? ['call', 'im'] : [channel as Channel],
		events,
		lookbackMinutes: lookbackMinutes as number,
		maxRecordsPerPoll: maxRecordsPerPoll as number,
		...(startFrom !== undefined ? { startFrom } : {}),
	};
}

/** One service-record query (envelope A, a read: retried by the transport on 429/5xx/timeouts). */
async function queryRecords(
	this: IPollFunctions,
	channel: Channel,
	start: string,
	end: string,
	limit: number,
): Promise<IDataObject[]> {
	const data = await apiRequest.call<IPollFunctions, Parameters<typeof apiRequest>, Promise<unknown>>(this, {
		method: 'POST',
		path: `/openapi/crm/service-record/${channel}/query`,
		body: { startTime: start, endTime: end, limit },
		envelope: 'A',
		kind: 'read',
	});
	if (data === null || data === undefined) return [];
	if (!Array.isArray(data) || !data.every(isObject)) {
		throw new NodeApiError(this.getNode(), { data: JSON.stringify(data).slice(0, 500) } as JsonObject, {
			message: `The ${channel} service-record query did not answer with a list of records`,
			description: 'The trigger stopped without emitting anything and will read the same window again at the next poll.',
		});
	}
	return data;
}

function saturationMessage(s: Saturation): string {
	return (
		`1,000 or more ${s.channel === 'call' ? 'call' : 'online (im)'} service records have the updateTime ${s.second}. ` +
		'The API returns at most 1,000 records per query and a second cannot be split further, so records of that second ' +
		`beyond the ones it returned cannot be read. Every record the API returned was emitted (${s.emitted} in this poll), ` +
		`marked with the field "${REPORT_FIELD}".`
	);
}

function toItems(emitted: Array<EmittedRecord<IDataObject>>, saturations: Saturation[]): INodeExecutionData[] {
	const messages = new Map(saturations.map((s) => [`${s.channel} ${s.second}`, saturationMessage(s)]));
	return emitted.map((e) => {
		if (!e.saturatedSecond) return { json: e.record };
		const report: IDataObject = {
			saturatedSecond: e.saturatedSecond,
			channel: e.channel,
			warning: messages.get(`${e.channel} ${e.saturatedSecond}`) ?? '',
		};
		return { json: { ...e.record, [REPORT_FIELD]: report } };
	});
}

export class ContactCenterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contact Center Trigger',
		name: 'contactCenterTrigger',
		icon: { light: 'file:contactCenter.svg', dark: 'file:contactCenter.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Service records: " + $parameter["channel"]}}',
		description: 'Starts the workflow when a call or online-chat service record is written or updated',
		defaults: { name: 'Contact Center Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contactCenterApi', required: true, testedBy: 'contactCenterApiTest' }],
		properties: [
			{
				displayName: 'Channel',
				name: 'channel',
				type: 'options',
				options: [
					{ name: 'All', value: 'all', description: 'Call records and online-chat records' },
					{ name: 'Call', value: 'call', description: 'Records written after calls' },
					{ name: 'Online Chat (IM)', value: 'im', description: 'Records written after online-chat sessions' },
				],
				default: 'all',
				description: 'Which service records to watch',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [
					{
						name: 'Service Note Inserted',
						value: 'serviceNoteInsert',
						description: 'A service record was written (pushType serviceNoteInsert)',
					},
					{
						name: 'Service Note Updated',
						value: 'serviceNoteUpdate',
						description: 'A service record was updated (pushType serviceNoteUpdate); each update is its own event',
					},
				],
				default: ['serviceNoteInsert', 'serviceNoteUpdate'],
				required: true,
				description: 'Which kinds of record to emit',
			},
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
						typeOptions: { minValue: 0, maxValue: MAX_LOOKBACK_MINUTES },
						default: DEFAULT_LOOKBACK_MINUTES,
						description:
							'How far behind the newest record already seen each poll reads again, to catch records the API writes late. Records found there are emitted if they were not emitted before; none is emitted twice.',
					},
					{
						displayName: 'Max Records per Poll',
						name: 'maxRecordsPerPoll',
						type: 'number',
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
							'Emit every record updated since this time when the trigger first starts, instead of only records written from then on. Changing it later starts over from the new time.',
					},
				],
			},
		],
	};

	// The credential is tested by the nodes that use it; n8n may ask either of them.
	methods = { credentialTest: { contactCenterApiTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { timezone } = await getConnection.call(this);
		const settings = readSettings.call(this, timezone);
		// "Now" as the API writes times: the real instant on the credential's zone's clocks.
		const now = formatApiTime(Date.now(), timezone);
		const query = async (channel: Channel, start: string, end: string, limit: number) =>
			await queryRecords.call(this, channel, start, end, limit);

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the most recent record(s), the stored cursor left alone.
			const sample = await latestRecords<IDataObject & ServiceRecordLike>({
				channels: settings.channels,
				events: settings.events,
				now,
				query,
			});
			return sample.emitted.length > 0 ? [toItems(sample.emitted, [])] : null;
		}

		const budgetMs = this.getPollBudgetMs();
		// Static data is kept per workflow and node name, and so is the lock.
		const lockKey = `${this.getWorkflow().id ?? ''}:${this.getNode().name}`;
		const startedAt = Date.now();
		const running = runningPolls.get(lockKey);
		if (running !== undefined && startedAt - running < 2 * budgetMs) {
			this.logger.warn('Contact Center Trigger: the previous poll is still running; this poll is skipped', {
				node: this.getNode().name,
			});
			return null;
		}
		runningPolls.set(lockKey, startedAt);
		try {
			const staticData = this.getWorkflowStaticData('node');
			const { state, invalid } = readState(staticData[STATE_KEY]);
			if (invalid.length > 0) {
				this.logger.warn(
					`Contact Center Trigger: the stored cursor (${invalid.join(', ')}) is unreadable; those channels start again from now`,
					{ node: this.getNode().name },
				);
			}
			let slowestMs = 0;
			const outcome = await runPoll<IDataObject & ServiceRecordLike>(state, {
				...settings,
				now,
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
			// Every request succeeded: only now does the cursor move.
			staticData[STATE_KEY] = outcome.state as unknown as IDataObject;

			for (const saturation of outcome.saturations) {
				this.logger.warn(`Contact Center Trigger: ${saturationMessage(saturation)}`, {
					node: this.getNode().name,
					channel: saturation.channel,
					second: saturation.second,
				});
			}
			const draining = Object.entries(outcome.channels)
				.filter(([, report]) => report?.draining)
				.map(([channel]) => channel);
			this.logger.debug('Contact Center Trigger poll', {
				node: this.getNode().name,
				emitted: outcome.emitted.length,
				requests: outcome.requests,
				draining: draining.join(','),
			});
			return outcome.emitted.length > 0 ? [toItems(outcome.emitted, outcome.saturations)] : null;
		} finally {
			if (runningPolls.get(lockKey) === startedAt) runningPolls.delete(lockKey);
		}
	}
}

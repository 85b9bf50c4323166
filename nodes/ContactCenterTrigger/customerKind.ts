/**
 * Trigger On "Customer": the n8n side of a poll (parameters, static data, logs, items) around the
 * pure stream poll (poll.ts with the customer streams of customers.ts).
 */
import { type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import { inputError } from '../ContactCenter/input/validation';
import { fetchCustomerPage } from '../ContactCenter/api/customers';
import { readZones } from '../ContactCenter/transport/zones';
import { customerOutput } from '../ContactCenter/actions/customer/output';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { CUSTOMER_EVENTS, walkStream, type CustomerChange, type CustomerEvent } from './customers';
import {
	keepStateOf,
	pollBudgetMs,
	pollClock,
	REPORT_FIELD,
	STATE_KEYS,
	underPollLock,
} from './host';
import { readOutputChoice } from './output';
import { runPoll, sameOrigin, STATE_LIMIT_CHARS, type StateLimit } from './poll';
import { checkStartFrom, readSettings, type Settings } from './settings';
import { readState, type TriggerState } from './state';

/** The events chosen, checked. */
function readCustomerEvents(this: IPollFunctions): CustomerEvent[] {
	const events = this.getNodeParameter('customerEvents', [...CUSTOMER_EVENTS]) as unknown;
	const list = Array.isArray(events) ? events : [events];
	const unknown = list.filter((e) => !(CUSTOMER_EVENTS as readonly unknown[]).includes(e));
	if (list.length === 0 || unknown.length > 0)
		throw inputError(
			this.getNode(),
			list.length === 0
				? 'Invalid trigger settings: "Events" is empty: select Customer Created, Customer Updated or both.'
				: `Invalid trigger settings: "Events" has unknown values: ${unknown.map(String).join(', ')}.`,
		);
	return CUSTOMER_EVENTS.filter((e) => list.includes(e));
}

function limitWarning(l: StateLimit<CustomerEvent>): string {
	return (
		`The state limit (${STATE_LIMIT_CHARS / 1024} KB of static data) is reached on ${l.channel} customers: ` +
		`the trigger remembers ${l.remembered} changes, back to ${l.floor}, but the look-back reaches ${l.wanted}. ` +
		`A change the API writes with a time before ${l.floor} is not emitted. Lower "Look-Back (Minutes)".`
	);
}

/** "Fetch Test Event": the newest created and the newest updated customer, one request each. */
async function sample(
	context: IPollFunctions,
	events: CustomerEvent[],
	output: OutputChoice,
): Promise<INodeExecutionData[][] | null> {
	const found: Array<{ row: IDataObject; event: CustomerEvent }> = [];
	for (const event of events) {
		const field = event === 'created' ? 'createTime' : 'updateTime';
		const rows = (
			await fetchCustomerPage.call(
				context,
				{ search: [], sortList: [{ field, orderBy: 'desc' }] },
				1,
				event === 'created' ? 1 : 50,
			)
		).rows;
		const row = event === 'created' ? rows[0] : rows.find((r) => r.updateTime !== r.createTime);
		if (row) found.push({ row, event });
	}
	if (found.length === 0) return null;
	const shaped = await customerOutput.call(
		context,
		found.map((f) => f.row),
		output,
	);
	return [shaped.map((json, i) => ({ json: { ...json, event: found[i].event } }))];
}

/** The stream poll over the customer list, with the time budget of a poll. */
async function runCustomerPoll(
	context: IPollFunctions,
	state: TriggerState<CustomerEvent> | undefined,
	input: { settings: Settings; events: CustomerEvent[]; zone: string; startedAt: number },
) {
	const { settings, events, startedAt } = input;
	const clock = pollClock(startedAt, pollBudgetMs(context));
	return await runPoll<CustomerChange, CustomerEvent>(state, {
		channels: events,
		allChannels: CUSTOMER_EVENTS,
		events,
		lookbackSeconds: settings.lookbackSeconds,
		maxRecordsPerPoll: settings.maxRecordsPerPoll,
		...(settings.startFrom ? { origin: settings.startFrom } : {}),
		nowMs: startedAt,
		zone: input.zone,
		walk: async (stream, options) =>
			await walkStream(
				async (body, page, limit) =>
					await clock.timed(
						async () => (await fetchCustomerPage.call(context, body, page, limit)).rows,
					),
				stream,
				options,
			),
		mayContinue: clock.mayContinue,
	});
}

export async function pollCustomerKind(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const zones = await readZones.call(this);
	const settings = readSettings.call(this, zones.workflow);
	const events = readCustomerEvents.call(this);
	const output = readOutputChoice.call(this);
	const node = this.getNode();
	if (this.getMode() === 'manual') return await sample(this, events, output);
	const startedAt = Date.now();
	return await underPollLock(this, startedAt, pollBudgetMs(this), async () => {
		const staticData = this.getWorkflowStaticData('node');
		keepStateOf(staticData, 'customer');
		const { state, invalid } = readState<CustomerEvent>(staticData[STATE_KEYS.customer], {
			channels: CUSTOMER_EVENTS,
		});
		if (invalid.length > 0)
			this.logger.warn(
				`Contact Center Trigger: the stored customer cursor (${invalid.join(', ')}) is unreadable; it starts again from now`,
				{ node: node.name },
			);
		const { startFrom } = settings;
		checkStartFrom.call(this, startFrom, !!startFrom && !!sameOrigin(state?.origin, startFrom));
		const outcome = await runCustomerPoll(this, state, {
			settings,
			events,
			zone: zones.api,
			startedAt,
		});
		// Every request succeeded: only now does the state move.
		staticData[STATE_KEYS.customer] = outcome.state as unknown as IDataObject;
		const warnings = new Map(outcome.limits.map((l) => [l.channel, limitWarning(l)]));
		for (const warning of warnings.values())
			this.logger.warn(`Contact Center Trigger: ${warning}`, { node: node.name });
		this.logger.debug('Contact Center Trigger poll (customers)', {
			node: node.name,
			emitted: outcome.emitted.length,
			requests: outcome.requests,
		});
		if (outcome.emitted.length === 0) return null;
		// The customers as Customer Get outputs them, plus the event (and a warning, when there is one).
		const customers = await customerOutput.call(
			this,
			outcome.emitted.map((e) => e.record.customer),
			output,
		);
		return [
			outcome.emitted.map((e, i) => {
				const json = { ...customers[i], event: e.record.pushType };
				const warning = warnings.get(e.channel);
				return { json: warning ? { ...json, [REPORT_FIELD]: { warning } } : json };
			}),
		];
	});
}

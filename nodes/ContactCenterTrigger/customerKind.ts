/**
 * Trigger On "Customer": its adapter under the host loop (host.ts) around the pure stream poll
 * (poll.ts with the customer streams of customers.ts).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchCustomerPage } from '../ContactCenter/api/customers';
import { customerOutput } from '../ContactCenter/actions/customer/output';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { CUSTOMER_EVENTS, walkStream, type CustomerChange, type CustomerEvent } from './customers';
import { hostKind, REPORT_FIELD, type LogLine, type PollRun } from './host';
import {
	runPoll,
	sameOrigin,
	STATE_LIMIT_CHARS,
	type EmittedRecord,
	type StateLimit,
} from './poll';
import { readEvents } from './settings';
import { readState, type TriggerState } from './state';

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
	run: PollRun<CustomerEvent[]>,
	state: TriggerState<CustomerEvent> | undefined,
) {
	const { context, settings, params: events, clock, startedAt } = run;
	return await runPoll<CustomerChange, CustomerEvent>(state, {
		channels: events,
		allChannels: CUSTOMER_EVENTS,
		events,
		lookbackSeconds: settings.lookbackSeconds,
		maxRecordsPerPoll: settings.maxRecordsPerPoll,
		...(settings.startFrom ? { origin: settings.startFrom } : {}),
		nowMs: startedAt,
		zone: run.zones.api,
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

/** The customers as Customer Get outputs them, plus the event (and a warning, when there is one). */
async function customerItems(
	run: PollRun<CustomerEvent[]>,
	emitted: Array<EmittedRecord<CustomerChange, CustomerEvent>>,
	warnings: Map<CustomerEvent, string>,
): Promise<INodeExecutionData[][] | null> {
	if (emitted.length === 0) return null;
	const customers = await customerOutput.call(
		run.context,
		emitted.map((e) => e.record.customer),
		run.output,
	);
	return [
		emitted.map((e, i) => {
			const json = { ...customers[i], event: e.record.pushType };
			const warning = warnings.get(e.channel);
			return { json: warning ? { ...json, [REPORT_FIELD]: { warning } } : json };
		}),
	];
}

/** Trigger On "Customer": the stream poll (poll.ts) over the customer streams of customers.ts. */
export const customerKind = hostKind<CustomerEvent[], TriggerState<CustomerEvent>>({
	read: (context) =>
		readEvents(
			context,
			'customerEvents',
			CUSTOMER_EVENTS,
			'Customer Created, Customer Updated or both',
		),
	sample: async (run) => await sample(run.context, run.params, run.output),
	readState: (stored) => {
		const { state, invalid } = readState<CustomerEvent>(stored, { channels: CUSTOMER_EVENTS });
		return {
			state,
			...(invalid.length > 0
				? {
						unreadable: `Contact Center Trigger: the stored customer cursor (${invalid.join(', ')}) is unreadable; it starts again from now`,
					}
				: {}),
		};
	},
	startedThere: (state, startFrom) => !!startFrom && !!sameOrigin(state?.origin, startFrom),
	poll: async (run, state) => {
		const outcome = await runCustomerPoll(run, state);
		const warnings = new Map(outcome.limits.map((l) => [l.channel, limitWarning(l)]));
		const logs: LogLine[] = [...warnings.values()].map((warning) => [
			'warn',
			`Contact Center Trigger: ${warning}`,
		]);
		logs.push([
			'debug',
			'Contact Center Trigger poll (customers)',
			{ emitted: outcome.emitted.length, requests: outcome.requests },
		]);
		// Simplified customers need the field configuration: read before the state moves, so a
		// failing read fails the poll and the next one emits these customers again.
		const items = await customerItems(run, outcome.emitted, warnings);
		return { state: outcome.state, logs, items };
	},
});

/**
 * Trigger On "Service Record": its adapter under the host loop (host.ts) around the pure poll
 * (poll.ts) over the service-record queries. With Channel All, a failing channel is settled here.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { queryServiceRecords, type Channel } from '../ContactCenter/api/serviceRecords';
import { customersOfRecords } from '../ContactCenter/actions/customer/phoneLookup';
import type { IncludeCustomer } from '../ContactCenter/actions/serviceRecord/includeCustomer';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { answerError } from '../ContactCenter/transport/errors';
import {
	channelLabel,
	dueError,
	failingMessage,
	missedPoll,
	tallyFailures,
} from './channelFailures';
import {
	failedFrom,
	hostKind,
	rememberFailedPoll,
	stateFingerprint,
	type KindRun,
	type LogLine,
	type PollRun,
} from './host';
import { limitMessage, saturationMessage, toItems } from './items';
import { runPoll, sameOrigin, type EmittedRecord, type PollOutcome } from './poll';
import { sampleRecords } from './sample';
import { readFailures, readState, type TriggerState } from './state';

/** What a poll tells the log: a restart, full seconds, the state limit, and its figures. */
function outcomeLog(outcome: PollOutcome<IDataObject>): LogLine[] {
	const lines: LogLine[] = [];
	if (outcome.restarted)
		lines.push([
			'info',
			'Contact Center Trigger: Start From changed; the trigger starts over from it',
		]);
	for (const s of outcome.saturations)
		lines.push([
			'warn',
			`Contact Center Trigger: ${saturationMessage(s)}`,
			{ channel: s.channel, second: s.second },
		]);
	for (const l of outcome.limits)
		lines.push([
			'warn',
			`Contact Center Trigger: ${limitMessage(l)}`,
			{ channel: l.channel, floor: l.floor },
		]);
	const draining = Object.entries(outcome.channels)
		.filter(([, report]) => report?.draining)
		.map(([channel]) => channel);
	lines.push([
		'debug',
		'Contact Center Trigger poll',
		{ emitted: outcome.emitted.length, requests: outcome.requests, draining: draining.join(',') },
	]);
	return lines;
}

/**
 * Channel All: the failed channels of a poll. Below "Fail After Failed Polls" in a row the poll goes
 * on with the other channel (a warning each); from it on, the poll fails, but never two polls in a
 * row: a failed poll saves nothing, so the next one starts from the same state, and goes on with
 * the other channel (held back by one poll at most). n8n's memory tells it the previous poll
 * failed; after a restart, the time since the last poll counted does. The outcome's state gets the
 * failing channels' counts.
 */
function settleFailures(
	run: PollRun<undefined>,
	outcome: PollOutcome<IDataObject>,
	state: TriggerState | undefined,
): void {
	const { context, settings, log, startedAt: nowMs } = run;
	const { channels, failAfterPolls: failAfter } = settings;
	const throughs = Object.values(state?.channels ?? {}).map((c) => c.through * 1000);
	const lastPollAt = throughs.length > 0 ? Math.max(...throughs) : undefined;
	const fingerprint = stateFingerprint(run.stored);
	const counted = readFailures(failedFrom(context, fingerprint), channels);
	const saved = outcome.state.failures;
	const missed = !counted && missedPoll(saved, nowMs);
	const tally = tallyFailures(counted ?? saved, outcome.failed, {
		channels,
		nowMs,
		failAfter,
		missed,
		lastPollAt,
	});
	if (tally.due.length > 0 && !counted && !missed) {
		rememberFailedPoll(context, fingerprint, tally.failures);
		const { message, description } = dueError(tally.due, channels, failAfter);
		throw answerError(context.getNode(), message, { description });
	}
	rememberFailedPoll(context, fingerprint);
	for (const f of tally.failing)
		log('warn', `Contact Center Trigger: ${failingMessage(f, channels, failAfter)}`, {
			channel: f.channel,
			failedPolls: f.count,
		});
	for (const f of tally.recovered)
		log(
			'info',
			`Contact Center Trigger: the ${channelLabel(f.channel)} service-record query succeeds again after ${f.count} failed polls; its records written meanwhile are emitted now`,
			{ channel: f.channel },
		);
	delete outcome.state.failures;
	if (tally.failing.length > 0) outcome.state.failures = tally.failures;
}

/**
 * The items of a poll (null when nothing is new). With Include Customer, the customers of all its
 * records are looked up first, together; a failed lookup throws, before the caller stores anything.
 */
async function emittedItems(
	context: IPollFunctions,
	found: Pick<PollOutcome<IDataObject>, 'emitted' | 'saturations' | 'limits'>,
	output: OutputChoice,
	include: IncludeCustomer | undefined,
): Promise<INodeExecutionData[][] | null> {
	const emitted: Array<EmittedRecord<IDataObject>> = found.emitted;
	if (emitted.length === 0) return null;
	const customers = include
		? await customersOfRecords.call(
				context,
				emitted.map((e) => e.record),
				include.field,
			)
		: undefined;
	return [toItems(emitted, found.saturations, found.limits, output, customers)];
}

/** One poll's queries, each request timed by the poll's clock when there is one. */
function queryOf(run: KindRun<undefined>, clock?: PollRun<undefined>['clock']) {
	const query = async (channel: Channel, startTime: string, endTime: string, limit: number) =>
		await queryServiceRecords.call(run.context, channel, { startTime, endTime, limit });
	if (!clock) return query;
	return async (channel: Channel, start: string, end: string, limit: number) =>
		await clock.timed(async () => await query(channel, start, end, limit));
}

/** Trigger On "Service Record": the pure poll (poll.ts) over the service-record queries. */
export const serviceRecordKind = hostKind<undefined, TriggerState>({
	// Channel and Events are part of the settings.
	read: () => undefined,
	// "Fetch Test Event": the newest record(s).
	sample: async (run) => {
		const { settings } = run;
		const sample = await sampleRecords<IDataObject>({
			...settings,
			nowMs: Date.now(),
			zone: run.zones.api,
			query: queryOf(run),
		});
		const found = { emitted: sample.emitted, saturations: [], limits: [] };
		return await emittedItems(run.context, found, run.output, settings.includeCustomer);
	},
	readState: (stored) => {
		const { state, invalid } = readState(stored);
		return {
			state,
			...(invalid.length > 0
				? {
						unreadable: `Contact Center Trigger: the stored cursor (${invalid.join(', ')}) is unreadable; those channels start again from now`,
					}
				: {}),
		};
	},
	startedThere: (state, startFrom) => !!startFrom && !!sameOrigin(state?.origin, startFrom),
	poll: async (run, state) => {
		const { settings } = run;
		const { startFrom } = settings;
		// Channel All: a channel whose query fails does not hold back the other.
		const isolateFailures = settings.channels.length > 1;
		const outcome = await runPoll<IDataObject>(state, {
			...settings,
			...(startFrom ? { origin: startFrom } : {}),
			nowMs: run.startedAt,
			zone: run.zones.api,
			query: queryOf(run, run.clock),
			mayContinue: run.clock.mayContinue,
			isolateFailures,
		});
		if (isolateFailures) settleFailures(run, outcome, state);
		else delete outcome.state.failures;
		// Include Customer: no record is emitted without its lookup, so it comes before the state moves.
		const items = await emittedItems(run.context, outcome, run.output, settings.includeCustomer);
		// Each channel's state moves only once every request of that channel succeeded.
		return { state: outcome.state, logs: outcomeLog(outcome), items };
	},
});

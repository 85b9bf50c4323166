/**
 * Trigger On "Service Record": the n8n side of a poll (parameters, static data, logs, items)
 * around the pure poll (poll.ts) over the service-record queries.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { queryServiceRecords, type Channel } from '../ContactCenter/api/serviceRecords';
import { customersOfRecords } from '../ContactCenter/actions/customer/phoneLookup';
import type { IncludeCustomer } from '../ContactCenter/actions/serviceRecord/includeCustomer';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { answerError } from '../ContactCenter/transport/errors';
import { readZones } from '../ContactCenter/transport/zones';
import {
	channelLabel,
	dueError,
	failingMessage,
	missedPoll,
	tallyFailures,
} from './channelFailures';
import {
	failedFrom,
	keepStateOf,
	pollBudgetMs,
	pollClock,
	rememberFailedPoll,
	stateFingerprint,
	STATE_KEYS,
	underPollLock,
} from './host';
import { limitMessage, saturationMessage, toItems } from './items';
import { readOutputChoice } from './output';
import { runPoll, sameOrigin, type EmittedRecord, type PollOutcome } from './poll';
import { sampleRecords } from './sample';
import { checkStartFrom, readSettings, type Settings } from './settings';
import { readFailures, readState, type TriggerState } from './state';

/** What a poll tells the log: a restart, full seconds, the state limit, and its figures. */
function logOutcome(context: IPollFunctions, outcome: PollOutcome<IDataObject>): void {
	const node = context.getNode().name;
	if (outcome.restarted)
		context.logger.info(
			'Contact Center Trigger: Start From changed; the trigger starts over from it',
			{ node },
		);
	for (const s of outcome.saturations)
		context.logger.warn(`Contact Center Trigger: ${saturationMessage(s)}`, {
			node,
			channel: s.channel,
			second: s.second,
		});
	for (const l of outcome.limits)
		context.logger.warn(`Contact Center Trigger: ${limitMessage(l)}`, {
			node,
			channel: l.channel,
			floor: l.floor,
		});
	const draining = Object.entries(outcome.channels)
		.filter(([, report]) => report?.draining)
		.map(([channel]) => channel);
	context.logger.debug('Contact Center Trigger poll', {
		node,
		emitted: outcome.emitted.length,
		requests: outcome.requests,
		draining: draining.join(','),
	});
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
	context: IPollFunctions,
	outcome: PollOutcome<IDataObject>,
	settings: Settings,
	nowMs: number,
	stored: { raw: unknown; state?: TriggerState },
): void {
	const { channels, failAfterPolls: failAfter } = settings;
	const throughs = Object.values(stored.state?.channels ?? {}).map((c) => c.through * 1000);
	const lastPollAt = throughs.length > 0 ? Math.max(...throughs) : undefined;
	const fingerprint = stateFingerprint(stored.raw);
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
	const node = context.getNode();
	if (tally.due.length > 0 && !counted && !missed) {
		rememberFailedPoll(context, fingerprint, tally.failures);
		const { message, description } = dueError(tally.due, channels, failAfter);
		throw answerError(node, message, { description });
	}
	rememberFailedPoll(context, fingerprint);
	for (const f of tally.failing)
		context.logger.warn(`Contact Center Trigger: ${failingMessage(f, channels, failAfter)}`, {
			node: node.name,
			channel: f.channel,
			failedPolls: f.count,
		});
	for (const f of tally.recovered)
		context.logger.info(
			`Contact Center Trigger: the ${channelLabel(f.channel)} service-record query succeeds again after ${f.count} failed polls; its records written meanwhile are emitted now`,
			{ node: node.name, channel: f.channel },
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

export async function pollServiceRecordKind(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const zones = await readZones.call(this);
	const settings = readSettings.call(this, zones.workflow);
	const output = readOutputChoice.call(this);
	const query = async (channel: Channel, startTime: string, endTime: string, limit: number) =>
		await queryServiceRecords.call(this, channel, { startTime, endTime, limit });
	if (this.getMode() === 'manual') {
		// "Fetch Test Event": the newest record(s), the stored state left alone.
		const sample = await sampleRecords<IDataObject>({
			...settings,
			nowMs: Date.now(),
			zone: zones.api,
			query,
		});
		const found = { emitted: sample.emitted, saturations: [], limits: [] };
		return await emittedItems(this, found, output, settings.includeCustomer);
	}
	const startedAt = Date.now();
	const budgetMs = pollBudgetMs(this);
	return await underPollLock(this, startedAt, budgetMs, async () => {
		const staticData = this.getWorkflowStaticData('node');
		keepStateOf(staticData, 'serviceRecord');
		const { state, invalid } = readState(staticData[STATE_KEYS.serviceRecord]);
		if (invalid.length > 0)
			this.logger.warn(
				`Contact Center Trigger: the stored cursor (${invalid.join(', ')}) is unreadable; those channels start again from now`,
				{ node: this.getNode().name },
			);
		const { startFrom } = settings;
		checkStartFrom.call(this, startFrom, !!startFrom && !!sameOrigin(state?.origin, startFrom));
		const clock = pollClock(startedAt, budgetMs);
		// Channel All: a channel whose query fails does not hold back the other.
		const isolateFailures = settings.channels.length > 1;
		const outcome = await runPoll<IDataObject>(state, {
			...settings,
			...(startFrom ? { origin: startFrom } : {}),
			nowMs: startedAt,
			zone: zones.api,
			query: async (channel, start, end, limit) =>
				await clock.timed(async () => await query(channel, start, end, limit)),
			mayContinue: clock.mayContinue,
			isolateFailures,
		});
		if (isolateFailures)
			settleFailures(this, outcome, settings, startedAt, {
				raw: staticData[STATE_KEYS.serviceRecord],
				state,
			});
		else delete outcome.state.failures;
		// Include Customer: no record is emitted without its lookup, so it comes before the state moves.
		const items = await emittedItems(this, outcome, output, settings.includeCustomer);
		// Each channel's state moves only once every request of that channel succeeded.
		staticData[STATE_KEYS.serviceRecord] = outcome.state as unknown as IDataObject;
		logOutcome(this, outcome);
		return items;
	});
}

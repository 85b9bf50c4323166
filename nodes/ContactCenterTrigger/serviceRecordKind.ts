/**
 * Trigger On "Service Record": the n8n side of a poll (parameters, static data, logs, items)
 * around the pure poll (poll.ts) over the service-record queries.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { queryServiceRecords, type Channel } from '../ContactCenter/api/serviceRecords';
import { readZones } from '../ContactCenter/helpers/zones';
import { keepStateOf, pollBudgetMs, pollClock, STATE_KEYS, underPollLock } from './host';
import { limitMessage, saturationMessage, toItems } from './items';
import { runPoll, sameOrigin, type PollOutcome } from './poll';
import { sampleRecords } from './sample';
import { checkStartFrom, readSettings } from './settings';
import { readState } from './state';

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

export async function pollServiceRecordKind(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const zones = await readZones.call(this);
	const settings = readSettings.call(this, zones.workflow);
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
		return sample.emitted.length > 0 ? [toItems(sample.emitted, [], [])] : null;
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
		const outcome = await runPoll<IDataObject>(state, {
			...settings,
			...(startFrom ? { origin: startFrom } : {}),
			nowMs: startedAt,
			zone: zones.api,
			query: async (channel, start, end, limit) =>
				await clock.timed(async () => await query(channel, start, end, limit)),
			mayContinue: clock.mayContinue,
		});
		// Every request succeeded: only now does the state move.
		staticData[STATE_KEYS.serviceRecord] = outcome.state as unknown as IDataObject;
		logOutcome(this, outcome);
		return outcome.emitted.length > 0
			? [toItems(outcome.emitted, outcome.saturations, outcome.limits)]
			: null;
	});
}

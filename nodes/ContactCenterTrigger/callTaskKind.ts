/**
 * Trigger On "Call Task": the n8n side of a poll (parameters, static data, logs, items) around the
 * pure call-task poll (callTasks.ts).
 */
import { type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import { inputError } from '../ContactCenter/input/validation';
import { fetchCallTaskPage, listCallTasks } from '../ContactCenter/api/voiceInterface';
import { readZones } from '../ContactCenter/transport/zones';
import {
	CALL_TASK_EVENTS,
	callTaskItem,
	pollCallTasks,
	readCallTaskState,
	sampleCallTasks,
	type CallTaskEvent,
	type TaskQuery,
} from './callTasks';
import type { OutputChoice } from '../ContactCenter/actions/output';
import { keepStateOf, pollBudgetMs, STATE_KEYS, underPollLock } from './host';
import { readOutputChoice } from './output';
import { checkStartFrom, readSettings } from './settings';

/** The events chosen, checked. */
function readCallTaskEvents(this: IPollFunctions): CallTaskEvent[] {
	const events = this.getNodeParameter('callTaskEvents', [...CALL_TASK_EVENTS]) as unknown;
	const list = Array.isArray(events) ? events : [events];
	const unknown = list.filter((e) => !(CALL_TASK_EVENTS as readonly unknown[]).includes(e));
	if (list.length === 0 || unknown.length > 0)
		throw inputError(
			this.getNode(),
			list.length === 0
				? 'Invalid trigger settings: "Events" is empty: select Finished, Status Changed or both.'
				: `Invalid trigger settings: "Events" has unknown values: ${unknown.map(String).join(', ')}.`,
		);
	return CALL_TASK_EVENTS.filter((e) => list.includes(e));
}

const filtersOf = (query: TaskQuery) => ({ query: { ...query } });

/** "Fetch Test Event": one page of each status asked for, the state untouched. */
async function sample(
	context: IPollFunctions,
	events: CallTaskEvent[],
	output: OutputChoice,
): Promise<INodeExecutionData[][] | null> {
	const changes = await sampleCallTasks(
		events,
		async (query) => (await fetchCallTaskPage.call(context, filtersOf(query), 1, 500)).rows,
	);
	return changes.length > 0 ? [changes.map((c) => ({ json: callTaskItem(c, output) }))] : null;
}

export async function pollCallTaskKind(
	this: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const zones = await readZones.call(this);
	const settings = readSettings.call(this, zones.workflow);
	const events = readCallTaskEvents.call(this);
	const output = readOutputChoice.call(this);
	const node = this.getNode();
	if (this.getMode() === 'manual') return await sample(this, events, output);
	return await underPollLock(this, Date.now(), pollBudgetMs(this), async () => {
		const staticData = this.getWorkflowStaticData('node');
		keepStateOf(staticData, 'callTask');
		const stored = staticData[STATE_KEYS.callTask];
		const state = readCallTaskState(stored);
		if (stored !== undefined && !state)
			this.logger.warn(
				'Contact Center Trigger: the stored call-task state is unreadable; it starts again from now',
				{ node: node.name },
			);
		const { startFrom } = settings;
		checkStartFrom.call(this, startFrom, state?.origin?.raw === startFrom?.raw);
		const outcome = await pollCallTasks(state, {
			events,
			nowMs: Date.now(),
			zone: zones.api,
			...(startFrom?.at !== undefined ? { origin: { raw: startFrom.raw, at: startFrom.at } } : {}),
			list: async (query) => await listCallTasks.call(this, filtersOf(query), {}),
		});
		// Every request succeeded: only now does the state move.
		staticData[STATE_KEYS.callTask] = outcome.state as unknown as IDataObject;
		if (outcome.dropped > 0)
			this.logger.warn(
				`Contact Center Trigger: the state limit (64 KB of static data) holds fewer tasks than are unfinished; the ${outcome.dropped} oldest are not watched this poll`,
				{ node: node.name },
			);
		if (outcome.restarted)
			this.logger.info('Contact Center Trigger: Start From changed; it starts over from there', {
				node: node.name,
			});
		this.logger.debug('Contact Center Trigger poll (call tasks)', {
			node: node.name,
			emitted: outcome.changes.length,
			requests: outcome.requests,
		});
		return outcome.changes.length > 0
			? [outcome.changes.map((c) => ({ json: callTaskItem(c, output) }))]
			: null;
	});
}

/**
 * Trigger On "Call Task": its adapter under the host loop (host.ts) around the pure call-task poll
 * (callTasks.ts).
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchVoicePage, listVoiceRows } from '../ContactCenter/api/voiceInterface';
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
import { hostKind, type LogLine } from './host';
import { readEvents } from './settings';

const filtersOf = (query: TaskQuery) => ({ query: { ...query } });

/** "Fetch Test Event": one page of each status asked for, the state untouched. */
async function sample(
	context: IPollFunctions,
	events: CallTaskEvent[],
	output: OutputChoice,
): Promise<INodeExecutionData[][] | null> {
	const changes = await sampleCallTasks(
		events,
		async (query) =>
			(await fetchVoicePage.call(context, 'callTasks', filtersOf(query), 1, 500)).rows,
	);
	return changes.length > 0 ? [changes.map((c) => ({ json: callTaskItem(c, output) }))] : null;
}

type CallTaskState = NonNullable<ReturnType<typeof readCallTaskState>>;

/** Trigger On "Call Task": the call-task poll (callTasks.ts) over the task list. */
export const callTaskKind = hostKind<CallTaskEvent[], CallTaskState>({
	read: (context) =>
		readEvents(context, 'callTaskEvents', CALL_TASK_EVENTS, 'Finished, Status Changed or both'),
	sample: async (run) => await sample(run.context, run.params, run.output),
	readState: (stored) => {
		const state = readCallTaskState(stored);
		return stored !== undefined && !state
			? {
					unreadable:
						'Contact Center Trigger: the stored call-task state is unreadable; it starts again from now',
				}
			: { state };
	},
	startedThere: (state, startFrom) => state?.origin?.raw === startFrom?.raw,
	poll: async (run, state) => {
		const { startFrom } = run.settings;
		const outcome = await pollCallTasks(state, {
			events: run.params,
			nowMs: Date.now(),
			zone: run.zones.api,
			...(startFrom?.at !== undefined ? { origin: { raw: startFrom.raw, at: startFrom.at } } : {}),
			list: async (query) =>
				await listVoiceRows.call(run.context, 'callTasks', filtersOf(query), {}),
		});
		const logs: LogLine[] = [];
		if (outcome.dropped > 0)
			logs.push([
				'warn',
				`Contact Center Trigger: the state limit (64 KB of static data) holds fewer tasks than are unfinished; the ${outcome.dropped} oldest are not watched this poll`,
			]);
		if (outcome.restarted)
			logs.push(['info', 'Contact Center Trigger: Start From changed; it starts over from there']);
		logs.push([
			'debug',
			'Contact Center Trigger poll (call tasks)',
			{ emitted: outcome.changes.length, requests: outcome.requests },
		]);
		const { changes } = outcome;
		const items =
			changes.length > 0 ? [changes.map((c) => ({ json: callTaskItem(c, run.output) }))] : null;
		return { state: outcome.state, logs, items };
	},
});

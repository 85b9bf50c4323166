import type { IDataObject } from 'n8n-workflow';

import { fetchVoicePage } from '../../api/voiceInterface';
import type { RequestContext } from '../../transport/credentialSettings';
import { PAGE_SIZE } from '../../transport/pagination';

/** The task query pages read so far in one node run, indexed by task id. */
interface TaskIndex {
	tasks: Map<string, IDataObject>;
	nextPage: number;
	complete: boolean;
	/** The page being read; items sent in parallel wait for it instead of reading it again. */
	loading?: Promise<void>;
}

const indexes = new WeakMap<object, TaskIndex>();

/**
 * A task by id through the task query (the API has no get-by-id endpoint): pages of 500 are read
 * until the task appears. The pages read are kept for the rest of the run, so several items cost
 * no more requests than one full listing.
 */
export async function findTask(
	this: RequestContext,
	taskId: string,
	itemIndex?: number,
): Promise<IDataObject | undefined> {
	let index = indexes.get(this);
	if (!index) indexes.set(this, (index = { tasks: new Map(), nextPage: 1, complete: false }));
	while (!index.tasks.has(taskId) && !index.complete) {
		index.loading ??= readNextPage.call(this, index, itemIndex).finally(() => {
			index.loading = undefined;
		});
		await index.loading;
	}
	return index.tasks.get(taskId);
}

async function readNextPage(
	this: RequestContext,
	index: TaskIndex,
	itemIndex: number | undefined,
): Promise<void> {
	const { rows, hasMore } = await fetchVoicePage.call(
		this,
		'callTasks',
		{},
		index.nextPage,
		PAGE_SIZE.voiceAgentInterface,
		itemIndex,
	);
	for (const row of rows) index.tasks.set(String(row.id), row);
	index.nextPage++;
	index.complete = !hasMore;
}

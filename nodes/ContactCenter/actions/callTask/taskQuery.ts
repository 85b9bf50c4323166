import type { IDataObject } from 'n8n-workflow';

import { fetchCallTaskPage } from '../../api/voiceInterface';
import type { RequestContext } from '../../transport';
import { PAGE_SIZE } from '../../transport/pagination';

/** The task query pages read so far in one node run, indexed by task id. */
interface TaskIndex {
	tasks: Map<string, IDataObject>;
	nextPage: number;
	complete: boolean;
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
		const { rows, hasMore } = await fetchCallTaskPage.call(
			this,
			{},
			index.nextPage,
			PAGE_SIZE.voiceAgentInterface,
			itemIndex,
		);
		for (const row of rows) index.tasks.set(String(row.id), row);
		index.nextPage++;
		index.complete = !hasMore;
	}
	return index.tasks.get(taskId);
}

import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { TASK_NAME_MAX } from '../actions/callTask/taskRules';
import { fetchVoicePage } from '../api/voiceInterface';
import { PAGE_SIZE } from '../transport/pagination';

export const listSearch = {
	/** Call tasks for the task pickers: name and state, searched by name through the task query. */
	async searchCallTasks(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Number(paginationToken ?? '1') || 1;
		const taskName = filter?.trim().slice(0, TASK_NAME_MAX);
		const { rows, hasMore } = await fetchVoicePage.call(
			this,
			'callTasks',
			taskName ? { query: { taskName } } : {},
			page,
			PAGE_SIZE.voiceAgentInterface,
		);
		return {
			results: rows.map((row) => ({
				name: `${String(row.taskName ?? row.id)}${row.status ? ` (${String(row.status)})` : ''}`,
				value: String(row.id),
			})),
			paginationToken: hasMore ? String(page + 1) : undefined,
		};
	},
};

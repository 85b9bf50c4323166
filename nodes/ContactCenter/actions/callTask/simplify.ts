import type { IDataObject } from 'n8n-workflow';

/**
 * A call task as Simplify returns it: the ten fields a workflow reads to follow a task
 * (who, state, counts, progress, times); the call and retry strategies are left to the raw record.
 */
export function simplifyCallTask(task: IDataObject): IDataObject {
	return {
		id: task.id ?? null,
		taskName: task.taskName ?? null,
		status: task.status ?? null,
		voiceAgentName: task.voiceAgentName ?? null,
		totalCount: task.totalCount ?? null,
		completedCount: task.completedCount ?? null,
		connectedCount: task.connectedCount ?? null,
		progressRate: task.progressRate ?? null,
		createTime: task.createTime ?? null,
		lastExecutedTime: task.lastExecutedTime ?? null,
	};
}

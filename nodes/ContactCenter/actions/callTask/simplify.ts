import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { fieldOptions, outputProperties } from '../output';

/** The fields of a task record of the task query (Selected Fields picks from these). */
export const CALL_TASK_FIELDS = [
	'id',
	'taskName',
	'voiceAgentId',
	'voiceAgentName',
	'agentType',
	'status',
	'startType',
	'scheduledStartTime',
	'callStrategy',
	'retryStrategy',
	'maxConcurrency',
	'totalCount',
	'completedCount',
	'connectedCount',
	'progressRate',
	'lastExecutedTime',
	'createUser',
	'updateUser',
	'createTime',
	'updateTime',
] as const;

/**
 * A call task as Simplified outputs it: the twelve fields a workflow reads to follow a task (which
 * task and agent, state, counts, progress, times); the call and retry strategies are left to the raw
 * record. The task id is `taskId`, as in the answers of Create, Import, Start and Pause (the query's
 * record calls it `id`).
 */
export function simplifyCallTask(task: IDataObject): IDataObject {
	return {
		taskId: task.id ?? null,
		taskName: task.taskName ?? null,
		status: task.status ?? null,
		voiceAgentId: task.voiceAgentId ?? null,
		voiceAgentName: task.voiceAgentName ?? null,
		totalCount: task.totalCount ?? null,
		completedCount: task.completedCount ?? null,
		connectedCount: task.connectedCount ?? null,
		progressRate: task.progressRate ?? null,
		createTime: task.createTime ?? null,
		updateTime: task.updateTime ?? null,
		lastExecutedTime: task.lastExecutedTime ?? null,
	};
}

/** Output and Fields of Call Task Get and Get Many (and the trigger's call-task items). */
export function callTaskOutputProperties(): INodeProperties[] {
	return outputProperties({
		what: 'tasks',
		simplified:
			'taskId, name, status, voice agent, counts, progress and times (the strategies are left out)',
		fields: fieldOptions(CALL_TASK_FIELDS),
	});
}

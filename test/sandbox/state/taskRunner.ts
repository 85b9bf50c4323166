/**
 * Call tasks move on the sandbox clock, as the platform's dialler moves them: a running task calls
 * `maxConcurrency` customers every `callSeconds`, counts every fourth one as not connected, and is
 * done once every imported customer was called. Worked out lazily, whenever the tenant is read.
 */
import { formatWall } from '../lib/time';
import { progressRate } from '../api/callTasks';
import type { TaskEntry, Tenant } from './tenant';

/** Seconds one round of calls takes, by default (`callSeconds` of a tenant; 0 keeps tasks still). */
export const DEFAULT_CALL_SECONDS = 30;

/** A running task's dialling: since when (wall seconds) and from how many completed calls. */
export interface TaskRun {
	since: number;
	base: number;
}

/** Starts (or restarts after a pause or a manual progress change) the dialling clock. */
export function startRun(entry: TaskEntry, wallNow: number): void {
	entry.run = { since: wallNow, base: entry.task.completedCount };
}

/** Brings one task up to `wallNow`. */
export function advanceTask(entry: TaskEntry, wallNow: number, callSeconds: number): void {
	const { task, run } = entry;
	if (task.status !== 'running' || !run || callSeconds <= 0) return;
	const concurrency = Math.max(1, task.maxConcurrency);
	const rounds = Math.floor((wallNow - run.since) / callSeconds);
	const completed = Math.min(task.totalCount, run.base + rounds * concurrency);
	if (completed <= task.completedCount) return;
	for (let i = task.completedCount; i < completed; i++) if (i % 4 !== 3) task.connectedCount++;
	task.completedCount = completed;
	task.progressRate = progressRate(task);
	// The time of the round that made the last of these calls.
	const round = Math.ceil((completed - run.base) / concurrency);
	task.updateTime = formatWall(run.since + round * callSeconds);
	if (completed >= task.totalCount) {
		task.status = 'done';
		delete entry.run;
	}
}

export function advanceTasks(tenant: Tenant): void {
	const now = tenant.wallNow();
	for (const entry of tenant.tasks.values()) advanceTask(entry, now, tenant.callSeconds);
}

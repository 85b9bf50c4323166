/**
 * Parallel Requests: how many items of a per-item operation are sent at once. One parameter for
 * every per-item operation (the call-task import sends its own batches).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { describeItems } from './errors';
import type { Outcome } from './pool';
import { readNumber } from '../helpers/parameters';
import { validationError } from '../helpers/validation';

/** The default, chosen by measurement (docs/performance.md, "Parallel requests"). */
export const PARALLEL_REQUESTS_DEFAULT = 32;
export const PARALLEL_REQUESTS_MAX = 64;
const LABEL = 'Parallel Requests';

export const parallelRequestsProperty: INodeProperties = {
	displayName: LABEL,
	name: 'parallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: PARALLEL_REQUESTS_MAX, numberPrecision: 0 },
	default: PARALLEL_REQUESTS_DEFAULT,
	displayOptions: { hide: { operation: ['import'] } },
	description: `How many items are sent to the API at the same time (1 to ${PARALLEL_REQUESTS_MAX}). Output items keep the input order. Use 1 when an item must see what an earlier item wrote, e.g. the same customer twice.`,
};

/** The run's Parallel Requests, read once per run (a run-wide setting, not per item). */
export function readParallelRequests(this: IExecuteFunctions): number {
	const raw = this.getNodeParameter('parallelRequests', 0, PARALLEL_REQUESTS_DEFAULT);
	const read = readNumber(LABEL, raw, { integer: true, min: 1, max: PARALLEL_REQUESTS_MAX });
	if (read.issue) throw validationError(this.getNode(), 0, [read.issue]);
	return read.value ?? PARALLEL_REQUESTS_DEFAULT;
}

/**
 * What the error of a stopped run adds: which items had gone through (a write among them is done),
 * which others failed, and which were never sent.
 */
export function stoppedRunSummary(
	outcomes: Array<Outcome<unknown> | undefined>,
	failed: number,
): string {
	const done: number[] = [];
	const alsoFailed: number[] = [];
	const notSent: number[] = [];
	for (let index = 0; index < outcomes.length; index++) {
		const outcome = outcomes[index];
		if (!outcome) notSent.push(index);
		else if (outcome.ok) done.push(index);
		else if (index !== failed) alsoFailed.push(index);
	}
	const lines = [
		done.length > 0
			? `Items ${describeItems(done, 10)} had gone through before the run stopped: what they wrote is done, so leave them out when you run again.`
			: 'No other item had gone through.',
	];
	if (alsoFailed.length > 0) lines.push(`Items ${describeItems(alsoFailed, 10)} failed too.`);
	if (notSent.length > 0) lines.push(`Items ${describeItems(notSent, 10)} were not sent.`);
	return lines.join('\n');
}

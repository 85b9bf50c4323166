/**
 * Parallel Requests: how many items of a per-item operation are sent at once. One option,
 * `options.parallelRequests`, in the Options of every per-item operation (the call-task import
 * sends its own batches, so it has none).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { describeItems } from './errors';
import type { Outcome } from './pool';
import { isBatchOperation, type Operation } from './types';
import { readNumber } from '../input/parameters';
import { validationError } from '../input/validation';

/** The default, chosen by measurement (docs/performance.md, "Parallel requests"). */
export const PARALLEL_REQUESTS_DEFAULT = 32;
export const PARALLEL_REQUESTS_MAX = 64;
/** How messages name it: where it sits in the form. */
const LABEL = 'Options → Parallel Requests';

export const parallelRequestsOption: INodeProperties = {
	displayName: 'Parallel Requests',
	name: 'parallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: PARALLEL_REQUESTS_MAX, numberPrecision: 0 },
	default: PARALLEL_REQUESTS_DEFAULT,
	description: `How many items are sent to the API at the same time (1 to ${PARALLEL_REQUESTS_MAX}). Output items keep the input order. Lower it when the API rate-limits the tenant (HTTP 429); use 1 when an item must see what an earlier item wrote, e.g. the same customer twice.`,
};

/** Resource → its operations that run once per input item (the ones Parallel Requests applies to). */
export type PerItemOperations = Record<string, readonly string[]>;

/** The per-item operations of each resource's operation map (every one but the batch ones). */
export function perItemOperations(
	resources: Record<string, Record<string, Operation>>,
): PerItemOperations {
	const perItem: Record<string, string[]> = {};
	for (const [resource, operations] of Object.entries(resources))
		perItem[resource] = Object.entries(operations)
			.filter(([, operation]) => !isBatchOperation(operation))
			.map(([name]) => name);
	return perItem;
}

const optionsOf = (
	property: INodeProperties,
): { resources: string[]; operations: string[] } | undefined => {
	const show = property.displayOptions?.show;
	if (property.name !== 'options' || property.type !== 'collection' || !show) return undefined;
	const resources = (show.resource ?? []) as string[];
	const operations = (show.operation ?? []) as string[];
	return resources.length > 0 && operations.length > 0 ? { resources, operations } : undefined;
};

const byDisplayName = (a: { displayName: string }, b: { displayName: string }) =>
	a.displayName.localeCompare(b.displayName);

/**
 * The node's properties with Options → Parallel Requests on every per-item operation: appended to
 * the operation's own Options collection, or in a new Options collection (last on the form) for the
 * operations that have none. Operations not listed (the import) get nothing.
 */
export function withParallelRequests(
	perItem: PerItemOperations,
	properties: INodeProperties[],
): INodeProperties[] {
	const isPerItem = (resource: string, operation: string) =>
		perItem[resource]?.includes(operation) === true;
	const covered = new Set<string>();
	const result = properties.map((property) => {
		const scope = optionsOf(property);
		if (!scope) return property;
		const pairs = scope.resources.flatMap((r) => scope.operations.map((o) => [r, o] as const));
		const perItemPairs = pairs.filter(([r, o]) => isPerItem(r, o));
		if (perItemPairs.length === 0) return property;
		if (perItemPairs.length !== pairs.length)
			throw new Error('An Options collection is shared by per-item and batch operations');
		for (const [r, o] of pairs) covered.add(`${r}.${o}`);
		const options = [...((property.options ?? []) as INodeProperties[]), parallelRequestsOption];
		return { ...property, options: options.sort(byDisplayName) };
	});
	for (const [resource, operations] of Object.entries(perItem)) {
		const missing = operations.filter((operation) => !covered.has(`${resource}.${operation}`));
		if (missing.length === 0) continue;
		result.push({
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { resource: [resource], operation: missing } },
			options: [parallelRequestsOption],
		});
	}
	return result;
}

/**
 * The run's Parallel Requests, read once per run (a run-wide setting, not per item) from the first
 * item: a number or numeric text from an expression; empty or null is the default.
 */
export function readParallelRequests(this: IExecuteFunctions): number {
	const raw = this.getNodeParameter('options.parallelRequests', 0, PARALLEL_REQUESTS_DEFAULT);
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

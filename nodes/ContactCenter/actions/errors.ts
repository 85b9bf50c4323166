/**
 * The node's one error policy, used by the router (one item at a time) and by batch operations (the
 * call-task import): what an error item holds under "On Error → Continue", and how any failure
 * becomes the node error n8n shows, tied to the item it came from.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { unexpectedError } from '../transport/errors';

const NAMES_AN_ITEM = /\[item \d+\]/;

/**
 * A failure's message names the item it belongs to, as validation errors do ("… [item 3]"), for the
 * node error and the error item alike.
 */
export function nameItem(error: unknown, itemIndex: number): void {
	if (!(error instanceof Error) || NAMES_AN_ITEM.test(error.message)) return;
	const own =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error.context.itemIndex
			: undefined;
	error.message = `${error.message} [item ${typeof own === 'number' ? own : itemIndex}]`;
}

/** The JSON of an error item under continueOnFail: what failed, why, and what to quote to support. */
export function errorItemJson(error: unknown): IDataObject {
	const json: IDataObject = { error: error instanceof Error ? error.message : String(error) };
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.description) json.description = error.description;
		const context = error.context as IDataObject;
		if (context.vendorCode !== undefined) json.code = context.vendorCode;
		if (context.traceId !== undefined) json.traceId = context.traceId;
	}
	return json;
}

/** Any failure as a node error of `itemIndex` (an error already tied to an item keeps its own). */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return unexpectedError(node, error, itemIndex);
}

/** As `toNodeError`, its description extended with `extra` (e.g. what a batch had already written). */
export function withDescription(
	node: INode,
	error: unknown,
	itemIndex: number,
	extra: string,
): NodeApiError | NodeOperationError {
	const nodeError = toNodeError(node, error, itemIndex);
	nodeError.description = [nodeError.description, extra].filter(Boolean).join('\n');
	return nodeError;
}

/** Item indexes as short ranges for messages: "0-9999, 10001, 10003-10010" (at most `maxParts` parts). */
export function describeItems(indexes: number[], maxParts = 5): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	let start = sorted[0];
	let previous = sorted[0];
	for (let i = 1; i <= sorted.length; i++) {
		const current = sorted[i];
		if (current === previous + 1) {
			previous = current;
			continue;
		}
		parts.push(start === previous ? String(start) : `${start}-${previous}`);
		start = previous = current;
	}
	if (parts.length > maxParts)
		return `${parts.slice(0, maxParts).join(', ')} and ${parts.length - maxParts} more ranges`;
	return parts.join(', ');
}

/**
 * The node's one error policy, used by the router (one item at a time) and by batch operations (the
 * call-task import): what an error item holds under "On Error → Continue", and how any failure
 * becomes the node error n8n shows, tied to the item it came from.
 */
import {
	type IDataObject,
	type INode,
	type INodeProperties,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import type { Issue } from '../input/issues';
import { describeIssues, InvalidInputError } from '../input/validation';
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

// ---- field labels -------------------------------------------------------------------------------

type Described = {
	name?: unknown;
	displayName?: unknown;
	type?: unknown;
	options?: unknown;
	values?: unknown;
};

const isDescribed = (value: unknown): value is Described =>
	typeof value === 'object' && value !== null && 'name' in value;
const childrenOf = (property: Described): Described[] => {
	const list = Array.isArray(property.values)
		? property.values
		: Array.isArray(property.options)
			? property.options
			: [];
	return (list as unknown[]).filter(isDescribed);
};
const nameOf = (property: Described) => String(property.displayName ?? property.name);

/** Where a label walk stands: the parameter reached, the labels so far, and the entries' positions. */
interface LabelWalk {
	current?: Described;
	labels: string[];
	positions: string[];
	/** What an entry of the fixed collection is called: "window 2", "member 1". */
	noun: string;
}

/** The parameter a path starts at: a top-level one, or a collection's field named without its collection. */
function startAt(walk: LabelWalk, properties: readonly INodeProperties[], token: string): void {
	const list = properties as readonly Described[];
	walk.current = list.find((p) => p.name === token);
	if (walk.current) return;
	const holder = list.find(
		(p) => p.type === 'collection' && childrenOf(p).some((c) => c.name === token),
	);
	if (!holder) return;
	walk.labels.push(nameOf(holder));
	walk.current = childrenOf(holder).find((c) => c.name === token);
}

/** A resource mapper's column, named as the node's schema shows it (the path ends there). */
function mapperColumn(walk: LabelWalk, mapper: Described, token: string, node?: INode): void {
	const schema = node?.parameters?.[String(mapper.name)];
	const columns =
		typeof schema === 'object' && schema !== null && Array.isArray((schema as IDataObject).schema)
			? ((schema as { schema: Array<{ id?: unknown; displayName?: unknown }> }).schema ?? [])
			: [];
	const column = columns.find((c) => c.id === token);
	walk.labels.push(nameOf(mapper), String(column?.displayName ?? token));
	walk.current = undefined;
}

/** One name inside a fixed collection: a group names its entries (false); a field is entered (true). */
function intoFixedCollection(walk: LabelWalk, holder: Described, token: string): boolean {
	const groups = childrenOf(holder);
	const group = groups.find((g) => g.name === token);
	if (group) {
		walk.noun = nameOf(group).toLowerCase();
		return false;
	}
	if (groups.length === 1) walk.noun = nameOf(groups[0]).toLowerCase();
	walk.labels.push(nameOf(holder));
	walk.current = groups.flatMap(childrenOf).find((c) => c.name === token);
	return true;
}

/** Follows one name of a path; false when the path leaves the operation's parameters. */
function step(
	walk: LabelWalk,
	token: string,
	first: boolean,
	properties: readonly INodeProperties[],
	node?: INode,
): boolean {
	const { current } = walk;
	if (first) {
		startAt(walk, properties, token);
	} else if (current?.type === 'resourceMapper') {
		mapperColumn(walk, current, token, node);
		return true;
	} else if (current?.type === 'fixedCollection') {
		if (!intoFixedCollection(walk, current, token)) return true;
	} else if (current) {
		walk.labels.push(nameOf(current));
		walk.current = childrenOf(current).find((c) => c.name === token);
	}
	if (!walk.current) return false;
	const groups = walk.current.type === 'fixedCollection' ? childrenOf(walk.current) : [];
	if (groups.length === 1) walk.noun = nameOf(groups[0]).toLowerCase();
	return true;
}

/** A parameter path's label: "Retry → Retry Reasons", "Members → Agent Number (member 2)"; undefined when unknown. */
export function fieldLabel(
	properties: readonly INodeProperties[],
	path: string,
	node?: INode,
): string | undefined {
	const walk: LabelWalk = { labels: [], positions: [], noun: 'entry' };
	const tokens = [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)];
	for (const [i, [, name, position]] of tokens.entries()) {
		if (position === undefined) {
			if (!step(walk, name, i === 0, properties, node)) return undefined;
		} else if (walk.current?.type === 'fixedCollection') {
			walk.positions.push(`${walk.noun} ${Number(position) + 1}`);
		}
	}
	if (walk.current) walk.labels.push(nameOf(walk.current));
	if (walk.labels.length === 0) return undefined;
	const where = walk.positions.length > 0 ? ` (${walk.positions.join(', ')})` : '';
	return `${walk.labels.join(' → ')}${where}`;
}

/**
 * Shows a validation error's fields as the editor does ("Options → Parallel Requests"), from the
 * parameters of the operation that raised it; a field the parameters do not know stays as written.
 * Any other error is left as it is; so is one already labelled (its description may have grown).
 */
export function labelFields(
	error: unknown,
	properties: readonly INodeProperties[],
	node: INode,
): void {
	if (!(error instanceof InvalidInputError)) return;
	const issues: Issue[] = error.issues.map((issue) => ({
		...issue,
		field: fieldLabel(properties, issue.field, node) ?? issue.field,
	}));
	const { message, description } = describeIssues(error.item, issues);
	if (message === error.message) return;
	error.message = message;
	error.description = description;
}

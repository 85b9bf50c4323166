import { type INode, NodeOperationError } from 'n8n-workflow';

import type { Issue } from './issues';
import { readId, shown } from './parameters';
import { isBlank } from './values';

/** An item's message and description from its issues: names the item, every broken field and rule, and the fix. */
export function describeIssues(
	itemIndex: number,
	issues: readonly Issue[],
): { message: string; description: string } {
	const first = issues[0];
	const more =
		issues.length > 1
			? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})`
			: '';
	return {
		message: `Invalid input [item ${itemIndex}]: "${first.field}" ${first.problem}${more}`,
		description: issues
			.map((issue) => `"${issue.field}" ${issue.problem}. ${issue.fix}`)
			.join('\n'),
	};
}

/**
 * The error for an invalid item. Nothing is sent. It carries its issues, so the node can show each
 * field as the editor does (actions/errors.ts `labelFields`: "Options → Parallel Requests").
 */
export class InvalidInputError extends NodeOperationError {
	readonly issues: readonly Issue[];
	readonly item: number;

	constructor(node: INode, itemIndex: number, issues: readonly Issue[]) {
		const { message, description } = describeIssues(itemIndex, issues);
		super(node, message, { itemIndex, description, level: 'warning' });
		// n8n tells node errors apart by name (e.g. to rethrow them as they are): keep the parent's.
		this.name = 'NodeOperationError';
		this.issues = issues;
		this.item = itemIndex;
	}
}

export function validationError(
	node: INode,
	itemIndex: number,
	issues: Issue[],
): InvalidInputError {
	return new InvalidInputError(node, itemIndex, issues);
}

/** The error of input wrong as a whole (a credential setting, an operation this node lacks), not of one field of an item. */
export function inputError(
	node: INode,
	message: string,
	options: { itemIndex?: number; description?: string } = {},
): NodeOperationError {
	return new NodeOperationError(node, message, options);
}

/** Throws the validation error when any issue was found. */
export function assertValid(
	node: INode,
	itemIndex: number,
	issues: Array<Issue | undefined>,
): void {
	const found = issues.filter((issue): issue is Issue => issue !== undefined);
	if (found.length > 0) throw validationError(node, itemIndex, found);
}

export function required(field: string, value: unknown, fix = 'Fill it in.'): Issue | undefined {
	return isBlank(value) ? { field, problem: 'is required', fix } : undefined;
}

export function maxLength(field: string, value: unknown, max: number): Issue | undefined {
	if (typeof value !== 'string' || value.length <= max) return undefined;
	return {
		field,
		problem: `must be at most ${max} characters (it has ${value.length})`,
		fix: `Shorten it to ${max} characters or fewer.`,
	};
}

export function oneOf(
	field: string,
	value: unknown,
	allowed: readonly string[],
): Issue | undefined {
	if (
		isBlank(value) ||
		((typeof value === 'string' || typeof value === 'number') && allowed.includes(String(value)))
	)
		return undefined;
	return {
		field,
		problem: `must be one of ${allowed.join(', ')} (got ${shown(value)})`,
		fix: 'Pick one of the listed values.',
	};
}

const NUMERIC_ID = {
	required: true,
	numeric: true,
	fix: 'Pick it from the list, or enter the digits of the ID.',
} as const;

/** Ids of the voice-agent interface: numeric strings greater than 0 that fit a Java Long (unsafe integers refused). */
export function positiveNumericId(field: string, value: unknown): Issue | undefined {
	return readId(field, value, NUMERIC_ID).issue;
}

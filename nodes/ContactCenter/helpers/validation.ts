import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Issue } from './issue';
import { readId, readNumber, shown } from './parameters';
import { API_TIME_PATTERN } from './time';
import { isBlank } from './values';

export type { Issue } from './issue';

// ---- field labels -------------------------------------------------------------------------------

type Described = {
	name?: unknown;
	displayName?: unknown;
	type?: unknown;
	options?: unknown;
	values?: unknown;
};
type PropertiesOf = (resource: string, operation: string) => readonly INodeProperties[] | undefined;

let propertiesOf: PropertiesOf | undefined;

/** The router hands over the operations' parameters once, so errors can name fields as the editor shows them. */
export function useFieldLabels(source: PropertiesOf): void {
	propertiesOf = source;
}

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

/** A parameter path's label: "Retry → Retry Reasons", "Members → Agent Number (member 2)"; undefined when unknown. */
export function fieldLabel(
	properties: readonly INodeProperties[],
	path: string,
	node?: INode,
): string | undefined {
	const tokens = [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
		m[2] !== undefined ? Number(m[2]) : m[1],
	);
	const labels: string[] = [];
	const positions: string[] = [];
	let current: Described | undefined;
	let noun = 'entry';
	for (const [i, token] of tokens.entries()) {
		if (typeof token === 'number') {
			if (current?.type === 'fixedCollection') positions.push(`${noun} ${token + 1}`);
			continue;
		}
		if (i === 0) {
			current = (properties as readonly Described[]).find((p) => p.name === token);
			if (!current) {
				// A field inside a collection, named without it (e.g. a service group's `strategy`).
				const holder = (properties as readonly Described[]).find(
					(p) => p.type === 'collection' && childrenOf(p).some((c) => c.name === token),
				);
				if (!holder) return undefined;
				labels.push(nameOf(holder));
				current = childrenOf(holder).find((c) => c.name === token);
			}
		} else if (current?.type === 'resourceMapper') {
			const schema = node?.parameters?.[String(current.name)];
			const entries =
				typeof schema === 'object' &&
				schema !== null &&
				Array.isArray((schema as { schema?: unknown }).schema)
					? ((schema as { schema: unknown[] }).schema as Array<{
							id?: unknown;
							displayName?: unknown;
						}>)
					: [];
			const entry = entries.find((e) => e.id === token);
			labels.push(nameOf(current), String(entry?.displayName ?? token));
			current = undefined;
			continue;
		} else if (current?.type === 'fixedCollection') {
			const groups = childrenOf(current);
			const group = groups.find((g) => g.name === token);
			if (group) {
				noun = nameOf(group).toLowerCase();
				continue;
			}
			if (groups.length === 1) noun = nameOf(groups[0]).toLowerCase();
			labels.push(nameOf(current));
			current = groups.flatMap(childrenOf).find((c) => c.name === token);
		} else if (current) {
			labels.push(nameOf(current));
			current = childrenOf(current).find((c) => c.name === token);
		}
		if (!current) return undefined;
		if (current.type === 'fixedCollection') {
			const groups = childrenOf(current);
			if (groups.length === 1) noun = nameOf(groups[0]).toLowerCase();
		}
	}
	if (current) labels.push(nameOf(current));
	return labels.length > 0
		? `${labels.join(' → ')}${positions.length > 0 ? ` (${positions.join(', ')})` : ''}`
		: undefined;
}

/** How an issue's field is shown: its editor label when the path is known, else as written. */
function labelOf(node: INode, field: string): string {
	const resource = node.parameters?.resource;
	const operation = node.parameters?.operation;
	const properties =
		typeof resource === 'string' && typeof operation === 'string'
			? propertiesOf?.(resource, operation)
			: undefined;
	return (properties && fieldLabel(properties, field, node)) ?? field;
}

/** The error for an invalid item: names the item, every broken field and rule, and the fix. Nothing is sent. */
export function validationError(
	node: INode,
	itemIndex: number,
	issues: Issue[],
): NodeOperationError {
	const labelled = issues.map((issue) => ({ ...issue, field: labelOf(node, issue.field) }));
	const first = labelled[0];
	const more =
		labelled.length > 1
			? ` (and ${labelled.length - 1} more problem${labelled.length > 2 ? 's' : ''})`
			: '';
	const message = `Invalid input [item ${itemIndex}]: "${first.field}" ${first.problem}${more}`;
	const description = labelled
		.map((issue) => `"${issue.field}" ${issue.problem}. ${issue.fix}`)
		.join('\n');
	return new NodeOperationError(node, message, { itemIndex, description, level: 'warning' });
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

export function positiveInteger(field: string, value: unknown): Issue | undefined {
	return readNumber(field, value, { required: true, integer: true, min: 1 }).issue;
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

export function apiTime(field: string, value: unknown): Issue | undefined {
	if (isBlank(value) || (typeof value === 'string' && API_TIME_PATTERN.test(value)))
		return undefined;
	return {
		field,
		problem: `must be a date and time (got ${shown(value)})`,
		fix: 'Use a date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.',
	};
}

/** An id from a parameter value as text (numbers from expressions become their digits); '' when not one. */
export function idString(value: unknown): string {
	return readId('id', value).value ?? '';
}

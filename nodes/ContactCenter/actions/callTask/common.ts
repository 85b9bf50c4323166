import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../descriptions';
import type { Read } from '../../input/issues';
import { readId } from '../../input/parameters';

const NUMERIC_ID_VALIDATION = [
	{
		type: 'regex' as const,
		properties: {
			regex: '^\\s*[1-9][0-9]*\\s*$',
			errorMessage: 'Enter the digits of the ID (a number greater than 0)',
		},
	},
];

/** A resource locator for an id of the voice-agent interface: "From list" (searchable) first, then "By ID". */
export function idLocator(options: {
	displayName: string;
	name: string;
	searchListMethod: string;
	description: string;
	idPlaceholder: string;
}): INodeProperties {
	return resourceLocator({
		...options,
		required: true,
		listPlaceholder: `Select a ${options.displayName.toLowerCase()}...`,
		idDisplayName: 'By ID',
		idValidation: NUMERIC_ID_VALIDATION,
	});
}

export const taskIdLocator = (description: string): INodeProperties =>
	idLocator({
		displayName: 'Call Task',
		name: 'taskId',
		searchListMethod: 'searchCallTasks',
		description,
		idPlaceholder: 'e.g. 1870000000000000001',
	});

/**
 * A voice-interface id locator's value of one item, as digits: a numeric string greater than 0
 * that fits a Java Long (a whole number from an expression becomes its digits; an integer past
 * 2^53, which has lost digits, is refused).
 */
export function readIdParameter(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): Read<string> {
	return readId(name, this.getNodeParameter(name, itemIndex, '', { extractValue: true }), {
		required: true,
		numeric: true,
		fix: 'Pick it from the list, or enter the digits of the ID.',
	});
}

/** Whether a stored value holds an expression (matching `pattern`, if given) anywhere: then it can differ per item. */
export function hasExpression(value: unknown, pattern?: RegExp): boolean {
	if (typeof value === 'string') return value.startsWith('=') && (!pattern || pattern.test(value));
	if (Array.isArray(value)) return value.some((entry) => hasExpression(entry, pattern));
	if (value && typeof value === 'object')
		return Object.values(value).some((entry) => hasExpression(entry, pattern));
	return false;
}

/** A parameter for many items: evaluated per item if it has an expression (matching `perItem`), else read once. */
export function itemParameterReader<T>(
	context: IExecuteFunctions,
	name: string,
	fallback: T,
	{ perItem, ...options }: { extractValue?: boolean; perItem?: RegExp } = {},
): (itemIndex: number) => T {
	if (hasExpression(context.getNode().parameters[name], perItem))
		return (itemIndex) => context.getNodeParameter(name, itemIndex, fallback, options) as T;
	let cached: { value: T } | undefined;
	return () =>
		(cached ??= { value: context.getNodeParameter(name, 0, fallback, options) as T }).value;
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../helpers/descriptions';
import { readId, type Read } from '../../helpers/parameters';

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

/** Whether a parameter's stored value contains an expression anywhere (then it can differ per item). */
export function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(hasExpression);
	if (value && typeof value === 'object') return Object.values(value).some(hasExpression);
	return false;
}

/**
 * Reads a parameter for many items: a value without expressions is read once and shared, an
 * expression is evaluated per item (imports of tens of thousands of items stay fast).
 */
export function itemParameterReader<T>(
	context: IExecuteFunctions,
	name: string,
	fallback: T,
	options?: { extractValue?: boolean },
): (itemIndex: number) => T {
	if (hasExpression(context.getNode().parameters[name])) {
		return (itemIndex) => context.getNodeParameter(name, itemIndex, fallback, options) as T;
	}
	let cached: { value: T } | undefined;
	return () => {
		cached ??= { value: context.getNodeParameter(name, 0, fallback, options) as T };
		return cached.value;
	};
}

import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { API_DATE_PATTERN, API_TIME_PATTERN } from './time';

/** One broken rule of one field, phrased for the user. */
export interface Issue {
	/** Parameter or API field name, e.g. `taskName` or `callWindows.window[1].timeRanges`. */
	field: string;
	/** What is wrong, e.g. `must be at most 50 characters (it has 57)`. */
	problem: string;
	/** How to fix it. */
	fix: string;
}

/** The error for an invalid item: names the item, every broken field and rule, and the fix. Nothing is sent. */
export function validationError(node: INode, itemIndex: number, issues: Issue[]): NodeOperationError {
	const first = issues[0];
	const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
	const message = `Invalid input in item ${itemIndex}: "${first.field}" ${first.problem}${more}`;
	const description = issues.map((issue) => `"${issue.field}" ${issue.problem}. ${issue.fix}`).join('\n');
	return new NodeOperationError(node, message, { itemIndex, description, level: 'warning' });
}

/** Throws the validation error when any issue was found. */
export function assertValid(node: INode, itemIndex: number, issues: Array<Issue | undefined>): void {
	const found = issues.filter((issue): issue is Issue => issue !== undefined);
	if (found.length > 0) throw validationError(node, itemIndex, found);
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function required(field: string, value: unknown, fix = 'Fill it in.'): Issue | undefined {
	return isBlank(value) ? { field, problem: 'is required', fix } : undefined;
}

export function maxLength(field: string, value: unknown, max: number): Issue | undefined {
	if (typeof value !== 'string' || value.length <= max) return undefined;
	return { field, problem: `must be at most ${max} characters (it has ${value.length})`, fix: `Shorten it to ${max} characters or fewer.` };
}

export function oneOf(field: string, value: unknown, allowed: readonly string[]): Issue | undefined {
	if (isBlank(value) || allowed.includes(String(value))) return undefined;
	return { field, problem: `must be one of ${allowed.join(', ')} (got "${String(value)}")`, fix: 'Pick one of the listed values.' };
}

export function positiveInteger(field: string, value: unknown): Issue | undefined {
	if (typeof value === 'number' && Number.isInteger(value) && value > 0) return undefined;
	return { field, problem: `must be a whole number greater than 0 (got ${JSON.stringify(value ?? null)})`, fix: 'Enter a positive whole number.' };
}

export function integerInRange(field: string, value: unknown, min: number, max: number): Issue | undefined {
	if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return undefined;
	return { field, problem: `must be a whole number from ${min} to ${max} (got ${JSON.stringify(value ?? null)})`, fix: `Enter a number between ${min} and ${max}.` };
}

const POSITIVE_ID = /^[1-9]\d{0,18}$/;
const JAVA_LONG_MAX = 9223372036854775807n;

/** Ids of the voice-agent interface: numeric strings greater than 0 that fit a Java Long. */
export function positiveNumericId(field: string, value: unknown): Issue | undefined {
	if (typeof value === 'string' && POSITIVE_ID.test(value.trim()) && BigInt(value.trim()) <= JAVA_LONG_MAX) return undefined;
	if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return undefined;
	return {
		field,
		problem: `must be a numeric ID greater than 0 (got ${JSON.stringify(value ?? '')})`,
		fix: 'Pick it from the list, or enter the digits of the ID.',
	};
}

export function apiTime(field: string, value: unknown): Issue | undefined {
	if (isBlank(value) || (typeof value === 'string' && API_TIME_PATTERN.test(value))) return undefined;
	return { field, problem: `must be a date and time (got "${String(value)}")`, fix: 'Use a date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.' };
}

export function apiDate(field: string, value: unknown): Issue | undefined {
	if (isBlank(value) || (typeof value === 'string' && API_DATE_PATTERN.test(value))) return undefined;
	return { field, problem: `must be a date in the form yyyy-MM-dd (got "${String(value)}")`, fix: 'Use a date such as 2026-11-22.' };
}

/** A numeric id string from a parameter value (numbers from expressions become strings). */
export function idString(value: unknown): string {
	if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
	return typeof value === 'string' ? value.trim() : '';
}

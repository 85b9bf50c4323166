/**
 * Return All and Limit of every Get Many, read and checked in one place: the row limit handed to
 * the paging of transport/pagination.ts as a plain number.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { validationError } from '../input/validation';
import { EMPTY_TEXT_ONLY, isBlank } from '../input/values';

export const DEFAULT_LIMIT = 50;

/** What is wrong with a Limit, phrased for the user; undefined when it is fine. */
export interface LimitProblem {
	field: 'Return All' | 'Limit';
	problem: string;
	fix: string;
}

const WHOLE_NUMBER = /^\s*[0-9]+\s*$/;

/**
 * Return All and Limit of a Get Many as the row limit (undefined: every row). Limit must be a
 * whole number of at least 1; a number given as text by an expression (`{{ "10" }}`) counts as that
 * number. Anything else (0, -5, 2.5, "ten", true, an empty expression) is a problem, never a
 * silent default.
 */
export function limitOf(
	returnAll: unknown,
	limit: unknown,
): { limit?: number; problem?: LimitProblem } {
	if (returnAll === true || returnAll === 'true') return {};
	if (
		returnAll !== false &&
		returnAll !== 'false' &&
		returnAll !== undefined &&
		returnAll !== null &&
		returnAll !== ''
	) {
		return {
			problem: {
				field: 'Return All',
				problem: `must be true or false (got ${JSON.stringify(returnAll)})`,
				fix: 'Switch Return All on or off, or make its expression give true or false.',
			},
		};
	}
	let value: number | undefined;
	if (typeof limit === 'number') value = limit;
	else if (typeof limit === 'string' && WHOLE_NUMBER.test(limit)) value = Number(limit);
	if (value !== undefined && Number.isSafeInteger(value) && value >= 1) return { limit: value };
	const got = isBlank(limit, EMPTY_TEXT_ONLY)
		? 'nothing'
		: typeof limit === 'string'
			? `"${limit}"`
			: String(limit);
	return {
		problem: {
			field: 'Limit',
			problem: `must be a whole number of at least 1 (got ${got})`,
			fix: 'Enter how many rows to return, e.g. 50, or switch on Return All to get every row.',
		},
	};
}

/**
 * The row limit of one item of a Get Many (undefined when Return All is on), read from its
 * `returnAll` and `limit` parameters; a bad Limit stops the item with a clear error before any
 * request is sent.
 */
export function readItemLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll: unknown = this.getNodeParameter('returnAll', itemIndex, false);
	const limit: unknown =
		returnAll === true ? undefined : this.getNodeParameter('limit', itemIndex, DEFAULT_LIMIT);
	const result = limitOf(returnAll, limit);
	if (!result.problem) return result.limit;
	// The field as the editor shows it ("Limit", "Return All"), in the form of every validation error.
	throw validationError(this.getNode(), itemIndex, [result.problem]);
}

/**
 * The customer list request: filter conditions, sort rules and time ranges from the node's
 * parameters, validated and in the API's form. Pure, so the rules are tested directly.
 */
import type { IDataObject } from 'n8n-workflow';

import { readText, textOf } from '../../input/parameters';
import { isBlank, isRecord, splitList } from '../../input/values';
import { oneOf } from '../../input/validation';
import type { Built, Checked, Issue, JsonBodyValue, RequestBody } from '../../input/issues';
import type { Zones } from '../../transport/zones';
import { apiTimeOf } from './rules';

export const OPERATORS = [
	'eq',
	'neq',
	'empty',
	'nempty',
	'in',
	'nin',
	'gt',
	'gte',
	'lt',
	'lte',
	'between',
] as const;
export type Operator = (typeof OPERATORS)[number];
export const ORDERS = ['asc', 'desc'] as const;

/** Operators that take no value, exactly one, exactly two, or one or more (comma-separated). */
const NO_VALUE: ReadonlySet<string> = new Set(['empty', 'nempty']);
const ONE_VALUE: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
const LIST_VALUE: ReadonlySet<string> = new Set(['in', 'nin']);

export const TIME_RANGES = [
	['createTimeBegin', 'createTimeEnd'],
	['updateTimeBegin', 'updateTimeEnd'],
] as const;
/** How messages name the range filters: as the form shows them. */
const TIME_LABELS: Record<string, string> = {
	createTimeBegin: 'Created From',
	createTimeEnd: 'Created To',
	updateTimeBegin: 'Updated From',
	updateTimeEnd: 'Updated To',
};

type Scalar = string | number;

/** The inner list of a fixed collection (`{values: [...]}`), or an array given by an expression. */
export function collectionRows(value: unknown): IDataObject[] {
	const rows = Array.isArray(value)
		? value
		: typeof value === 'object' && value !== null
			? (value as IDataObject).values
			: undefined;
	return Array.isArray(rows) ? rows.filter(isRecord) : [];
}

function scalar(value: unknown): Scalar {
	return typeof value === 'number' && Number.isFinite(value) ? value : textOf(value);
}

/**
 * A condition's values: an array from an expression as given; text split on commas for `between`
 * (two values) and `in`/`nin` (one or more); one value otherwise (so commas stay in names).
 */
export function conditionValues(operator: string, value: unknown): Scalar[] {
	if (isBlank(value)) return [];
	if (Array.isArray(value)) return value.map(scalar).filter((v) => v !== '');
	if (typeof value === 'string' && (operator === 'between' || LIST_VALUE.has(operator))) {
		return splitList(value, 'commas');
	}
	const single = scalar(value);
	return single === '' ? [] : [single];
}

/** A condition value the kit refuses (NaN, an integer past 2^53, an object, a nested list), if any. */
function rawValueIssue(field: string, value: unknown): Issue | undefined {
	const entries = Array.isArray(value) ? value : [value];
	for (const entry of entries) {
		const issue = readText(field, entry).issue;
		if (issue)
			return Array.isArray(value)
				? { ...issue, problem: `has a value that ${issue.problem}` }
				: issue;
	}
	return undefined;
}

function valueIssue(field: string, operator: string, count: number): Issue | undefined {
	if (NO_VALUE.has(operator)) {
		return count === 0
			? undefined
			: {
					field,
					problem: `must be empty for the operator "${operator}"`,
					fix: 'Clear the value; this operator takes none.',
				};
	}
	if (operator === 'between') {
		return count === 2
			? undefined
			: {
					field,
					problem: `needs exactly two values for the operator "between" (got ${count})`,
					fix: 'Enter the lower and the upper bound separated by a comma, e.g. 10,20.',
				};
	}
	if (ONE_VALUE.has(operator)) {
		return count === 1
			? undefined
			: {
					field,
					problem: `needs exactly one value for the operator "${operator}" (got ${count})`,
					fix: 'Enter one value.',
				};
	}
	if (LIST_VALUE.has(operator)) {
		return count > 0
			? undefined
			: {
					field,
					problem: `needs at least one value for the operator "${operator}"`,
					fix: 'Enter one value, or several separated by commas.',
				};
	}
	return undefined;
}

export interface ListQuery {
	issues: Issue[];
	/** Everything of the list body except `page` and `limit`. */
	body: RequestBody;
}

const found = (issues: Array<Issue | undefined>): Issue[] =>
	issues.filter((issue): issue is Issue => issue !== undefined);

/** Filters → Conditions as the API's `search`: each a field, a known operator and the values it takes. */
function readConditions(value: unknown): Checked<JsonBodyValue[]> {
	const issues: Array<Issue | undefined> = [];
	const search = collectionRows(value).map((row, index) => {
		const path = `filters.conditions.values[${index}]`;
		const field = textOf(row.field);
		const operator = textOf(row.operator);
		const values = conditionValues(operator, row.value);
		issues.push(
			field
				? undefined
				: {
						field: `${path}.field`,
						problem: 'is required',
						fix: 'Pick a customer field from the list, or enter its field ID.',
					},
			operator
				? oneOf(`${path}.operator`, operator, OPERATORS)
				: {
						field: `${path}.operator`,
						problem: 'is required',
						fix: `Pick one of ${OPERATORS.join(', ')}.`,
					},
			rawValueIssue(`${path}.value`, row.value) ??
				valueIssue(`${path}.value`, operator, values.length),
		);
		return { field, operator, value: values };
	});
	return { value: search, issues: found(issues) };
}

/** Sort as the API's `sortList`: each a field and asc or desc (asc when not given). */
function readSortRules(value: unknown): Checked<JsonBodyValue[]> {
	const issues: Array<Issue | undefined> = [];
	const sortList = collectionRows(value).map((row, index) => {
		const path = `sort.values[${index}]`;
		const field = textOf(row.field);
		const order = readText(`${path}.orderBy`, row.orderBy);
		const orderBy = order.value ?? 'asc';
		issues.push(
			field
				? undefined
				: {
						field: `${path}.field`,
						problem: 'is required',
						fix: 'Pick a customer field to sort by.',
					},
			order.issue ?? oneOf(`${path}.orderBy`, orderBy, ORDERS),
		);
		return { field, orderBy };
	});
	return { value: sortList, issues: found(issues) };
}

/** The created and updated ranges as API times in the API zone, each start not after its end. */
function readTimeRanges(filters: IDataObject, zones: Zones): Built {
	const issues: Array<Issue | undefined> = [];
	const body: RequestBody = {};
	for (const [beginKey, endKey] of TIME_RANGES) {
		const begin = apiTimeOf(`filters.${beginKey}`, filters[beginKey], zones);
		const end = apiTimeOf(`filters.${endKey}`, filters[endKey], zones);
		issues.push(begin.issue, end.issue);
		if (begin.value) body[beginKey] = begin.value;
		if (end.value) body[endKey] = end.value;
		if (begin.value && end.value && begin.value > end.value) {
			issues.push({
				field: `filters.${beginKey}`,
				problem: `is later than "Filters → ${TIME_LABELS[endKey]}" (${begin.value} > ${end.value} in ${zones.api})`,
				fix: `Make ${TIME_LABELS[beginKey]} earlier than or equal to ${TIME_LABELS[endKey]}.`,
			});
		}
	}
	return { issues: found(issues), body };
}

/** The `search`, `sortList` and time-range part of a list request (search and sortList always arrays). */
export function buildListQuery(filters: IDataObject, sort: unknown, zones: Zones): ListQuery {
	const search = readConditions(filters.conditions);
	const sortList = readSortRules(sort);
	const ranges = readTimeRanges(filters, zones);
	return {
		issues: [...search.issues, ...sortList.issues, ...ranges.issues],
		body: { search: search.value, sortList: sortList.value, ...ranges.body },
	};
}

/**
 * Customer rows of a call-task import as pure functions: one input item's values checked against
 * the spec's row rules, and the rows planned into as few requests as the limits allow.
 */
import type { Checked, Issue, Read } from '../../helpers/issue';
import { importText, readId, readText } from '../../helpers/parameters';
import { maxLength, oneOf, positiveNumericId } from '../../helpers/validation';
import { EMPTY_TEXT_ONLY, isBlank } from '../../helpers/values';

export const MAX_ROWS_PER_IMPORT = 10_000;
export const DUP_STRATEGIES = ['task', 'batch', 'none'] as const;
export type DupStrategy = (typeof DUP_STRATEGIES)[number];

const CUSTOMER_NUMBER = /^[0-9+-]{5,20}$/;
const MAX_VARIABLES = 20;
const VARIABLE_NAME_MAX = 50;
const VARIABLE_VALUE_MAX = 500;

// A type alias (not an interface) so that it fits the transport's JSON body type.
export type ImportCustomer = {
	customerNumber: string;
	customerName?: string;
	remark?: string;
	variables?: Record<string, string>;
};

export interface ImportRow {
	itemIndex: number;
	taskId: string;
	dupStrategy?: DupStrategy;
	customer: ImportCustomer;
}

export interface ImportRowInput {
	taskId: unknown;
	customerNumber: unknown;
	additionalFields: { customerName?: unknown; remark?: unknown; variables?: unknown };
	dupStrategy: unknown;
}

/** The issues of a row or its variables when there are none (shared, never written to). */
const NO_ISSUES = Object.freeze([]) as unknown as Issue[];

/** The list inside the fixed collection's `{variable: [...]}`, or the value itself. */
function variableList(value: unknown): unknown {
	return value && typeof value === 'object' && !Array.isArray(value) && 'variable' in value
		? (value as { variable: unknown }).variable
		: value;
}

/** The name or value of one entry of a variables list; an entry that is not an object has neither. */
function entryField(entry: unknown, key: 'name' | 'value'): unknown {
	return entry && typeof entry === 'object' ? (entry as { [k: string]: unknown })[key] : undefined;
}

/** Variables as `[name, value]` pairs, from the fixed collection, a list of {name, value} or a plain object. */
export function variablePairs(value: unknown): Array<[unknown, unknown]> {
	if (isBlank(value, EMPTY_TEXT_ONLY)) return [];
	const list = variableList(value);
	if (Array.isArray(list))
		return list.map((entry: unknown) => [entryField(entry, 'name'), entryField(entry, 'value')]);
	if (typeof list === 'object' && list !== null) return Object.entries(list);
	return [[undefined, list]];
}

const variableField = (index: number, key: 'name' | 'value') =>
	`additionalFields.variables[${index}].${key}`;

/**
 * A row's variables checked and as the API takes them (name → text). Called once per row of an
 * import, so the common case (a few valid variables) builds only the variables object: the field
 * paths and the issue list are made only when there is an issue.
 */
function checkVariables(value: unknown): Checked<Record<string, string> | undefined> {
	// The fixed collection's `{variable: [{name, value}]}` and a list are read in place; the other
	// forms go through variablePairs.
	const list = variableList(value);
	const pairs = Array.isArray(list) ? undefined : variablePairs(value);
	const length = pairs ? pairs.length : (list as unknown[]).length;
	let issues: Issue[] | undefined;
	if (length > MAX_VARIABLES) {
		(issues ??= []).push({
			field: 'additionalFields.variables',
			problem: `may hold at most ${MAX_VARIABLES} variables (it has ${length})`,
			fix: 'Keep only the variables the voice agent uses.',
		});
	}
	const variables: Record<string, string> = {};
	for (let index = 0; index < length; index++) {
		let rawName: unknown;
		let rawValue: unknown;
		if (pairs) [rawName, rawValue] = pairs[index];
		else {
			const entry = (list as unknown[])[index];
			rawName = entryField(entry, 'name');
			rawValue = entryField(entry, 'value');
		}
		const name = importText(rawName);
		if (name === undefined) {
			(issues ??= []).push({
				field: variableField(index, 'name'),
				problem: 'is required',
				fix: 'Enter the variable name configured in the voice agent.',
			});
			continue;
		}
		if (name.length > VARIABLE_NAME_MAX)
			(issues ??= []).push(
				maxLength(variableField(index, 'name'), name, VARIABLE_NAME_MAX) as Issue,
			);
		if (Object.prototype.hasOwnProperty.call(variables, name)) {
			(issues ??= []).push({
				field: variableField(index, 'name'),
				problem: `repeats the variable "${name}"`,
				fix: 'Give each variable once.',
			});
		}
		if (rawValue !== null && typeof rawValue === 'object') {
			(issues ??= []).push({
				field: variableField(index, 'value'),
				problem: 'must be text, not an object or list',
				fix: 'Give the variable a text value.',
			});
			continue;
		}
		const stringValue = rawValue === undefined || rawValue === null ? '' : String(rawValue);
		if (stringValue.length > VARIABLE_VALUE_MAX)
			(issues ??= []).push(
				maxLength(variableField(index, 'value'), stringValue, VARIABLE_VALUE_MAX) as Issue,
			);
		variables[name] = stringValue;
	}
	// Counted from the object itself: a name such as `__proto__` sets no key and sends nothing.
	return {
		value: Object.keys(variables).length > 0 ? variables : undefined,
		issues: issues ?? NO_ISSUES,
	};
}

// The rows of a run share their task id and deduplication: each check is kept for the next row.
let lastTaskId: { id: string; issue: Issue | undefined } | undefined;
function taskIdIssue(taskId: string): Issue | undefined {
	if (lastTaskId?.id !== taskId)
		lastTaskId = { id: taskId, issue: positiveNumericId('taskId', taskId) };
	return lastTaskId.issue;
}
let lastDup: (Read<string> & { raw: string | undefined }) | undefined;
function readDupStrategy(raw: string | undefined): Read<string> {
	if (lastDup === undefined || lastDup.raw !== raw) {
		const value = importText(raw);
		lastDup = { raw, value, issue: oneOf('options.dupStrategy', value, DUP_STRATEGIES) };
	}
	return lastDup;
}

/** A field's one value as text; objects, lists, NaN and integers past 2^53 add an issue instead. */
function oneValue(field: string, raw: unknown, issues: Issue[]): string | undefined {
	if (raw === undefined || raw === null || typeof raw === 'string') return importText(raw);
	const read = readText(field, raw);
	if (read.issue) {
		issues.push(read.issue);
		return undefined;
	}
	return read.value;
}

const NO_VARIABLES: Checked<Record<string, string> | undefined> = Object.freeze({
	value: undefined,
	issues: NO_ISSUES,
});

/**
 * One input item's row, or the rules it breaks. Called once per input item of an import (10,000s of
 * rows), so the common case (a valid row without variables) allocates only the row itself; issues
 * are listed in the order of the fields.
 */
export function checkImportRow(
	itemIndex: number,
	input: ImportRowInput,
): Checked<ImportRow | undefined> {
	const issues: Issue[] = [];
	// One value each: objects, lists, NaN and integers past 2^53 are refused, never sent as text.
	let taskId: string;
	if (typeof input.taskId === 'string') {
		taskId = importText(input.taskId) ?? '';
		const issue = taskIdIssue(taskId);
		if (issue) issues.push(issue);
	} else {
		const taskIdRead = readId('taskId', input.taskId);
		taskId = taskIdRead.value ?? '';
		const issue = taskIdRead.issue ?? taskIdIssue(taskId);
		if (issue) issues.push(issue);
	}

	const rawNumber = input.customerNumber;
	const numberIsObject = rawNumber !== null && typeof rawNumber === 'object';
	// A list or an object is refused by oneValue; it is not a phone number.
	const customerNumber = numberIsObject
		? oneValue('customerNumber', rawNumber, issues)
		: importText(rawNumber);
	if (typeof rawNumber === 'number' && !Number.isSafeInteger(rawNumber)) {
		// A JSON number of 16+ digits has already lost digits (or is not a whole number): never send a guess.
		issues.push({
			field: 'customerNumber',
			problem: `is the number ${String(rawNumber)}, which cannot hold a phone number exactly`,
			fix: 'Keep phone numbers as text in the earlier node (e.g. read the column as text), or map {{ String($json.phone) }} only for numbers of at most 15 digits.',
		});
	} else if (customerNumber === undefined) {
		if (!numberIsObject)
			issues.push({
				field: 'customerNumber',
				problem: 'is required',
				fix: 'Map the phone number to call, e.g. {{ $json.phone }}.',
			});
	} else if (!CUSTOMER_NUMBER.test(customerNumber)) {
		issues.push({
			field: 'customerNumber',
			problem: `must be 5 to 20 characters of digits, + and - (got "${customerNumber}")`,
			fix: 'Remove spaces, brackets and letters from the number.',
		});
	}
	const fields = input.additionalFields;
	const customerName = oneValue('additionalFields.customerName', fields.customerName, issues);
	const remark = oneValue('additionalFields.remark', fields.remark, issues);
	if (customerName !== undefined && customerName.length > 100)
		issues.push(maxLength('additionalFields.customerName', customerName, 100) as Issue);
	if (remark !== undefined && remark.length > 500)
		issues.push(maxLength('additionalFields.remark', remark, 500) as Issue);
	const rawVariables = fields.variables;
	const variables = isBlank(rawVariables, EMPTY_TEXT_ONLY)
		? NO_VARIABLES
		: checkVariables(rawVariables);
	for (const issue of variables.issues) issues.push(issue);

	let dupStrategy: string | undefined;
	if (input.dupStrategy === undefined || typeof input.dupStrategy === 'string') {
		const dup = readDupStrategy(input.dupStrategy);
		dupStrategy = dup.value;
		if (dup.issue) issues.push(dup.issue);
	} else {
		dupStrategy = oneValue('options.dupStrategy', input.dupStrategy, issues);
		const issue = oneOf('options.dupStrategy', dupStrategy, DUP_STRATEGIES);
		if (issue) issues.push(issue);
	}

	if (issues.length > 0) return { value: undefined, issues };
	const customer: ImportCustomer = { customerNumber: customerNumber as string };
	if (customerName !== undefined) customer.customerName = customerName;
	if (remark !== undefined) customer.remark = remark;
	if (variables.value) customer.variables = variables.value;
	return {
		value: { itemIndex, taskId, dupStrategy: dupStrategy as DupStrategy | undefined, customer },
		issues,
	};
}

export interface ImportRequestPlan {
	taskId: string;
	dupStrategy?: DupStrategy;
	rows: ImportRow[];
	/** Rows left out because their number repeats an earlier row of the run (sent in this request). */
	dropped?: ImportRow[];
}

export interface DedupResult {
	rows: ImportRow[];
	/** Each dropped row with the row it repeats (the first with that number). */
	dropped: Array<{ row: ImportRow; first: ImportRow }>;
}

/**
 * The deduplication strategy applied to the whole input of the run, not only inside each request
 * of at most 10,000 rows: with `batch` (the API default, also when no strategy is set) and `task`,
 * a row whose number already appeared in an earlier row for the same task and strategy is left
 * out. `none` keeps every row. Numbers are compared as sent (trimmed text).
 */
export function dedupeRows(rows: ImportRow[]): DedupResult {
	// Most runs repeat no number: a sort of each group's numbers proves that at a fraction of the
	// cost of a hash map per row (10,000 map inserts take ~4 ms here, the sort ~0.4 ms).
	if (!repeatsANumber(rows)) return { rows, dropped: [] };
	// Numbers seen per (task id, strategy); rows of one run nearly always share both, so the group of
	// the previous row is reused without building a key per row.
	const groups = new Map<string, Map<string, ImportRow>>();
	let lastTask: string | undefined;
	let lastStrategy: DupStrategy | undefined;
	let group: Map<string, ImportRow> | undefined;
	const kept: ImportRow[] = [];
	const dropped: DedupResult['dropped'] = [];
	for (const row of rows) {
		if (row.dupStrategy === 'none') {
			kept.push(row);
			continue;
		}
		if (!group || row.taskId !== lastTask || row.dupStrategy !== lastStrategy) {
			lastTask = row.taskId;
			lastStrategy = row.dupStrategy;
			const key = `${row.taskId}\u0000${row.dupStrategy ?? 'batch'}`;
			group = groups.get(key);
			if (!group) groups.set(key, (group = new Map()));
		}
		const number = row.customer.customerNumber;
		const first = group.get(number);
		if (first) {
			dropped.push({ row, first });
			continue;
		}
		group.set(number, row);
		kept.push(row);
	}
	return { rows: kept, dropped };
}

/** Whether two rows of the same (task id, strategy), strategy other than `none`, share a number. */
function repeatsANumber(rows: ImportRow[]): boolean {
	const groups = new Map<string, string[]>();
	let lastTask: string | undefined;
	let lastStrategy: DupStrategy | undefined;
	let numbers: string[] | undefined;
	for (let i = 0; i < rows.length; i++) {
		const row = rows[i];
		if (row.dupStrategy === 'none') continue;
		if (!numbers || row.taskId !== lastTask || row.dupStrategy !== lastStrategy) {
			lastTask = row.taskId;
			lastStrategy = row.dupStrategy;
			const key = `${row.taskId}\u0000${row.dupStrategy ?? 'batch'}`;
			numbers = groups.get(key);
			if (!numbers) groups.set(key, (numbers = []));
		}
		numbers.push(row.customer.customerNumber);
	}
	for (const group of groups.values()) {
		group.sort();
		for (let i = 1; i < group.length; i++) if (group[i] === group[i - 1]) return true;
	}
	return false;
}

/**
 * Rows grouped by (task id, dupStrategy) in order of first appearance, each group cut into requests
 * of at most `maxRows` rows: the fewest requests the limits allow, one task id per request.
 */
export function planImportRequests(
	rows: ImportRow[],
	maxRows = MAX_ROWS_PER_IMPORT,
): ImportRequestPlan[] {
	const groups = new Map<string, ImportRequestPlan[]>();
	let lastTask: string | undefined;
	let lastStrategy: DupStrategy | undefined;
	let chunks: ImportRequestPlan[] | undefined;
	for (const row of rows) {
		if (!chunks || row.taskId !== lastTask || row.dupStrategy !== lastStrategy) {
			lastTask = row.taskId;
			lastStrategy = row.dupStrategy;
			const key = `${row.taskId}\u0000${row.dupStrategy ?? ''}`;
			chunks = groups.get(key);
			if (!chunks) groups.set(key, (chunks = []));
		}
		let current = chunks[chunks.length - 1];
		if (!current || current.rows.length >= maxRows) {
			current = { taskId: row.taskId, dupStrategy: row.dupStrategy, rows: [] };
			chunks.push(current);
		}
		current.rows.push(row);
	}
	// Requests go task by task (all chunks of the first task first), not in the order chunks filled up.
	return [...groups.values()].flat();
}

/** Deduplicates the run's rows, plans the requests, and files each dropped row with the request that sends the row it repeats. */
export function planImport(
	rows: ImportRow[],
	maxRows = MAX_ROWS_PER_IMPORT,
): { plans: ImportRequestPlan[]; dropped: number } {
	const { rows: kept, dropped } = dedupeRows(rows);
	const plans = planImportRequests(kept, maxRows);
	if (dropped.length > 0) {
		const planOf = new Map<ImportRow, ImportRequestPlan>();
		for (const plan of plans) for (const row of plan.rows) planOf.set(row, plan);
		for (const { row, first } of dropped) {
			const plan = planOf.get(first) as ImportRequestPlan;
			(plan.dropped ??= []).push(row);
		}
	}
	return { plans, dropped: dropped.length };
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

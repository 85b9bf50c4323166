/** Call-task import rows, pure: each item checked by the spec's row rules, the run planned into the fewest requests. */
import type { Checked, Issue, Read } from '../../input/issues';
import { importText, readId, readText } from '../../input/parameters';
import { maxLength, oneOf, positiveNumericId } from '../../input/validation';
import { EMPTY_TEXT_ONLY, isBlank } from '../../input/values';

const MAX_ROWS_PER_IMPORT = 10_000;
const DUP_STRATEGIES = ['task', 'batch', 'none'] as const;
export type DupStrategy = (typeof DUP_STRATEGIES)[number];

const CUSTOMER_NUMBER = /^[0-9+-]{5,20}$/;
const MAX_VARIABLES = 20;

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

/** The name or value of one entry of a variables list; an entry that is not an object has neither. */
const entryField = (entry: unknown, key: 'name' | 'value'): unknown =>
	entry && typeof entry === 'object' ? (entry as { [k: string]: unknown })[key] : undefined;

/** Variables as `[name, value]` pairs, from the fixed collection, a list of {name, value} or a plain object. */
export function variablePairs(value: unknown): Array<[unknown, unknown]> {
	if (isBlank(value, EMPTY_TEXT_ONLY)) return [];
	// The fixed collection's `{variable: [...]}` holds the list.
	const list =
		typeof value === 'object' && !Array.isArray(value) && 'variable' in (value as object)
			? (value as { variable: unknown }).variable
			: value;
	if (Array.isArray(list))
		return list.map((entry: unknown) => [entryField(entry, 'name'), entryField(entry, 'value')]);
	if (typeof list === 'object' && list !== null) return Object.entries(list);
	return [[undefined, list]];
}

/** A row's variables checked and as the API takes them (name → text). */
function checkVariables(value: unknown, issues: Issue[]): Record<string, string> | undefined {
	if (isBlank(value, EMPTY_TEXT_ONLY)) return undefined;
	const pairs = variablePairs(value);
	if (pairs.length > MAX_VARIABLES) {
		issues.push({
			field: 'additionalFields.variables',
			problem: `may hold at most ${MAX_VARIABLES} variables (it has ${pairs.length})`,
			fix: 'Keep only the variables the voice agent uses.',
		});
	}
	const variables: Record<string, string> = {};
	for (let index = 0; index < pairs.length; index++) {
		const [rawName, rawValue] = pairs[index];
		const field = (key: string) => `additionalFields.variables[${index}].${key}`;
		const name = importText(rawName);
		if (name === undefined) {
			issues.push({
				field: field('name'),
				problem: 'is required',
				fix: 'Enter the variable name configured in the voice agent.',
			});
			continue;
		}
		const tooLong = name.length > 50 && maxLength(field('name'), name, 50);
		if (tooLong) issues.push(tooLong);
		if (Object.hasOwn(variables, name)) {
			issues.push({
				field: field('name'),
				problem: `repeats the variable "${name}"`,
				fix: 'Give each variable once.',
			});
		}
		if (rawValue !== null && typeof rawValue === 'object') {
			issues.push({
				field: field('value'),
				problem: 'must be text, not an object or list',
				fix: 'Give the variable a text value.',
			});
			continue;
		}
		const text = rawValue === undefined || rawValue === null ? '' : String(rawValue);
		const valueTooLong = text.length > 500 && maxLength(field('value'), text, 500);
		if (valueTooLong) issues.push(valueTooLong);
		variables[name] = text;
	}
	// Counted from the object itself: a name such as `__proto__` sets no key and sends nothing.
	return Object.keys(variables).length > 0 ? variables : undefined;
}

/** A field's one value as text; objects, lists, NaN and integers past 2^53 add an issue instead. */
function oneValue(field: string, raw: unknown, issues: Issue[]): string | undefined {
	if (raw === undefined || raw === null || typeof raw === 'string') return importText(raw);
	const read = readText(field, raw);
	if (read.issue) issues.push(read.issue);
	return read.value;
}

const numberProblem = (problem: string, fix: string): Issue => ({
	field: 'customerNumber',
	problem,
	fix,
});

/** What is wrong with a customer number: missing, inexact (a JSON number past 2^53 has lost digits) or not the spec's form. */
function numberIssue(raw: unknown, number: string | undefined): Issue | undefined {
	if (typeof raw === 'number' && !Number.isSafeInteger(raw))
		return numberProblem(
			`is the number ${String(raw)}, which cannot hold a phone number exactly`,
			'Keep phone numbers as text in the earlier node (e.g. read the column as text), or map {{ String($json.phone) }} only for numbers of at most 15 digits.',
		);
	// A list or an object was refused by oneValue; it is not a phone number.
	if (number === undefined && (raw === null || typeof raw !== 'object'))
		return numberProblem('is required', 'Map the phone number to call, e.g. {{ $json.phone }}.');
	if (number === undefined || CUSTOMER_NUMBER.test(number)) return undefined;
	const problem = `must be 5 to 20 characters of digits, + and - (got "${number}")`;
	return numberProblem(problem, 'Remove spaces, brackets and letters from the number.');
}

/**
 * The last task id a run checked. The rows of a run nearly always share their task id, so its check is
 * kept for the next row. Not for speed: two read results per row of a 100,000-row import raised its
 * peak by about 15 MB (bench, memory). One per run, made by the run's row reader.
 */
export interface TaskIdMemo {
	last?: { raw: unknown; read: Read<string> };
}

function checkTaskId(raw: unknown, memo: TaskIdMemo): Read<string> {
	if (memo.last === undefined || memo.last.raw !== raw || typeof raw === 'object') {
		const read = readId('taskId', raw);
		const issue = read.issue ?? positiveNumericId('taskId', read.value);
		memo.last = { raw, read: { value: read.value, issue } };
	}
	return memo.last.read;
}

/** `issue`, if any, added to `issues` (a function of the module: a closure per row is garbage in a 100,000-row import). */
function addIssue(issues: Issue[], issue: Issue | undefined): void {
	if (issue) issues.push(issue);
}

/** One input item's row, or the rules it breaks (every issue, in the order of the fields). */
export function checkImportRow(
	itemIndex: number,
	input: ImportRowInput,
	memo: TaskIdMemo = {},
): Checked<ImportRow | undefined> {
	const issues: Issue[] = [];
	// One value each: objects, lists, NaN and integers past 2^53 are refused, never sent as text.
	const task = checkTaskId(input.taskId, memo);
	addIssue(issues, task.issue);
	const rawNumber = input.customerNumber;
	const customerNumber =
		rawNumber !== null && typeof rawNumber === 'object'
			? oneValue('customerNumber', rawNumber, issues)
			: importText(rawNumber);
	addIssue(issues, numberIssue(rawNumber, customerNumber));
	const fields = input.additionalFields;
	const customerName = oneValue('additionalFields.customerName', fields.customerName, issues);
	const remark = oneValue('additionalFields.remark', fields.remark, issues);
	addIssue(issues, maxLength('additionalFields.customerName', customerName, 100));
	addIssue(issues, maxLength('additionalFields.remark', remark, 500));
	const variables = checkVariables(fields.variables, issues);
	const dupStrategy = oneValue('options.dupStrategy', input.dupStrategy, issues);
	addIssue(issues, oneOf('options.dupStrategy', dupStrategy, DUP_STRATEGIES));

	if (issues.length > 0) return { value: undefined, issues };
	const customer: ImportCustomer = { customerNumber: customerNumber as string };
	if (customerName !== undefined) customer.customerName = customerName;
	if (remark !== undefined) customer.remark = remark;
	if (variables) customer.variables = variables;
	const value = { itemIndex, taskId: task.value, dupStrategy, customer } as ImportRow;
	return { value, issues };
}

export interface ImportRequestPlan {
	taskId: string;
	dupStrategy?: DupStrategy;
	rows: ImportRow[];
	/** Rows left out because their number repeats a row of the run that this request sends. */
	dropped?: ImportRow[];
}

/** Whether a number repeats among the rows that deduplicate: a sort costs far less than a map per row, and most runs repeat none. */
function repeatsANumber(rows: ImportRow[]): boolean {
	const numbers = rows.flatMap((row) =>
		row.dupStrategy === 'none' ? [] : [row.customer.customerNumber],
	);
	return numbers.sort().some((number, i) => number === numbers[i - 1]);
}

/**
 * The run's rows in one pass: grouped by (task id, deduplication), each group cut into requests of
 * at most `maxRows`, groups in the order of their first row sent. Deduplication spans the run: with
 * `batch` (the API default, also when no strategy is set) and `task`, a row repeating the number of
 * an earlier row of its task and strategy is left out and filed with the request sending that row.
 */
export function planImportRequests(
	rows: ImportRow[],
	maxRows = MAX_ROWS_PER_IMPORT,
): ImportRequestPlan[] {
	// Per group its requests and the request sending each number (no strategy and `batch` share those).
	type Group = { chunks: ImportRequestPlan[]; seen?: Map<string, ImportRequestPlan> };
	const groups = new Map<string, Group>();
	const seenBy = new Map<string, Group['seen']>();
	const sent: ImportRequestPlan[][] = [];
	const dedupe = repeatsANumber(rows);
	let group: Group | undefined;
	let last: ImportRow | undefined;
	for (const row of rows) {
		const { taskId, dupStrategy } = row;
		// Rows of a run nearly always share task and strategy: the previous row's group is reused.
		if (!group || last?.taskId !== taskId || last.dupStrategy !== dupStrategy) {
			const key = `${taskId}\u0000${dupStrategy ?? ''}`;
			group = groups.get(key);
			if (!group) {
				const scope = `${taskId}\u0000${dupStrategy ?? 'batch'}`;
				const seen =
					!dedupe || dupStrategy === 'none' ? undefined : (seenBy.get(scope) ?? new Map());
				seenBy.set(scope, seen);
				groups.set(key, (group = { chunks: [], seen }));
			}
		}
		last = row;
		const number = row.customer.customerNumber;
		const first = group.seen?.get(number);
		if (first) {
			(first.dropped ??= []).push(row);
			continue;
		}
		const { chunks } = group;
		let chunk = chunks[chunks.length - 1];
		if (!chunk || chunk.rows.length >= maxRows) {
			// Groups are sent in the order of their first row sent (not of a dropped one).
			if (chunks.length === 0) sent.push(chunks);
			chunks.push((chunk = { taskId, dupStrategy, rows: [] }));
		}
		chunk.rows.push(row);
		group.seen?.set(number, chunk);
	}
	return sent.flat();
}

import { newId } from '../lib/ids';
import { long } from '../lib/json';
import { failB, isObject, type Json } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { ImportedCustomer } from '../types';
import { getTask, readNumericString, taskError } from './callTasks';

export const MAX_IMPORT_ROWS = 10_000;
const CUSTOMER_NUMBER = /^[0-9+-]{5,20}$/;
const ROW_KEYS = ['customerNumber', 'customerName', 'remark', 'variables'];
/** failureReasons lists this many rows, then says how many more failed. */
const LISTED_REASONS = 20;

type DupStrategy = 'task' | 'batch' | 'none';

/** Why a row with a customerNumber is invalid, or null when it is valid. */
function invalidReason(row: Json): string | null {
	const unknown = Object.keys(row).find((k) => !ROW_KEYS.includes(k));
	if (unknown !== undefined) return `unknown field ${unknown}`;
	const { customerNumber, customerName, remark, variables } = row;
	if (typeof customerNumber !== 'string' || !CUSTOMER_NUMBER.test(customerNumber)) {
		return 'customerNumber must be 5 to 20 characters of digits, + and -';
	}
	if (customerName != null && (typeof customerName !== 'string' || customerName.length > 100)) {
		return 'customerName must be a string of at most 100 characters';
	}
	if (remark != null && (typeof remark !== 'string' || remark.length > 500)) {
		return 'remark must be a string of at most 500 characters';
	}
	if (variables != null) {
		if (!isObject(variables)) return 'variables must be an object of name → value';
		const entries = Object.entries(variables);
		if (entries.length > 20) return 'at most 20 variables are allowed';
		for (const [name, value] of entries) {
			if (name.length === 0 || name.length > 50)
				return `variable name ${JSON.stringify(name.slice(0, 60))} must have 1 to 50 characters`;
			if (typeof value !== 'string' || value.length > 500)
				return `variable ${name} must be a string of at most 500 characters`;
		}
	}
	return null;
}

function isEmptyNumber(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

const importCustomers = post('/openapi/agent/web/v1/callTask/import', ({ tenant, f }) => {
	f.onlyKeys(['taskId', 'customers', 'dupStrategy']);
	const taskId = readNumericString(f, 'taskId');
	const rows = f.raw('customers');
	if (!Array.isArray(rows) || rows.length < 1 || rows.length > MAX_IMPORT_ROWS) {
		failB(`customers must be an array of 1 to ${MAX_IMPORT_ROWS} elements`);
	}
	const dupStrategy: DupStrategy =
		f.oneOf('dupStrategy', ['task', 'batch', 'none'] as const) ?? 'batch';
	const entry = getTask(tenant, taskId);
	if (entry.task.status === 'running') taskError('invalidImportState');
	if (entry.task.status === 'done') taskError('invalidEditState');

	const importBatchId = newId();
	const inBatch = new Set<string>();
	const imported: ImportedCustomer[] = [];
	const reasons: string[] = [];
	let emptyCount = 0;
	let invalidCount = 0;
	const fail = (rowNo: number, reason: string) => {
		if (reasons.length < LISTED_REASONS) reasons.push(`row ${rowNo}: ${reason}`);
	};
	rows.forEach((row: unknown, i) => {
		if (!isObject(row)) {
			invalidCount++;
			return fail(i + 1, 'not an object');
		}
		if (isEmptyNumber(row.customerNumber)) {
			emptyCount++;
			return fail(i + 1, 'customerNumber is empty');
		}
		const invalid = invalidReason(row);
		if (invalid !== null) {
			invalidCount++;
			return fail(i + 1, invalid);
		}
		const number = row.customerNumber as string;
		const duplicate =
			dupStrategy !== 'none' &&
			(inBatch.has(number) || (dupStrategy === 'task' && entry.numbers.has(number)));
		if (duplicate)
			return fail(i + 1, `duplicate customerNumber ${number} (dupStrategy ${dupStrategy})`);
		inBatch.add(number);
		imported.push({
			customerNumber: number,
			customerName: (row.customerName as string | undefined) ?? null,
			remark: (row.remark as string | undefined) ?? null,
			variables: (row.variables as Record<string, string> | undefined) ?? null,
			importBatchId,
		});
	});

	for (const c of imported) {
		entry.customers.push(c);
		entry.numbers.add(c.customerNumber);
	}
	entry.importBatchIds.push(importBatchId);
	const task = entry.task;
	task.totalCount += imported.length;
	task.updateTime = tenant.now();
	const failureCount = rows.length - imported.length;
	const unlisted = failureCount - reasons.length;
	return {
		taskId,
		importBatchId: long(importBatchId),
		fileType: 'json',
		totalCount: rows.length,
		successCount: imported.length,
		emptyCount,
		invalidCount,
		failureCount,
		failureReasons:
			failureCount === 0
				? null
				: reasons.join('; ') + (unlisted > 0 ? `; and ${unlisted} more` : ''),
	};
});

export const taskImportRoutes: RouteDef[] = [importCustomers];

import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeProperties, IPairedItemData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { validationError } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { errorItemJson } from '../router';
import { itemParameterReader, taskIdLocator } from './common';
import { checkImportRow, describeItems, planImportRequests, type ImportRequestPlan, type ImportRow } from './importRows';

export const IMPORT_PATH = '/openapi/agent/web/v1/callTask/import';

const properties: INodeProperties[] = [
	taskIdLocator('The task the customers are imported into. Every input item becomes one customer row of it.'),
	{
		displayName: 'Customer Number',
		name: 'customerNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.phone }}',
		description: 'Phone number to call, read from each input item: 5 to 20 characters of digits, + and -',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Customer Name',
				name: 'customerName',
				type: 'string',
				default: '',
				description: 'Name of the customer, at most 100 characters',
			},
			{
				displayName: 'Remark',
				name: 'remark',
				type: 'string',
				default: '',
				description: 'Note on the customer, at most 500 characters',
			},
			{
				displayName: 'Variables',
				name: 'variables',
				type: 'fixedCollection',
				placeholder: 'Add Variable',
				default: {},
				typeOptions: { multipleValues: true },
				description:
					'Values the voice agent uses in the call (at most 20). Names must match the variables configured in the agent.',
				options: [
					{
						displayName: 'Variable',
						name: 'variable',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Variable name, at most 50 characters' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Variable value, at most 500 characters' },
						],
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Deduplication',
				name: 'dupStrategy',
				type: 'options',
				default: 'batch',
				description: 'Which repeated numbers the API skips (the API default is Within This Import)',
				options: [
					{ name: 'None', value: 'none', description: 'Import every row, even repeated numbers' },
					{ name: 'Within the Task', value: 'task', description: 'Skip numbers already in the task' },
					{ name: 'Within This Import', value: 'batch', description: 'Skip numbers repeated in the same request' },
				],
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['callTask'], operation: ['import'] } }, properties);

interface ImportResult {
	taskId?: string;
	importBatchId?: string;
	totalCount?: number;
	successCount?: number;
	failureCount?: number;
	[key: string]: unknown;
}

function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}

/** The error of a failed request, its description extended with what the run had already imported. */
function withDescription(node: INode, error: unknown, itemIndex: number, extra: string): NodeApiError | NodeOperationError {
	const nodeError = asNodeError(node, error, itemIndex);
	nodeError.description = [nodeError.description, extra].filter(Boolean).join('\n');
	return nodeError;
}

const pairsOf = (rows: ImportRow[]): IPairedItemData[] => rows.map((row) => ({ item: row.itemIndex }));

/** One line per request that went through, so the user can tell what must not be imported again. */
function sentSummary(done: Array<{ plan: ImportRequestPlan; result: ImportResult }>): string {
	if (done.length === 0) return 'No earlier import request of this run had gone through.';
	const lines = done.map(
		({ plan, result }) =>
			`task ${plan.taskId}: import batch ${String(result.importBatchId ?? 'unknown')} with ${plan.rows.length} rows ` +
			`(items ${describeItems(plan.rows.map((row) => row.itemIndex))}; ${String(result.successCount ?? '?')} succeeded)`,
	);
	return `These earlier requests of this run were imported and must not be imported again:\n${lines.join('\n')}`;
}

/**
 * Every input item becomes one customer row; rows are sent per (task id, deduplication) in requests
 * of at most 10,000 rows, and each request's result is one output item paired with its rows' items.
 * Imports are writes: a request is never retried.
 */
export async function executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const readTaskId = itemParameterReader<unknown>(this, 'taskId', '', { extractValue: true });
	const readNumber = itemParameterReader<unknown>(this, 'customerNumber', '');
	const readFields = itemParameterReader<IDataObject>(this, 'additionalFields', {});
	const readOptions = itemParameterReader<IDataObject>(this, 'options', {});

	const output: INodeExecutionData[] = [];
	const rows: ImportRow[] = [];
	let firstInvalid: NodeOperationError | undefined;
	const invalidItems: number[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let checked: ReturnType<typeof checkImportRow>;
		try {
			checked = checkImportRow(itemIndex, {
				taskId: readTaskId(itemIndex),
				customerNumber: readNumber(itemIndex),
				additionalFields: readFields(itemIndex),
				dupStrategy: readOptions(itemIndex).dupStrategy,
			});
		} catch (error) {
			// An expression that fails for this item (e.g. a missing property) makes only this item invalid.
			const itemError = asNodeError(this.getNode(), error, itemIndex);
			if (!continueOnFail) throw itemError;
			invalidItems.push(itemIndex);
			output.push({ json: errorItemJson(itemError), pairedItem: { item: itemIndex } });
			continue;
		}
		const { row, issues } = checked;
		if (row) {
			rows.push(row);
			continue;
		}
		const error = validationError(this.getNode(), itemIndex, issues);
		invalidItems.push(itemIndex);
		firstInvalid ??= error;
		if (continueOnFail) output.push({ json: errorItemJson(error), pairedItem: { item: itemIndex } });
	}
	if (firstInvalid && !continueOnFail) {
		if (invalidItems.length > 1) {
			firstInvalid.description = `${firstInvalid.description ?? ''}\n${invalidItems.length} items are invalid: ${describeItems(invalidItems)}. Nothing was imported.`;
		} else {
			firstInvalid.description = `${firstInvalid.description ?? ''}\nNothing was imported.`;
		}
		throw firstInvalid;
	}

	const done: Array<{ plan: ImportRequestPlan; result: ImportResult }> = [];
	for (const plan of planImportRequests(rows)) {
		const firstItem = plan.rows[0].itemIndex;
		try {
			const result =
				(await apiRequest.call<IExecuteFunctions, Parameters<typeof apiRequest>, Promise<ImportResult | null>>(this, {
					method: 'POST',
					path: IMPORT_PATH,
					body: {
						taskId: plan.taskId,
						customers: plan.rows.map((row) => row.customer),
						dupStrategy: plan.dupStrategy,
					},
					envelope: 'B',
					kind: 'write',
					itemIndex: firstItem,
				})) ?? {};
			done.push({ plan, result });
			output.push({
				json: { ...result, rowCount: plan.rows.length, ...(plan.dupStrategy ? { dupStrategy: plan.dupStrategy } : {}) } as IDataObject,
				pairedItem: pairsOf(plan.rows),
			});
		} catch (error) {
			if (continueOnFail) {
				output.push({ json: { ...errorItemJson(error), taskId: plan.taskId, rowCount: plan.rows.length }, pairedItem: pairsOf(plan.rows) });
				continue;
			}
			const where = `The request for task ${plan.taskId} (items ${describeItems(plan.rows.map((row) => row.itemIndex))}) failed.`;
			throw withDescription(this.getNode(), error, firstItem, `${where} ${sentSummary(done)}`);
		}
	}
	return output;
}

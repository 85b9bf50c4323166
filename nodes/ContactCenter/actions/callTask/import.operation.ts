import {
	type IDataObject,
	type IDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	NodeApiError,
	NodeOperationError,
	updateDisplayOptions,
} from 'n8n-workflow';

import { validationError } from '../../input/validation';
import { importCallTaskCustomers, type ImportResult } from '../../api/voiceInterface';
import { describeItems, errorItemJson, labelFields, toNodeError, withDescription } from '../errors';
import { itemParameterReader, taskIdLocator } from './common';
import { autoRowReader, DEFAULT_FIELDS, MAPPING_MODES } from './importAuto';
import {
	checkImportRow,
	type TaskIdMemo,
	planImportRequests,
	type ImportRequestPlan,
	type ImportRow,
} from './importRows';

const MANUAL = { show: { mappingMode: [MAPPING_MODES.manual] } };
const AUTO = { show: { mappingMode: [MAPPING_MODES.auto] } };
const AUTO_OPTION = { show: { '/mappingMode': [MAPPING_MODES.auto] } };

const text = (
	displayName: string,
	name: string,
	description: string,
	more: Partial<INodeProperties> = {},
): INodeProperties => ({ displayName, name, type: 'string', default: '', description, ...more });

/** The item field names Map Automatically tries for the name, remark and variables. */
const aliasFields = (displayOptions: IDisplayOptions): INodeProperties[] => [
	text(
		'Name Fields',
		'nameFields',
		'Item fields that may hold the customer name (the first one present); leave empty to send no name',
		{ default: DEFAULT_FIELDS.name, displayOptions },
	),
	text(
		'Remark Fields',
		'remarkFields',
		'Item fields that may hold the remark (the first one present); leave empty to send no remark',
		{ default: DEFAULT_FIELDS.remark, displayOptions },
	),
	text(
		'Variables Fields',
		'variablesFields',
		'Item field holding the variables, as an object of name → value or a list of {name, value} (the first one present)',
		{ default: DEFAULT_FIELDS.variables, displayOptions },
	),
	text(
		'Fields as Variables',
		'fieldsAsVariables',
		'Item fields sent as variables of the same name, separated by commas, e.g. plan, amount',
		{ displayOptions },
	),
];

const properties: INodeProperties[] = [
	taskIdLocator(
		'The task the customers are imported into. Every input item becomes one customer row of it.',
	),
	{
		displayName: 'Mapping',
		name: 'mappingMode',
		type: 'options',
		// Saved workflows have no value here and keep the manual mapping they were built with.
		default: 'manual',
		description: 'How each input item becomes a customer row',
		options: [
			{
				name: 'Map Each Field Manually',
				value: MAPPING_MODES.manual,
				description:
					'Give the number, name, remark and variables, usually as expressions that read each item',
			},
			{
				name: 'Map Automatically',
				value: MAPPING_MODES.auto,
				description:
					'Read each row from the item fields named below, without per-item expressions: much faster for thousands of items',
			},
		],
	},
	text(
		'Number Fields',
		'numberFields',
		'Item fields that may hold the phone number, separated by commas; the first one an item has is used',
		{ default: DEFAULT_FIELDS.number, displayOptions: AUTO },
	),
	text(
		'Phone Number to Call',
		'customerNumber',
		'Phone number to call, read from each input item: 5 to 20 characters of digits, + and -',
		{ required: true, displayOptions: MANUAL, placeholder: 'e.g. {{ $json.phone }}' },
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: MANUAL,
		options: [
			text('Customer Name', 'customerName', 'Name of the customer, at most 100 characters'),
			text('Remark', 'remark', 'Note on the customer, at most 500 characters'),
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
							text('Name', 'name', 'Variable name, at most 50 characters'),
							text('Value', 'value', 'Variable value, at most 500 characters'),
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
		options: (
			[
				{
					displayName: 'Deduplication',
					name: 'dupStrategy',
					type: 'options',
					default: 'batch',
					description:
						'Which repeated numbers are skipped (the API default is Within This Import). Within This Import and Within the Task apply to every item of the run: a number repeated anywhere in the input is sent once, and the output reports the rows dropped.',
					options: [
						{ name: 'None', value: 'none', description: 'Import every row, even repeated numbers' },
						{
							name: 'Within the Task',
							value: 'task',
							description: 'Skip numbers already in the task or repeated in the input',
						},
						{
							name: 'Within This Import',
							value: 'batch',
							description: 'Skip numbers repeated in the input of this run',
						},
					],
				},
				// Map Automatically's other field names sit here, the number's stays on top.
				...aliasFields(AUTO_OPTION),
			] as INodeProperties[]
		).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['import'] } },
	properties,
);

const itemIndexes = (rows: ImportRow[]) => rows.map((row) => row.itemIndex);
const itemsOf = (rows: ImportRow[]) => describeItems(itemIndexes(rows));

/** The items of a request's rows and of the repeats it left out, in order. */
const pairsOf = ({ rows, dropped }: ImportRequestPlan) =>
	(dropped ? itemIndexes([...rows, ...dropped]).sort((a, b) => a - b) : itemIndexes(rows)).map(
		(item) => ({ item }),
	);

/** What an output item says about the rows left out as repeats of rows of its request. */
function droppedJson({ dropped = [] }: ImportRequestPlan): IDataObject {
	if (dropped.length === 0) return {};
	const droppedItems = describeItems(itemIndexes(dropped), 20);
	return { duplicatesDropped: dropped.length, droppedItems };
}

/** One line per request that went through, so the user can tell what must not be imported again. */
function sentSummary(done: Array<{ plan: ImportRequestPlan; result: ImportResult }>): string {
	if (done.length === 0) return 'No earlier import request of this run had gone through.';
	const lines = done.map(
		({ plan, result }) =>
			`task ${plan.taskId}: import batch ${String(result.importBatchId ?? 'unknown')} with ${plan.rows.length} rows ` +
			`(items ${itemsOf(plan.rows)}; ${String(result.successCount ?? '?')} succeeded)`,
	);
	return `These earlier requests of this run were imported and must not be imported again:\n${lines.join('\n')}`;
}

/** Map Each Field Manually: the parameters of each item (expressions evaluated per item when they have any). */
function manualRowReader(context: IExecuteFunctions) {
	const readTaskId = itemParameterReader<unknown>(context, 'taskId', '', { extractValue: true });
	const readNumber = itemParameterReader<unknown>(context, 'customerNumber', '');
	const readFields = itemParameterReader<IDataObject>(context, 'additionalFields', {});
	const readOptions = itemParameterReader<IDataObject>(context, 'options', {});
	const memo: TaskIdMemo = {};
	return (itemIndex: number) =>
		checkImportRow(
			itemIndex,
			{
				taskId: readTaskId(itemIndex),
				customerNumber: readNumber(itemIndex),
				additionalFields: readFields(itemIndex),
				dupStrategy: readOptions(itemIndex).dupStrategy,
			},
			memo,
		);
}

/**
 * Every input item read into a row before anything is sent. An invalid item (its issues, or an
 * expression that fails for it) becomes an error item under Continue On Fail; otherwise the run
 * stops with the first invalid item's error, naming every invalid item, and nothing is imported.
 */
function readAllRows(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	continueOnFail: boolean,
): { rows: ImportRow[]; errorItems: INodeExecutionData[] } {
	const auto = this.getNodeParameter('mappingMode', 0, MAPPING_MODES.manual) === MAPPING_MODES.auto;
	const readRow = auto ? autoRowReader(this, items) : manualRowReader(this);
	const rows: ImportRow[] = [];
	const errorItems: INodeExecutionData[] = [];
	const invalid: number[] = [];
	let firstInvalid: NodeOperationError | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let error: NodeApiError | NodeOperationError;
		try {
			const { value: row, issues } = readRow(itemIndex);
			if (row) {
				rows.push(row);
				continue;
			}
			error = validationError(this.getNode(), itemIndex, issues);
			labelFields(error, description, this.getNode());
			firstInvalid ??= error;
		} catch (thrown) {
			// An expression that fails for this item (e.g. a missing property) makes only this item invalid.
			error = toNodeError(this.getNode(), thrown, itemIndex);
			if (!continueOnFail) throw error;
		}
		invalid.push(itemIndex);
		if (continueOnFail)
			errorItems.push({ json: errorItemJson(error), pairedItem: { item: itemIndex } });
	}
	if (firstInvalid && !continueOnFail) {
		const which =
			invalid.length > 1 ? `${invalid.length} items are invalid: ${describeItems(invalid)}. ` : '';
		firstInvalid.description = `${firstInvalid.description ?? ''}\n${which}Nothing was imported.`;
		throw firstInvalid;
	}
	return { rows, errorItems };
}

/** The rows left out as repeats of earlier rows, said once in the log and as an execution hint. */
function reportDropped(this: IExecuteFunctions, plans: ImportRequestPlan[], rowCount: number) {
	const dropped = plans.reduce((sum, plan) => sum + (plan.dropped?.length ?? 0), 0);
	if (dropped === 0) return;
	const message = `${dropped} of ${rowCount} rows were not sent: their number repeats an earlier row of this run for the same task (deduplication Within This Import or Within the Task). Each output item lists the rows it left out under droppedItems.`;
	this.logger.info(message, { dropped });
	this.addExecutionHints({ message, type: 'info', location: 'outputPane' });
}

/**
 * Each request sent once, in order; its result is one output item paired with its rows' items. A
 * failure is an error item under Continue On Fail; otherwise it stops the run, saying which earlier
 * requests went through.
 */
async function sendRequests(
	this: IExecuteFunctions,
	plans: ImportRequestPlan[],
	continueOnFail: boolean,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const done: Array<{ plan: ImportRequestPlan; result: ImportResult }> = [];
	for (const plan of plans) {
		const { taskId, dupStrategy, rows: planRows } = plan;
		const firstItem = planRows[0].itemIndex;
		const rowCount = planRows.length;
		try {
			const body = { taskId, customers: planRows.map((row) => row.customer), dupStrategy };
			const result = await importCallTaskCustomers.call(this, body, firstItem);
			done.push({ plan, result });
			const json = { ...result, rowCount, ...(dupStrategy ? { dupStrategy } : {}) };
			output.push({ json: { ...json, ...droppedJson(plan) }, pairedItem: pairsOf(plan) });
		} catch (error) {
			if (!continueOnFail) {
				const where = `The request for task ${taskId} (items ${itemsOf(planRows)}) failed.`;
				throw withDescription(this.getNode(), error, firstItem, `${where} ${sentSummary(done)}`);
			}
			const json = { ...errorItemJson(error), taskId, rowCount, ...droppedJson(plan) };
			output.push({ json, pairedItem: pairsOf(plan) });
		}
	}
	return output;
}

/**
 * Every input item becomes one customer row, checked before anything is sent; rows are sent per
 * (task id, deduplication) in requests of at most 10,000 rows, and each request's result is one
 * output item paired with its rows' items. Imports are writes: a request is never retried.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const { rows, errorItems } = readAllRows.call(this, items, continueOnFail);
	const plans = planImportRequests(rows);
	reportDropped.call(this, plans, rows.length);
	return [...errorItems, ...(await sendRequests.call(this, plans, continueOnFail))];
}

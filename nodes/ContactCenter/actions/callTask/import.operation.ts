import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { validationError } from '../../helpers/validation';
import { FROM_V2, V1_ONLY } from '../../helpers/version';
import { importCallTaskCustomers, type ImportResult } from '../../api/voiceInterface';
import { errorItemJson, toNodeError, withDescription } from '../errors';
import { itemParameterReader, taskIdLocator } from './common';
import {
	autoRowInput,
	MAPPING_MODES,
	nodeLevelReader,
	numberSource,
	readAutoFields,
} from './importAuto';
import {
	checkImportRow,
	describeItems,
	planImport,
	type ImportRequestPlan,
	type ImportRow,
} from './importRows';

const MANUAL = { show: { mappingMode: [MAPPING_MODES.manual] } };
const AUTO = { show: { mappingMode: [MAPPING_MODES.auto] } };
const AUTO_V1 = { show: { mappingMode: [MAPPING_MODES.auto], ...V1_ONLY } };
const AUTO_V2_OPTION = { show: { '/mappingMode': [MAPPING_MODES.auto], ...FROM_V2 } };

/** The item field names Map Automatically tries for the name, remark and variables. */
function aliasFields(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Name Fields',
			name: 'nameFields',
			type: 'string',
			default: 'customerName, name, fullName, full_name, contactName',
			displayOptions,
			description:
				'Item fields that may hold the customer name (the first one present); leave empty to send no name',
		},
		{
			displayName: 'Remark Fields',
			name: 'remarkFields',
			type: 'string',
			default: 'remark, remarks, note, notes, comment',
			displayOptions,
			description:
				'Item fields that may hold the remark (the first one present); leave empty to send no remark',
		},
		{
			displayName: 'Variables Fields',
			name: 'variablesFields',
			type: 'string',
			default: 'variables',
			displayOptions,
			description:
				'Item field holding the variables, as an object of name → value or a list of {name, value} (the first one present)',
		},
		{
			displayName: 'Fields as Variables',
			name: 'fieldsAsVariables',
			type: 'string',
			default: '',
			displayOptions,
			description:
				'Item fields sent as variables of the same name, separated by commas, e.g. plan, amount',
		},
	];
}

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
	{
		displayName: 'Number Fields',
		name: 'numberFields',
		type: 'string',
		default:
			'customerNumber, phone, phoneNumber, phone_number, mobile, mobileNumber, mobile_number, cellphone, tel, telephone, number',
		displayOptions: AUTO,
		description:
			'Item fields that may hold the phone number, separated by commas; the first one an item has is used',
	},
	...aliasFields(AUTO_V1),
	{
		displayName: 'Customer Number',
		name: 'customerNumber',
		type: 'string',
		required: true,
		displayOptions: MANUAL,
		default: '',
		placeholder: 'e.g. {{ $json.phone }}',
		description:
			'Phone number to call, read from each input item: 5 to 20 characters of digits, + and -',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: MANUAL,
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
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								default: '',
								description: 'Variable name, at most 50 characters',
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
								description: 'Variable value, at most 500 characters',
							},
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
				// Version 2: Map Automatically's other field names sit here, the number's stays on top.
				...aliasFields(AUTO_V2_OPTION),
			] as INodeProperties[]
		).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['import'] } },
	properties,
);

const pairsOf = (rows: ImportRow[], dropped: ImportRow[] = []): IPairedItemData[] =>
	dropped.length === 0
		? rows.map((row) => ({ item: row.itemIndex }))
		: [...rows, ...dropped]
				.map((row) => row.itemIndex)
				.sort((a, b) => a - b)
				.map((item) => ({ item }));

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
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const auto = this.getNodeParameter('mappingMode', 0, MAPPING_MODES.manual) === MAPPING_MODES.auto;
	const readOne = auto ? readAutoRow(this, items) : readManualRow(this);

	const output: INodeExecutionData[] = [];
	const rows: ImportRow[] = [];
	let firstInvalid: NodeOperationError | undefined;
	const invalidItems: number[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let checked: ReturnType<typeof checkImportRow>;
		try {
			checked = readOne(itemIndex);
		} catch (error) {
			// An expression that fails for this item (e.g. a missing property) makes only this item invalid.
			const itemError = toNodeError(this.getNode(), error, itemIndex);
			if (!continueOnFail) throw itemError;
			invalidItems.push(itemIndex);
			output.push({ json: errorItemJson(itemError), pairedItem: { item: itemIndex } });
			continue;
		}
		const { value: row, issues } = checked;
		if (row) {
			rows.push(row);
			continue;
		}
		const error = validationError(this.getNode(), itemIndex, issues);
		invalidItems.push(itemIndex);
		firstInvalid ??= error;
		if (continueOnFail)
			output.push({ json: errorItemJson(error), pairedItem: { item: itemIndex } });
	}
	if (firstInvalid && !continueOnFail) {
		if (invalidItems.length > 1) {
			firstInvalid.description = `${firstInvalid.description ?? ''}\n${invalidItems.length} items are invalid: ${describeItems(invalidItems)}. Nothing was imported.`;
		} else {
			firstInvalid.description = `${firstInvalid.description ?? ''}\nNothing was imported.`;
		}
		throw firstInvalid;
	}

	const { plans, dropped } = planImport(rows);
	if (dropped > 0) {
		const message = `${dropped} of ${rows.length} rows were not sent: their number repeats an earlier row of this run for the same task (deduplication Within This Import or Within the Task). Each output item lists the rows it left out under droppedItems.`;
		this.logger.info(message, { dropped });
		this.addExecutionHints({ message, type: 'info', location: 'outputPane' });
	}
	const done: Array<{ plan: ImportRequestPlan; result: ImportResult }> = [];
	for (const plan of plans) {
		const firstItem = plan.rows[0].itemIndex;
		try {
			const result = await importCallTaskCustomers.call(
				this,
				{
					taskId: plan.taskId,
					customers: plan.rows.map((row) => row.customer),
					dupStrategy: plan.dupStrategy,
				},
				firstItem,
			);
			done.push({ plan, result });
			output.push({
				json: {
					...result,
					rowCount: plan.rows.length,
					...(plan.dupStrategy ? { dupStrategy: plan.dupStrategy } : {}),
					...droppedJson(plan),
				} as IDataObject,
				pairedItem: pairsOf(plan.rows, plan.dropped),
			});
		} catch (error) {
			if (continueOnFail) {
				output.push({
					json: {
						...errorItemJson(error),
						taskId: plan.taskId,
						rowCount: plan.rows.length,
						...droppedJson(plan),
					},
					pairedItem: pairsOf(plan.rows, plan.dropped),
				});
				continue;
			}
			const where = `The request for task ${plan.taskId} (items ${describeItems(plan.rows.map((row) => row.itemIndex))}) failed.`;
			throw withDescription(this.getNode(), error, firstItem, `${where} ${sentSummary(done)}`);
		}
	}
	return output;
}

/** What an output item says about the rows left out as repeats of rows of its request. */
function droppedJson(plan: ImportRequestPlan): IDataObject {
	const dropped = plan.dropped ?? [];
	if (dropped.length === 0) return {};
	return {
		duplicatesDropped: dropped.length,
		droppedItems: describeItems(
			dropped.map((row) => row.itemIndex),
			20,
		),
	};
}

type RowReader = (itemIndex: number) => ReturnType<typeof checkImportRow>;

/** Map Each Field Manually: the parameters of each item (expressions evaluated per item when they have any). */
function readManualRow(context: IExecuteFunctions): RowReader {
	const readTaskId = itemParameterReader<unknown>(context, 'taskId', '', { extractValue: true });
	const readNumber = itemParameterReader<unknown>(context, 'customerNumber', '');
	const readFields = itemParameterReader<IDataObject>(context, 'additionalFields', {});
	const readOptions = itemParameterReader<IDataObject>(context, 'options', {});
	return (itemIndex) =>
		checkImportRow(itemIndex, {
			taskId: readTaskId(itemIndex),
			customerNumber: readNumber(itemIndex),
			additionalFields: readFields(itemIndex),
			dupStrategy: readOptions(itemIndex).dupStrategy,
		});
}

/**
 * Map Automatically: the task and options are read once (per item only if an expression reads the
 * item), and every row straight from `item.json`, checked by the same rules as the manual mapping.
 */
function readAutoRow(context: IExecuteFunctions, items: INodeExecutionData[]): RowReader {
	const fields = readAutoFields(context);
	const readTaskId = nodeLevelReader<unknown>(context, 'taskId', '', { extractValue: true });
	const readOptions = nodeLevelReader<IDataObject>(context, 'options', {});
	return (itemIndex) => {
		const { input, numberField } = autoRowInput(
			items[itemIndex].json,
			fields,
			readTaskId(itemIndex),
			readOptions(itemIndex).dupStrategy,
		);
		const checked = checkImportRow(itemIndex, input);
		if (checked.value) return checked;
		return {
			value: undefined,
			issues: checked.issues.map((issue) => autoIssue(issue, fields, numberField)),
		};
	};
}

/** An issue of an automatically mapped row, naming the item field it came from. */
function autoIssue(
	issue: ReturnType<typeof checkImportRow>['issues'][number],
	fields: ReturnType<typeof readAutoFields>,
	numberField: string | undefined,
): ReturnType<typeof checkImportRow>['issues'][number] {
	if (issue.field === 'customerNumber') {
		const fix =
			numberField === undefined
				? `Give each item its number in one of these fields, or put the name of the field that holds it in Number Fields.`
				: issue.fix;
		return { ...issue, field: `Customer Number (from ${numberSource(fields, numberField)})`, fix };
	}
	if (issue.field === 'additionalFields.customerName')
		return { ...issue, field: `Customer Name (item field ${fields.name.join(' / ')})` };
	if (issue.field === 'additionalFields.remark')
		return { ...issue, field: `Remark (item field ${fields.remark.join(' / ')})` };
	if (issue.field.startsWith('additionalFields.variables')) {
		return {
			...issue,
			field: `Variables (item field ${[...fields.variables, ...fields.asVariables].join(' / ')})${issue.field.slice('additionalFields.variables'.length)}`,
		};
	}
	return issue;
}

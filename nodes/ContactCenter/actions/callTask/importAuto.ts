/**
 * "Map Automatically" for Call Task → Import Customers: each row is read straight from the item's
 * fields by name, with no parameter evaluated per item (n8n's evaluation costs more than the import).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Issue } from '../../input/issues';
import { EMPTY_TEXT_ONLY, isBlank, splitList } from '../../input/values';
import { itemParameterReader } from './common';
import { checkImportRow, type ImportRowInput, type TaskIdMemo } from './importRows';

export const MAPPING_MODES = { manual: 'manual', auto: 'autoMapInputData' } as const;

/** The item fields tried for each column, in order: the first one an item has is used. */
export const DEFAULT_FIELDS = {
	number:
		'customerNumber, phone, phoneNumber, phone_number, mobile, mobileNumber, mobile_number, cellphone, tel, telephone, number',
	name: 'customerName, name, fullName, full_name, contactName',
	remark: 'remark, remarks, note, notes, comment',
	variables: 'variables',
} as const;

/** The item field names tried for each column; `asVariables`: item fields sent as variables of the same name. */
export type AutoFields = Record<
	'number' | 'name' | 'remark' | 'variables' | 'asVariables',
	string[]
>;

/** "phone, mobile" → ["phone", "mobile"] (commas or new lines; blanks dropped). */
export function fieldList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	if (value === undefined || value === null) return [];
	return splitList(String(value), 'commasAndLineFeeds');
}

/** The first of `names` that is the item's own field with a value (text of spaces is one: the row checks report it). */
function firstField(json: IDataObject, names: string[]): string | undefined {
	// A loop, not `find`: a closure per call per row is garbage that grows the heap of a 100,000-row import.
	for (const name of names)
		if (Object.hasOwn(json, name) && !isBlank(json[name], EMPTY_TEXT_ONLY)) return name;
	return undefined;
}

const valueOf = (json: IDataObject, names: string[]): unknown => {
	const field = firstField(json, names);
	return field === undefined ? undefined : json[field];
};

/** Variables of an item field (an object of name → value, or a list of {name, value}) as a list. */
const namedPairs = (value: unknown): Array<{ name: unknown; value: unknown }> => {
	if (Array.isArray(value))
		return value.map((entry: unknown) =>
			entry && typeof entry === 'object'
				? { name: (entry as IDataObject).name, value: (entry as IDataObject).value }
				: { name: undefined, value: entry },
		);
	if (value && typeof value === 'object')
		return Object.entries(value).map(([name, v]) => ({ name, value: v }));
	return [{ name: undefined, value }];
};

/** One item's row input, read from its fields; `numberField` names the field of the number (for messages). */
export function autoRowInput(
	json: IDataObject,
	fields: AutoFields,
	taskId: unknown,
	dupStrategy: unknown,
): { input: ImportRowInput; numberField?: string } {
	const numberField = firstField(json, fields.number);
	const additionalFields: ImportRowInput['additionalFields'] = {};
	if (fields.name.length > 0) additionalFields.customerName = valueOf(json, fields.name);
	if (fields.remark.length > 0) additionalFields.remark = valueOf(json, fields.remark);
	const variables = valueOf(json, fields.variables);
	if (fields.asVariables.length > 0) {
		const pairs = variables === undefined ? [] : namedPairs(variables);
		for (const name of fields.asVariables)
			if (json[name] !== undefined) pairs.push({ name, value: json[name] });
		if (pairs.length > 0) additionalFields.variables = pairs;
	} else if (variables !== undefined) {
		additionalFields.variables = variables;
	}
	const customerNumber = numberField === undefined ? undefined : json[numberField];
	return { input: { taskId, customerNumber, additionalFields, dupStrategy }, numberField };
}

/**
 * Expressions that read the current item (`$json`, `$binary`, `.item`, `$itemIndex`, the legacy
 * `$data`, `$node[...]`, `$item(...)`, `pairedItem`); any other (`{{ $('Create Task').first().json.taskId }}`,
 * a constant) gives the same value for every item and is read once.
 */
const READS_ITEM =
	/\$json|\$binary|\$itemIndex|\$item\b|\.item\b|\$data\b|\$node\s*\[|pairedItem|\$position/;

/** The field names of Map Automatically, read once (all but the number's sit under Options). */
function readAutoFields(context: IExecuteFunctions): AutoFields {
	const read = (name: string, fallback: string) =>
		fieldList(
			context.getNodeParameter(name === 'numberFields' ? name : `options.${name}`, 0, fallback),
		);
	return {
		number: read('numberFields', DEFAULT_FIELDS.number),
		name: read('nameFields', DEFAULT_FIELDS.name),
		remark: read('remarkFields', DEFAULT_FIELDS.remark),
		variables: read('variablesFields', DEFAULT_FIELDS.variables),
		asVariables: read('fieldsAsVariables', ''),
	};
}

/** An issue of an automatically mapped row, naming the item field it came from. */
function autoIssue(issue: Issue, fields: AutoFields, numberField: string | undefined): Issue {
	const { field } = issue;
	if (field === 'customerNumber') {
		const source = numberField
			? `the item field "${numberField}"`
			: `none of the item fields ${fields.number.map((f) => `"${f}"`).join(', ')}`;
		const fix =
			numberField === undefined
				? `Give each item its number in one of these fields, or put the name of the field that holds it in Number Fields.`
				: issue.fix;
		return { ...issue, field: `Phone Number to Call (from ${source})`, fix };
	}
	if (field === 'additionalFields.customerName')
		return { ...issue, field: `Customer Name (item field ${fields.name.join(' / ')})` };
	if (field === 'additionalFields.remark')
		return { ...issue, field: `Remark (item field ${fields.remark.join(' / ')})` };
	const variables = 'additionalFields.variables';
	if (!field.startsWith(variables)) return issue;
	const names = [...fields.variables, ...fields.asVariables].join(' / ');
	return { ...issue, field: `Variables (item field ${names})${field.slice(variables.length)}` };
}

/**
 * Map Automatically: the task and options are read once (per item only if an expression reads the
 * item), and every row straight from `item.json`, checked by the same rules as the manual mapping.
 */
export function autoRowReader(context: IExecuteFunctions, items: INodeExecutionData[]) {
	const fields = readAutoFields(context);
	const perItem = READS_ITEM;
	const readTaskId = itemParameterReader<unknown>(context, 'taskId', '', {
		perItem,
		extractValue: true,
	});
	const readOptions = itemParameterReader<IDataObject>(context, 'options', {}, { perItem });
	const memo: TaskIdMemo = {};
	return (itemIndex: number) => {
		const { input, numberField } = autoRowInput(
			items[itemIndex].json,
			fields,
			readTaskId(itemIndex),
			readOptions(itemIndex).dupStrategy,
		);
		const checked = checkImportRow(itemIndex, input, memo);
		if (checked.value) return checked;
		return { ...checked, issues: checked.issues.map((i) => autoIssue(i, fields, numberField)) };
	};
}

/**
 * Output: the one choice every read (and the trigger) offers for its items. Simplified (the
 * default) keeps the fields workflows use, Raw is the record exactly as the API sends it, Selected
 * Fields keeps only the fields picked from the record's own (API) field names.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Checked, Issue } from '../input/issues';
import { readList } from '../input/parameters';
import { assertValid, oneOf } from '../input/validation';

export const OUTPUT_MODES = ['simple', 'raw', 'fields'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

/** One item's choice: the mode, and for Selected Fields the field names (at least one). */
export interface OutputChoice {
	mode: OutputMode;
	fields: string[];
}

const OUTPUT_LABEL = 'Output';

/**
 * `output`, and `fields` shown for Selected Fields: a fixed list of the record's field names, or
 * (customers) a load-options method that adds the tenant's custom fields.
 */
export function outputProperties(options: {
	/** What one item is, plural: "customers", "tasks". */
	what: string;
	/** What Simplified keeps, e.g. "ten fields and the custom fields". */
	simplified: string;
	fields: INodePropertyOptions[] | { loadOptionsMethod: string };
}): INodeProperties[] {
	const fieldsProperty: INodeProperties = Array.isArray(options.fields)
		? {
				displayName: 'Fields',
				name: 'fields',
				type: 'multiOptions',
				default: [],
				options: [...options.fields].sort((a, b) => a.name.localeCompare(b.name)),
				description: `The fields of the ${options.what} to output, by their API names`,
			}
		: {
				displayName: 'Field Names or IDs',
				name: 'fields',
				type: 'multiOptions',
				default: [],
				typeOptions: { loadOptionsMethod: options.fields.loadOptionsMethod },
				description:
					'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			};
	return [
		{
			displayName: OUTPUT_LABEL,
			name: 'output',
			type: 'options',
			default: 'simple',
			description: `What each output item holds of the ${options.what}`,
			options: [
				{
					name: 'Raw',
					value: 'raw',
					description: `The ${options.what} exactly as the API sends them, every field`,
				},
				{
					name: 'Selected Fields',
					value: 'fields',
					description: 'Only the fields chosen below, under their API names',
				},
				{
					name: 'Simplified',
					value: 'simple',
					description: `The fields workflows use: ${options.simplified}`,
				},
			],
		},
		{ ...fieldsProperty, displayOptions: { show: { output: ['fields'] } } },
	];
}

/** Field names as options (name and value the same: the API's names are what items carry). */
export const fieldOptions = (names: readonly string[]): INodePropertyOptions[] =>
	names.map((name) => ({ name, value: name }));

/** The choice from the two parameter values; issues name the fields as the form shows them. */
export function checkOutput(mode: unknown, fields: unknown): Checked<OutputChoice> {
	const issues: Issue[] = [];
	const modeIssue = oneOf('output', mode, OUTPUT_MODES);
	if (modeIssue) issues.push(modeIssue);
	const chosen: OutputMode =
		typeof mode === 'string' && (OUTPUT_MODES as readonly string[]).includes(mode)
			? (mode as OutputMode)
			: 'simple';
	if (chosen !== 'fields') return { value: { mode: chosen, fields: [] }, issues };
	const list = readList('fields', fields, 'field names');
	issues.push(...list.issues);
	const names = [...new Set(list.value)];
	if (list.issues.length === 0 && names.length === 0)
		issues.push({
			field: 'fields',
			problem: 'is empty while Output is Selected Fields',
			fix: 'Pick at least one field, or set Output to Simplified or Raw.',
		});
	return { value: { mode: chosen, fields: names }, issues };
}

/** This item's choice, checked before its request is sent. */
export function readOutput(this: IExecuteFunctions, itemIndex: number): OutputChoice {
	const mode = this.getNodeParameter('output', itemIndex, 'simple');
	const fields = mode === 'fields' ? this.getNodeParameter('fields', itemIndex, []) : [];
	const checked = checkOutput(mode, fields);
	assertValid(this.getNode(), itemIndex, checked.issues);
	return checked.value;
}

/** Only the chosen fields of a record, in the order chosen; a field the record lacks is null. */
export function selectFields(record: IDataObject, fields: readonly string[]): IDataObject {
	return Object.fromEntries(fields.map((name) => [name, record[name] ?? null]));
}

/** A record as the choice outputs it; `simplify` is the resource's own simplifier. */
export function shapeRecord(
	record: IDataObject,
	choice: OutputChoice,
	simplify: (record: IDataObject) => IDataObject,
): IDataObject {
	if (choice.mode === 'raw') return record;
	if (choice.mode === 'fields') return selectFields(record, choice.fields);
	return simplify(record);
}

/**
 * Output Fields: keep only the named fields of every output item, so an AI agent (or a
 * workflow) gets the few values it needs instead of whole records. Read and checked before the
 * item's request, applied to what the operation returns.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readList } from './parameters';
import { assertValid } from './validation';
import { isRecord } from './values';

export const OUTPUT_FIELDS = 'outputFields';
const LABEL = 'Output Fields';

export const outputFieldsProperty: INodeProperties = {
	displayName: LABEL,
	name: OUTPUT_FIELDS,
	type: 'string',
	default: '',
	placeholder: 'e.g. _id, customerName, mobile',
	description:
		'Names of the fields to keep in every output item, separated by commas (dots reach nested fields, e.g. data.customerPhone); empty keeps every field',
};

const FIELD_PATH = /^[^.\s]+(\.[^.\s]+)*$/;

/** The field paths of one item (empty: keep everything); throws the node's validation error for bad input. */
export function readOutputFields(this: IExecuteFunctions, itemIndex: number): string[][] {
	const read = readList(LABEL, this.getNodeParameter(OUTPUT_FIELDS, itemIndex, ''), 'field names');
	const bad = read.value.find((field) => !FIELD_PATH.test(field));
	assertValid(this.getNode(), itemIndex, [
		...read.issues,
		bad === undefined
			? undefined
			: {
					field: LABEL,
					problem: `has "${bad}", which is not a field name (no spaces; dots only between names)`,
					fix: 'Separate field names with commas, e.g. _id, customerName, data.customerPhone.',
				},
	]);
	return read.value.map((field) => field.split('.'));
}

/**
 * The field paths of every item of a batch. A stored value that is no expression is the same for
 * every item: it is read and checked once (an import of 25,000 rows asks n8n once, not 25,000 times).
 */
export function readOutputFieldsOfItems(this: IExecuteFunctions, count: number): string[][][] {
	const stored = this.getNode().parameters[OUTPUT_FIELDS];
	if (count > 0 && !(typeof stored === 'string' && stored.startsWith('='))) {
		const fields = readOutputFields.call(this, 0);
		return new Array<string[][]>(count).fill(fields);
	}
	return Array.from({ length: count }, (_, itemIndex) => readOutputFields.call(this, itemIndex));
}

/** Only the given paths of a record, nested as they were; paths it lacks are left out. */
export function pickFields(record: IDataObject, paths: string[][]): IDataObject {
	if (paths.length === 0) return record;
	const picked: IDataObject = {};
	for (const path of paths) {
		let source: unknown = record;
		for (const key of path) source = isRecord(source) ? source[key] : undefined;
		if (source === undefined) continue;
		let target = picked;
		for (const key of path.slice(0, -1)) {
			if (!isRecord(target[key])) target[key] = {};
			target = target[key] as IDataObject;
		}
		target[path[path.length - 1]] = source as IDataObject[string];
	}
	return picked;
}

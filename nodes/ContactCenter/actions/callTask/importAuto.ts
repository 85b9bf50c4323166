/**
 * "Map Automatically" for Call Task → Import Customers: each row is read straight from the input
 * item's fields by name, the way n8n's database nodes map columns automatically. No parameter is
 * evaluated per item (n8n evaluates an expression for every item, which costs far more than the
 * import itself): the node-level parameters are read once, and every item's `json` is read directly.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { EMPTY_TEXT_ONLY, isBlank, splitList } from '../../helpers/values';
import { isV2 } from '../../helpers/version';
import { hasExpression } from './common';
import type { ImportRowInput } from './importRows';

export const MAPPING_MODES = { manual: 'manual', auto: 'autoMapInputData' } as const;

/** The item fields tried for each column, in order: the first one an item has is used. */
export const DEFAULT_FIELDS = {
	number:
		'customerNumber, phone, phoneNumber, phone_number, mobile, mobileNumber, mobile_number, cellphone, tel, telephone, number',
	name: 'customerName, name, fullName, full_name, contactName',
	remark: 'remark, remarks, note, notes, comment',
	variables: 'variables',
} as const;

export interface AutoFields {
	number: string[];
	name: string[];
	remark: string[];
	variables: string[];
	/** Item fields sent as variables of the same name. */
	asVariables: string[];
}

/** "phone, mobile" → ["phone", "mobile"] (commas or new lines; blanks dropped). */
export function fieldList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	if (value === undefined || value === null) return [];
	return splitList(String(value), 'commasAndLineFeeds');
}

/** The roles an item field can play, in the order of AutoFields' lists. */
const NUMBER = 0;
const NAME = 1;
const REMARK = 2;
const VARIABLES = 3;
const ROLES = 4;
/** A role and a place in its list, packed: role * PLACES + place. */
const PLACES = 1 << 16;

/**
 * Each field name of the lists with its roles (a name may be in more than one list), built once per
 * AutoFields. A row is then read with one pass over the item's own fields instead of one look-up
 * per candidate name (22 with the defaults), most of them for fields the item does not have.
 */
const rolesCache = new WeakMap<AutoFields, Map<string, number[]>>();
function rolesOf(fields: AutoFields): Map<string, number[]> {
	let roles = rolesCache.get(fields);
	if (roles) return roles;
	roles = new Map();
	const lists = [fields.number, fields.name, fields.remark, fields.variables];
	for (let role = 0; role < ROLES; role++) {
		const names = lists[role];
		for (let place = 0; place < names.length && place < PLACES; place++) {
			const codes = roles.get(names[place]);
			if (codes) codes.push(role * PLACES + place);
			else roles.set(names[place], [role * PLACES + place]);
		}
	}
	rolesCache.set(fields, roles);
	return roles;
}

// One scratch result, filled per row and read at once by autoRowInput: nothing allocated per row.
const chosen = new Int32Array(ROLES);

/**
 * For each role, the place in its list of the first field name the item has a value for (undefined,
 * null and '' are no value; text of spaces is one, the row checks report it), or -1. Only the item's
 * own fields count. The result is the shared scratch array above, valid until the next call.
 */
function chosenPlaces(json: IDataObject, fields: AutoFields): Int32Array {
	const roles = rolesOf(fields);
	chosen.fill(PLACES);
	for (const key in json) {
		const codes = roles.get(key);
		if (codes === undefined || !Object.prototype.hasOwnProperty.call(json, key)) continue;
		if (isBlank(json[key], EMPTY_TEXT_ONLY)) continue;
		for (let i = 0; i < codes.length; i++) {
			const role = (codes[i] / PLACES) | 0;
			const place = codes[i] % PLACES;
			if (place < chosen[role]) chosen[role] = place;
		}
	}
	for (let role = 0; role < ROLES; role++) if (chosen[role] === PLACES) chosen[role] = -1;
	return chosen;
}

const valueAt = (json: IDataObject, names: string[], place: number): unknown =>
	place < 0 ? undefined : json[names[place]];

/**
 * One item's row input, read from its fields. `numberField` names the field the number came from
 * (for messages). Runs once per input item of an import, so it reads each field once and builds
 * nothing it does not return.
 */
export function autoRowInput(
	json: IDataObject,
	fields: AutoFields,
	taskId: unknown,
	dupStrategy: unknown,
): { input: ImportRowInput; numberField?: string } {
	const places = chosenPlaces(json, fields);
	const numberAt = places[NUMBER];
	const additionalFields: ImportRowInput['additionalFields'] = {};
	if (fields.name.length > 0)
		additionalFields.customerName = valueAt(json, fields.name, places[NAME]);
	if (fields.remark.length > 0)
		additionalFields.remark = valueAt(json, fields.remark, places[REMARK]);
	const variables = valueAt(json, fields.variables, places[VARIABLES]);
	if (fields.asVariables.length > 0) {
		const pairs: Array<{ name: unknown; value: unknown }> = [];
		if (!isBlank(variables, EMPTY_TEXT_ONLY)) pairs.push(...namedPairs(variables));
		for (const name of fields.asVariables)
			if (json[name] !== undefined) pairs.push({ name, value: json[name] });
		if (pairs.length > 0) additionalFields.variables = pairs;
	} else if (!isBlank(variables, EMPTY_TEXT_ONLY)) {
		additionalFields.variables = variables;
	}
	const input: ImportRowInput = {
		taskId,
		customerNumber: numberAt < 0 ? undefined : json[fields.number[numberAt]],
		additionalFields,
		dupStrategy,
	};
	return numberAt < 0 ? { input } : { input, numberField: fields.number[numberAt] };
}

/** Variables of an item field (an object of name → value, or a list of {name, value}) as a list. */
function namedPairs(value: unknown): Array<{ name: unknown; value: unknown }> {
	if (Array.isArray(value))
		return value
			.map((entry: unknown) =>
				entry && typeof entry === 'object'
					? (entry as { name?: unknown; value?: unknown })
					: { name: undefined, value: entry },
			)
			.map((e) => ({ name: e.name, value: e.value }));
	if (value && typeof value === 'object')
		return Object.entries(value).map(([name, v]) => ({ name, value: v }));
	return [{ name: undefined, value }];
}

/**
 * Expressions that can give a different value per item: they read the current item (`$json`,
 * `$binary`, `.item`, `$itemIndex`, the legacy `$data`, `$node[...]`, `$item(...)`, `pairedItem`).
 * An expression without any of these (`{{ $('Create Task').first().json.taskId }}`, a constant)
 * gives the same value for every item and is read once.
 */
const ITEM_DEPENDENT =
	/\$json|\$binary|\$itemIndex|\$item\b|\.item\b|\$data\b|\$node\s*\[|pairedItem|\$position/;

export function isItemDependent(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=') && ITEM_DEPENDENT.test(value);
	if (Array.isArray(value)) return value.some(isItemDependent);
	if (value && typeof value === 'object') return Object.values(value).some(isItemDependent);
	return false;
}

/**
 * A node-level parameter for every item: read once when its value cannot differ per item (no
 * expression, or an expression that does not read the item); evaluated per item only when it does.
 */
export function nodeLevelReader<T>(
	context: IExecuteFunctions,
	name: string,
	fallback: T,
	options?: { extractValue?: boolean },
): (itemIndex: number) => T {
	const raw = context.getNode().parameters[name];
	if (hasExpression(raw) && isItemDependent(raw)) {
		return (itemIndex) => context.getNodeParameter(name, itemIndex, fallback, options) as T;
	}
	let cached: { value: T } | undefined;
	return () => {
		cached ??= { value: context.getNodeParameter(name, 0, fallback, options) as T };
		return cached.value;
	};
}

/** The field names of Map Automatically, read once (version 2 keeps all but the number's under Options). */
export function readAutoFields(context: IExecuteFunctions): AutoFields {
	const v2 = isV2(context.getNode());
	const read = (name: string, fallback: string) =>
		fieldList(
			context.getNodeParameter(
				v2 && name !== 'numberFields' ? `options.${name}` : name,
				0,
				fallback,
			),
		);
	return {
		number: read('numberFields', DEFAULT_FIELDS.number),
		name: read('nameFields', DEFAULT_FIELDS.name),
		remark: read('remarkFields', DEFAULT_FIELDS.remark),
		variables: read('variablesFields', DEFAULT_FIELDS.variables),
		asVariables: read('fieldsAsVariables', ''),
	};
}

/** How the field of a row's number is named in messages. */
export function numberSource(fields: AutoFields, numberField: string | undefined): string {
	return numberField
		? `the item field "${numberField}"`
		: `none of the item fields ${fields.number.map((f) => `"${f}"`).join(', ')}`;
}

/**
 * Custom customer fields: the tenant's field configuration as resource-mapper fields, and the
 * mapper's values checked against the schema saved with the node and converted to the API's form
 * (custom fields are strings in the API, keyed by their `field` id).
 */
import type {
	FieldType,
	IDataObject,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';

import { toApiTime, type DateInput } from '../../api/time';
import type { Checked, Issue, Read } from '../../input/issues';
import { isBlank, isRecord, splitList } from '../../input/values';

/** `add` (create, upsert): required custom fields must be filled. `update`: every field is optional. */
export type MapperMode = 'add' | 'update';

export interface FieldChoice {
	key: string;
	value: string;
	isDefault?: boolean;
}

/** The part of a CustomerFieldVO the node uses. */
export interface CustomerFieldConfig {
	field: string;
	name: string;
	type: string;
	/** 0 disabled, 1 enabled, -1 deleted. */
	status: number;
	isSystem: boolean;
	required: boolean;
	searchable: boolean;
	choices: FieldChoice[];
	sort: number;
	/** A cascade field's valid key paths (deepest level), e.g. `zj/hz` named `Zhejiang/Hangzhou`. */
	cascade?: CascadePath[];
}

export interface CascadePath {
	path: string;
	names: string;
}

/** Every key path to a last-level option of a cascade (CascadeOptionsDubbo), in the configured order. */
function cascadePaths(
	children: unknown,
	prefix: CascadePath | undefined = undefined,
	depth = 0,
): CascadePath[] {
	if (!Array.isArray(children) || depth > 10) return [];
	return children.filter(isRecord).flatMap((child) => {
		const key = String(child.key ?? '').trim();
		if (key === '') return [];
		const name = String(child.value ?? key);
		const here = {
			path: prefix ? `${prefix.path}/${key}` : key,
			names: prefix ? `${prefix.names}/${name}` : name,
		};
		const below = cascadePaths(child.children, here, depth + 1);
		return below.length > 0 ? below : [here];
	});
}

/** A CustomerFieldVO from the field list, read defensively (null choices, missing flags). */
export function toFieldConfig(row: IDataObject): CustomerFieldConfig | undefined {
	const field = typeof row.field === 'string' ? row.field.trim() : '';
	if (!field) return undefined;
	const choices = Array.isArray(row.choices)
		? row.choices.filter(isRecord).map((c) => ({
				key: String(c.key ?? ''),
				value: String(c.value ?? c.key ?? ''),
				isDefault: c.isDefault === true,
			}))
		: [];
	return {
		field,
		name: typeof row.name === 'string' && row.name.trim() ? row.name.trim() : field,
		type: typeof row.type === 'string' ? row.type : 'text',
		status: typeof row.status === 'number' ? row.status : Number(row.status ?? 1),
		isSystem: row.isSystem === true,
		required: row.required === true,
		searchable: row.searchable !== false,
		choices: choices.filter((c) => c.key !== ''),
		sort: typeof row.sort === 'number' ? row.sort : 0,
		...(isRecord(row.options) ? { cascade: cascadePaths(row.options.children) } : {}),
	};
}

/** How many cascade paths a hint lists before it says how many more there are. */
const CASCADE_PATHS_SHOWN = 6;

/**
 * A cascade field's value format and valid paths, e.g.
 * `key path such as zj/hz: zj/hz (Zhejiang/Hangzhou), zj/nb (Zhejiang/Ningbo), bj/cy (Beijing/Chaoyang)`.
 */
export function cascadeHint(config: CustomerFieldConfig): string | undefined {
	const paths = config.cascade ?? [];
	if (paths.length === 0)
		return config.type.toLowerCase() === 'cascade' ? 'key path, levels joined by /' : undefined;
	const listed = paths
		.slice(0, CASCADE_PATHS_SHOWN)
		.map((p) => (p.names && p.names !== p.path ? `${p.path} (${p.names})` : p.path));
	const more =
		paths.length > CASCADE_PATHS_SHOWN ? `, and ${paths.length - CASCADE_PATHS_SHOWN} more` : '';
	return `key path such as ${paths[0].path}: ${listed.join(', ')}${more}`;
}

export const isEnabled = (config: CustomerFieldConfig): boolean => config.status === 1;

/** A multi-choice field: several choice keys, comma-separated in one string. */
const MULTI_CHOICE_TYPES = new Set(['multiselect', 'checkbox']);

export function mapperFieldType(config: CustomerFieldConfig): FieldType {
	const type = config.type.toLowerCase();
	if (config.choices.length > 0 && !MULTI_CHOICE_TYPES.has(type)) return 'options';
	if (type === 'number') return 'number';
	if (type === 'datetime') return 'dateTime';
	// Date-only fields stay text (yyyy-MM-dd): a calendar date has no zone to convert.
	return 'string';
}

function choiceOptions(config: CustomerFieldConfig): INodePropertyOptions[] {
	return config.choices.map((c) => ({
		name: c.value && c.value !== c.key ? `${c.value} (${c.key})` : c.key,
		value: c.key,
	}));
}

function hint(config: CustomerFieldConfig): string {
	const type = config.type.toLowerCase();
	if (type === 'date') return ' (yyyy-MM-dd)';
	if (config.choices.length > 0 && MULTI_CHOICE_TYPES.has(type)) return ' (comma-separated keys)';
	const cascade = cascadeHint(config);
	if (cascade) return ` (${cascade})`;
	return '';
}

/** One custom field as the resource mapper shows it. Choices travel in `options` for validation. */
export function toMapperField(config: CustomerFieldConfig, mode: MapperMode): ResourceMapperField {
	const type = mapperFieldType(config);
	const field: ResourceMapperField = {
		id: config.field,
		displayName: config.name + hint(config),
		required: mode === 'add' && config.required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type,
	};
	if (config.choices.length > 0) field.options = choiceOptions(config);
	return field;
}

/** The custom fields (enabled, not preset) of a field list, in the tenant's order. */
export function mapperFields(
	configs: CustomerFieldConfig[],
	mode: MapperMode,
): ResourceMapperField[] {
	return configs
		.filter((c) => !c.isSystem && isEnabled(c))
		.sort((a, b) => a.sort - b.sort)
		.map((c) => toMapperField(c, mode));
}

// ---- values ------------------------------------------------------------------------------------

interface SchemaEntry {
	id: string;
	displayName: string;
	required: boolean;
	type?: string;
	options: string[];
	removed: boolean;
}

function schemaOf(mapper: IDataObject): Map<string, SchemaEntry> {
	const entries = new Map<string, SchemaEntry>();
	for (const raw of Array.isArray(mapper.schema) ? mapper.schema : []) {
		if (!isRecord(raw) || typeof raw.id !== 'string') continue;
		entries.set(raw.id, {
			id: raw.id,
			displayName: typeof raw.displayName === 'string' ? raw.displayName : raw.id,
			required: raw.required === true,
			type: typeof raw.type === 'string' ? raw.type : undefined,
			options: Array.isArray(raw.options)
				? raw.options.filter(isRecord).map((o) => String(o.value))
				: [],
			removed: raw.removed === true,
		});
	}
	return entries;
}

/** A mapper value not given: a multi-choice value with no choice counts as not given too. */
const isBlankValue = (value: unknown): boolean => isBlank(value, { emptyList: true });

/** How the user knows the field: its display name in the mapper, else its id. */
function label(entry: SchemaEntry | undefined, key: string): string {
	return `custom field "${entry?.displayName ?? key}"`;
}

function plainText(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (Array.isArray(value))
		return value
			.map(plainText)
			.filter((v) => v !== '')
			.join(',');
	if (isRecord(value)) return JSON.stringify(value);
	return String(value);
}

/** A number field's value as the number's text. */
function convertNumber(field: string, name: string, value: unknown): Read<string> {
	const n =
		typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
	if (Number.isFinite(n)) return { value: String(n) };
	return {
		issue: {
			field,
			problem: `must be a number (got ${JSON.stringify(value)})`,
			fix: `Enter a number in the ${name}.`,
		},
	};
}

/** A date-time field's value as an API time in the API zone. */
function convertDateTime(
	field: string,
	name: string,
	value: unknown,
	zoneOf: { workflow: string; api: string },
): Read<string> {
	const time = toApiTime(value as DateInput, zoneOf.workflow, zoneOf.api);
	if (time !== undefined) return { value: time };
	return {
		issue: {
			field,
			problem: `must be a date and time (got ${JSON.stringify(plainText(value))})`,
			fix: `Give the ${name} an ISO date-time such as 2026-11-22T09:30:00 or an expression like {{ $now }}.`,
		},
	};
}

/** A single-choice field's value: one of its choices (any text when the schema lists none). */
function convertChoice(
	field: string,
	name: string,
	value: unknown,
	choices: string[],
): Read<string> {
	const choice = plainText(value);
	if (choices.length === 0 || choices.includes(choice)) return { value: choice };
	return {
		issue: {
			field,
			problem: `must be one of the choices ${choices.join(', ')} (got "${choice}")`,
			fix: `Pick one of the listed choices for the ${name} (reload the custom fields if the configuration changed).`,
		},
	};
}

/** A multi-choice field's value: choice keys from a list or comma-separated text, sent joined by commas. */
function convertChoiceKeys(
	field: string,
	name: string,
	value: unknown,
	choices: string[],
): Read<string> {
	const keys = (Array.isArray(value) ? value.map(plainText) : splitList(plainText(value), 'commas'))
		.map((k) => k.trim())
		.filter((k) => k !== '');
	const unknown = keys.filter((k) => !choices.includes(k));
	if (unknown.length === 0) return { value: keys.join(',') };
	return {
		issue: {
			field,
			problem: `has values that are not choices: ${unknown.join(', ')} (allowed: ${choices.join(', ')})`,
			fix: `Use only the listed choice keys for the ${name}, separated by commas.`,
		},
	};
}

/** One value converted by its schema type; an issue when it cannot be. */
function convert(
	key: string,
	value: unknown,
	entry: SchemaEntry | undefined,
	zoneOf: { workflow: string; api: string },
): Read<string> {
	const field = `customFields.${key}`;
	const name = label(entry, key);
	switch (entry?.type) {
		case 'number':
			return convertNumber(field, name, value);
		case 'dateTime':
			return convertDateTime(field, name, value, zoneOf);
		case 'options':
			return convertChoice(field, name, value, entry.options);
		default:
			if (entry && entry.options.length > 0)
				return convertChoiceKeys(field, name, value, entry.options);
			return { value: plainText(value) };
	}
}

/**
 * The values of the `customFields` resource mapper as API fields (`{field: string}`), checked
 * against the schema saved with the node: required fields (mode `add`), choices, numbers and
 * date-times (converted to the API zone). Empty values are not sent.
 */
export function readCustomFieldValues(
	mapperValue: unknown,
	mode: MapperMode,
	zones: { workflow: string; api: string },
): Checked<Record<string, string>> {
	const values: Record<string, string> = {};
	const issues: Issue[] = [];
	if (!isRecord(mapperValue)) return { value: values, issues };
	const schema = schemaOf(mapperValue);
	const given = isRecord(mapperValue.value) ? mapperValue.value : {};
	if (mode === 'add') {
		for (const entry of schema.values()) {
			if (entry.required && !entry.removed && isBlankValue(given[entry.id])) {
				issues.push({
					field: `customFields.${entry.id}`,
					problem: 'is required',
					fix: `Fill in the ${label(entry, entry.id)} under Custom Fields.`,
				});
			}
		}
	}
	for (const [key, value] of Object.entries(given)) {
		if (isBlankValue(value)) continue;
		const converted = convert(key, value, schema.get(key), zones);
		if (converted.issue) issues.push(converted.issue);
		else if (converted.value !== undefined) values[key] = converted.value;
	}
	return { value: values, issues };
}

/**
 * The generated input cases of the reliability suite. Each operation has a template: its parameters
 * with every validated leaf bound to the input item (`={{ $json.k }}`, as a data-driven workflow
 * sets them) and a valid item. Cases are generated from rules: lengths at limit−1, limit (pass)
 * and limit+1 (fail), enums from the node's own option lists (each allowed value passes, near
 * misses fail), empty values where required, wrong formats, duplicates where forbidden, and counts
 * around their limits. A case whose parameters differ from the template (a list of 21 variables,
 * no call window) is "structural": it runs on its own parameters.
 */
import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	ResourceMapperField,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

export interface Template {
	op: string;
	/** Cases of the same group share these parameters (default: the op). */
	group?: string;
	parameters: INodeParameters;
	/** A valid input item: every `$json` key the parameters read. */
	defaults: IDataObject;
	/** The node version the cases run in (default: 1, as every saved workflow before version 2). */
	typeVersion?: number;
}

export interface InputCase {
	id: number;
	op: string;
	/** The field as the node names it in its error. */
	field: string;
	rule: string;
	/** What was given, for the test title. */
	value: string;
	valid: boolean;
	/** For invalid cases: the rule the error must state for `field`. */
	problem?: RegExp;
	parameters: INodeParameters;
	item: IDataObject;
	/** True when the parameters are the template's: the case can run as one item among others. */
	batchable: boolean;
	/** Batchable cases of one group share their parameters. */
	group: string;
	/** The node version the case runs in (undefined: version 1). */
	typeVersion?: number;
}

// ---- the node's own option lists --------------------------------------------------------------

type Nested = INodeProperties | { name: string; values?: INodeProperties[]; displayName?: string };

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return (
		!show ||
		((show.resource ?? [resource]).includes(resource) &&
			(show.operation ?? [operation]).includes(operation))
	);
}

function findIn(properties: Nested[], name: string): INodeProperties | undefined {
	for (const property of properties) {
		if (
			'type' in property &&
			property.name === name &&
			(property.type === 'options' || property.type === 'multiOptions')
		)
			return property;
		const children =
			'values' in property && Array.isArray(property.values)
				? property.values
				: 'options' in property && Array.isArray(property.options)
					? property.options
					: [];
		const found = findIn(
			(children as unknown[]).filter(
				(c) => typeof c === 'object' && c !== null && 'name' in c,
			) as Nested[],
			name,
		);
		if (found) return found;
	}
	return undefined;
}

/** The values the node offers for an options parameter of an operation (searched through collections). */
export function optionValues(resource: string, operation: string, name: string): string[] {
	const properties = new ContactCenter().description.properties.filter((p) =>
		shownFor(p, resource, operation),
	);
	const property = findIn(properties, name);
	if (!property?.options)
		throw new Error(`no options parameter "${name}" in ${resource}.${operation}`);
	return property.options.map((option) => String((option as { value: unknown }).value));
}

// ---- generators -------------------------------------------------------------------------------

const RULES = {
	required: /is required|needs at least one|must have at least one|cannot be empty|is empty/,
	maxLength: (max: number) => new RegExp(`must be at most ${max} characters`),
	oneOf:
		/must be one of|must be \S+ or \S+|which is not a|is not a task state|must be 1, 2 or 3|must be 1 \(random\)|must be call or im/,
	positive: /greater than 0/,
	nonNegative: /0 or more/,
	duplicate: /twice|more than once|repeats/,
	customerNumber: /must be 5 to 20 characters of digits, \+ and -/,
	dateTime: /date and time|not a date|must be a date/,
	timeRange: /not a time range|end is not after its start/,
	weekday: /not a weekday/,
	phone: /not phone numbers/,
	// Customer → Search and Create or Update (version 2): one phone number, no letters.
	phoneNumber: /must be a phone number/,
	// Customer → Search: Phone, Email or Name.
	criterion: /needs at least one of them/,
	order: /is later than|must not be earlier than/,
	future: /must be in the future/,
	boolean: /must be true or false/,
	choice: /must be one of the choices|must be a number|must be a date and time/,
};

export class CaseBuilder {
	readonly cases: InputCase[] = [];

	constructor(private readonly template: Template) {}

	private add(c: Omit<InputCase, 'id' | 'op' | 'group'>): void {
		this.cases.push({
			id: 0,
			op: this.template.op,
			group: this.template.group ?? this.template.op,
			typeVersion: this.template.typeVersion,
			...c,
		});
	}

	/** One item value (or several keys at once) changed in the template's item. */
	leaf(
		field: string,
		rule: string,
		change: IDataObject,
		valid: boolean,
		problem?: RegExp,
		label?: string,
	): this {
		this.add({
			field,
			rule,
			value:
				label ??
				JSON.stringify(
					Object.values(change).length === 1 ? Object.values(change)[0] : change,
				).slice(0, 60),
			valid,
			problem,
			parameters: this.template.parameters,
			item: { ...this.template.defaults, ...change },
			batchable: true,
		});
		return this;
	}

	/** Parameters unlike the template's (a list of a different length); the item stays the template's. */
	structural(
		field: string,
		rule: string,
		label: string,
		parameters: INodeParameters,
		valid: boolean,
		problem?: RegExp,
		item?: IDataObject,
	): this {
		this.add({
			field,
			rule,
			value: label,
			valid,
			problem,
			parameters,
			item: { ...this.template.defaults, ...item },
			batchable: false,
		});
		return this;
	}

	/** Lengths around a limit: (min−1 fails,) min and max pass, max−1 passes, max+1 fails. */
	lengths(
		key: string,
		field: string,
		limits: { max: number; min?: number },
		make: (length: number) => string = (n) => 'x'.repeat(n),
	): this {
		const { max, min } = limits;
		const rule = min === undefined ? `at most ${max} characters` : `${min} to ${max} characters`;
		const problem = min === undefined ? RULES.maxLength(max) : RULES.customerNumber;
		if (min !== undefined) {
			this.leaf(field, rule, { [key]: make(min - 1) }, false, problem, `${min - 1} characters`);
			this.leaf(field, rule, { [key]: make(min) }, true, undefined, `${min} characters`);
			this.leaf(field, rule, { [key]: make(min + 1) }, true, undefined, `${min + 1} characters`);
		}
		this.leaf(field, rule, { [key]: make(max - 1) }, true, undefined, `${max - 1} characters`);
		this.leaf(field, rule, { [key]: make(max) }, true, undefined, `${max} characters`);
		this.leaf(field, rule, { [key]: make(max + 1) }, false, problem, `${max + 1} characters`);
		return this;
	}

	/**
	 * An enum from the node's option list: every allowed value passes; near misses (other case, a
	 * suffix, a foreign word) fail; empty fails when the field is required.
	 */
	enumeration(
		key: string,
		field: string,
		allowed: string[],
		options: { required?: boolean; list?: boolean; passAll?: boolean } = {},
	): this {
		const wrap = (value: string) => (options.list ? [value] : value);
		if (options.passAll !== false)
			for (const value of allowed)
				this.leaf(field, 'one of the options', { [key]: wrap(value) }, true);
		const misses = new Set([
			allowed[0].toUpperCase(),
			allowed[0].toLowerCase(),
			`${allowed[0]}_x`,
			'unknown',
		]);
		for (const miss of misses) {
			if (allowed.includes(miss)) continue;
			this.leaf(field, 'one of the options', { [key]: wrap(miss) }, false, RULES.oneOf);
		}
		// An empty choice may be reported as missing or as not one of the options.
		if (options.required)
			this.empty(
				key,
				field,
				['', '   '],
				new RegExp(`${RULES.required.source}|${RULES.oneOf.source}`),
			);
		return this;
	}

	/** Empty and blank values where a value is required. */
	empty(
		key: string,
		field: string,
		values: unknown[] = ['', '   '],
		problem: RegExp = RULES.required,
	): this {
		for (const value of values)
			this.leaf(field, 'required', { [key]: value as IDataObject[string] }, false, problem);
		return this;
	}

	/** Whole numbers greater than 0: 0, −1 and 1.5 fail; 1 and 2 pass. */
	positive(key: string, field: string): this {
		for (const value of [0, -1, 1.5])
			this.leaf(field, 'whole number > 0', { [key]: value }, false, RULES.positive);
		for (const value of [1, 2]) this.leaf(field, 'whole number > 0', { [key]: value }, true);
		return this;
	}

	/** Whole numbers of 0 or more: −1 and 1.5 fail; 0 and 1 pass. */
	nonNegative(key: string, field: string): this {
		for (const value of [-1, 1.5])
			this.leaf(field, 'whole number >= 0', { [key]: value }, false, RULES.nonNegative);
		for (const value of [0, 1]) this.leaf(field, 'whole number >= 0', { [key]: value }, true);
		return this;
	}

	/**
	 * Numeric ids greater than 0 (Java Longs): empty, letters, 0, negative, decimal, exponent, a
	 * leading zero, 20 digits and the first integer past the Long range fail; the largest Long passes
	 * the client (the API then says whether it exists).
	 */
	numericId(key: string, field: string, options: { long?: boolean } = {}): this {
		this.empty(key, field, [''], new RegExp(`${RULES.required.source}|${RULES.positive.source}`));
		const bad = ['abc', '0', '-7', '12.5', '1e5', '0123', '12 34', '12345678901234567890'];
		if (options.long) bad.push('9223372036854775808');
		for (const value of bad)
			this.leaf(field, 'numeric id > 0', { [key]: value }, false, RULES.positive);
		return this;
	}

	/** Values that are not in the expected format. */
	malformed(key: string, field: string, rule: string, values: unknown[], problem: RegExp): this {
		for (const value of values)
			this.leaf(field, rule, { [key]: value as IDataObject[string] }, false, problem);
		return this;
	}

	/** Values in the expected format (they must pass and be sent). */
	wellFormed(key: string, field: string, rule: string, values: unknown[]): this {
		for (const value of values)
			this.leaf(field, rule, { [key]: value as IDataObject[string] }, true);
		return this;
	}
}

export { RULES };

/** A resource-mapper value as the editor saves it. */
export function mapper(value: IDataObject, schema: ResourceMapperField[]): INodeParameters {
	return {
		mappingMode: 'defineBelow',
		value,
		schema,
		matchingColumns: [],
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	} as unknown as INodeParameters;
}

export const rl = (value: string) => ({ __rl: true, mode: 'id', value });
export const x = (key: string) => `={{ $json[${JSON.stringify(key)}] }}`;

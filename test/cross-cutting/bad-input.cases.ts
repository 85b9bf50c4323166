/**
 * The case builder of the bad-input suite. A template binds every validated leaf of an operation to
 * the input item (`={{ $json.k }}`, as a data-driven workflow sets them) and holds a valid item; a
 * case changes the item (or, "structural", the parameters). `field` is the label the user sees in
 * the error, written out: a wrong label in the node fails the suite.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

export interface Template {
	op: string;
	/** Cases of the same group share these parameters (default: the op). */
	group?: string;
	parameters: INodeParameters;
	/** A valid input item: every `$json` key the parameters read. */
	defaults: IDataObject;
}

export interface InputCase {
	id: number;
	op: string;
	/** The field's label in the error, e.g. 'Additional Fields → Customer Name'. */
	field: string;
	/** What was given, for the test title. */
	value: string;
	valid: boolean;
	/** For invalid cases: the rule the error must state for `field`. */
	problem?: RegExp;
	parameters: INodeParameters;
	item: IDataObject;
	/** True when the parameters are the template's: the case can run as one item among others. */
	batchable: boolean;
	group: string;
}

/** The values the node offers for an options parameter of an operation (searched through collections). */
export function optionValues(resource: string, operation: string, name: string): string[] {
	const shown = (p: INodeProperties) => {
		const show = p.displayOptions?.show;
		return (
			!show ||
			((show.resource ?? [resource]).includes(resource) &&
				(show.operation ?? [operation]).includes(operation))
		);
	};
	const find = (properties: unknown[]): INodeProperties | undefined => {
		for (const p of properties as Array<INodeProperties & { values?: unknown[] }>) {
			if (typeof p !== 'object' || p === null || !('name' in p)) continue;
			if (p.name === name && (p.type === 'options' || p.type === 'multiOptions')) return p;
			const found = find(p.values ?? (Array.isArray(p.options) ? p.options : []));
			if (found) return found;
		}
		return undefined;
	};
	const property = find(new ContactCenter().description.properties.filter(shown));
	if (!property?.options) throw new Error(`no options "${name}" in ${resource}.${operation}`);
	return property.options.map((option) => String((option as { value: unknown }).value));
}

export const RULES = {
	required: /is required|needs at least one|must have at least one|cannot be empty|is empty/,
	maxLength: (max: number) => new RegExp(`must be at most ${max} characters`),
	oneOf:
		/must be one of|must be \S+ or \S+|which is not a|is not a task state|must be 1, 2 or 3|must be 1 \(random\)|must be all, call or im/,
	positive: /greater than 0/,
	nonNegative: /0 or more/,
	duplicate: /twice|more than once|repeats/,
	customerNumber: /must be 5 to 20 characters of digits, \+ and -/,
	dateTime: /date and time|not a date|must be a date/,
	timeRange: /not a time range|end is not after its start/,
	weekday: /not a weekday/,
	phone: /not phone numbers/,
	phoneNumber: /must be a phone number/,
	criterion: /needs at least one of them/,
	order: /is later than|must not be earlier than/,
	future: /must be in the future/,
	boolean: /must be true or false/,
	choice: /must be one of the choices|must be a number|must be a date and time/,
};

const show = (change: IDataObject) => {
	const values = Object.values(change);
	return JSON.stringify(values.length === 1 ? values[0] : change).slice(0, 60);
};

export class CaseBuilder {
	readonly cases: InputCase[] = [];

	constructor(private readonly template: Template) {}

	private add(c: Omit<InputCase, 'id' | 'op' | 'group' | 'batchable'>, batchable = true): this {
		const { op, group = op } = this.template;
		this.cases.push({ id: 0, op, group, batchable, ...c });
		return this;
	}

	/** An item value that the node must refuse with `problem` (none: must pass and be sent). */
	bad(field: string, change: IDataObject, problem?: RegExp, value = show(change)): this {
		const item = { ...this.template.defaults, ...change };
		const { parameters } = this.template;
		return this.add({ field, value, valid: !problem, problem, parameters, item });
	}

	/** An item value that must pass and be sent. */
	ok(field: string, change: IDataObject, value?: string): this {
		return this.bad(field, change, undefined, value);
	}

	/** Parameters unlike the template's (a list of a different length); `problem` undefined: valid. */
	structural(
		field: string,
		value: string,
		parameters: INodeParameters,
		problem?: RegExp,
		item?: IDataObject,
	): this {
		item = { ...this.template.defaults, ...item };
		return this.add({ field, value, valid: !problem, problem, parameters, item }, false);
	}

	/** Lengths around a limit: (min−1 fails, min and min+1 pass,) max−1 and max pass, max+1 fails. */
	lengths(key: string, field: string, max: number, min?: number, char = 'x'): this {
		const problem = min === undefined ? RULES.maxLength(max) : RULES.customerNumber;
		const at = (n: number) => ({ [key]: char.repeat(n) });
		if (min !== undefined) {
			this.bad(field, at(min - 1), problem, `${min - 1} characters`);
			for (const n of [min, min + 1]) this.ok(field, at(n), `${n} characters`);
		}
		for (const n of [max - 1, max]) this.ok(field, at(n), `${n} characters`);
		return this.bad(field, at(max + 1), problem, `${max + 1} characters`);
	}

	/**
	 * Every allowed value (default: the options the node offers for `key`) passes unless `passAll` is
	 * false; near misses fail; empty fails when required.
	 */
	enumeration(
		key: string,
		field: string,
		options: { allowed?: string[]; required?: boolean; list?: boolean; passAll?: boolean } = {},
	): this {
		const { resource, operation } = this.template.parameters as Record<string, string>;
		const allowed = options.allowed ?? optionValues(resource, operation, key);
		const wrap = (value: string) => (options.list ? [value] : value);
		if (options.passAll !== false) for (const v of allowed) this.ok(field, { [key]: wrap(v) });
		const [first] = allowed;
		for (const miss of new Set([first.toUpperCase(), first.toLowerCase(), `${first}_x`, 'unknown']))
			if (!allowed.includes(miss)) this.bad(field, { [key]: wrap(miss) }, RULES.oneOf);
		// An empty choice may be reported as missing or as not one of the options.
		const emptyProblem = new RegExp(`${RULES.required.source}|${RULES.oneOf.source}`);
		return options.required ? this.empty(key, field, ['', '   '], emptyProblem) : this;
	}

	empty(key: string, field: string, values: unknown[] = ['', '   '], problem = RULES.required) {
		return this.malformed(key, field, values, problem);
	}

	/** Whole numbers greater than 0: 0, −1 and 1.5 fail; 1 and 2 pass. */
	positive(key: string, field: string): this {
		return this.malformed(key, field, [0, -1, 1.5], RULES.positive).wellFormed(key, field, [1, 2]);
	}

	/** Whole numbers of 0 or more: −1 and 1.5 fail; 0 and 1 pass. */
	nonNegative(key: string, field: string): this {
		return this.malformed(key, field, [-1, 1.5], RULES.nonNegative).wellFormed(key, field, [0, 1]);
	}

	/** Numeric ids > 0 (Java Longs): empty, letters, 0, signs, decimals, leading zeros, 20 digits fail. */
	numericId(key: string, field: string, long = false): this {
		this.empty(key, field, [''], new RegExp(`${RULES.required.source}|${RULES.positive.source}`));
		const bad = ['abc', '0', '-7', '12.5', '1e5', '0123', '12 34', '12345678901234567890'];
		return this.malformed(key, field, long ? [...bad, '9223372036854775808'] : bad, RULES.positive);
	}

	malformed(key: string, field: string, values: unknown[], problem: RegExp): this {
		for (const value of values) this.bad(field, { [key]: value as IDataObject[string] }, problem);
		return this;
	}

	wellFormed(key: string, field: string, values: unknown[]): this {
		for (const value of values) this.ok(field, { [key]: value as IDataObject[string] });
		return this;
	}
}

/** A resource-mapper value as the editor saves it. */
export const mapper = (value: IDataObject, schema: unknown): INodeParameters => ({
	mappingMode: 'defineBelow',
	value: value as INodeParameters,
	schema: schema as INodeParameters[],
	matchingColumns: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

export const x = (key: string) => `={{ $json[${JSON.stringify(key)}] }}`;

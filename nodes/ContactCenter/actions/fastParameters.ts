/**
 * The expression fast path. n8n evaluates a parameter expression once per item (about 1 ms each in
 * n8n 2.41), so an import of 25,000 items mapped with `{{ $json.phone }}` spent most of its time
 * there. A parameter whose stored value is exactly a plain field reference of the current item
 * (`={{ $json.phone }}`, `={{ $json["phone"] }}`, `={{ $json.customer.phone }}`), or a collection
 * of such references and fixed values, is read here from the input item, giving what n8n's
 * evaluation gives (test/nodes/node/expression-fast-path.property.test.ts proves it against n8n's own
 * evaluation, with both of its expression engines). Anything else, and any case where n8n would do
 * more than read the value (validation, value extraction by a pattern, an unusual value), goes to
 * n8n's getNodeParameter unchanged.
 */
import {
	isSafeObjectProperty,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

/** One step of a field reference: an own property of a plain object or array. */
type Path = readonly string[];

/** How a stored parameter value is resolved for an item without n8n. */
type Plan =
	| { kind: 'value'; value: string | number | boolean | null }
	| { kind: 'field'; path: Path }
	| { kind: 'list'; entries: Plan[] }
	| { kind: 'object'; entries: Array<[string, Plan]> };

/** A value the fast path does not give (n8n gives it instead). */
const N8N = Symbol('n8n');
type Resolved = unknown;

// `{{ $json.a }}`, `{{ $json["a b"] }}`, `{{ $json.a['b'].c }}`: ASCII names after a dot; quoted keys
// without quotes, backslashes or braces (which end n8n's {{ }} or change how a key reads).
const SPACE = '[ \\t\\r\\n]*';
const STEP = `(?:\\.[A-Za-z_$][A-Za-z0-9_$]*|\\["[^"\\\\{}\\r\\n]*"\\]|\\['[^'\\\\{}\\r\\n]*'\\])`;
const REFERENCE = new RegExp(`^=\\{\\{${SPACE}\\$json(${STEP}+)${SPACE}\\}\\}$`);
const STEPS = new RegExp(STEP, 'g');
// n8n refuses an expression containing `.constructor` anywhere, even inside a quoted key.
const CONSTRUCTOR = /\.\s*constructor/;

/**
 * A key n8n reads like any other: not one it refuses, and not a name objects or lists inherit
 * (`length`, `toString`, `hasOwnProperty`), which n8n's vm engine reads from the prototype even
 * when the item has its own field of that name.
 */
const ordinaryKey = (key: string): boolean =>
	isSafeObjectProperty(key) && !(key in Object.prototype) && !(key in Array.prototype);

/**
 * The path of a stored value that is exactly a plain field reference of the current item, or
 * undefined for anything else (any other expression, text around it, a key n8n refuses to read).
 */
export function plainReference(raw: string): Path | undefined {
	const match = REFERENCE.exec(raw);
	if (!match || CONSTRUCTOR.test(raw)) return undefined;
	const steps: string[] = match[1].match(STEPS) ?? [];
	// n8n refuses `.$` (it reads a bare `$` as its `$()` function); `["$"]` is a plain key.
	if (steps.includes('.$')) return undefined;
	const path = steps.map((step) => (step.startsWith('.') ? step.slice(1) : step.slice(2, -2)));
	return path.every(ordinaryKey) ? path : undefined;
}

const isPlainObject = (value: object): boolean => {
	const prototype: unknown = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
};

/** A stored parameter value as a plan, or undefined when n8n must resolve it. */
function planOf(raw: unknown): Plan | undefined {
	if (typeof raw === 'string') {
		if (!raw.startsWith('=')) return { kind: 'value', value: raw };
		const path = plainReference(raw);
		return path ? { kind: 'field', path } : undefined;
	}
	if (typeof raw === 'number' || typeof raw === 'boolean' || raw === null)
		return { kind: 'value', value: raw };
	if (Array.isArray(raw)) {
		const entries: Plan[] = [];
		for (const entry of raw) {
			const plan = planOf(entry);
			if (!plan) return undefined;
			entries.push(plan);
		}
		return { kind: 'list', entries };
	}
	if (typeof raw === 'object' && isPlainObject(raw)) {
		const entries: Array<[string, Plan]> = [];
		for (const [key, value] of Object.entries(raw)) {
			const plan = key === '__proto__' ? undefined : planOf(value);
			if (!plan) return undefined;
			entries.push([key, plan]);
		}
		return { kind: 'object', entries };
	}
	return undefined;
}

/**
 * A copy of a value read from an item, as n8n hands it to a node: JSON values only. Anything else
 * (a Date, a class instance, a function, a sparse array) is left to n8n.
 */
function copyOf(value: unknown): Resolved {
	if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number') return Number.isFinite(value) ? value : N8N;
	if (typeof value !== 'object') return N8N;
	if (Array.isArray(value)) {
		const copy: unknown[] = new Array(value.length);
		for (let i = 0; i < value.length; i++) {
			if (!(i in value)) return N8N;
			const entry = copyOf(value[i]);
			if (entry === N8N) return N8N;
			copy[i] = entry;
		}
		return copy;
	}
	if (!isPlainObject(value)) return N8N;
	const copy: Record<string, unknown> = {};
	for (const key of Object.keys(value)) {
		// n8n's vm engine cannot hand back an object with its own `toString` (it fails to copy it).
		if (!ordinaryKey(key)) return N8N;
		const entry = copyOf((value as Record<string, unknown>)[key]);
		if (entry === N8N) return N8N;
		copy[key] = entry;
	}
	return copy;
}

/**
 * The value at a path of an item's json. A missing step gives undefined, as n8n does (its expression
 * engines read `$json.a.b` of an item without `a` as undefined). A step into text, a number or an
 * inherited property (`length` of text, `toString`) is left to n8n.
 */
function read(json: unknown, path: Path): Resolved {
	let current: unknown = json;
	for (const key of path) {
		if (current === undefined || current === null) return undefined;
		if (typeof current !== 'object') return N8N;
		if (!Array.isArray(current) && !isPlainObject(current)) return N8N;
		if (!Object.prototype.hasOwnProperty.call(current, key))
			return key in current ? N8N : undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current === undefined ? undefined : copyOf(current);
}

function resolve(plan: Plan, json: unknown): Resolved {
	switch (plan.kind) {
		case 'value':
			return plan.value;
		case 'field':
			return read(json, plan.path);
		case 'list': {
			const list: unknown[] = [];
			for (const entry of plan.entries) {
				const value = resolve(entry, json);
				if (value === N8N) return N8N;
				list.push(value);
			}
			return list;
		}
		case 'object': {
			const object: Record<string, unknown> = {};
			for (const [key, entry] of plan.entries) {
				const value = resolve(entry, json);
				if (value === N8N) return N8N;
				object[key] = value;
			}
			return object;
		}
	}
}

/** Whether n8n checks or converts a parameter's value after evaluating it (then n8n reads it). */
function validatedByN8n(property: INodeProperties): boolean {
	if (property.validateType !== undefined) return true;
	if (property.type === 'resourceMapper' || property.type === 'filter') return true;
	const nested = (property.options ?? []) as unknown[];
	return nested.some((option) => {
		if (typeof option !== 'object' || option === null) return false;
		if ('validateType' in option) return true;
		if ('values' in option && Array.isArray(option.values))
			return (option.values as INodeProperties[]).some(validatedByN8n);
		return 'type' in option && validatedByN8n(option as INodeProperties);
	});
}

/**
 * What `extractValue` does to a parameter's value when it only unwraps a resource locator (or
 * leaves the value as it is); undefined when n8n would apply a pattern or another rule.
 */
function extraction(properties: INodeProperties[]): ((value: unknown) => unknown) | undefined {
	const locators = properties.filter((property) => property.type === 'resourceLocator');
	if (locators.length === 0)
		return properties.every((property) => !('extractValue' in property))
			? (value) => value
			: undefined;
	if (locators.length !== properties.length) return undefined;
	const patterned = locators.some((property) =>
		(property.modes ?? []).some((mode) => 'extractValue' in mode && mode.extractValue),
	);
	if (patterned) return undefined;
	return (value) =>
		typeof value === 'object' && value !== null && 'mode' in value && 'value' in value
			? (value as { value: unknown }).value
			: value;
}

type GetNodeParameter = IExecuteFunctions['getNodeParameter'];
type ReadOptions = Parameters<GetNodeParameter>[3];

interface Rule {
	/** undefined: every read of this parameter goes to n8n. */
	plan?: Plan;
	extract?: (value: unknown) => unknown;
	/** An extractValue read went through n8n once (which proves the parameter is shown). */
	extractChecked?: boolean;
}

/** The stored value at a parameter path (`additionalFields.remark`), own properties only. */
function storedAt(parameters: object, name: string): unknown {
	if (name.includes('[')) return N8N;
	let current: unknown = parameters;
	for (const key of name.split('.')) {
		if (typeof current !== 'object' || current === null) return undefined;
		if (!Object.prototype.hasOwnProperty.call(current, key))
			return key in current ? N8N : undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

/**
 * The node context an operation runs with: n8n's own, except that getNodeParameter reads values
 * from the item where it can (see above). `properties` are the operation's parameters (what n8n
 * checks a value against); a parameter not among them always goes to n8n.
 */
export function fastParameterContext(
	context: IExecuteFunctions,
	properties: INodeProperties[],
): IExecuteFunctions {
	const n8nRead = context.getNodeParameter.bind(context) as GetNodeParameter;
	const stored = context.getNode().parameters;
	let items: INodeExecutionData[] | undefined;
	const rules = new Map<string, Rule>();

	const ruleOf = (name: string): Rule => {
		let rule = rules.get(name);
		if (rule) return rule;
		const named = properties.filter((property) => property.name === name.split('.')[0]);
		const raw = storedAt(stored, name);
		rule = {};
		if (named.length > 0 && !named.some(validatedByN8n) && raw !== N8N && raw !== undefined) {
			rule.plan = planOf(raw);
			if (!name.includes('.')) rule.extract = extraction(named);
		}
		rules.set(name, rule);
		return rule;
	};

	const fast = (
		name: string,
		itemIndex: number,
		fallbackValue?: unknown,
		options?: ReadOptions,
	): unknown => {
		const rule = ruleOf(name);
		const extract = options?.extractValue === true;
		const otherOptions =
			options !== undefined &&
			Object.keys(options).some((key) => key !== 'extractValue' && key !== 'skipValidation');
		if (!rule.plan || otherOptions || (extract && (!rule.extract || !rule.extractChecked))) {
			const value = n8nRead(name, itemIndex, fallbackValue, options);
			if (extract) rule.extractChecked = true;
			return value;
		}
		items ??= context.getInputData();
		const item = items[itemIndex];
		const value = item ? resolve(rule.plan, item.json) : N8N;
		if (value === N8N) return n8nRead(name, itemIndex, fallbackValue, options);
		return extract && rule.extract ? rule.extract(value) : value;
	};

	return new Proxy(context, {
		get(target, key) {
			if (key === 'getNodeParameter') return fast;
			return Reflect.get(target, key) as unknown;
		},
	});
}

interface ContextOperation {
	description: INodeProperties[];
}

/** Operations whose execute / executeBatch run with the fast-path context, one per n8n context. */
export function withFastParameters<T extends Record<string, Record<string, ContextOperation>>>(
	operations: T,
): T {
	const contexts = new WeakMap<IExecuteFunctions, IExecuteFunctions>();
	const contextFor = (context: IExecuteFunctions, properties: INodeProperties[]) => {
		let fast = contexts.get(context);
		if (!fast) contexts.set(context, (fast = fastParameterContext(context, properties)));
		return fast;
	};
	const wrapped: Record<string, Record<string, ContextOperation>> = {};
	for (const [resource, byName] of Object.entries(operations)) {
		wrapped[resource] = {};
		for (const [name, operation] of Object.entries(byName)) {
			const copy: Record<string, unknown> = { ...operation };
			for (const method of ['execute', 'executeBatch'] as const) {
				const run = (operation as unknown as Record<string, unknown>)[method];
				if (typeof run !== 'function') continue;
				copy[method] = function (this: IExecuteFunctions, ...args: unknown[]): unknown {
					return (run as (...a: unknown[]) => unknown).apply(
						contextFor(this, operation.description),
						args,
					);
				};
			}
			wrapped[resource][name] = copy as unknown as ContextOperation;
		}
	}
	return wrapped as T;
}

/* eslint-disable @n8n/community-nodes/node-usable-as-tool, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a probe node and a program of the tests, not shipped */
/**
 * The cases of test/nodes/node/expression-fast-path.property.test.ts: a probe node, run by n8n-core through the
 * harness, reads every parameter of each item twice, once through n8n's getNodeParameter and once
 * through the fast-path context (nodes/ContactCenter/actions/fastParameters.ts); the two must give
 * identical values and identical errors. Random items (text, numbers, unsafe integers, null,
 * missing fields, nested objects, lists, keys with dots, quotes, spaces and unicode) meet random
 * plain references; other expressions must never be read by the fast path.
 *
 * Also a program: `node -r ts-node/register/transpile-only expression-fast-path.cases.ts vm <seed,seed,...> <runs>`
 * starts n8n's
 * `vm` expression engine the way n8n does (Expression.initExpressionEngine, whose dynamic import
 * jest's module sandbox refuses) and prints the report of every case as JSON.
 */
import { isDeepStrictEqual, inspect } from 'node:util';

import {
	Expression,
	isSafeObjectProperty,
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { resourceLocator } from '../../../nodes/ContactCenter/actions/descriptions';
import {
	fastParameterContext,
	plainReference,
} from '../../../nodes/ContactCenter/actions/fastParameters';
import { runNode } from '../../harness';

/** mulberry32: a small seeded generator, so a failure can be replayed with FAST_PATH_SEED. */
function generator(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (n: number) => Math.floor(next() * n);
	const pick = <T>(list: readonly T[]): T => list[int(list.length)];
	return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

/**
 * Keys an item can have: identifiers, keys only brackets can name, names of n8n's extension
 * functions, and names objects or lists inherit (a reference through one of those is left to n8n).
 */
const IDENTIFIER_KEYS = ['phone', 'a', 'b', 'customer', 'x1', '_', '$', '$a', 'class', 'new'];
const QUOTED_KEYS = ['a.b', 'a b', ' ', '', '0', '名前', 'ключ', '😀', "it's", 'say "hi"', 'x-y'];
const EXTENSION_KEYS = ['first', 'isEmpty', 'sum', 'toInt'];
const INHERITED_KEYS = ['length', 'toString', 'valueOf', 'hasOwnProperty', 'map'];
const ITEM_KEYS = [...IDENTIFIER_KEYS, ...QUOTED_KEYS, ...EXTENSION_KEYS];
/** A key for an item or a path: now and then one objects inherit. */
const anyKey = (random: Random) =>
	random.chance(0.06) ? random.pick(INHERITED_KEYS) : random.pick(ITEM_KEYS);

const TEXTS = [
	'',
	' ',
	'13800000001',
	' +86-138 ',
	'Ann',
	'ünïcödé 名前 😀',
	'={{ 1 + 1 }}',
	'a"b\'c\\d',
];
const NUMBERS = [
	0,
	-0,
	1,
	-7,
	3.25,
	13800000001,
	2 ** 53 - 1,
	2 ** 53 + 2,
	Number('12345678901234567890'),
	1e21,
];

function value(random: Random, depth: number): unknown {
	const kind = random.int(depth > 0 ? 9 : 6);
	if (kind === 0) return random.pick(TEXTS);
	if (kind === 1) return random.pick(NUMBERS);
	if (kind === 2) return random.chance(0.5);
	if (kind === 3) return null;
	if (kind === 4) return `v${random.int(1000)}`;
	if (kind === 5) return random.chance(0.9) ? random.int(100000) : Number.NaN;
	if (kind === 6 || kind === 7) return object(random, depth - 1);
	return Array.from({ length: random.int(4) }, () => value(random, depth - 1));
}

function object(random: Random, depth: number): IDataObject {
	const json: IDataObject = {};
	const size = random.int(6);
	for (let i = 0; i < size; i++) json[anyKey(random)] = value(random, depth) as never;
	return json;
}

const isIdentifier = (key: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);
const SPACES = ['', ' ', '  ', '\n\t', ' \r\n '];

/** A plain reference to `path`, written in one of the ways a user may write it. */
function reference(random: Random, path: string[]): string {
	const steps = path.map((key) => {
		// `.$` is not a plain reference (n8n reads a bare `$` as its function); `["$"]` is.
		const dot = isIdentifier(key) && key !== '$' && random.chance(0.6);
		if (dot) return `.${key}`;
		const quote = key.includes('"') ? "'" : key.includes("'") ? '"' : random.pick(['"', "'"]);
		return `[${quote}${key}${quote}]`;
	});
	return `={{${random.pick(SPACES)}$json${steps.join('')}${random.pick(SPACES)}}}`;
}

/** A path through an item: mostly keys it has, sometimes one it lacks. */
function pathInto(random: Random, json: unknown): string[] {
	const path: string[] = [];
	let current = json;
	const length = 1 + random.int(3);
	for (let i = 0; i < length; i++) {
		const own =
			typeof current === 'object' && current !== null ? Object.keys(current) : ([] as string[]);
		const key = own.length > 0 && random.chance(0.8) ? random.pick(own) : anyKey(random);
		path.push(key);
		current =
			typeof current === 'object' && current !== null
				? (current as Record<string, unknown>)[key]
				: undefined;
	}
	return path;
}

/** Expressions the fast path must leave to n8n. */
const OTHER_EXPRESSIONS = [
	'={{ $json.a + 1 }}',
	'={{ $json.a }} x',
	'=x {{ $json.a }}',
	'= {{ $json.a }}',
	'={{ $json.a }}{{ $json.b }}',
	"={{ $('Probe').item.json.a }}",
	'={{ $input.item.json.a }}',
	'={{ $json.a.toString() }}',
	'={{ $json.a || "none" }}',
	'={{ $json?.a }}',
	'={{ $json[0] }}',
	'={{ $json.a[0] }}',
	'={{ $json .a }}',
	'={{ $json["a\\"b"] }}',
	'={{ $json.a /* note */ }}',
	'={{ $json }}',
	'={{ $itemIndex }}',
	'={{ $json.a; }}',
	'={{ $json.名前 }}',
	'={{ $json["a}}b"] }}',
	'={{ $json.constructor }}',
	'={{ $json.__proto__ }}',
	'={{ $json["prototype"] }}',
	'={{ $json.caller }}',
	'={{ $json["x.constructor"] }}',
];

const PROPERTIES: INodeProperties[] = [
	{ displayName: 'Value', name: 'value', type: 'string', default: '' },
	{ displayName: 'Amount', name: 'amount', type: 'number', default: 0 },
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		default: {},
		options: [
			{ displayName: 'A', name: 'a', type: 'string', default: '' },
			{ displayName: 'B', name: 'b', type: 'string', default: '' },
			{ displayName: 'C', name: 'c', type: 'number', default: 0 },
		],
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'fixedCollection',
		default: {},
		typeOptions: { multipleValues: true },
		options: [
			{
				displayName: 'Variable',
				name: 'variable',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	resourceLocator({
		name: 'record',
		displayName: 'Record',
		description: 'A record',
		required: true,
		searchListMethod: 'searchRecords',
		listPlaceholder: 'Select a record...',
		idDisplayName: 'By ID',
		idPlaceholder: 'e.g. 1',
		idValidation: [],
	}),
	{
		displayName: 'Linked',
		name: 'linked',
		type: 'resourceLocator',
		default: { mode: 'url', value: '' },
		modes: [
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				extractValue: { type: 'regex', regex: 'https://x\\.test/(\\w+)' },
			},
			{ displayName: 'By ID', name: 'id', type: 'string' },
		],
	},
	{
		displayName: 'Checked',
		name: 'checked',
		type: 'string',
		default: '',
		validateType: 'number',
	},
];

/** One read the probe makes per item: a parameter path, a fallback and getNodeParameter's options. */
interface Read {
	name: string;
	fallback?: unknown;
	options?: { extractValue?: boolean };
}
const READS: Read[] = [
	{ name: 'value' },
	{ name: 'value', fallback: 'fallback' },
	{ name: 'amount', fallback: 0 },
	{ name: 'fields', fallback: {} },
	{ name: 'fields.a', fallback: '' },
	{ name: 'variables', fallback: {} },
	{ name: 'record', fallback: '', options: { extractValue: true } },
	{ name: 'record', fallback: '' },
	{ name: 'linked', fallback: '', options: { extractValue: true } },
	{ name: 'checked', fallback: '' },
	{ name: 'absent', fallback: 'fallback' },
];

type Outcome =
	| { value: unknown }
	| { error: { name: string; message: string; description?: unknown } };

interface Observation {
	item: number;
	read: Read;
	n8n: Outcome;
	fast: Outcome;
	/** Calls the fast-path context made to n8n's getNodeParameter for this read. */
	delegated: number;
}

let observations: Observation[] = [];

function outcome(read: () => unknown): Outcome {
	try {
		return { value: read() };
	} catch (error) {
		const e = error as Error & { description?: unknown };
		return { error: { name: e.constructor.name, message: e.message, description: e.description } };
	}
}

class Probe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Probe',
		name: 'probe',
		group: ['transform'],
		version: 1,
		description: 'Reads its parameters through n8n and through the fast path',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			...PROPERTIES,
			{ displayName: 'Proxies', name: 'proxies', type: 'boolean', default: false },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		// Items whose json is a Proxy, as n8n hands to a node in some paths: both readers see it.
		if (this.getNodeParameter('proxies', 0) === true)
			for (const item of items) item.json = new Proxy(item.json, {});
		let delegated = 0;
		const n8nRead = this.getNodeParameter.bind(this);
		const counted = new Proxy(this, {
			get: (target, key) =>
				key === 'getNodeParameter'
					? (...args: Parameters<typeof n8nRead>) => {
							delegated++;
							return n8nRead(...args);
						}
					: (Reflect.get(target, key) as unknown),
		});
		const fast = fastParameterContext(counted, PROPERTIES);
		for (let item = 0; item < items.length; item++) {
			for (const read of READS) {
				delegated = 0;
				const viaFast = outcome(() =>
					fast.getNodeParameter(read.name, item, read.fallback, read.options),
				);
				const count = delegated;
				const viaN8n = outcome(() =>
					this.getNodeParameter(read.name, item, read.fallback, read.options),
				);
				observations.push({ item, read, n8n: viaN8n, fast: viaFast, delegated: count });
			}
		}
		return [items];
	}
}

async function probe(parameters: INodeParameters, items: IDataObject[]): Promise<Observation[]> {
	observations = [];
	const result = await runNode({ nodeType: Probe, parameters, items });
	if (result.error) throw new Error(`the probe failed: ${result.error.message}`);
	return observations;
}

/** A key a value copied from an item may not have: one objects or lists inherit, or one n8n refuses. */
const inheritedKey = (key: string) =>
	key in Object.prototype || key in Array.prototype || !isSafeObjectProperty(key);

/** Whether a value n8n would hand back holds a number that is not finite or an inherited key. */
const unusual = (value: unknown): boolean =>
	typeof value === 'number'
		? !Number.isFinite(value)
		: typeof value === 'object' &&
			value !== null &&
			(Object.keys(value).some(inheritedKey) || Object.values(value).some(unusual));

/** Whether n8n must read this reference for this item: a step into text or a number, an inherited name, an unusual value. */
function leftToN8n(json: unknown, path: string[]): boolean {
	let current = json;
	for (const key of path) {
		if (current === undefined || current === null) return false;
		if (typeof current !== 'object') return true;
		if (!Object.prototype.hasOwnProperty.call(current, key)) return key in current;
		current = (current as Record<string, unknown>)[key];
	}
	return unusual(current);
}

export interface Report {
	/** The expression engine n8n-workflow reported active while the cases ran. */
	engine: string;
	/** Reads compared, and those the fast path answered without n8n. */
	reads: number;
	fastReads: number;
	/** Reads of other expressions, each of which must have gone to n8n. */
	otherReads: number;
	failures: string[];
}

const MAX_FAILURES = 20;

/** Records a failure when `actual` is not `expected` (the first MAX_FAILURES of them). */
function expectSame(report: Report, what: string, actual: unknown, expected: unknown): void {
	if (!isDeepStrictEqual(actual, expected) && report.failures.length < MAX_FAILURES)
		report.failures.push(
			`${what}: ${inspect(actual, { depth: 6 })}, expected ${inspect(expected, { depth: 6 })}`,
		);
}

function compare(report: Report, context: string, seen: Observation): void {
	report.reads++;
	if (seen.delegated === 0) report.fastReads++;
	expectSame(report, `${context}: the fast path's outcome, n8n's expected`, seen.fast, seen.n8n);
}

/** Plain references of random items: the same values and errors as n8n, mostly without asking n8n. */
async function randomReferences(report: Report, seed: number, runs: number): Promise<void> {
	const random = generator(seed);
	for (let run = 0; run < runs; run++) {
		const items = Array.from({ length: 12 }, () => object(random, 3));
		const ref = () => reference(random, pathInto(random, random.pick(items)));
		const paths = [ref(), ref(), ref(), ref(), ref()];
		const parameters: INodeParameters = {
			value: paths[0],
			amount: paths[1],
			fields: { a: paths[2], b: 'fixed', c: 5 },
			variables: { variable: [{ name: 'plan', value: paths[3] }] },
			record: { __rl: true, mode: random.pick(['id', 'list']), value: paths[4] },
			linked: { __rl: true, mode: 'id', value: paths[4] },
			checked: paths[0],
			proxies: random.chance(0.3),
		};
		const path = plainReference(paths[0]);
		for (const raw of paths) {
			// A reference through an inherited name is not taken for a plain one; every other is.
			const inherited = INHERITED_KEYS.some((key) => raw.includes(key));
			if (Boolean(plainReference(raw)) === inherited)
				report.failures.push(`seed ${seed}: ${raw} ${inherited ? '' : 'not '}recognised`);
		}
		for (const seen of await probe(parameters, items)) {
			const context = `seed ${seed}, run ${run}, item ${seen.item}, read ${JSON.stringify(seen.read)}, parameters ${JSON.stringify(parameters)}`;
			compare(report, context, seen);
			if (seen.read.name === 'value')
				expectSame(
					report,
					`${context}: reads by n8n`,
					seen.delegated,
					!path || leftToN8n(items[seen.item], [...path]) ? 1 : 0,
				);
		}
	}
}

/** Every other expression: left to n8n (same values and errors, because n8n evaluated them). */
async function otherExpressions(report: Report, seed: number): Promise<void> {
	const random = generator(seed);
	const items = Array.from({ length: 6 }, () => object(random, 2));
	items.push({ a: 'x', b: 'y' }, { a: { b: 'deep' } }, {});
	for (const raw of OTHER_EXPRESSIONS) {
		if (plainReference(raw)) report.failures.push(`${raw} taken for a plain reference`);
		const parameters: INodeParameters = {
			value: raw,
			fields: { a: raw, b: 'fixed' },
			record: { __rl: true, mode: 'id', value: raw },
		};
		for (const seen of await probe(parameters, items)) {
			const context = `${raw}, item ${seen.item}, read ${JSON.stringify(seen.read)}`;
			compare(report, context, seen);
			if (['value', 'fields', 'fields.a', 'record'].includes(seen.read.name)) {
				report.otherReads++;
				expectSame(report, `${context}: reads by n8n`, seen.delegated, 1);
			}
		}
	}
}

/** Fixed values, text that only looks like an expression, locators and absent parameters. */
async function fixedValues(report: Report): Promise<void> {
	const seen = await probe(
		{
			value: '{{ $json.a }}',
			amount: 12,
			fields: { a: 'fixed', c: 0 },
			variables: { variable: [{ name: 'n', value: 'v' }] },
			record: { __rl: true, mode: 'id', value: ' 42 ' },
			linked: { __rl: true, mode: 'url', value: 'https://x.test/abc' },
		},
		[{ a: 'item' }, { a: 2 }],
	);
	for (const one of seen) compare(report, `fixed values, ${JSON.stringify(one.read)}`, one);
	const first = (name: string, extract = false) =>
		seen.find(
			(one) => one.read.name === name && Boolean(one.read.options?.extractValue) === extract,
		) as Observation;
	const check = (what: string, actual: unknown, expected: unknown) =>
		expectSame(report, what, actual, expected);
	check('text that looks like an expression', first('value').fast, { value: '{{ $json.a }}' });
	check('the patterned locator', first('linked', true).fast, { value: 'abc' });
	check('the locator by ID', first('record', true).fast, { value: ' 42 ' });
	check('an absent parameter', first('absent').fast, { value: 'fallback' });
	// Fixed values are read without n8n; the patterned locator and the absent parameter by n8n.
	check('reads by n8n of a fixed number', first('amount').delegated, 0);
	check('reads by n8n of a fixed collection', first('fields').delegated, 0);
	check('reads by n8n of the patterned locator', first('linked', true).delegated, 1);
	check('reads by n8n of an absent parameter', first('absent').delegated, 1);
}

/** Items for the fixed nested references: text with spaces around, numbers, null, lists, objects, gaps. */
const NESTED_ITEMS: IDataObject[] = [
	{ a: { b: '  padded  ' } },
	{ a: { b: ' lead' } },
	{ a: { b: 'trail\n' } },
	{ a: { b: '\t' } },
	{ a: { b: '' } },
	{ a: { b: 42 } },
	{ a: { b: -0 } },
	{ a: { b: 3.25 } },
	{ a: { b: 2 ** 53 + 2 } },
	{ a: { b: Number('12345678901234567890') } },
	{ a: { b: null } },
	{ a: { b: [' x ', 1, null, [' y '], { c: ' z ' }] } },
	{ a: { b: { c: ' deep ', d: [1e21] } } },
	{ a: { b: true } },
	{ a: {} },
	{ a: null },
	{},
];

/**
 * Fixed nested references (`$json.a.b` written four ways) of NESTED_ITEMS, on every run whatever
 * the seed: the same outcome as n8n, read without n8n wherever n8n would only read the value, and
 * text handed back exactly (a fast path that trimmed or otherwise changed a nested string failed
 * only for some random seeds before these).
 */
async function nestedReferences(report: Report): Promise<void> {
	const ab = ['a', 'b'];
	const ways = [
		'={{ $json.a.b }}',
		'={{ $json["a"]["b"] }}',
		"={{$json['a'].b}}",
		'={{ \n $json.a["b"] }}',
	];
	for (const way of ways)
		if (!isDeepStrictEqual(plainReference(way), ab))
			report.failures.push(`${way} not recognised as $json.a.b`);
	const seen = await probe(
		{
			value: ways[0],
			amount: '={{ $json.a.b.c }}',
			fields: { a: ways[1], b: 'fixed' },
			variables: { variable: [{ name: 'n', value: ways[2] }] },
			record: { __rl: true, mode: 'id', value: ways[3] },
			linked: { __rl: true, mode: 'id', value: ways[0] },
			checked: ways[0],
		},
		NESTED_ITEMS,
	);
	for (const one of seen) {
		const context = `nested, item ${JSON.stringify(NESTED_ITEMS[one.item])}, read ${JSON.stringify(one.read)}`;
		compare(report, context, one);
		if (one.read.name === 'value' || one.read.name === 'fields.a')
			expectSame(report, `${context}: reads by n8n`, one.delegated, 0);
	}
	const valueOf = (item: number) =>
		seen.find((one) => one.item === item && one.read.name === 'value' && !one.read.fallback)?.fast;
	expectSame(report, 'nested text with spaces around', valueOf(0), { value: '  padded  ' });
	expectSame(report, 'nested unsafe integer', valueOf(8), { value: 2 ** 53 + 2 });
	expectSame(report, 'nested list', valueOf(11), {
		value: [' x ', 1, null, [' y '], { c: ' z ' }],
	});
	expectSame(report, 'nested absent', valueOf(14), { value: undefined });
}

/** Every case, under the expression engine active now. */
export async function checkFastPath(seeds: readonly number[], runs: number): Promise<Report> {
	const report: Report = {
		engine: Expression.getActiveImplementation(),
		reads: 0,
		fastReads: 0,
		otherReads: 0,
		failures: [],
	};
	for (const seed of seeds) await randomReferences(report, seed, runs);
	await otherExpressions(report, seeds[0] + 1);
	await fixedValues(report);
	await nestedReferences(report);
	return report;
}

/** The program: starts n8n's vm engine as n8n does, runs every case, prints the report. */
async function main(): Promise<void> {
	const [engine, seeds, runs] = process.argv.slice(2);
	if (engine === 'vm')
		await Expression.initExpressionEngine({
			engine: 'vm',
			poolSize: 1,
			maxCodeCacheSize: 1024,
			bridgeTimeout: 5000,
			bridgeMemoryLimit: 128,
		});
	try {
		const report = await checkFastPath(seeds.split(',').map(Number), Number(runs));
		process.stdout.write(`${JSON.stringify(report)}\n`);
	} finally {
		await Expression.disposeExpressionEngine();
	}
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`${inspect(error)}\n`);
		process.exitCode = 1;
	});
}

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The measured workloads. Each runs our node through n8n-core (runner.ts) against the sandbox child
 * and counts what the sandbox received; the same requests are then replayed by a plain undici loop
 * with our signing (the floor for per-request cost).
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { signRequest } from '../../nodes/ContactCenter/transport/signing';
import type { CredentialValues } from '../harness';
import type { SandboxControl } from '../sandbox/control';
import { ParameterProbe } from './fixtures/ParameterProbe.node';
import { asItems, timedPoll, timedRun } from './runner';
import { IMPORTS, MAIN, recordDay, type Tenant } from './tenants';

export { IMPORTS, MAIN, recordDay, type Tenant } from './tenants';
import { drainLog, type Counted } from './util';

export const SIZES = {
	customers: 10_000,
	tasks: 2_000,
	records: 100_000,
	importRows: 100_000,
	peerImportRows: 25_000,
	singleReads: 500,
};

export function credentialsFor(url: string, tenant: Tenant): CredentialValues {
	return {
		baseUrl: url,
		appId: tenant.appId,
		appSecret: tenant.appSecret,
		timezone: tenant.timezone,
		timeoutSeconds: 60,
	};
}

export interface NodeOutcome {
	ms: number;
	/** Output items (or records emitted by the trigger). */
	items: number;
	requests: Counted[];
	/** Polls (trigger scenarios). */
	polls?: number;
	detail?: string;
}

export interface Scenario {
	id: string;
	label: string;
	floor: number;
	floorNote: string;
	/** Replayed by the raw client (false for the idle poll: nothing to compare). */
	replay: boolean;
	node(ctx: Context): Promise<NodeOutcome>;
	/** n8n resolving the same per-item parameters for the same items, with nothing else (ParameterProbe). */
	probe?: () => Promise<number>;
}

export interface Context {
	url: string;
	control: SandboxControl;
	/** The trigger node class, when the package has one. */
	trigger?: NodeTypeClass;
}

type NodeTypeClass = new () => object;

/** Loads the trigger node if it exists yet (it is built in parallel to this benchmark). */
export function loadTrigger(): NodeTypeClass | undefined {
	// Compiled (memory children) or TypeScript source (ts-node): whichever sits next to this file.
	const base = path.join(
		__dirname,
		'..',
		'..',
		'nodes',
		'ContactCenterTrigger',
		'ContactCenterTrigger.node',
	);
	const file = ['.ts', '.js'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
	if (!file) return undefined;
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- optional module
	const mod = require(file) as Record<string, unknown>;
	return Object.values(mod).find((v): v is NodeTypeClass => typeof v === 'function');
}

async function runOurs(
	ctx: Context,
	tenant: Tenant,
	parameters: INodeParameters,
	items: INodeExecutionData[] = [{ json: {} }],
): Promise<NodeOutcome> {
	await ctx.control.clearLog();
	const run = await timedRun({
		nodeType: ContactCenter,
		parameters,
		items,
		credentials: credentialsFor(ctx.url, tenant),
		timezone: tenant.timezone,
	});
	if (run.error)
		throw new Error(`node run failed: ${run.error.message} ${run.error.description ?? ''}`);
	return { ms: run.ms, items: run.items.length, requests: await drainLog(ctx.control) };
}

function expectCount(what: string, got: number, want: number): void {
	if (got !== want) throw new Error(`${what}: expected ${want}, got ${got}`);
}

/** The time n8n needs to resolve `names` for every item, in a node that does nothing else. */
async function probe(
	parameters: INodeParameters,
	names: string[],
	items: INodeExecutionData[],
): Promise<number> {
	const { customerNumber, customerId, additionalFields } = parameters;
	const run = await timedRun({
		nodeType: ParameterProbe,
		parameters: {
			read: names.join(','),
			customerNumber,
			customerId,
			additionalFields,
		} as INodeParameters,
		items,
		credentials: {
			baseUrl: 'http://127.0.0.1:9',
			appId: 'probe',
			appSecret: 'not-used-by-the-probe',
		},
		timezone: MAIN.timezone,
	});
	if (run.error) throw new Error(`parameter probe failed: ${run.error.message}`);
	return run.ms;
}

export const phoneOf = (i: number): string => String(13_000_000_000 + i);

/** Items of an import: one customer number per item, as a spreadsheet would deliver them. */
export function importItems(count: number): INodeExecutionData[] {
	return asItems(
		Array.from({ length: count }, (_, i) => ({ phone: phoneOf(i), name: `Customer ${i}` })),
	);
}

/** The import as a bulk user sets it up: Mapping "Map Automatically" (the items' phone and name fields, default field names). */
export const importParameters = (taskId: string): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: { __rl: true, mode: 'id', value: taskId },
	mappingMode: 'autoMapInputData',
	options: { dupStrategy: 'none' },
});

/** The same import mapped field by field with per-item expressions (the default mapping, as before). */
export const importManualParameters = (taskId: string): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: { __rl: true, mode: 'id', value: taskId },
	customerNumber: '={{ $json.phone }}',
	additionalFields: { customerName: '={{ $json.name }}' },
	options: { dupStrategy: 'none' },
});

async function newTask(control: SandboxControl): Promise<string> {
	const [taskId] = await control.seedTasks({ appId: IMPORTS.appId, tasks: [{ status: 'draft' }] });
	return taskId;
}

const IMPORT_ITEMS = new Map<number, INodeExecutionData[]>();
const itemsOf = (count: number) =>
	IMPORT_ITEMS.get(count) ??
	(IMPORT_ITEMS.set(count, importItems(count)), IMPORT_ITEMS.get(count) as INodeExecutionData[]);

export const SCENARIOS: Scenario[] = [
	{
		id: 'customers',
		label: 'Customer Get Many, Return All of 10,000',
		floor: 10,
		floorNote: '10,000 / 1,000 per page',
		replay: true,
		node: async (ctx) => {
			const out = await runOurs(ctx, MAIN, {
				resource: 'customer',
				operation: 'getAll',
				returnAll: true,
			});
			expectCount('customers', out.items, SIZES.customers);
			return out;
		},
	},
	{
		id: 'tasks',
		label: 'Call Task Get Many, Return All of 2,000',
		floor: 4,
		floorNote: '2,000 / 500 per page',
		replay: true,
		node: async (ctx) => {
			const out = await runOurs(ctx, MAIN, {
				resource: 'callTask',
				operation: 'getAll',
				returnAll: true,
			});
			expectCount('tasks', out.items, SIZES.tasks);
			return out;
		},
	},
	{
		id: 'records',
		label: 'Service Record Get Many, Return All of 100,000',
		floor: 100,
		floorNote: '100,000 / 1,000 per query',
		replay: true,
		node: async (ctx) => {
			const day = recordDay();
			const out = await runOurs(ctx, MAIN, {
				resource: 'serviceRecord',
				operation: 'getAll',
				channel: 'call',
				startTime: day.isoFrom,
				endTime: day.isoTo,
				returnAll: true,
			});
			expectCount('records', out.items, SIZES.records);
			return out;
		},
	},
	{
		id: 'import100k',
		label: 'Call Task Import of 100,000 rows (Map Automatically)',
		floor: 10,
		floorNote: '100,000 / 10,000 per request',
		replay: true,
		node: async (ctx) => {
			const out = await runOurs(
				ctx,
				IMPORTS,
				importParameters(await newTask(ctx.control)),
				itemsOf(SIZES.importRows),
			);
			expectCount('import output items (one per request)', out.items, 10);
			return out;
		},
	},
	{
		id: 'import25k',
		label: 'Call Task Import of 25,000 rows (Map Automatically)',
		floor: 3,
		floorNote: '25,000 / 10,000 per request',
		replay: true,
		node: async (ctx) => {
			const out = await runOurs(
				ctx,
				IMPORTS,
				importParameters(await newTask(ctx.control)),
				itemsOf(SIZES.peerImportRows),
			);
			expectCount('import output items (one per request)', out.items, 3);
			return out;
		},
	},
	{
		id: 'import25kManual',
		label: 'Call Task Import of 25,000 rows, mapped manually with per-item expressions',
		floor: 3,
		floorNote: '25,000 / 10,000 per request',
		replay: true,
		node: async (ctx) => {
			const out = await runOurs(
				ctx,
				IMPORTS,
				importManualParameters(await newTask(ctx.control)),
				itemsOf(SIZES.peerImportRows),
			);
			expectCount('import output items (one per request)', out.items, 3);
			return out;
		},
		probe: async () =>
			await probe(
				importManualParameters('1'),
				['customerNumber', 'additionalFields'],
				itemsOf(SIZES.peerImportRows),
			),
	},
	{
		id: 'singleReads',
		label: 'Customer Get of 500 customers (one request per item)',
		floor: 500,
		floorNote: 'one GET per customer',
		replay: true,
		node: async (ctx) => {
			const ids = SINGLE_READ_IDS.slice(0, SIZES.singleReads);
			const out = await runOurs(
				ctx,
				MAIN,
				{ resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' },
				asItems(ids.map((id) => ({ id }))),
			);
			expectCount('customers read', out.items, SIZES.singleReads);
			return out;
		},
		probe: async () =>
			await probe(
				{ customerId: '={{ $json.id }}' },
				['customerId'],
				asItems(SINGLE_READ_IDS.slice(0, SIZES.singleReads).map((id) => ({ id }))),
			),
	},
	{
		id: 'drain',
		label: 'Trigger draining a backlog of 100,000 records',
		floor: 100,
		floorNote: '100,000 / 1,000 per query',
		replay: true,
		node: async (ctx) => await drainBacklog(ctx, {}),
	},
	{
		id: 'idle',
		label: 'Trigger idle poll (channel All)',
		floor: 2,
		floorNote: '1 query per channel',
		replay: false,
		node: async (ctx) => await idlePoll(ctx),
	},
];

/** Customer ids the single-read scenario reads (set when the sandbox is seeded). */
export const SINGLE_READ_IDS: string[] = [];

export const triggerParameters = (
	options: IDataObject = {},
	channel = 'call',
): INodeParameters => ({
	channel,
	events: ['serviceNoteInsert', 'serviceNoteUpdate'],
	options: options as INodeParameters,
});

/** Polls with `startFrom` at the backlog's start until a poll is no longer draining (bounded). */
export async function drainBacklog(
	ctx: Context,
	options: IDataObject,
	bench: { checkSecret?: boolean } = {},
): Promise<NodeOutcome & { staticData: IDataObject }> {
	if (!ctx.trigger) throw new Error('the trigger node does not exist yet');
	const day = recordDay();
	const staticData: IDataObject = {};
	const parameters = triggerParameters({ startFrom: day.isoFrom, ...options });
	const credentials = credentialsFor(ctx.url, MAIN);
	await ctx.control.clearLog();
	let ms = 0;
	let emitted = 0;
	let polls = 0;
	const seen = new Set<string>();
	let duplicates = 0;
	for (; polls < 500; ) {
		const poll = await timedPoll({
			nodeType: ctx.trigger as never,
			parameters,
			credentials,
			staticData,
			timezone: MAIN.timezone,
			...bench,
		});
		polls++;
		ms += poll.ms;
		if (poll.error) throw new Error(`poll ${polls} failed: ${poll.error.message}`);
		const items = poll.items ?? [];
		for (const item of items) {
			const id = String(item.json.eventUniqueId);
			if (seen.has(id)) duplicates++;
			seen.add(id);
		}
		emitted += items.length;
		if (items.length === 0) break;
	}
	if (duplicates > 0 || seen.size !== SIZES.records)
		throw new Error(
			`drain: ${seen.size} distinct records, ${duplicates} duplicates, expected ${SIZES.records}`,
		);
	const requests = await drainLog(ctx.control);
	return {
		ms,
		items: emitted,
		polls,
		requests,
		staticData,
		detail: `${polls} polls (the last one found nothing new)`,
	};
}

/** After activation (first poll), one poll with nothing new: what an idle workflow costs each interval. */
async function idlePoll(ctx: Context): Promise<NodeOutcome> {
	if (!ctx.trigger) throw new Error('the trigger node does not exist yet');
	const staticData: IDataObject = {};
	const credentials = credentialsFor(ctx.url, MAIN);
	const parameters = triggerParameters({}, 'all');
	await timedPoll({
		nodeType: ctx.trigger as never,
		parameters,
		credentials,
		staticData,
		timezone: MAIN.timezone,
	});
	await ctx.control.clearLog();
	const poll = await timedPoll({
		nodeType: ctx.trigger as never,
		parameters,
		credentials,
		staticData,
		timezone: MAIN.timezone,
	});
	if (poll.error) throw new Error(`idle poll failed: ${poll.error.message}`);
	return {
		ms: poll.ms,
		items: poll.items?.length ?? 0,
		requests: await drainLog(ctx.control),
		polls: 1,
	};
}

// ---- the raw client ---------------------------------------------------------------------------

/**
 * The same requests in a plain undici loop: signed with our signing function, parsed with
 * JSON.parse, rows counted. No n8n, no items, no validation, no lossless parsing.
 */
export async function replayRaw(
	url: string,
	tenant: Tenant,
	requests: Array<Pick<Counted, 'method' | 'path' | 'rawBody'>>,
	rewrite?: (body: string) => string,
	options: { keepAlive?: boolean } = {},
): Promise<{ ms: number; rows: number }> {
	let rows = 0;
	const started = performance.now();
	for (const r of requests) {
		const headers = {
			...signRequest({ appId: tenant.appId, appSecret: tenant.appSecret }, Date.now()),
			'content-type': 'application/json',
		};
		const res = await request(url + r.path, {
			method: r.method as 'GET' | 'POST',
			headers,
			body: r.method === 'GET' ? undefined : rewrite ? rewrite(r.rawBody) : r.rawBody,
			// n8n's request helper opens a new connection for every request; `reset` does the same here.
			reset: options.keepAlive === false,
		});
		const parsed = JSON.parse(await res.body.text()) as { data?: unknown; code?: unknown };
		if (String(parsed.code) !== '200')
			throw new Error(`raw replay of ${r.path} answered ${JSON.stringify(parsed).slice(0, 200)}`);
		const data = parsed.data as { list?: unknown[] } | unknown[] | null;
		rows += Array.isArray(data)
			? data.length
			: Array.isArray((data as { list?: unknown[] })?.list)
				? (data as { list: unknown[] }).list.length
				: 1;
	}
	return { ms: performance.now() - started, rows };
}

/** A body rewriter for imports: the raw replay imports into its own fresh task. */
export async function importRewriter(control: SandboxControl): Promise<(body: string) => string> {
	const taskId = await newTask(control);
	return (body) => body.replace(/"taskId":"\d+"/, `"taskId":"${taskId}"`);
}

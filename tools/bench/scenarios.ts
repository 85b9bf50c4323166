/**
 * The measured workloads: our node through n8n-core (runner.ts) against the sandbox child, counting
 * what the sandbox received; index.ts replays the same requests by the raw client (replayRaw).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import type { CredentialValues } from '../../test/harness';
import type { SandboxControl } from '../../test/sandbox/control';
import type { LogEntry } from '../../test/sandbox/types';
import { ENRICH, ENRICH_FLOOR, enrichPoll } from './enrich';
import { ParameterProbe } from './fixtures/ParameterProbe.node';
import { asItems, timedPoll, timedRun } from './runner';
import { IMPORTS, MAIN, phoneRows, recordDay, signedHeaders, type Tenant } from './tenants';

export { IMPORTS, MAIN, recordDay, type Tenant } from './tenants';

export const SIZES = {
	customers: 10_000,
	tasks: 2_000,
	records: 100_000,
	importRows: 100_000,
	peerImportRows: 25_000,
	singleReads: 500,
};

export const credentialsFor = (url: string, tenant: Tenant): CredentialValues => ({
	baseUrl: url,
	...tenant,
	timeoutSeconds: 60,
});

export interface NodeOutcome {
	ms: number;
	/** Output items (or records emitted by the trigger). */
	items: number;
	requests: LogEntry[];
	polls?: number;
	detail?: string;
}

export type Context = { url: string; control: SandboxControl };

/** One run of our node; its output must hold `want` items. */
const ours =
	(
		tenant: Tenant,
		parameters: (ctx: Context) => Promise<INodeParameters> | INodeParameters,
		want: number,
		items: () => INodeExecutionData[] = () => [{ json: {} }],
	) =>
	async (ctx: Context): Promise<NodeOutcome> => {
		const given = await parameters(ctx);
		await ctx.control.clearLog();
		const run = await timedRun({
			nodeType: ContactCenter,
			parameters: given,
			items: items(),
			credentials: credentialsFor(ctx.url, tenant),
			timezone: tenant.timezone,
		});
		if (run.error)
			throw new Error(`node run failed: ${run.error.message} ${run.error.description ?? ''}`);
		if (run.items.length !== want)
			throw new Error(`${String(given.resource)}: expected ${want} items, got ${run.items.length}`);
		return { ms: run.ms, items: run.items.length, requests: await ctx.control.getLog() };
	};

/** The time n8n needs to resolve `parameters` for every item, in a node that does nothing else. */
async function probe(parameters: INodeParameters, items: INodeExecutionData[]): Promise<number> {
	const run = await timedRun({
		nodeType: ParameterProbe,
		parameters: { read: Object.keys(parameters).join(','), ...parameters },
		items,
		// The probe sends nothing: a closed port.
		credentials: credentialsFor('http://127.0.0.1:9', MAIN),
		timezone: MAIN.timezone,
	});
	if (run.error) throw new Error(`parameter probe failed: ${run.error.message}`);
	return run.ms;
}

/** Items of an import: one customer number per item, as a spreadsheet would deliver them. */
export const importItems = (count: number) => asItems(phoneRows(count));

const MANUAL_MAPPING = {
	customerNumber: '={{ $json.phone }}',
	additionalFields: { customerName: '={{ $json.name }}' },
};

/**
 * The import as a bulk user sets it up: Mapping "Map Automatically" (the items' phone and name
 * fields, default field names); `manual`: mapped field by field with per-item expressions (the
 * default mapping, as before).
 */
export const importParameters = (taskId: string, manual = false): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: { __rl: true, mode: 'id', value: taskId },
	...(manual ? MANUAL_MAPPING : { mappingMode: 'autoMapInputData' }),
	options: { dupStrategy: 'none' },
});

/** A new draft call task of the import tenant. */
export async function newTask(control: SandboxControl): Promise<string> {
	const [taskId] = await control.seedTasks({ appId: IMPORTS.appId, tasks: [{ status: 'draft' }] });
	return taskId;
}

const IMPORT_ITEMS = new Map<number, INodeExecutionData[]>();
const itemsOf = (count: number) => () =>
	IMPORT_ITEMS.get(count) ??
	(IMPORT_ITEMS.set(count, importItems(count)), IMPORT_ITEMS.get(count) as INodeExecutionData[]);

/** Customer ids the single-read scenario reads (set when the sandbox is seeded). */
export const SINGLE_READ_IDS: string[] = [];
const singleReadItems = () =>
	asItems(SINGLE_READ_IDS.slice(0, SIZES.singleReads).map((id) => ({ id })));
const getAll = (resource: string, extra: INodeParameters = {}) => ({
	resource,
	operation: 'getAll',
	returnAll: true,
	...extra,
});
const newImport = (manual?: boolean) => async (ctx: Context) =>
	importParameters(await newTask(ctx.control), manual);

/**
 * The workloads in report order. `probe`: n8n resolving the same per-item parameters for the same
 * items, with nothing else (ParameterProbe); `replay: false`: nothing for the raw client to compare.
 */
export const SCENARIOS = [
	{
		id: 'customers',
		label: 'Customer Get Many, Return All of 10,000',
		floor: 10,
		floorNote: '10,000 / 1,000 per page',
		node: ours(MAIN, () => getAll('customer'), SIZES.customers),
	},
	{
		id: 'tasks',
		label: 'Call Task Get Many, Return All of 2,000',
		floor: 4,
		floorNote: '2,000 / 500 per page',
		node: ours(MAIN, () => getAll('callTask'), SIZES.tasks),
	},
	{
		id: 'records',
		label: 'Service Record Get Many, Return All of 100,000',
		floor: 100,
		floorNote: '100,000 / 1,000 per query',
		node: ours(
			MAIN,
			() => {
				const day = recordDay();
				return getAll('serviceRecord', {
					channel: 'call',
					startTime: day.isoFrom,
					endTime: day.isoTo,
				});
			},
			SIZES.records,
		),
	},
	{
		id: 'import100k',
		label: 'Call Task Import of 100,000 rows (Map Automatically)',
		floor: 10,
		floorNote: '100,000 / 10,000 per request',
		// One output item per request.
		node: ours(IMPORTS, newImport(), 10, itemsOf(SIZES.importRows)),
	},
	{
		id: 'import25k',
		label: 'Call Task Import of 25,000 rows (Map Automatically)',
		floor: 3,
		floorNote: '25,000 / 10,000 per request',
		node: ours(IMPORTS, newImport(), 3, itemsOf(SIZES.peerImportRows)),
	},
	{
		id: 'import25kManual',
		label: 'Call Task Import of 25,000 rows, mapped manually with per-item expressions',
		floor: 3,
		floorNote: '25,000 / 10,000 per request',
		node: ours(IMPORTS, newImport(true), 3, itemsOf(SIZES.peerImportRows)),
		probe: async () => await probe(MANUAL_MAPPING, itemsOf(SIZES.peerImportRows)()),
	},
	{
		id: 'singleReads',
		label: 'Customer Get of 500 customers (one request per item)',
		floor: 500,
		floorNote: 'one GET per customer',
		node: ours(
			MAIN,
			() => ({ resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' }),
			SIZES.singleReads,
			singleReadItems,
		),
		probe: async () => await probe({ customerId: '={{ $json.id }}' }, singleReadItems()),
	},
	{
		id: 'drain',
		label: 'Trigger draining a backlog of 100,000 records',
		floor: 100,
		floorNote: '100,000 / 1,000 per query',
		node: drainBacklog,
	},
	{
		id: 'enrich',
		label: `Trigger poll of ${ENRICH.records.toLocaleString('en-US')} records with Include Customer: requests beyond the same poll without it`,
		floor: ENRICH_FLOOR,
		floorNote: `⌈${ENRICH.distinct.toLocaleString('en-US')} distinct numbers / 200⌉ customer lists + 1 field read`,
		replay: false,
		node: enrichPoll,
	},
	{
		id: 'idle',
		label: 'Trigger idle poll (channel All)',
		floor: 2,
		floorNote: '1 query per channel',
		replay: false,
		node: idlePoll,
	},
];

/** A poller of the trigger on the main tenant, keeping n8n's static data between its polls. */
function poller(ctx: Context, options: IDataObject, channel: string, bench = {}) {
	const staticData: IDataObject = {};
	const run = {
		nodeType: ContactCenterTrigger,
		parameters: {
			channel,
			events: ['serviceNoteInsert', 'serviceNoteUpdate'],
			options: options as INodeParameters,
		},
		credentials: credentialsFor(ctx.url, MAIN),
		staticData,
		timezone: MAIN.timezone,
		...bench,
	};
	return { staticData, poll: async () => await timedPoll(run) };
}

/** Polls with `startFrom` at the backlog's start until a poll is no longer draining (bounded). */
export async function drainBacklog(
	ctx: Context,
	bench: { checkSecret?: boolean } = {},
): Promise<NodeOutcome & { staticData: IDataObject }> {
	const { staticData, poll } = poller(ctx, { startFrom: recordDay().isoFrom }, 'call', bench);
	await ctx.control.clearLog();
	let ms = 0;
	let polls = 0;
	const seen = new Set<string>();
	let emitted = 0;
	for (; polls < 500; ) {
		const out = await poll();
		polls++;
		ms += out.ms;
		if (out.error) throw new Error(`poll ${polls} failed: ${out.error.message}`);
		for (const item of out.items ?? []) seen.add(String(item.json.eventUniqueId));
		emitted += out.items?.length ?? 0;
		if (!out.items?.length) break;
	}
	if (emitted !== seen.size || seen.size !== SIZES.records)
		throw new Error(
			`drain: ${seen.size} distinct records, ${emitted - seen.size} duplicates, expected ${SIZES.records}`,
		);
	return {
		ms,
		items: emitted,
		polls,
		requests: await ctx.control.getLog(),
		staticData,
		detail: `${polls} polls (the last one found nothing new)`,
	};
}

/** After activation (first poll), one poll with nothing new: what an idle workflow costs each interval. */
async function idlePoll(ctx: Context): Promise<NodeOutcome> {
	const { poll } = poller(ctx, {}, 'all');
	await poll();
	await ctx.control.clearLog();
	const out = await poll();
	if (out.error) throw new Error(`idle poll failed: ${out.error.message}`);
	return {
		ms: out.ms,
		items: out.items?.length ?? 0,
		requests: await ctx.control.getLog(),
		polls: 1,
	};
}

/**
 * The same requests in a plain undici loop: signed with our signing function, parsed with
 * JSON.parse, rows counted. No n8n, no items, no validation, no lossless parsing.
 */
export async function replayRaw(
	url: string,
	tenant: Tenant,
	requests: Array<Pick<LogEntry, 'method' | 'path' | 'rawBody'>>,
	rewrite?: (body: string) => string,
	options: { keepAlive?: boolean } = {},
): Promise<{ ms: number; rows: number }> {
	let rows = 0;
	const started = performance.now();
	for (const r of requests) {
		const res = await request(url + r.path, {
			method: r.method as 'GET' | 'POST',
			headers: signedHeaders(tenant),
			body: r.method === 'GET' ? undefined : rewrite ? rewrite(r.rawBody) : r.rawBody,
			// n8n's request helper opens a new connection for every request; `reset` does the same here.
			reset: options.keepAlive === false,
		});
		const parsed = JSON.parse(await res.body.text()) as { data?: unknown; code?: unknown };
		if (String(parsed.code) !== '200')
			throw new Error(`raw replay of ${r.path} answered ${JSON.stringify(parsed).slice(0, 200)}`);
		const data = parsed.data as { list?: unknown } | unknown[] | null;
		const list = Array.isArray(data) ? data : data?.list;
		rows += Array.isArray(list) ? list.length : 1;
	}
	return { ms: performance.now() - started, rows };
}

/** A body rewriter for imports: the raw replay imports into its own fresh task. */
export async function importRewriter(control: SandboxControl): Promise<(body: string) => string> {
	const taskId = await newTask(control);
	return (body) => body.replace(/"taskId":"\d+"/, `"taskId":"${taskId}"`);
}

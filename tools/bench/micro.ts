/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The CPU our own code adds per request, measured on its pure functions: signing, validation and
 * mapping of realistic items, building the body (stringifyJson) and the lossless parse of realistic
 * answers (parseJson against JSON.parse on the same text: only what it adds is ours; on big pages
 * that part is timed alone, see measurePart). Each function runs in batches bounded in iterations
 * and time; the figure is the median batch's CPU time (process.cpuUsage) per call.
 *
 * A program of its own (index.ts runs it compiled, `node micro.js <sandbox url>`, printing
 * `MICRO <json>`): it loads our code and n8n-workflow only. Beside n8n-core and the workloads, V8's
 * compiler and concurrent marking stay busy for seconds and the same functions measured 3–20×
 * slower, varying 2× from run to run (process.cpuUsage counts those threads too).
 */
import type { IDataObject } from 'n8n-workflow';
import { request as post } from 'undici';

import {
	autoRowInput,
	DEFAULT_FIELDS,
	fieldList,
} from '../../nodes/ContactCenter/actions/callTask/importAuto';
import {
	checkImportRow,
	planImportRequests,
	type ImportRow,
} from '../../nodes/ContactCenter/actions/callTask/importRows';
import {
	checkCallWindows,
	checkRetry,
	checkTaskName,
} from '../../nodes/ContactCenter/actions/callTask/taskRules';
import { buildCustomerBody } from '../../nodes/ContactCenter/actions/customer/rules';
import { readRecordQuery } from '../../nodes/ContactCenter/actions/serviceRecord/query';
import type { OutputChoice } from '../../nodes/ContactCenter/actions/output';
import { serviceRecordItem } from '../../nodes/ContactCenter/actions/serviceRecord/simplify';
import { readPage } from '../../nodes/ContactCenter/api/walker';
import { readNumber } from '../../nodes/ContactCenter/input/parameters';
import { positiveNumericId } from '../../nodes/ContactCenter/input/validation';
import {
	exactNumbers,
	parseJson,
	stringifyJson,
	textOnly,
	toLong,
} from '../../nodes/ContactCenter/transport/json';
import type { JsonBodyValue } from '../../nodes/ContactCenter/input/issues';
import { signRequest } from '../../nodes/ContactCenter/transport/signing';
import { MAIN, phoneRows, recordDay, signedHeaders } from './tenants';
import { childMain, cpuSince, median } from './util';

const SIMPLIFIED: OutputChoice = { mode: 'simple', fields: [] };

export type MicroResult = ReturnType<typeof batches>;

const MAX_BATCH_MS = 150;
const BATCHES = 7;

/**
 * Runs `fn` at least `calls` times and for at least WARM_UP_MS (at most 5 s): the figures are of the
 * steady state. In a process that has just loaded n8n-core (89 MB of heap, thousands of functions)
 * V8's optimizing compiler and concurrent marking are busy for seconds, and our functions ran 3–20×
 * slower until then (e.g. checkImportRow 2.5 µs per call right after loading n8n-core, 0.13 µs
 * once settled); a long-running n8n runs our code in the settled state.
 */
const WARM_UP_MS = 1_000;
function warmUp(fn: () => unknown, calls: number): void {
	const started = performance.now();
	for (let n = 0; ; n++) {
		const elapsed = performance.now() - started;
		if ((n >= calls && elapsed >= WARM_UP_MS) || elapsed >= 5 * WARM_UP_MS) break;
		fn();
	}
}

/** The per-call medians of BATCHES batches; a batch returns its calls and their CPU and wall µs. */
function batches(name: string, batch: () => { n: number; cpuUs: number; wallUs: number }) {
	const cpu: number[] = [];
	const wall: number[] = [];
	let calls = 0;
	for (let b = 0; b < BATCHES; b++) {
		const { n, cpuUs, wallUs } = batch();
		cpu.push(cpuUs / n);
		wall.push(wallUs / n);
		calls += n;
	}
	return { name, cpuUs: median(cpu), wallUs: median(wall), calls };
}

/** Runs `fn` in batches (each at most `maxIterations` calls or MAX_BATCH_MS), returns per-call medians. */
export function measure(name: string, maxIterations: number, fn: () => unknown): MicroResult {
	warmUp(fn, Math.min(200, maxIterations));
	return batches(name, () => {
		const cpu0 = process.cpuUsage();
		const t0 = performance.now();
		let n = 0;
		while (n < maxIterations && performance.now() - t0 < MAX_BATCH_MS) {
			fn();
			n++;
		}
		const wallUs = (performance.now() - t0) * 1000;
		return { n, cpuUs: cpuSince(cpu0), wallUs };
	});
}

/**
 * Times only `part(input)`, each call on a fresh `setup()` made outside the timing (for what our code
 * adds to a step whose input must be new each time, e.g. the fix-ups after JSON.parse of a page).
 * CPU is read per call, so this is for parts of 10 µs and more.
 */
export function measurePart<T>(
	name: string,
	setup: () => T,
	part: (input: T) => unknown,
	maxIterations = 2_000,
): MicroResult {
	warmUp(() => part(setup()), Math.min(50, maxIterations));
	return batches(name, () => {
		let cpuUs = 0;
		let wallUs = 0;
		let n = 0;
		const started = performance.now();
		while (n < maxIterations && performance.now() - started < MAX_BATCH_MS * 4) {
			const input = setup();
			const cpu0 = process.cpuUsage();
			const t0 = performance.now();
			part(input);
			wallUs += (performance.now() - t0) * 1000;
			cpuUs += cpuSince(cpu0);
			n++;
		}
		return { n, cpuUs, wallUs };
	});
}

/** The loop of the import operation (import.operation.ts): each input read, checked and kept. */
function keptRows<T>(inputs: T[], read: (input: T) => Parameters<typeof checkImportRow>[1]) {
	const kept: ImportRow[] = [];
	for (let i = 0; i < inputs.length; i++) {
		const checked = checkImportRow(i, read(inputs[i]));
		if (checked.value) kept.push(checked.value);
	}
	return kept;
}

/** An answer as the API writes it (18-digit numbers unquoted). */
const answer = (data: string) =>
	`{"code":200,"data":${data},"message":null,"traceId":"0af7651916cd43dd8448eb211c80319c"}`;

export type MicroReport = Awaited<ReturnType<typeof runMicro>>;

const TASK = '182739465018279001';

export async function runMicro(url: string) {
	const day = recordDay();
	// Realistic answers, read from the sandbox: the largest pages, as our node asks for them.
	const pages = {
		agents: ['/openapi/agent/web/v1/agent/query', { pageNo: 1, pageSize: 20 }],
		customers: ['/openapi/crm/list', { search: [], sortList: [], page: 1, limit: 1000 }],
		records: [
			'/openapi/crm/service-record/call/query',
			{ startTime: day.from, endTime: day.to, limit: 1000 },
		],
		tasks: ['/openapi/agent/web/v1/callTask/query', { pageNum: 1, pageSize: 500 }],
	} as const;
	const texts: Record<string, string> = {};
	for (const [key, [path, body]] of Object.entries(pages)) {
		const headers = signedHeaders(MAIN);
		const res = await post(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
		texts[key] = await res.body.text();
	}
	Object.assign(texts, {
		created: answer('{"taskId":"182739465018279001","status":"draft"}'),
		imported: answer(
			'{"taskId":"182739465018279001","importBatchId":182739465018279555,"fileType":"json","totalCount":10000,"successCount":10000,"emptyCount":0,"invalidCount":0,"failureCount":0,"failureReasons":null}',
		),
		operated: answer(
			'{"taskId":"182739465018279001","status":"running","operatedTime":"2026-11-22 14:00:00"}',
		),
	});
	type RecordRow = IDataObject & { updateTime: string; eventUniqueId: string };
	const records = (JSON.parse(texts.records) as { data: RecordRow[] }).data;
	if (records.length !== 1000)
		throw new Error(`expected a full page of 1,000 records, got ${records.length}`);

	const retry = {
		retryEnabled: true,
		retryReasons: ['busy', 'no_answer'],
		maxRetryTimes: 2,
		retryIntervalValue: 30,
		retryIntervalUnit: 'minute',
	};
	const createBody: JsonBodyValue = {
		taskName: 'Renewal calls November',
		voiceAgentId: toLong('987654321098765432'),
		agentType: 'voicebot',
		startType: 'manual',
		callStrategy: {
			callWindowRanges: [
				{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-12:00', '14:00-18:00'] },
			],
			maxConcurrency: 3,
			callerNumberGroupId: '876543210987654321',
		},
		retryStrategy: retry,
	};
	const rowInput = (i: number) => ({
		taskId: TASK,
		customerNumber: `1380013${String(i % 10_000).padStart(4, '0')}`,
		additionalFields: {
			customerName: `Customer ${i}`,
			remark: 'renewal due',
			variables: { variable: [{ name: 'amount', value: String(100 + (i % 50)) }] },
		},
		dupStrategy: 'task',
	});
	// The parameters as n8n hands them over (evaluated before our code runs): built once, outside the timing.
	const manualInputs = Array.from({ length: 10_000 }, (_, i) => rowInput(i));
	const input7 = rowInput(7);
	const rows = keptRows(manualInputs, (input) => input);
	const importBody: JsonBodyValue = {
		taskId: TASK,
		// As api/voiceInterface.ts sends it: the rows marked text-only.
		customers: textOnly(rows.map((r) => r.customer)),
		dupStrategy: 'task',
	};
	// Map Automatically, as the benchmark's import runs it: items with a phone and a name field, default field names.
	const [number, name, remark, variables] = Object.values(DEFAULT_FIELDS).map(fieldList);
	const autoFields = { number, name, remark, variables, asVariables: [] };
	const autoItems = phoneRows(10_000);
	const autoRows = () =>
		keptRows(autoItems, (item) => autoRowInput(item, autoFields, TASK, 'batch').input);
	const autoBody: JsonBodyValue = {
		taskId: TASK,
		customers: textOnly(autoRows().map((r) => r.customer)),
		dupStrategy: 'batch',
	};
	const customerInput = {
		mode: 'add' as const,
		customerName: 'Han Meimei',
		optionalParameter: 'additionalFields' as const,
		optionalFields: {
			owner: 'u-1001',
			createMethod: 'API',
			customerOrigin: 'selfDevelop',
			assignTime: '2026-05-01T10:00:00',
			customerSource: 'web, fair',
		},
		contacts: {
			mobile: { values: [{ value: '13900000000', memo: 'work' }] },
			email: { values: [{ value: 'han@example.com' }] },
		},
		contactLists: {},
		customFields: {
			mappingMode: 'defineBelow',
			value: { level: 'gold', score: 7 },
			schema: [
				{
					id: 'level',
					displayName: 'Level',
					type: 'options',
					required: true,
					options: [{ name: 'Gold', value: 'gold' }],
				},
				{ id: 'score', displayName: 'Score', type: 'number', required: false },
			],
		},
		zones: { workflow: 'Europe/Berlin', api: 'Asia/Shanghai' },
	};

	const f = {
		sign: measure('signRequest (nonce + HMAC-SHA256 + base64)', 20_000, () =>
			signRequest(MAIN, Date.now()),
		),
		validateTask: measure('validate + map a call task (name, ids, windows, retry)', 20_000, () => {
			checkTaskName('taskName', 'Renewal calls November', true);
			positiveNumericId('voiceAgentId', '987654321098765432');
			positiveNumericId('callerNumberGroupId', '876543210987654321');
			readNumber('maxConcurrency', 3, { required: true, integer: true, min: 1 }); // as Call Task → Create reads it
			checkCallWindows({
				window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-12:00, 14:00-18:00' }],
			});
			checkRetry(retry);
		}),
		validateCustomer: measure(
			'validate + map a customer (fields, contacts, custom fields, time zone)',
			20_000,
			() => buildCustomerBody(customerInput),
		),
		validateRow: measure('validate + map one import row (checkImportRow)', 20_000, () =>
			checkImportRow(7, input7),
		),
		manualRows: measure(
			'Map Each Field Manually: check + map 10,000 rows whose parameters n8n resolved (checkImportRow)',
			200,
			() => keptRows(manualInputs, (input) => input),
		),
		autoRows: measure(
			'Map Automatically: read + validate + map 10,000 items (autoRowInput + checkImportRow)',
			200,
			() => autoRows(),
		),
		dedupPlan: measure('deduplicate the run and plan 10,000 rows (planImportRequests)', 200, () =>
			planImportRequests(rows),
		),
		stringifyAuto: measure(
			'stringifyJson of a 10,000-row import body (Map Automatically rows)',
			200,
			() => stringifyJson(autoBody),
		),
		stringifyAutoNative: measure(
			'JSON.stringify of the same Map Automatically body (reference)',
			200,
			() => JSON.stringify(autoBody),
		),
		stringifyCreate: measure('stringifyJson of a create-task body (with a Long)', 20_000, () =>
			stringifyJson(createBody),
		),
		stringifyImport: measure('stringifyJson of a 10,000-row import body', 200, () =>
			stringifyJson(importBody),
		),
		stringifyImportNative: measure('JSON.stringify of the same import body (reference)', 200, () =>
			JSON.stringify(importBody),
		),
		recordQuery: measure('validate a service-record query (readRecordQuery)', 20_000, () =>
			readRecordQuery(
				{ channel: 'call', startTime: `${day.isoFrom}`, endTime: `${day.isoTo}`, filters: {} },
				'Asia/Shanghai',
				'Asia/Shanghai',
			),
		),
		windowStep: measure('the walker over a full page of 1,000 records (readPage)', 2000, () =>
			readPage(
				records,
				day.from,
				new Set(),
				{ records: [], complete: false, saturatedSeconds: [], requests: 0 },
				{ start: day.from, end: day.to, cap: 1000 },
			),
		),
		outputRecords: measure('serviceRecordItem (Simplified) for 1,000 records', 2000, () => {
			for (const record of records) serviceRecordItem(record, 'call', SIMPLIFIED);
		}),
	};
	// Big pages: what parseJson adds is also timed alone (exactNumbers on a fresh JSON.parse), since
	// the difference of two ~1 ms figures that each include their garbage collection is noisier than
	// the ~0.1 ms it is meant to show. The figure used is the one timed alone.
	const parse = (name: string, text: string, iterations: number, timeAlone = false) => ({
		ours: measure(`parseJson of ${name}`, iterations, () => parseJson(text)),
		native: measure(`JSON.parse of ${name} (reference)`, iterations, () => JSON.parse(text)),
		added: timeAlone
			? measurePart(
					`what parseJson adds to JSON.parse on ${name} (exactNumbers, timed alone)`,
					() => JSON.parse(text) as unknown,
					(value) => exactNumbers(value, text),
				)
			: undefined,
	});
	const p = {
		created: parse('a create-task answer', texts.created, 20_000),
		operated: parse('a start/pause answer', texts.operated, 20_000),
		imported: parse('an import answer (18-digit batch id)', texts.imported, 20_000),
		agents: parse('a page of 20 voice agents (18-digit ids)', texts.agents, 5_000),
		tasks: parse('a page of 500 call tasks', texts.tasks, 200, true),
		customers: parse('a page of 1,000 customers', texts.customers, 200, true),
		records: parse('a page of 1,000 service records', texts.records, 200, true),
	};
	// What our function adds to the reference any client pays (timed alone where `added` is).
	const extra = (x: { ours: MicroResult; native: MicroResult; added?: MicroResult }) =>
		x.added ? x.added.cpuUs : Math.max(0, x.ours.cpuUs - x.native.cpuUs);
	const autoBuilt = { ours: f.stringifyAuto, native: f.stringifyAutoNative };
	const importBuilt = { ours: f.stringifyImport, native: f.stringifyImportNative };

	/** A representative request: our CPU in µs, and per row where it carries rows; `floorUs`: what any client spends on it too. */
	const request = (
		request: string,
		parts: string,
		costs: Array<MicroResult | number>,
		rows?: number,
		floorUs?: number,
	) => {
		const cpuUs = costs.reduce<number>((sum, x) => sum + (typeof x === 'number' ? x : x.cpuUs), 0);
		return {
			request,
			parts,
			cpuUs,
			...(floorUs === undefined ? {} : { floorUs }),
			...(rows ? { rows, perRowUs: cpuUs / rows } : {}),
		};
	};
	const signParse = 'sign + lossless-parse overhead';
	const importTail =
		'run-wide dedup + planning + what stringifyJson adds to JSON.stringify + lossless-parse overhead';
	const perRequest = [
		request(
			'Create a call task (one item)',
			'sign + validate/map + stringifyJson + lossless-parse overhead',
			[f.sign, f.validateTask, f.stringifyCreate, extra(p.created)],
		),
		request(
			'Create a customer (one item)',
			'sign + validate/map + stringifyJson(≈ create body) + lossless-parse overhead',
			[f.sign, f.validateCustomer, f.stringifyCreate, extra(p.created)],
		),
		request('Start or pause a task', signParse, [f.sign, extra(p.operated)]),
		request('Voice agents, one page of 20', signParse, [f.sign, extra(p.agents)], 20),
		request('Call tasks, one page of 500', signParse, [f.sign, extra(p.tasks)], 500),
		request('Customers, one page of 1,000', signParse, [f.sign, extra(p.customers)], 1000),
		request(
			'Service records, one query of 1,000',
			'sign + query check + lossless-parse overhead + window step + output mapping',
			[f.sign, f.recordQuery, extra(p.records), f.windowStep, f.outputRecords],
			1000,
		),
		request(
			'Import request of 10,000 rows (Map Automatically)',
			`sign + 10,000 items read, checked and mapped + ${importTail}`,
			[f.sign, f.autoRows, f.dedupPlan, extra(autoBuilt), extra(p.imported)],
			10_000,
			f.stringifyAutoNative.cpuUs,
		),
		request(
			'Import request of 10,000 rows with remark and a variable each (checks only; n8n resolves the mapped values)',
			`sign + 10,000 row checks + ${importTail}`,
			[f.sign, f.manualRows, f.dedupPlan, extra(importBuilt), extra(p.imported)],
			10_000,
			f.stringifyImportNative.cpuUs,
		),
	];
	return {
		functions: [
			...Object.values(f),
			...Object.values(p).flatMap((x) => [x.ours, x.native, ...(x.added ? [x.added] : [])]),
		],
		perRequest,
		sizes: Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, Buffer.byteLength(v)])),
	};
}

if (require.main === module) childMain('MICRO', async () => await runMicro(process.argv[2]));

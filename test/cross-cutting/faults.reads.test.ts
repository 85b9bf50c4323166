/**
 * Faults on every kind of read (paged reads of both envelopes, the service-record window walk,
 * single reads by GET and through the task query): a transient fault is retried and the result is
 * complete and unchanged, with exactly one extra request; a fault that persists ends after the
 * bound with a clear error saying how often it tried; an envelope error (an answer, not a fault)
 * is never retried and carries the vendor code.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { VENDOR_CODE_HELP } from '../../nodes/ContactCenter/transport/errors';
import type { RunNodeResult } from '../harness';
import { shortRetryWaits } from '../harness/retry-waits';
import type { FaultSpec } from '../sandbox/types';
import {
	APP_ID,
	BARE_FORMS,
	PATHS,
	READ_ATTEMPTS,
	envelopeFault,
	expectBareAdvice,
	faultMessage,
	jsonOf,
	on,
	rl,
	transientFaults,
	useFixture,
} from './support';

// A 3 s timeout: a fault-free page of 1,000 customers took over 1 s on a loaded machine (a retry
// the test did not cause); the delay fault stays past it.
const fx = useFixture({ timeoutSeconds: 3 });

interface ReadOp {
	name: string;
	path: string;
	parameters: () => INodeParameters;
	/** Requests the read needs without faults. */
	requests: number;
	/** A vendor code the spec lists for this endpoint. */
	vendorCode: string;
	/** The fault that persists past the retry bound (kinds rotate over the operations). */
	persistent: Omit<FaultSpec, 'pathPattern' | 'count'>;
	/** The complete, correct output. */
	expected: () => IDataObject[];
}

const seeded = {
	customers: [] as string[],
	agents: [] as string[],
	tasks: [] as string[],
	records: [] as string[],
};
const oneCustomer = () => seeded.customers[1234];

// Records spread over one day of the tenant's zone; the walk needs two queries of 1,000.
const DAY = { from: '2026-03-01 00:00:00', to: '2026-03-01 23:59:59' };

const RECORDS = {
	channel: 'call',
	startTime: '2026-03-01T00:00:00',
	endTime: '2026-03-01T23:59:59',
	returnAll: true,
};

const OPERATIONS: ReadOp[] = [
	{
		name: 'customer get many (envelope A, 3 pages of 1,000)',
		path: PATHS.crmList,
		parameters: () => ({ resource: 'customer', operation: 'getAll', returnAll: true }),
		requests: 3,
		vendorCode: '00000400',
		persistent: { kind: 'status', status: 503, retryAfterSeconds: 0 },
		expected: () => seeded.customers.map((id) => ({ _id: id })),
	},
	{
		name: 'voice agent get many (envelope B, 2 pages of 500)',
		path: PATHS.agentQuery,
		parameters: () => ({ resource: 'voiceAgent', operation: 'getAll', returnAll: true }),
		requests: 2,
		vendorCode: '400',
		persistent: { kind: 'status', status: 429, retryAfterSeconds: 0 },
		expected: () => seeded.agents.map((id) => ({ id })),
	},
	{
		name: 'service record get many (window walk, 1,500 records)',
		path: PATHS.callRecords,
		parameters: () => ({ resource: 'serviceRecord', operation: 'getAll', ...RECORDS }),
		requests: 2,
		vendorCode: '03001023',
		persistent: { kind: 'nonjson' },
		expected: () => seeded.records.map((eventUniqueId) => ({ eventUniqueId })),
	},
	{
		name: 'customer get (GET by id)',
		path: PATHS.crmGet,
		parameters: () => ({ resource: 'customer', operation: 'get', customerId: rl(oneCustomer()) }),
		requests: 1,
		vendorCode: '00000400',
		persistent: { kind: 'html', status: 502 },
		expected: () => [{ _id: oneCustomer() }],
	},
	{
		name: 'call task get (through the task query)',
		path: PATHS.taskQuery,
		parameters: () => ({ resource: 'callTask', operation: 'get', taskId: rl(seeded.tasks[1]) }),
		requests: 1,
		vendorCode: '801',
		persistent: { kind: 'truncated' },
		expected: () => [{ id: seeded.tasks[1] }],
	},
];

beforeAll(async () => {
	await fx.control.reset();
	seeded.customers = await fx.control.seedCustomers({ appId: APP_ID, count: 2500 });
	seeded.agents = await fx.control.seedAgents({ appId: APP_ID, count: 600 });
	seeded.tasks = await fx.control.seedTasks({ appId: APP_ID, count: 3 });
	seeded.records = await fx.control.injectRecords({
		appId: APP_ID,
		channel: 'call',
		generate: { count: 1500, from: DAY.from, to: DAY.to, pushType: 'serviceNoteInsert' },
	});
});

afterEach(async () => {
	await fx.control.clearFaults();
});

/** The output holds the full, fault-free result: every record once, nothing else (order not compared). */
function expectComplete(op: ReadOp, result: RunNodeResult): void {
	expect(result.error).toBeUndefined();
	const expected = op.expected();
	const [key] = Object.keys(expected[0]);
	const got = jsonOf(result.items).map((json) => json[key]);
	expect(got).toHaveLength(expected.length);
	expect(new Set(got).size).toBe(expected.length);
	expect([...got].sort()).toEqual(expected.map((e) => e[key]).sort());
}

describe('reads without faults (the baseline the retries are counted against)', () => {
	it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
		const result = await fx.run(op.parameters());
		expectComplete(op, result);
		expect(result.requests).toHaveLength(op.requests);
		expect(on(result.requests, op.path)).toHaveLength(op.requests);
	});
});

describe('a transient fault is retried once and the result is complete', () => {
	// Retries counted, not timed (the waits at 1/50): the spacing test at the end times them for real.
	shortRetryWaits();
	const cases = OPERATIONS.flatMap((op) =>
		transientFaults(3300).map(([label, spec]) => [op.name, label, op, spec] as const),
	);
	it.each(cases)('%s, %s', async (_name, _label, op, spec) => {
		await fx.fault(op.path, spec, 1);
		const result = await fx.run(op.parameters());
		expectComplete(op, result);
		// Exactly one retry: the faulted request plus the fault-free baseline.
		expect(result.requests).toHaveLength(op.requests + 1);
		expect(result.requests[0].fault).toBe(spec.kind);
		expect(result.requests.slice(1).every((r) => r.fault === undefined && r.signatureValid)).toBe(
			true,
		);
		// Every retry is signed afresh: no nonce is sent twice.
		expect(new Set(result.requests.map((r) => r.headers.nonce)).size).toBe(result.requests.length);
	});
});

describe('a fault that persists ends after the bound with a clear error', () => {
	shortRetryWaits();
	it.each(OPERATIONS.map((op) => [op.name, op.persistent.kind, op] as const))(
		'%s, %s',
		async (_name, _kind, op) => {
			await fx.fault(op.path, op.persistent, READ_ATTEMPTS + 2);
			const result = await fx.run(op.parameters());
			const message = faultMessage(op.persistent);
			expect(result.error?.message).toBe(`${message} (tried ${READ_ATTEMPTS} times) [item 0]`);
			expect(result.error?.context?.attempts).toBe(READ_ATTEMPTS);
			expect(result.requests).toHaveLength(READ_ATTEMPTS);
			expect(result.requests.every((r) => r.fault === op.persistent.kind)).toBe(true);
			expect(result.items).toEqual([]);
		},
	);
});

describe('401, 403 and 404 without an envelope are answers (one request); 502, 503 and 504 are retried up to the bound', () => {
	shortRetryWaits();
	const cases = OPERATIONS.flatMap((op) =>
		[401, 403, 404, 502, 503, 504].flatMap((status) =>
			BARE_FORMS.map((form) => [op.name, status, form.form, op, form] as const),
		),
	);
	it.each(cases)('%s, HTTP %s as %s', async (_name, status, _form, op, form) => {
		await fx.fault(op.path, form.spec(status), READ_ATTEMPTS + 1);
		const result = await fx.run(op.parameters());
		const attempts = status < 500 ? 1 : READ_ATTEMPTS;
		const tried = attempts > 1 ? ` (tried ${attempts} times)` : '';
		expect(result.error?.message).toBe(`${faultMessage(form.spec(status))}${tried} [item 0]`);
		expectBareAdvice(String(result.error?.description), status, fx.sandbox.url);
		expect(on(result.requests, op.path)).toHaveLength(attempts);
		expect(result.items).toEqual([]);
	});
});

describe('an envelope error is an answer: never retried, reported with its vendor code', () => {
	it.each(OPERATIONS.map((op) => [op.name, op.vendorCode, op] as const))(
		'%s, code %s',
		async (_name, code, op) => {
			const envelope = envelopeFault(code, 'vendor says no');
			await fx.fault(op.path, envelope, 5);
			const result = await fx.run(op.parameters());
			expect(result.error?.message).toBe(`Contact Center error ${code}: vendor says no [item 0]`);
			expect(result.error?.context?.vendorCode).toBe(code);
			expect(result.error?.description).toContain(VENDOR_CODE_HELP[code]);
			expect(result.error?.description).toMatch(/Trace ID [0-9a-f]{32}/);
			expect(result.requests).toHaveLength(1);
		},
	);
});

/**
 * Between read attempts the transport waits 250 ms, 500 ms, 1 s unless the server sends a
 * Retry-After header (an absent header is not "Retry-After: 0").
 */
describe('spacing of read retries', () => {
	it('after HTTP 500 without Retry-After the retries back off 250, 500 and 1,000 ms', async () => {
		const op = OPERATIONS[1];
		await fx.fault(op.path, { kind: 'status', status: 500 }, READ_ATTEMPTS - 1);
		const result = await fx.run(op.parameters());
		expect(result.error).toBeUndefined();
		const arrivals = result.requests.map((r) => Date.parse(r.time));
		// The first READ_ATTEMPTS requests are one read and its retries (later ones may follow).
		const gaps = arrivals.slice(1, READ_ATTEMPTS).map((t, i) => t - arrivals[i]);
		expect(gaps).toHaveLength(READ_ATTEMPTS - 1);
		// Lower bounds only: the waits are at least the backoff (timings above it depend on the machine).
		expect(gaps[0]).toBeGreaterThanOrEqual(240);
		expect(gaps[1]).toBeGreaterThanOrEqual(490);
		expect(gaps[2]).toBeGreaterThanOrEqual(990);
	});
});

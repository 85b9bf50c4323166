/**
 * Parallel Requests: per-item operations send up to N items at once. Every guarantee of
 * the one-at-a-time loop holds: output in input order and paired, one error item per failed item
 * under Continue On Fail, the first failure stopping the run with what had gone through, writes
 * sent once, reads retried, a 429 holding the whole pool back, invalid items sending nothing.
 * The sandbox answers after a latency and counts the requests it had in flight at once.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import {
	PARALLEL_REQUESTS_DEFAULT,
	PARALLEL_REQUESTS_MAX,
} from '../../../nodes/ContactCenter/actions/parallel';
import { nodeRunner, type RunNodeOptions } from '../../harness';
import { PATHS, TENANT_A, useSandbox } from '../../sandbox/fixture';
import type { LogEntry } from '../../sandbox/types';
import { expectRefused } from '../run-checks';

const APP = TENANT_A.appId;
const LATENCY_MS = 40;
const sandbox = useSandbox({ tenants: [TENANT_A], latencyMs: LATENCY_MS });
const { control } = sandbox;

beforeEach(async () => {
	await control.reset();
});

const people = (count: number): IDataObject[] =>
	Array.from({ length: count }, (_, i) => ({
		name: `Person ${i}`,
		phone: String(13900000000 + i),
	}));

const CREATE: INodeParameters = {
	resource: 'customer',
	operation: 'create',
	customerName: '={{ $json.name }}',
	mobile: { values: [{ value: '={{ $json.phone }}' }] },
};

const runA = nodeRunner(sandbox, TENANT_A, { nodeType: ContactCenter });
async function run(
	parameters: INodeParameters,
	items: IDataObject[],
	options: Partial<RunNodeOptions> = {},
) {
	await control.resetTraffic();
	const result = await runA(parameters, { items, ...options });
	return { ...result, maxInFlight: (await control.getTraffic()).maxInFlight };
}

const names = (count: number) => people(count).map((p) => p.name);
const pairs = (items: Array<{ pairedItem?: unknown }>) => items.map((item) => item.pairedItem);
const expectedPairs = (count: number) => Array.from({ length: count }, (_, item) => ({ item }));
const namesSent = (requests: LogEntry[]) =>
	requests.map((r) => (r.body as IDataObject | null)?.customerName);

/**
 * Answers come back after a random latency from a seeded generator (5 to 120 ms), so requests
 * finish out of the order they started: output in completion order would fail these tests.
 */
const RANDOM_LATENCY = { minMs: 5, maxMs: 120, seed: 33 };

describe('how many requests are in flight', () => {
	beforeEach(async () => {
		await control.setLatency(RANDOM_LATENCY);
	});

	// The default written out: changing it fails here.
	it('sends up to 32 at once by default, never more, output in input order', async () => {
		const result = await run(CREATE, people(80));
		expect(result.status).toBe('success');
		expect(result.maxInFlight).toBeLessThanOrEqual(32);
		expect(result.maxInFlight).toBeGreaterThan(16);
		expect(result.items.map((item) => item.json.customerName)).toEqual(names(80));
		expect(pairs(result.items)).toEqual(expectedPairs(80));
		expect(result.requests).toHaveLength(80);
		const state = await control.getState(APP);
		expect(state.customers.map((c) => c.customerName).sort()).toEqual(names(80).sort());
	});

	it.each([
		[1, 1],
		[3, 3],
		[5, 5],
		['={{ "2" }}', 2],
	])(
		'Parallel Requests %p: at most %i in flight, items started and output in input order',
		async (parallelRequests, inFlight) => {
			const result = await run({ ...CREATE, options: { parallelRequests } }, people(15));
			expect(result.status).toBe('success');
			expect(result.maxInFlight).toBe(inFlight);
			expect(namesSent(result.requests)).toEqual(names(15));
			expect(result.items.map((item) => item.json.customerName)).toEqual(names(15));
			expect(pairs(result.items)).toEqual(expectedPairs(15));
		},
	);

	it('Get of many call tasks reads each page of the task query once, however many items wait for it', async () => {
		const ids = await control.seedTasks({ appId: APP, count: 1200 });
		const wanted = [ids[1199], ids[600], ids[3], ids[1100], ids[1199], ids[700], ids[10], ids[900]];
		const result = await run(
			{ resource: 'callTask', operation: 'get', taskId: '={{ $json.id }}', output: 'raw' },
			wanted.map((id) => ({ id })),
		);
		expect(result.status).toBe('success');
		expect(result.items.map((item) => String(item.json.id))).toEqual(wanted);
		expect(result.requests.filter((r) => r.path === PATHS.taskQuery)).toHaveLength(3);
	});
});

describe('failures', () => {
	const seedTakenPhones = async (indexes: number[]) =>
		await control.seedCustomers({
			appId: APP,
			customers: indexes.map((i) => ({
				customerName: 'Holder',
				mobile: [{ value: String(13900000000 + i) }],
			})),
		});

	it('Continue On Fail: one error item per failed item, in place and paired; invalid items send nothing', async () => {
		await seedTakenPhones([3, 11]);
		const input = people(16);
		input[6].name = ''; // required: refused before sending
		input[13].name = '';
		const result = await run({ ...CREATE, options: { parallelRequests: 4 } }, input, {
			continueOnFail: true,
		});
		expect(result.status).toBe('success');
		expect(pairs(result.items)).toEqual(expectedPairs(16));
		const failed = result.items.flatMap((item, i) => (item.json.error ? [i] : []));
		expect(failed).toEqual([3, 6, 11, 13]);
		expect(result.items[3].json.code).toBe('03001004');
		expect(String(result.items[6].json.error)).toMatch(/\[item 6\]/);
		for (const i of [0, 1, 2, 4, 5, 7, 8, 9, 10, 12, 14, 15])
			expect(result.items[i].json.customerName).toBe(input[i].name);
		// 14 sent (the two invalid items sent nothing), each once.
		expect(result.requests).toHaveLength(14);
		expect(new Set(namesSent(result.requests)).size).toBe(14);
		expect(result.maxInFlight).toBeLessThanOrEqual(4);
	});

	it('without Continue On Fail the first failure stops new requests, waits for those in flight, and says which items went through', async () => {
		await seedTakenPhones([10]);
		const input = people(40);
		const result = await run({ ...CREATE, options: { parallelRequests: 4 } }, input);
		expect(result.status).toBe('error');
		expect(result.error?.context?.itemIndex).toBe(10);
		expect(result.error?.message).toMatch(/03001004|already/i);
		const description = String(result.error?.description);

		// What the sandbox wrote is exactly what the error says went through.
		const written = (await control.getState(APP)).customers
			.map((c) => c.customerName)
			.filter((name) => name?.startsWith('Person '))
			.map((name) => Number(String(name).slice('Person '.length)))
			.sort((a, b) => a - b);
		expect(written.slice(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		const last = written[written.length - 1];
		expect(written).toEqual([...Array(10).keys(), ...written.slice(10)]);
		expect(last).toBeLessThanOrEqual(10 + 3);
		const through = written.length === 10 ? '0-9' : `0-9, 11${last > 11 ? `-${last}` : ''}`;
		expect(description).toContain(`Items ${through} had gone through before the run stopped`);
		expect(description).toContain(`were not sent`);
		// Nothing after the failure and the three in flight with it was sent.
		expect(result.requests.length).toBeLessThanOrEqual(14);
		expect(Math.max(...namesSent(result.requests).map((n) => Number(String(n).slice(7))))).toBe(
			Math.max(last, 10),
		);
	});

	it('a write that fails with 503 is not sent again; the other items go on', async () => {
		await control.addFault({ pathPattern: PATHS.crmAdd, kind: 'status', status: 503, count: 1 });
		const result = await run({ ...CREATE, options: { parallelRequests: 4 } }, people(10), {
			continueOnFail: true,
		});
		expect(result.requests).toHaveLength(10);
		expect(result.items.filter((item) => item.json.error)).toHaveLength(1);
		expect(pairs(result.items)).toEqual(expectedPairs(10));
		expect((await control.getState(APP)).customers).toHaveLength(9);
	});
});

it('stopping: Stop aborts the requests in flight, starts no other item, and says which were not sent', async () => {
	await control.setLatency(3000);
	const result = await run({ ...CREATE, options: { parallelRequests: 5 } }, people(30), {
		cancelAfterMs: 300,
	});
	expect(result.error?.message).toMatch(/cancelled/);
	expect(result.error?.description).toContain('Items 5-29 were not sent.');
	expect(result.requests).toHaveLength(5);
	expect(namesSent(result.requests)).toEqual(names(5));
});

it('back-off: a 429 with Retry-After holds the whole pool: no request goes out during the wait, then the read is retried', async () => {
	await control.setLatency(0);
	const ids = await control.seedCustomers({ appId: APP, count: 100 });
	await control.addFault({
		pathPattern: '^/openapi/crm/\\d+$',
		kind: 'status',
		status: 429,
		retryAfterSeconds: 1,
		count: 1,
	});
	const result = await run(
		{
			resource: 'customer',
			operation: 'get',
			customerId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			output: 'raw',
		},
		ids.map((id) => ({ id })),
	);
	expect(result.status).toBe('success');
	expect(result.items.map((item) => String(item.json._id))).toEqual(ids);
	// One 429, then every item read once more: 101 requests.
	expect(result.requests).toHaveLength(101);
	const limited = result.requests.find((r) => r.httpStatus === 429) as LogEntry;
	const retry = result.requests.find(
		(r) => r.seq > limited.seq && r.path === limited.path,
	) as LogEntry;
	const retryAt = Date.parse(retry.time);
	expect(retryAt - Date.parse(limited.time)).toBeGreaterThanOrEqual(1000);
	// Only requests already in flight when the 429 reached the node (at most the other
	// Parallel Requests - 1) may arrive during the Retry-After, however late a loaded machine
	// delivers them; without the hold the pool would send the rest of the 100 items then.
	const times = result.requests.filter((r) => r.seq > limited.seq).map((r) => Date.parse(r.time));
	const during = times.filter((t) => t < Date.parse(limited.time) + 1000);
	expect(during.length).toBeLessThan(PARALLEL_REQUESTS_DEFAULT);
});

describe('a write answered HTTP 429 (refused before it was applied)', () => {
	it('a 429 on one of 20 parallel creates holds the run for the Retry-After, then every customer is created exactly once', async () => {
		// No latency: the 429 reaches the node as it arrives, so what arrives during the Retry-After
		// is only what was already in flight (the order is checked with random latency above).
		await control.setLatency(0);
		// The first create to arrive is refused; those in flight finish, none starts during the wait.
		await control.addFault({
			pathPattern: PATHS.crmAdd,
			kind: 'status',
			status: 429,
			retryAfterSeconds: 1,
			count: 1,
		});
		const result = await run({ ...CREATE, options: { parallelRequests: 8 } }, people(20));
		expect(result.status).toBe('success');
		expect(result.items.map((item) => item.json.customerName)).toEqual(names(20));
		expect(pairs(result.items)).toEqual(expectedPairs(20));

		// 21 requests: the refused one was sent again, no other twice.
		expect(result.requests).toHaveLength(21);
		const limited = result.requests.filter((r) => r.httpStatus === 429);
		expect(limited).toHaveLength(1);
		const sent = namesSent(result.requests);
		const refusedName = (limited[0].body as IDataObject).customerName;
		expect(sent.filter((name) => name === refusedName)).toHaveLength(2);
		expect(new Set(sent).size).toBe(20);
		// Nothing was sent during the Retry-After but what was already in flight (at most 7 others).
		const limitedAt = Date.parse(limited[0].time);
		const during = result.requests.filter(
			(r) => r.seq > limited[0].seq && Date.parse(r.time) < limitedAt + 1000,
		);
		expect(during.length).toBeLessThan(8);
		const retry = result.requests.find(
			(r) => r.seq > limited[0].seq && (r.body as IDataObject).customerName === refusedName,
		) as LogEntry;
		expect(Date.parse(retry.time) - limitedAt).toBeGreaterThanOrEqual(1000);

		// The sandbox holds each of the 20 customers once.
		const state = await control.getState(APP);
		expect(state.customers.map((c) => c.customerName).sort()).toEqual(names(20).sort());
	});

	it.each([
		['HTTP 500', { kind: 'status', status: 500 }],
		['a reset after the write', { kind: 'reset', runHandler: true }],
	] as const)(
		'a write failing with %s is never sent again in a parallel run',
		async (_label, fault) => {
			await control.addFault({ pathPattern: PATHS.crmAdd, ...fault, count: 1 });
			const result = await run({ ...CREATE, options: { parallelRequests: 8 } }, people(20), {
				continueOnFail: true,
			});
			expect(result.requests).toHaveLength(20);
			expect(new Set(namesSent(result.requests)).size).toBe(20);
			expect(result.items.filter((item) => item.json.error)).toHaveLength(1);
		},
	);
});

describe('the Parallel Requests value (Options → Parallel Requests)', () => {
	it.each([0, 65, 2.5, 'many', [4], 2 ** 53 + 2, '={{ [4] }}', '={{ { n: 4 } }}'])(
		'%p is refused before anything is sent',
		async (value) => {
			const result = await run(
				{ ...CREATE, options: { parallelRequests: value as never } },
				people(3),
			);
			expect(result.status).toBe('error');
			expectRefused(
				result,
				/^Invalid input \[item 0\]: "Options → Parallel Requests" must be a whole number from 1 to 64/,
			);
		},
	);

	// The default and the maximum written out: changing either fails here.
	it.each([
		['64, the maximum', 64, 40],
		['a number from an expression', '={{ 3 }}', 3],
		['numeric text from an expression', '={{ " 4 " }}', 4],
		['null from an expression: the default, 32', '={{ null }}', 32],
		['empty: the default, 32', '', 32],
	])('%s is accepted', async (_label, value, inFlight) => {
		await control.setLatency(300);
		// Twice the expected count (40 at most): enough to see any other value, in two rounds of 300 ms.
		const items = people(Math.min(40, 2 * inFlight));
		const result = await run({ ...CREATE, options: { parallelRequests: value } }, items);
		expect(result.status).toBe('success');
		expect(result.maxInFlight).toBe(inFlight);
	});

	const properties = new ContactCenter().description.properties;
	const operationsOf = (resource: string): string[] => {
		const selector = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		);
		return ((selector?.options ?? []) as Array<{ value: string }>).map((o) => o.value);
	};
	const resources = (
		(properties.find((p) => p.name === 'resource')?.options ?? []) as Array<{ value: string }>
	).map((o) => o.value);
	const pairsOf = resources.flatMap((resource) =>
		operationsOf(resource).map((operation) => [resource, operation] as const),
	);

	it.each(pairsOf)(
		'%s %s: under Options, once, default 32, 1 to 64 (not on the import, which sends batches)',
		(resource, operation) => {
			const options = properties.filter(
				(p) =>
					p.name === 'options' &&
					p.displayOptions?.show?.resource?.includes(resource) &&
					p.displayOptions?.show?.operation?.includes(operation),
			);
			expect(options).toHaveLength(1);
			const inner = (options[0].options ?? []) as INodeProperties[];
			const parallel = inner.filter((o) => o.name === 'parallelRequests');
			if (resource === 'callTask' && operation === 'import') {
				expect(parallel).toHaveLength(0);
				return;
			}
			expect(parallel).toHaveLength(1);
			expect(parallel[0]).toMatchObject({
				displayName: 'Parallel Requests',
				type: 'number',
				default: 32,
				typeOptions: { minValue: 1, maxValue: 64, numberPrecision: 0 },
			});
			// Options are listed alphabetically.
			const names = inner.map((o) => o.displayName);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		},
	);

	it('is nowhere else on the form', () => {
		expect(properties.filter((p) => p.name === 'parallelRequests')).toEqual([]);
		expect(PARALLEL_REQUESTS_DEFAULT).toBe(32);
		expect(PARALLEL_REQUESTS_MAX).toBe(64);
	});
});

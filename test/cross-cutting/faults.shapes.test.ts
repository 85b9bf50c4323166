/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * Answers that are valid JSON of the wrong shape, and data that changes between the pages of a
 * Return All. A read that does not find the shape its endpoint documents fails with a clear error
 * (never 0 items, never retried: it is an answer, not a fault). A Return All outputs each id once
 * when rows move between pages, and says in the log (and as an execution hint) that the total changed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PageWatch, warnIfChanged } from '../../nodes/ContactCenter/api/responses';
import type { RequestContext } from '../../nodes/ContactCenter/transport/credentialSettings';
import type { RunNodeResult } from '../harness';
import { APP_ID, PATHS, jsonOf, on, rl, useFixture } from './support';

const fx = useFixture({ timeoutSeconds: 10 });

const seeded = { customers: [] as string[], tasks: [] as string[] };

const [traceA, traceB] = ['a'.repeat(32), 'b'.repeat(32)];
const A = (data: unknown) => ({ success: true, code: '200', message: 'ok', traceId: traceA, data });
const B = (data: unknown) => ({ code: 200, message: null, traceId: traceB, data });

const rows = [{ id: '1', _id: '1', name: 'x' }];
const all = (resource: string) => () => ({ resource, operation: 'getAll', returnAll: true });
const some = (resource: string, limit: number) => () => ({ resource, operation: 'getAll', limit });
const customer = () => ({
	resource: 'customer',
	operation: 'get',
	customerId: rl(seeded.customers[0]),
});
const task = () => ({ resource: 'callTask', operation: 'get', taskId: rl(seeded.tasks[0]) });
const L = 'data.list';
const FIELDS = 'data as the list of customer fields';
const GROUPS = 'data as the list of service groups';
/** The voice-agent interface's paths answer in envelope B, the others in envelope A. */
const envelope = (path: string, data: unknown) =>
	[PATHS.agentQuery, PATHS.callerGroupQuery, PATHS.taskQuery].some((p) => p === path)
		? B(data)
		: A(data);

/** Path, its `data` in a well-formed answer of another shape, what the error names, the parameters. */
const CASES: Array<[string, unknown, string, () => INodeParameters]> = [
	[PATHS.crmList, { rows, total: 1 }, L, all('customer')],
	[PATHS.crmList, rows, L, some('customer', 5)],
	[PATHS.crmGet, rows, 'data (the customer record)', customer],
	[PATHS.crmGet, null, 'data (the customer record)', customer],
	[PATHS.fieldList, { list: rows }, FIELDS, all('customerField')],
	[PATHS.groupList, { list: rows }, GROUPS, all('serviceGroup')],
	[PATHS.numberGroupQuery, { records: rows, page: { total: 1 } }, L, all('displayNumberGroup')],
	[PATHS.numberGroupQuery, rows, L, some('displayNumberGroup', 10)],
	[PATHS.agentQuery, rows, L, all('voiceAgent')],
	[PATHS.agentQuery, { records: rows, total: 1 }, L, some('voiceAgent', 5)],
	[PATHS.callerGroupQuery, { rows, total: 1 }, L, all('callerNumberGroup')],
	[PATHS.taskQuery, null, L, all('callTask')],
	[PATHS.taskQuery, { rows, total: 1 }, L, task],
];

beforeAll(async () => {
	await fx.control.reset();
	seeded.customers = await fx.control.seedCustomers({ appId: APP_ID, count: 2500 });
	seeded.tasks = await fx.control.seedTasks({ appId: APP_ID, count: 2 });
});

afterEach(async () => {
	await fx.control.clearFaults();
});

describe('wrong-shape JSON on every read endpoint: a clear error, one request, no items', () => {
	it.each(CASES)('%s with data %j: names %s', async (path, data, expected, parameters) => {
		const body = envelope(path, data);
		await fx.fault(path, { kind: 'json', body }, 5);
		const result = await fx.run(parameters());
		expect(result.items).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain('in an unexpected shape');
		expect(result.error?.message).toContain(expected);
		// The path as the API documents it: a customer's is /openapi/crm/{id}, never URL-encoded.
		const named = path === PATHS.crmGet ? '/openapi/crm/{id}' : path;
		expect(result.error?.message).toContain(`answered ${named} in an unexpected shape`);
		expect(result.error?.message).not.toContain('%7B');
		expect(result.error?.description).toMatch(
			/"data" was (an object with the keys|a list of|null)/,
		);
		expect(result.error?.context?.itemIndex).toBe(0);
		// An answer is not a fault: it is not retried.
		expect(on(result.requests, path)).toHaveLength(1);
		expect(result.requests[0].fault).toBe('json');
	});

	it('the same endpoints answer normally once the fault is gone (the checks accept the documented shapes), with no warning that the data changed', async () => {
		for (const [name, , , parameters] of CASES) {
			const result = await fx.run(parameters());
			expect([name, result.error?.message]).toEqual([name, undefined]);
			const changed = result.logs.filter((log) =>
				log.message.includes('changed while they were read'),
			);
			expect([name, changed]).toEqual([name, []]);
		}
	});

	it('an empty page is not a wrong shape: list null with total 0 gives 0 items', async () => {
		const empty = B({ pageNum: 1, pageSize: 500, total: 0, list: null, hasNext: false });
		await fx.fault(PATHS.agentQuery, { kind: 'json', body: empty }, 5);
		const result = await fx.ok({ resource: 'voiceAgent', operation: 'getAll', returnAll: true });
		expect(result.items).toEqual([]);
	});
});

/** Starts a run, waits until its first list request has reached the sandbox (held by a delay fault), then changes the data. */
async function changeDuringFirstPage(
	change: () => Promise<unknown>,
	path: string = PATHS.crmList,
	resource = 'customer',
): Promise<RunNodeResult> {
	await fx.control.clearLog();
	await fx.fault(path, { kind: 'delay', delayMs: 1500 }, 1);
	const running = fx.run({ resource, operation: 'getAll', returnAll: true });
	// The delay fault logs the request when its handler has run (page 1 is read); the answer is held back.
	const arrived = async () => (await fx.control.getLog({ pathContains: path })).length > 0;
	for (let tries = 0; !(await arrived()); tries++) {
		if (tries > 500) throw new Error('the first page request never arrived');
		await new Promise((resolve) => setImmediate(resolve));
	}
	await change();
	return await running;
}

/** The run's warning that the customers changed while they were read. */
const changeWarning = (result: RunNodeResult) =>
	result.logs.find((log) => log.level === 'warn' && log.message.includes('The customers changed'))
		?.message;

// The voice-interface lists (pages of 500) share one reader; each names its own rows in the warning.
describe('data changing between pages of the voice-interface lists (600 rows, pages of 500)', () => {
	const seeders = {
		voiceAgent: async (count: number) => await fx.control.seedAgents({ appId: APP_ID, count }),
		callerNumberGroup: async (count: number) =>
			await fx.control.seedCallerNumberGroups({ appId: APP_ID, count }),
		callTask: async (count: number) => await fx.control.seedTasks({ appId: APP_ID, count }),
	};
	it.each([
		['voiceAgent', PATHS.agentQuery, 'voice agents'],
		['callerNumberGroup', PATHS.callerGroupQuery, 'caller number groups'],
		['callTask', PATHS.taskQuery, 'call tasks'],
	] as const)(
		'%s (%s): 3 rows added after page 1: the run goes on, and the warning names the %s',
		async (resource, path, what) => {
			await seeders[resource](600);
			const result = await changeDuringFirstPage(
				async () => await seeders[resource](3),
				path,
				resource,
			);
			expect(result.error).toBeUndefined();
			expect(on(result.requests, path)).toHaveLength(2);
			const warning = result.logs.find((log) => log.level === 'warn')?.message ?? '';
			const total = new RegExp(
				`^Contact Center: The ${what} changed while they were read \\(the total went from (\\d+) to (\\d+) between pages`,
			).exec(warning);
			expect(total).not.toBeNull();
			expect(Number(total?.[2]) - Number(total?.[1])).toBe(3);
		},
	);
});

describe('data changing between pages of a Return All (2,500 customers, pages of 1,000)', () => {
	it('7 customers added after page 1: the 7 rows pushed onto page 2 are output once, and the change is logged', async () => {
		const before = new Set(seeded.customers);
		let added: string[] = [];
		const result = await changeDuringFirstPage(async () => {
			added = await fx.control.seedCustomers({
				appId: APP_ID,
				customers: Array.from({ length: 7 }, (_, i) => ({
					customerName: `Late ${i}`,
					createTime: '2099-01-01 00:00:00',
				})),
			});
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result.items).map((json) => String(json._id));
		expect(new Set(ids).size).toBe(ids.length);
		// Every customer that existed for the whole read is there once; the late ones sorted in front of page 1 are not.
		expect(ids.filter((id) => before.has(id)).sort()).toEqual([...before].sort());
		expect(ids.filter((id) => added.includes(id))).toEqual([]);
		expect(on(result.requests, PATHS.crmList)).toHaveLength(3);
		const warning = changeWarning(result);
		expect(warning).toContain('the total went from 2500 to 2507 between pages');
		expect(warning).toContain('7 customers that moved to a later page were output once, not twice');
		seeded.customers.push(...added);
	});

	it('7 customers deleted after page 1: no id twice, and the change is logged (rows that moved back a page are named as possibly missing)', async () => {
		const victims = seeded.customers.slice(0, 7);
		const result = await changeDuringFirstPage(async () => {
			for (const id of victims) {
				await fx.ok({ resource: 'customer', operation: 'delete', customerId: rl(id) });
			}
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result.items).map((json) => String(json._id));
		expect(new Set(ids).size).toBe(ids.length);
		const warning = changeWarning(result);
		expect(warning).toContain(
			`the total went from ${seeded.customers.length} to ${seeded.customers.length - 7} between pages`,
		);
		expect(warning).toContain('may be missing');
	});
});

describe('the warning on the output: an execution hint where n8n has addExecutionHints', () => {
	const context = (withHints: boolean) => {
		const hints: IDataObject[] = [];
		const warnings: string[] = [];
		const ctx = {
			getNode: () => ({ name: 'Contact Center' }),
			logger: { warn: (message: string) => warnings.push(message) },
			...(withHints && { addExecutionHints: (...added: IDataObject[]) => hints.push(...added) }),
		} as unknown as RequestContext;
		return { ctx, hints, warnings };
	};
	const changed = () => {
		const watch = new PageWatch((row) => row.id);
		watch.total(10);
		watch.keep([{ id: 'a' }, { id: 'b' }]);
		watch.total(11);
		expect(watch.keep([{ id: 'b' }, { id: 'c' }])).toEqual([{ id: 'c' }]);
		return watch;
	};

	it('adds a warning hint for the output pane and logs the same message', () => {
		const { ctx, hints, warnings } = context(true);
		warnIfChanged(ctx, changed(), 'voice agents', 0);
		expect(hints).toEqual([
			{
				message: expect.stringContaining(
					'the total went from 10 to 11 between pages; 1 voice agents',
				),
				location: 'outputPane',
				type: 'warning',
			},
		]);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(String(hints[0].message));
	});

	it('on an n8n without addExecutionHints it only logs (no crash)', () => {
		const { ctx, hints, warnings } = context(false);
		expect(() => warnIfChanged(ctx, changed(), 'voice agents')).not.toThrow();
		expect(hints).toEqual([]);
		expect(warnings).toHaveLength(1);
	});
});

import { SandboxControlError } from './control';
import { cases, errA, errB, okA, okB, PATHS, TENANT_A, useSandbox } from './fixture';
import type { FaultKind, FaultSpec } from './types';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;

async function customerCount(): Promise<number> {
	return (await sb.control.getState(APP)).customers.length;
}
/** A fault on the service-group list, and the statuses of the next `n` calls to it. */
const onGroupList = (spec: Partial<FaultSpec> = {}) =>
	sb.control.addFault({ pathPattern: PATHS.groupList, kind: 'status', ...spec });
async function groupListStatuses(n: number): Promise<number[]> {
	const out = [];
	for (let i = 0; i < n; i++) out.push((await sb.post(PATHS.groupList, {})).status);
	return out;
}

describe('fault kinds', () => {
	it('status: that HTTP status with a Spring-like body (default 500); 429 carries Retry-After when asked', async () => {
		await onGroupList();
		const failed = await sb.post(PATHS.groupList, {});
		expect(failed.status).toBe(500);
		expect(failed.json).toMatchObject({ status: 500, path: PATHS.groupList });
		await onGroupList({ status: 429, retryAfterSeconds: 2 });
		const res = await sb.post(PATHS.groupList, {});
		expect(res.status).toBe(429);
		expect(res.headers['retry-after']).toBe('2');
	});

	it.each([
		['truncated', 'whose JSON body stops halfway', /^\{"success":true/],
		['nonjson', 'with a plain-text body', /^upstream connect error/],
	] as const)('%s: HTTP 200 declared as JSON %s', async (kind, _what, text) => {
		await sb.control.addFault({ pathPattern: PATHS.crmList, kind });
		const res = await sb.post(PATHS.crmList, { search: [] });
		expect(res.status).toBe(200);
		expect(res.headers['content-type']).toBe('application/json;charset=UTF-8');
		expect(res.text).toMatch(text);
		expect(() => JSON.parse(res.text)).toThrow(SyntaxError);
	});

	it('html: an nginx error page (default 502, status configurable)', async () => {
		await onGroupList({ kind: 'html' });
		await onGroupList({ kind: 'html', status: 200 });
		const first = await sb.post(PATHS.groupList, {});
		expect(first.status).toBe(502);
		expect(first.headers['content-type']).toBe('text/html');
		expect(first.text).toContain('<h1>502 Bad Gateway</h1>');
		const second = await sb.post(PATHS.groupList, {});
		expect(second.status).toBe(200);
		expect(second.text).toContain('<html>');
	});

	it('envelope: a failure inside the right envelope (defaults and explicit code/message)', async () => {
		await sb.control.addFault({ pathPattern: PATHS.crmAdd, kind: 'envelope' });
		errA(
			await sb.post(PATHS.crmAdd, { customerName: 'x' }),
			'00000500',
			'system busy, please try again later',
		);
		await sb.control.addFault({ pathPattern: PATHS.agentQuery, kind: 'envelope' });
		errB(await sb.post(PATHS.agentQuery, { pageNo: 1, pageSize: 1 }), 500, 'system busy');
		await sb.control.addFault({
			pathPattern: PATHS.taskQuery,
			kind: 'envelope',
			envelopeCode: 429,
			envelopeMessage: 'too many requests',
		});
		errB(await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 1 }), 429, 'too many requests');
		expect(await customerCount()).toBe(0);
	});

	it('reset: the connection is destroyed and nothing happens', async () => {
		await sb.control.addFault({ pathPattern: PATHS.crmAdd, kind: 'reset' });
		await expect(sb.post(PATHS.crmAdd, { customerName: 'x' })).rejects.toThrow();
		expect(await customerCount()).toBe(0);
		const [entry] = await sb.control.getLog();
		expect(entry).toMatchObject({ fault: 'reset', httpStatus: 0, code: null });
	});

	it('delay: runs the handler at once and answers late', async () => {
		await sb.control.addFault({ pathPattern: PATHS.crmAdd, kind: 'delay', delayMs: 250 });
		const started = performance.now();
		const res = await sb.post(PATHS.crmAdd, { customerName: 'slow' });
		const elapsed = performance.now() - started;
		expect(okA(res).customerName).toBe('slow');
		expect(elapsed).toBeGreaterThanOrEqual(240);
		const [entry] = await sb.control.getLog();
		expect(entry).toMatchObject({ fault: 'delay', httpStatus: 200, code: '200' });
		expect(entry.durationMs).toBeGreaterThanOrEqual(240);
	});

	it.each<FaultKind>(['status', 'truncated', 'nonjson', 'html', 'envelope', 'reset'])(
		'%s: a faulted import changes nothing and does not use up the nonce',
		async (kind) => {
			const [taskId] = await sb.control.seedTasks({ appId: APP, tasks: [{}] });
			await sb.control.addFault({ pathPattern: PATHS.taskImport, kind });
			const body = { taskId, customers: [{ customerNumber: '13800138000' }] };
			await sb.post(PATHS.taskImport, body, { nonce: '246810' }).catch(() => undefined);
			expect((await sb.control.getState(APP)).tasks[0].totalCount).toBe(0);
			okB(await sb.post(PATHS.taskImport, body, { nonce: '246810' }));
			expect((await sb.control.getState(APP)).tasks[0].totalCount).toBe(1);
		},
	);
});

describe('fault matching', () => {
	it('hits the next N matching requests only (default 1), also with a probability', async () => {
		await onGroupList({ status: 503, count: 2 });
		expect(await groupListStatuses(4)).toEqual([503, 503, 200, 200]);
		await onGroupList();
		expect(await groupListStatuses(2)).toEqual([500, 200]);
		// count also caps a probability fault.
		await onGroupList({ probability: 1, count: 3 });
		expect(await groupListStatuses(5)).toEqual([500, 500, 500, 200, 200]);
	});

	it('matches the path as a substring or as a regular expression, and optionally the method', async () => {
		await sb.control.addFault({
			pathPattern: 'service-record/(call|im)/query',
			kind: 'status',
			count: 2,
		});
		const window = { startTime: '2026-01-01 00:00:00', endTime: '2026-01-01 00:00:01' };
		expect((await sb.post(PATHS.callRecords, window)).status).toBe(500);
		expect((await sb.post(PATHS.imRecords, window)).status).toBe(500);
		await sb.control.addFault({ pathPattern: '/openapi/crm/', kind: 'status', method: 'GET' });
		okA(await sb.post(PATHS.crmList, { search: [] }));
		expect((await sb.client.get(PATHS.crmGet('1'))).status).toBe(500);
	});

	it('hits with a seeded probability, reproducibly', async () => {
		async function pattern(probability: number, seed: number): Promise<string> {
			await sb.control.clearFaults();
			await onGroupList({ status: 503, probability, seed });
			return (await groupListStatuses(40)).map((s) => (s === 503 ? 'x' : '.')).join('');
		}
		const first = await pattern(0.3, 7);
		expect(await pattern(0.3, 7)).toBe(first);
		const hits = first.split('').filter((c) => c === 'x').length;
		expect(hits).toBeGreaterThan(3);
		expect(hits).toBeLessThan(25);
		expect(await pattern(0.3, 8)).not.toBe(first);
		expect(await pattern(0, 1)).toBe('.'.repeat(40));
		expect(await pattern(1, 1)).toBe('x'.repeat(40));
	});

	it('never hits the control API', async () => {
		await sb.control.addFault({ pathPattern: '.*', kind: 'reset', probability: 1 });
		expect((await sb.control.getState(APP)).appId).toBe(APP);
		await expect(sb.post(PATHS.groupList, {})).rejects.toThrow();
	});

	it('lists, removes and clears faults', async () => {
		const specA: FaultSpec = { pathPattern: 'a', kind: 'status', count: 3 };
		const specB: FaultSpec = { pathPattern: 'b', kind: 'delay', delayMs: 5, probability: 0.5 };
		const a = await sb.control.addFault(specA);
		const b = await sb.control.addFault(specB);
		expect(await sb.control.listFaults()).toEqual([
			{ ...specA, id: a.id, hits: 0, remaining: 3 },
			{ ...specB, id: b.id, hits: 0, remaining: null },
		]);
		await sb.control.removeFault(a.id);
		expect((await sb.control.listFaults()).map((f) => f.id)).toEqual([b.id]);
		await expect(sb.control.removeFault(a.id)).rejects.toThrow(/does not exist/);
		expect(await sb.control.clearFaults()).toEqual({ cleared: 1 });
		expect(await sb.control.listFaults()).toEqual([]);
	});

	it.each(
		cases(`
		{"kind":"status"} | pathPattern is required
		{"pathPattern":"x","kind":"boom"} | kind must be one of
		{"pathPattern":"x","kind":"status","status":99} | status must be an integer from 100 to 599
		{"pathPattern":"x","kind":"status","probability":1.5} | probability must be a number from 0 to 1
		{"pathPattern":"x","kind":"status","count":0} | count must be an integer greater than 0
		{"pathPattern":"x","kind":"status","runHandler":true} | runHandler applies to kind reset only
		{"pathPattern":"x","kind":"status","times":2} | unknown parameter: times
	`),
	)('refuses the fault %j (HTTP 400)', async (spec, message) => {
		const error = await sb.control.addFault(spec as never).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(SandboxControlError);
		expect((error as SandboxControlError).status).toBe(400);
		expect((error as Error).message).toContain(message);
	});
});

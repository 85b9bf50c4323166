import { request } from 'undici';

import { SandboxControl, SandboxControlError } from './control';
import { cases, PATHS, TENANT_A, TENANT_B, errA, okA, okB, useSandbox, wallTime } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;

async function controlError(promise: Promise<unknown>): Promise<SandboxControlError> {
	const error = await promise.catch((e: unknown) => e);
	expect(error).toBeInstanceOf(SandboxControlError);
	return error as SandboxControlError;
}

describe('reset and tenants', () => {
	it('wipes data, log, faults and clock, and re-creates the initial tenants', async () => {
		okA(await sb.post(PATHS.crmAdd, { customerName: 'x' }));
		await sb.control.addFault({ pathPattern: 'x', kind: 'status' });
		await sb.control.setClock(100);
		await sb.control.addTenant({ appId: 'extra', appSecret: 's' });
		expect(await sb.control.reset()).toEqual({ tenants: [TENANT_A.appId, TENANT_B.appId] });
		expect((await sb.control.getState(APP)).customers).toEqual([]);
		expect(await sb.control.getLog()).toEqual([]);
		expect(await sb.control.listFaults()).toEqual([]);
		expect((await sb.control.getClock()).offsetSeconds).toBe(0);
		expect((await sb.control.listTenants()).tenants.map((t) => t.appId)).toEqual([
			TENANT_A.appId,
			TENANT_B.appId,
		]);
	});

	it('re-creates the tenants it is given', async () => {
		await sb.control.reset([{ appId: 'only', appSecret: 's', timezone: 'Europe/Berlin' }]);
		expect((await sb.control.listTenants()).tenants).toEqual([
			{ appId: 'only', timezone: 'Europe/Berlin' },
		]);
		errA(await sb.post(PATHS.groupList, {}), '00000400', /unknown appid/);
		okA(await sb.clientFor({ appId: 'only', appSecret: 's' }).post(PATHS.groupList, {}));
	});

	it('adds tenants and refuses bad or duplicate ones', async () => {
		expect(await sb.control.addTenant({ appId: 'new', appSecret: 's' })).toEqual({
			appId: 'new',
			timezone: 'Asia/Shanghai',
		});
		okA(await sb.clientFor({ appId: 'new', appSecret: 's' }).post(PATHS.groupList, {}));
		for (const [attempt, status, message] of [
			[() => sb.control.addTenant({ appId: 'new', appSecret: 's' }), 409, 'already exists'],
			[
				() => sb.control.addTenant({ appId: 'x', appSecret: 's', timezone: 'Mars/Olympus' }),
				400,
				'IANA',
			],
			[() => sb.control.addTenant({ appId: 'y', appSecret: '' }), 400, 'appSecret'],
			[() => sb.control.reset([TENANT_A, TENANT_A]), 409, 'already exists'],
		] as const) {
			const error = await controlError(attempt());
			expect([error.status, error.message]).toEqual([status, expect.stringContaining(message)]);
		}
		expect((await sb.control.listTenants()).tenants.map((t) => t.appId)).toContain('new');
	});

	it('seeds a demo tenant with realistic data up to now', async () => {
		await sb.control.addTenant({ appId: 'demo', appSecret: 's', seed: 'demo' });
		const state = await sb.control.getState('demo');
		expect(state.agents).toHaveLength(6);
		const kinds = (key: 'publishStatus' | 'agentType' | 'version') =>
			new Set(state.agents.map((a) => a[key]));
		expect([kinds('publishStatus'), kinds('agentType'), kinds('version')]).toEqual([
			new Set(['PUBLISHED', 'OFFLINE', 'NEVER_PUBLISHED']),
			new Set(['voicebot', 'voiceagent']),
			new Set(['2', '3']),
		]);
		expect(state.callerNumberGroups).toHaveLength(3);
		expect(state.fields.map((f) => [f.field, f.type])).toEqual([
			['cf_company', 'text'],
			['cf_level', 'select'],
			['cf_region', 'cascade'],
			['cf_last_contact', 'text'],
		]);
		expect(state.customers).toHaveLength(28);
		// Nobody has a last contact yet; three web visitors are known by visitor id.
		expect(state.customers.filter((c) => c.cf_last_contact !== undefined)).toEqual([]);
		expect(state.customers.filter((c) => c.visitorId).map((c) => c.visitorId)).toEqual([
			'v_demo_0001',
			'v_demo_0002',
			'v_demo_0003',
		]);
		expect(state.serviceGroups).toHaveLength(2);
		expect(state.displayNumberGroups).toHaveLength(2);
		expect(state.tasks.map((t) => t.status)).toEqual(['draft']);
		expect(state.recordCounts.call).toBeGreaterThanOrEqual(200);
		expect(state.recordCounts.im).toBeGreaterThanOrEqual(100);
		const client = sb.clientFor({ appId: 'demo', appSecret: 's' });
		const now = new Date();
		const since = (ms: number) => ({
			startTime: wallTime(new Date(now.getTime() - ms)),
			endTime: wallTime(now),
		});
		const calls = okA(await client.post(PATHS.callRecords, since(3 * 86400_000 + 60_000)));
		expect(calls).toHaveLength(state.recordCounts.call);
		// The last hour has call records naming customers by phone (the service-record example reads them).
		const phones = new Set(state.customers.flatMap((c) => (c.mobile ?? []).map((m) => m.value)));
		const recent = okA(await client.post(PATHS.callRecords, since(3600_000))) as Array<{
			data: { customerPhone?: string };
		}>;
		expect(recent.length).toBeGreaterThanOrEqual(3);
		expect(
			recent.every((r) => r.data.customerPhone !== undefined && phones.has(r.data.customerPhone)),
		).toBe(true);
		const search = [{ field: 'cf_level', operator: 'nempty', value: [] }];
		expect(okA(await client.post(PATHS.crmList, { search })).count).toBeGreaterThan(0);
	});
});

describe('seeding', () => {
	it('returns the ids of explicit and generated rows', async () => {
		expect(
			await sb.control.seedCustomers({ appId: APP, customers: [{ customerName: 'A' }], count: 2 }),
		).toHaveLength(3);
		const agents = await sb.control.seedAgents({
			appId: APP,
			agents: [{ id: '100000000000000001', name: 'Fixed' }],
			count: 2,
		});
		expect(agents[0]).toBe('100000000000000001');
		expect(await sb.control.seedCallerNumberGroups({ appId: APP, count: 2 })).toHaveLength(2);
		expect(
			await sb.control.seedFields({ appId: APP, fields: [{ field: 'cf_x' }], count: 1 }),
		).toEqual(['cf_x', expect.stringMatching(/^cf_/)]);
		const nine = { queueNumber: '9000', name: 'Nine' };
		const queueNumbers = await sb.control.seedServiceGroups({
			appId: APP,
			groups: [nine],
			count: 1,
		});
		expect(queueNumbers).toEqual(['9000', '8001']);
		expect(await sb.control.seedDisplayNumberGroups({ appId: APP, count: 2 })).toHaveLength(2);
		const [running] = await sb.control.seedTasks({
			appId: APP,
			tasks: [{ status: 'running', totalCount: 5, completedCount: 2 }],
		});
		const state = await sb.control.getState(APP);
		expect(state.customers).toHaveLength(3);
		expect(state.agents.find((a) => a.id === agents[0])).toMatchObject({
			name: 'Fixed',
			agentType: 'voicebot',
			version: '2',
		});
		expect(state.tasks.find((t) => t.id === running)).toMatchObject({
			status: 'running',
			totalCount: 5,
			importedCustomers: 5,
			progressRate: 0.4,
		});
		expect(await sb.control.getTaskCustomers(APP, running)).toHaveLength(5);
	});

	it.each(
		cases(`
		/customers | {"appId":"nobody","count":1} | 404 | unknown appId
		/customers | {"appId":"1090","count":-1} | 400 | count
		/agents | {"appId":"1090","agents":[{"publishStatus":"LIVE"}]} | 400 | publishStatus
		/agents | {"appId":"1090","agents":[{"colour":"red"}]} | 400 | unknown parameter: colour
		/agents | {"appId":"1090","agents":[{"id":"100000000000000001"}]} | 400 | already exists
		/fields | {"appId":"1090","fields":[{"field":"customerName"}]} | 400 | standard customer field
		/fields | {"appId":"1090","fields":[{"field":"cf_s","type":"select"}]} | 400 | needs choices
		/tasks | {"appId":"1090","tasks":[{"totalCount":1,"completedCount":2}]} | 400 | completedCount
		/records | {"appId":"1090","channel":"call","records":[{}]} | 400 | records[0].updateTime is required
		/records | {"appId":"1090","channel":"call","records":[{"updateTime":"2026-01-01"}]} | 400 | yyyy-MM-dd HH:mm:ss
		/records | {"appId":"1090","channel":"call","records":[{"updateTime":"2026-01-01 00:00:00","eventUniqueId":"dup"}]} | 400 | already exists
		/records | {"appId":"1090","channel":"call","records":[{"updateTime":"2026-01-01 00:00:00","sessionId":"s"}]} | 400 | unknown parameter
		/records | {"appId":"1090","channel":"call","generate":{"count":2,"from":"2026-01-02 00:00:00","to":"2026-01-01 00:00:00"}} | 400 | from <= to
		/records | {"appId":"1090","channel":"fax"} | 400 | channel
	`),
	)('refuses POST %s %j with HTTP %i, changing nothing', async (path, body, status, message) => {
		await sb.control.seedAgents({ appId: APP, agents: [{ id: '100000000000000001' }] });
		const dup = { updateTime: '2026-01-01 00:00:00', eventUniqueId: 'dup' };
		await sb.control.injectRecords({ appId: APP, channel: 'call', records: [dup] });
		const before = await sb.control.getState(APP);
		const res = await fetch(`${sb.url}/__control${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([
			status,
			expect.stringContaining(message),
		]);
		expect(await sb.control.getState(APP)).toEqual(before);
	});
});

describe('service-record injection', () => {
	const window = (endTime: string) => ({ startTime: '2026-01-01 00:00:00', endTime });
	const generate = (
		count: number,
		to: string,
		pushType: 'serviceNoteInsert' | 'serviceNoteUpdate',
	) => ({ count, from: '2026-01-01 00:00:00', to, pushType });

	it('spreads generated records evenly over an inclusive window', async () => {
		const to = '2026-01-01 00:00:08';
		const ids = await sb.control.injectRecords({
			appId: APP,
			channel: 'call',
			generate: generate(5, to, 'serviceNoteInsert'),
		});
		const records = okA(await sb.post(PATHS.callRecords, window(to)));
		expect(records.map((r: { eventUniqueId: string }) => r.eventUniqueId)).toEqual(ids);
		expect(records.map((r: { updateTime: string }) => r.updateTime.slice(-2))).toEqual(
			'00 02 04 06 08'.split(' '),
		);
		expect(new Set(records.map((r: { pushType: string }) => r.pushType))).toEqual(
			new Set(['serviceNoteInsert']),
		);
	});

	it('makes updates of earlier conversations in update mode', async () => {
		const to = '2026-01-01 01:00:00';
		const body = { appId: APP, generate: generate(20, to, 'serviceNoteUpdate') };
		await sb.control.injectRecords({ ...body, channel: 'im' });
		const records = okA(await sb.post(PATHS.imRecords, window(to)));
		expect(records).toHaveLength(20);
		expect(records.every((r: { pushType: string }) => r.pushType === 'serviceNoteUpdate')).toBe(
			true,
		);
	});
});

describe('request log', () => {
	it('records method, path, query, headers, raw and lossless body, signature validity and answer', async () => {
		const raw =
			'{"taskId":"1","customers":[{"customerNumber":"13800138000"}],"dupStrategy":"none","big":182739465018273946}';
		await sb.client.request(`${PATHS.taskImport}?trace=1`, { rawBody: raw, nonce: '135790' });
		const [entry] = await sb.control.getLog();
		expect(entry).toMatchObject({
			seq: expect.any(Number),
			method: 'POST',
			path: PATHS.taskImport,
			query: { trace: '1' },
			appId: APP,
			rawBody: raw,
			body: {
				taskId: '1',
				customers: [{ customerNumber: '13800138000' }],
				dupStrategy: 'none',
				big: '182739465018273946',
			},
			signatureValid: true,
			httpStatus: 200,
			code: 400,
		});
		const sent = { appid: APP, nonce: '135790', 'content-type': 'application/json' };
		expect(entry.headers).toMatchObject(sent);
		expect(entry.headers.signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
		expect(entry.headers.timestamp).toMatch(/^\d{10}$/);
		expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
		expect(entry.durationMs).toBeGreaterThanOrEqual(0);
	});

	it('logs refused, unknown and malformed requests too', async () => {
		await sb.post(PATHS.groupList, {}, { signature: 'x' });
		await sb.post('/nowhere', {});
		await sb.client.request(PATHS.groupList, { rawBody: '{' });
		const entries = await sb.control.getLog();
		expect(entries.map((e) => [e.path, e.httpStatus, e.code, e.signatureValid])).toEqual([
			[PATHS.groupList, 200, '00000400', false],
			['/nowhere', 404, null, false],
			[PATHS.groupList, 200, '00000400', true],
		]);
		expect(entries[0].authError).toBe('signature mismatch');
		expect(entries[2].body).toBeNull();
	});

	it('filters by appId, pathContains and sinceSeq, and clears', async () => {
		okA(await sb.clientFor(TENANT_A).post(PATHS.groupList, {}));
		okB(await sb.clientFor(TENANT_B).post(PATHS.agentQuery, { pageNo: 1, pageSize: 1 }));
		okA(await sb.clientFor(TENANT_B).post(PATHS.groupList, {}));
		const all = await sb.control.getLog();
		expect(all).toHaveLength(3);
		expect(all.map((e) => e.seq)).toEqual([all[0].seq, all[0].seq + 1, all[0].seq + 2]);
		// Each request is logged under the appid it carried.
		const ofB = await sb.control.getLog({ appId: TENANT_B.appId });
		expect(ofB.map((e) => [e.appId, e.path])).toEqual([
			[TENANT_B.appId, PATHS.agentQuery],
			[TENANT_B.appId, PATHS.groupList],
		]);
		expect(await sb.control.getLog({ appId: TENANT_B.appId, pathContains: '/platform/' })).toEqual([
			all[2],
		]);
		expect(await sb.control.getLog({ sinceSeq: all[1].seq })).toEqual([all[2]]);
		await sb.control.clearLog();
		expect(await sb.control.getLog()).toEqual([]);
		okA(await sb.post(PATHS.groupList, {}));
		expect((await sb.control.getLog())[0].seq).toBe(all[2].seq + 1);
	});
});

describe('clock', () => {
	it('shifts and freezes the server clock; reset restores real time', async () => {
		const shifted = await sb.control.setClock(3600);
		expect(shifted.offsetSeconds).toBe(3600);
		expect(Math.abs(Date.parse(shifted.now) - (Date.now() + 3600_000))).toBeLessThan(2000);
		const future = { customerName: 'future' };
		const created = okA(await sb.post(PATHS.crmAdd, future, { skewSeconds: 3600 }));
		const late = (s: number) => wallTime(new Date(Date.now() + 3600_000 - s * 1000));
		expect([0, 1, 2, 3, 4, 5].map(late)).toContain(created.createTime);
		const frozen = await sb.control.setClock({ freezeAt: '2030-01-01T00:00:00Z' });
		expect(frozen).toMatchObject({
			frozenAt: '2030-01-01T00:00:00.000Z',
			now: '2030-01-01T00:00:00.000Z',
		});
		const c = sb.clientFor(TENANT_A).freezeAt('2030-01-01T00:00:00Z');
		expect(okA(await c.post(PATHS.crmAdd, { customerName: 'frozen' })).createTime).toBe(
			'2030-01-01 08:00:00',
		);
		await sb.control.reset();
		expect(await sb.control.getClock()).toMatchObject({ offsetSeconds: 0, frozenAt: null });
		expect((await controlError(sb.control.setClock({ freezeAt: 'soon' }))).message).toMatch(
			/ISO instant/,
		);
	});
});

describe('control API protocol', () => {
	it('answers unknown endpoints 404, wrong methods 405 and malformed JSON 400', async () => {
		const base = `${sb.sandbox.url}/__control`;
		expect((await request(`${base}/nothing`)).statusCode).toBe(404);
		expect((await request(`${base}/log`, { method: 'POST', body: '{}' })).statusCode).toBe(405);
		const malformed = await request(`${base}/customers`, { method: 'POST', body: '{' });
		expect(malformed.statusCode).toBe(400);
		expect(await malformed.body.json()).toMatchObject({
			error: expect.stringMatching(/malformed JSON/),
		});
	});

	it('accepts a base URL that already ends in /__control', async () => {
		const control = new SandboxControl(`${sb.sandbox.url}/__control/`);
		expect((await control.listTenants()).tenants).toHaveLength(2);
	});
});

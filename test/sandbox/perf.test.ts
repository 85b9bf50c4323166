import { PATHS, TENANT_A, okA, okB, useSandbox } from './fixture';

// Time bounds are generous (the machine runs two jest workers); the numbers to quote come from load.ts.
const sb = useSandbox();
const APP = TENANT_A.appId;

beforeAll(async () => {
	await sb.control.reset();
});

describe('performance', () => {
	it('stores 100,000 service records and queries them quickly', async () => {
		let started = performance.now();
		const ids = await sb.control.injectRecords({ appId: APP, channel: 'call', generate: { count: 100_000, from: '2026-01-01 00:00:00', to: '2026-01-01 23:59:59', pushType: 'serviceNoteInsert' } });
		const injectMs = performance.now() - started;
		expect(ids).toHaveLength(100_000);
		expect(injectMs).toBeLessThan(3000);

		started = performance.now();
		const page = okA(await sb.client.post(PATHS.callRecords, { startTime: '2026-01-01 12:00:00', endTime: '2026-01-01 23:59:59' }));
		const queryMs = performance.now() - started;
		expect(page).toHaveLength(1000);
		// Record i sits at second floor(i * 86399 / 99999) of the day; noon is second 43200.
		const firstAtNoon = ids.findIndex((_, i) => Math.floor((i * 86399) / 99999) >= 43200);
		expect(page.map((r: { eventUniqueId: string }) => r.eventUniqueId)).toEqual(ids.slice(firstAtNoon, firstAtNoon + 1000));
		expect(queryMs).toBeLessThan(500);

		// A late record lands in order among 100,000 without a full re-sort being visible to clients.
		started = performance.now();
		await sb.control.injectRecords({ appId: APP, channel: 'call', records: [{ updateTime: '2026-01-01 00:00:00', eventUniqueId: 'late' }] });
		expect(performance.now() - started).toBeLessThan(500);
		const first = okA(await sb.client.post(PATHS.callRecords, { startTime: '2026-01-01 00:00:00', endTime: '2026-01-01 00:00:00' }));
		expect(first.map((r: { eventUniqueId: string }) => r.eventUniqueId)).toEqual([ids[0], ids[1], 'late']);
	});

	it('imports 10,000 rows in well under a second', async () => {
		const [taskId] = await sb.control.seedTasks({ appId: APP, tasks: [{}] });
		const customers = Array.from({ length: 10_000 }, (_, i) => ({ customerNumber: String(13_000_000_000 + i), customerName: `客户${i}`, variables: { amount: String(i) } }));
		const started = performance.now();
		const data = okB(await sb.client.post(PATHS.taskImport, { taskId, customers, dupStrategy: 'task' }));
		const importMs = performance.now() - started;
		expect(data).toMatchObject({ totalCount: 10_000, successCount: 10_000, failureCount: 0 });
		expect(importMs).toBeLessThan(1000);
	});

	it('serves a few thousand signed requests quickly', async () => {
		const started = performance.now();
		const workers = Array.from({ length: 16 }, async () => {
			for (let i = 0; i < 125; i++) okB(await sb.client.post(PATHS.agentQuery, { pageNo: 1, pageSize: 10 }));
		});
		await Promise.all(workers);
		expect(performance.now() - started).toBeLessThan(10_000);
		expect((await sb.control.getLog({ pathContains: 'agent/query' })).length).toBe(2000);
	});
});

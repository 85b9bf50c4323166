import { PATHS, TENANT_A, okA, okB, useSandbox } from './fixture';

// Correctness at scale only: timings are measured by `npm run bench`, never asserted in tests.
const sb = useSandbox();
const APP = TENANT_A.appId;
const DAY_START = '2026-01-01 00:00:00';
const DAY_END = '2026-01-01 23:59:59';

describe('scale', () => {
	it('stores 100,000 service records and answers windows over them exactly', async () => {
		const ids = await sb.control.injectRecords({
			appId: APP,
			channel: 'call',
			generate: { count: 100_000, from: DAY_START, to: DAY_END, pushType: 'serviceNoteInsert' },
		});
		expect(ids).toHaveLength(100_000);

		const window = (startTime: string, endTime: string) => ({ startTime, endTime });
		const page = okA(await sb.post(PATHS.callRecords, window('2026-01-01 12:00:00', DAY_END)));
		expect(page).toHaveLength(1000);
		// Record i sits at second floor(i * 86399 / 99999) of the day; noon is second 43200.
		const firstAtNoon = ids.findIndex((_, i) => Math.floor((i * 86399) / 99999) >= 43200);
		expect(page.map((r: { eventUniqueId: string }) => r.eventUniqueId)).toEqual(
			ids.slice(firstAtNoon, firstAtNoon + 1000),
		);

		// A late record lands in order among 100,000.
		await sb.control.injectRecords({
			appId: APP,
			channel: 'call',
			records: [{ updateTime: DAY_START, eventUniqueId: 'late' }],
		});
		const first = okA(await sb.post(PATHS.callRecords, window(DAY_START, DAY_START)));
		expect(first.map((r: { eventUniqueId: string }) => r.eventUniqueId)).toEqual([
			ids[0],
			ids[1],
			'late',
		]);
	});

	it('serves 2,000 concurrent signed requests, each logged once', async () => {
		const workers = Array.from({ length: 16 }, async () => {
			for (let i = 0; i < 125; i++)
				okB(await sb.post(PATHS.agentQuery, { pageNo: 1, pageSize: 10 }));
		});
		await Promise.all(workers);
		expect((await sb.control.getLog({ pathContains: 'agent/query' })).length).toBe(2000);
	});
});

import { cases, errA, okA, PATHS, TENANT_A, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
const WINDOW = { startTime: '2026-03-01 00:00:00', endTime: '2026-03-01 23:59:59' };

async function ids(path: string, body: Record<string, unknown>): Promise<string[]> {
	return okA(await sb.post(path, body)).map((r: { eventUniqueId: string }) => r.eventUniqueId);
}

describe('validation (both channels)', () => {
	it.each(
		cases(
			`
		callRecords | {"endTime":"2026-03-01 23:59:59"} | start time cannot be empty
		imRecords | {"startTime":"","endTime":"2026-03-01 23:59:59"} | start time cannot be empty
		imRecords | {"startTime":"2026-03-01 00:00:00"} | end time cannot be empty
		callRecords | {"startTime":"2026-03-01 00:00:00","endTime":""} | end time cannot be empty
		callRecords | {"startTime":"2026-03-01 00:00:00","endTime":"2026-03-01 00:00:00","sessionId":"x"} | unknown parameter: sessionId
		imRecords | {"startTime":"2026-03-01 00:00:00","endTime":"2026-03-01 00:00:00","callId":"x"} | unknown parameter: callId
	`,
		),
	)('%s refuses %j with 00000400', async (path, body, message) => {
		errA(await sb.post(PATHS[path as 'callRecords'], body), '00000400', message);
	});

	it.each(
		cases(`
		2026-03-01
		2026-03-01T00:00:00
		2026-3-1 00:00:00
		2026-02-29 00:00:00
		2026-03-01 00:00:60
		2026-03-01 00:00:00.000
		1772294400
	`),
	)('refuses the time %j with 03001023 (as start and as end)', async (t) => {
		for (const [path, body] of [
			[PATHS.callRecords, { startTime: t, endTime: WINDOW.endTime }],
			[PATHS.imRecords, { startTime: WINDOW.startTime, endTime: t }],
		] as const)
			errA(await sb.post(path, body), '03001023', 'time format incorrect');
	});

	it('refuses start later than end with 03001023, accepts start equal to end', async () => {
		const at = (startTime: string) => ({ startTime, endTime: '2026-03-01 00:00:00' });
		errA(
			await sb.post(PATHS.callRecords, at('2026-03-01 00:00:01')),
			'03001023',
			'start time cannot be later than end time',
		);
		expect(okA(await sb.post(PATHS.callRecords, at('2026-03-01 00:00:00')))).toEqual([]);
	});

	it.each(
		cases(`
		0 | 00000400 | limit cannot be less than 1
		-5 | 00000400 | limit cannot be less than 1
		1001 | 00000000400 | limit cannot be greater than 1000
		100000 | 00000000400 | limit cannot be greater than 1000
		2.5 | 00000400 | limit must be an integer
		"10" | 00000400 | limit must be an integer
	`),
	)('refuses limit %j with %s', async (limit, code, message) => {
		errA(await sb.post(PATHS.callRecords, { ...WINDOW, limit }), code, message);
		errA(await sb.post(PATHS.imRecords, { ...WINDOW, limit }), code, message);
	});

	it('answers an empty array when nothing matches', async () => {
		const res = await sb.post(PATHS.imRecords, WINDOW);
		expect(res.json).toMatchObject({ success: true, code: '200', data: [] });
	});
});

describe('window, order and limit', () => {
	it('keeps insertion order within one second, also for records written late', async () => {
		const second = '2026-03-01 10:00:00';
		await sb.control.injectRecords({
			appId: APP,
			channel: 'im',
			records: [
				{ updateTime: second, eventUniqueId: 'e1' },
				{ updateTime: second, eventUniqueId: 'e2' },
				{ updateTime: '2026-03-01 11:00:00', eventUniqueId: 'later' },
			],
		});
		// Written after "later", but with updateTime in the past: lands behind e1, e2 in their second.
		await sb.control.injectRecords({
			appId: APP,
			channel: 'im',
			records: [
				{ updateTime: second, eventUniqueId: 'e3' },
				{ updateTime: '2026-03-01 09:00:00', eventUniqueId: 'early' },
			],
		});
		expect(await ids(PATHS.imRecords, WINDOW)).toEqual(['early', 'e1', 'e2', 'e3', 'later']);
	});

	it('cuts at the default limit of 1000, also inside one second holding more than 1000 records', async () => {
		const injected = await sb.control.injectRecords({
			appId: APP,
			channel: 'call',
			generate: { count: 1500, from: '2026-03-01 08:00:00', to: '2026-03-01 08:00:00' },
		});
		const all = await ids(PATHS.callRecords, WINDOW);
		expect(all).toEqual(injected.slice(0, 1000));
		expect(
			await ids(PATHS.callRecords, { startTime: '2026-03-01 08:00:01', endTime: WINDOW.endTime }),
		).toEqual([]);
	});
});

describe('record shapes and filters', () => {
	it('serves call records with callId and scene callCenter, im records with sessionId and scene im', async () => {
		const generate = { count: 50, from: '2026-03-01 09:00:00', to: '2026-03-01 18:00:00' };
		await sb.control.injectRecords({ appId: APP, channel: 'call', generate });
		await sb.control.injectRecords({ appId: APP, channel: 'im', generate });
		const calls = okA(await sb.post(PATHS.callRecords, WINDOW));
		const chats = okA(await sb.post(PATHS.imRecords, WINDOW));
		const keys = 'accountId data eventUniqueId otherParams pushType scene updateAgent updateTime';
		for (const [records, idKey, scene] of [
			[calls, 'callId', 'callCenter'],
			[chats, 'sessionId', 'im'],
		] as const) {
			for (const r of records) {
				expect(Object.keys(r).sort()).toEqual([...keys.split(' '), idKey].sort());
				expect(r).toMatchObject({ accountId: APP, scene });
				expect(r.eventUniqueId).toMatch(/^[0-9a-f]{32}$/);
				expect(typeof r.data).toBe('object');
			}
		}
		expect(calls.every((r: { otherParams: unknown }) => r.otherParams === null)).toBe(true);
		const pushTypes = new Set([...calls, ...chats].map((r: { pushType: string }) => r.pushType));
		expect(pushTypes).toEqual(new Set(['serviceNoteInsert', 'serviceNoteUpdate']));
		expect(new Set(calls.map((r: { eventUniqueId: string }) => r.eventUniqueId)).size).toBe(50);
	});

	it('filters exactly by callId and sessionId', async () => {
		await sb.control.injectRecords({
			appId: APP,
			channel: 'call',
			records: [
				{ updateTime: '2026-03-01 09:00:00', callId: 'c-1', pushType: 'serviceNoteInsert' },
				{
					updateTime: '2026-03-01 09:05:00',
					callId: 'c-1',
					pushType: 'serviceNoteUpdate',
					updateAgent: '',
				},
				{ updateTime: '2026-03-01 09:06:00', callId: 'c-10' },
			],
		});
		await sb.control.injectRecords({
			appId: APP,
			channel: 'im',
			records: [
				{ updateTime: '2026-03-01 09:00:00', sessionId: 's-1', otherParams: { channel: 'web' } },
			],
		});
		const c1 = okA(await sb.post(PATHS.callRecords, { ...WINDOW, callId: 'c-1' }));
		expect(c1.map((r: { pushType: string }) => r.pushType)).toEqual([
			'serviceNoteInsert',
			'serviceNoteUpdate',
		]);
		expect(c1[1].updateAgent).toBe('');
		expect(okA(await sb.post(PATHS.callRecords, { ...WINDOW, callId: 'c' }))).toEqual([]);
		expect(okA(await sb.post(PATHS.imRecords, { ...WINDOW, sessionId: 's-1' }))).toEqual([
			expect.objectContaining({ sessionId: 's-1', otherParams: { channel: 'web' } }),
		]);
	});
});

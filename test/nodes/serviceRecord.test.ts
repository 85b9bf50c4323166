import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	NodeExecutionHint,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { signed } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const CALL_PATH = '/openapi/crm/service-record/call/query';
const IM_PATH = '/openapi/crm/service-record/im/query';
// The workflow runs in New York; the API (credential timezone, default) is Asia/Shanghai, 13 hours ahead in November.
const WORKFLOW_ZONE = 'America/New_York';

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

/** Execution hints are kept by n8n in the run data, which the harness does not return: record them on the way. */
const hints: NodeExecutionHint[] = [];
class ContactCenterRecordingHints extends ContactCenter {
	override async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const add = this.addExecutionHints.bind(this);
		this.addExecutionHints = (...given: NodeExecutionHint[]) => {
			hints.push(...given);
			add(...given);
		};
		return await ContactCenter.prototype.execute.call(this);
	}
}

/** The 3,500 call records generated over 10:00:00–10:59:59 (Shanghai), in updateTime order. */
let hourIds: string[];

beforeAll(async () => {
	hourIds = await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		generate: { count: 3500, from: '2026-11-20 10:00:00', to: '2026-11-20 10:59:59' },
	});
	// Just outside the window on both sides.
	await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		records: [
			{ updateTime: '2026-11-20 09:59:59', eventUniqueId: 'before-window' },
			{ updateTime: '2026-11-20 11:00:00', eventUniqueId: 'after-window' },
		],
	});
});

beforeEach(async () => {
	hints.length = 0;
	await control.clearFaults();
});

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenterRecordingHints,
	parameters: { resource: 'serviceRecord', operation: 'getAll', channel: 'call' },
	timezone: WORKFLOW_ZONE,
});

const HOUR = { startTime: '2026-11-19T21:00:00', endTime: '2026-11-19T21:59:59' };

describe('serviceRecord getAll: POST /openapi/crm/service-record/{call,im}/query', () => {
	test('Return All over 3,500 records in an hour: exactly 4 requests, every record once, in updateTime order, edges inclusive', async () => {
		const result = await run({ ...HOUR, returnAll: true });
		expect(result.error).toBeUndefined();

		// At most one record per second: every query after the first repeats one record (the last second's), so
		// 1,000 + 999 + 999 + 502 = 3,500 — four requests is the minimum.
		expect(signed(result)).toEqual(Array(4).fill(['POST', CALL_PATH, true, '200']));
		const ids = result.items.map((i) => i.json.eventUniqueId);
		expect(ids).toEqual(hourIds);
		expect(new Set(ids).size).toBe(3500);
		const times = result.items.map((i) => String(i.json.updateTime));
		expect(times[0]).toBe('2026-11-20 10:00:00');
		expect(times[3499]).toBe('2026-11-20 10:59:59');
		expect([...times].sort()).toEqual(times);
		// Each query continues at the second of the previous one's last record.
		expect(result.requests.map((r) => r.body)).toEqual(
			['2026-11-20 10:00:00', times[999], times[1998], times[2997]].map((startTime) => ({
				startTime,
				endTime: '2026-11-20 10:59:59',
				limit: 1000,
			})),
		);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		expect(result.logs.filter((l) => l.level === 'warn')).toEqual([]);
		expect(hints).toEqual([]);
	});

	test('the range in the workflow zone is converted to the API zone; an explicit offset is honoured', async () => {
		const zoneless = await run({
			startTime: '2026-11-19T21:00:00',
			endTime: '2026-11-19T21:00:30',
			returnAll: true,
		});
		expect(zoneless.requests[0].body).toEqual({
			startTime: '2026-11-20 10:00:00',
			endTime: '2026-11-20 10:00:30',
			limit: 1000,
		});
		const utc = await run({
			startTime: '2026-11-20T02:00:00Z',
			endTime: '2026-11-20T02:00:30.999Z',
			returnAll: true,
		});
		expect(utc.requests[0].body).toEqual(zoneless.requests[0].body);
		expect(utc.items.map((i) => i.json.eventUniqueId)).toEqual(
			zoneless.items.map((i) => i.json.eventUniqueId),
		);
		// 09:59:59 and 11:00:00 exist but lie outside.
		const wide = await run({
			startTime: '2026-11-19T20:59:59',
			endTime: '2026-11-19T22:00:00',
			returnAll: true,
		});
		expect(wide.items[0].json.eventUniqueId).toBe('before-window');
		expect(wide.items[wide.items.length - 1].json.eventUniqueId).toBe('after-window');
		expect(wide.items).toHaveLength(3502);
	});

	test('Limit across a page: two requests, the first N records (one page: getAll.limit)', async () => {
		const crossing = await run({ ...HOUR, returnAll: false, limit: 1500 });
		expect(crossing.requests).toHaveLength(2);
		expect(crossing.items.map((i) => i.json.eventUniqueId)).toEqual(hourIds.slice(0, 1500));
	});

	test("callId filter: sent to the API, only that call's records; absent fields come out as null", async () => {
		const at = (second: string, eventUniqueId: string, more: object) => ({
			updateTime: `2026-11-21 08:00:${second}`,
			eventUniqueId,
			...more,
		});
		await control.injectRecords({
			appId: APP.appId,
			channel: 'call',
			records: [
				at('00', 'c1-a', { callId: 'call-1', updateAgent: null, otherParams: null }),
				at('05', 'other', { callId: 'call-2' }),
				at('09', 'c1-b', { callId: 'call-1', updateAgent: '1001' }),
			],
		});
		const result = await run({
			startTime: '2026-11-20T19:00:00',
			endTime: '2026-11-20T19:01:00',
			returnAll: true,
			filters: { callId: 'call-1' },
		});
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => r.body)).toEqual([
			{
				startTime: '2026-11-21 08:00:00',
				endTime: '2026-11-21 08:01:00',
				limit: 1000,
				callId: 'call-1',
			},
		]);
		expect(result.items.map((i) => i.json.eventUniqueId)).toEqual(['c1-a', 'c1-b']);
		expect(result.items[0].json).toMatchObject({
			callId: 'call-1',
			updateAgent: null,
			otherParams: null,
			scene: 'callCenter',
		});
		expect(result.items[1].json).toMatchObject({ updateAgent: '1001' });
	});

	test('a second holding 1,200 records: the 1,000 the API returns, no duplicates, and a warning that names the second', async () => {
		const records = (count: number, name: string, time: (i: number) => string) =>
			Array.from({ length: count }, (_, i) => ({
				updateTime: time(i),
				eventUniqueId: `${name}-${i}`,
			}));
		const before = records(5, 'before', (i) => `2026-11-20 11:59:3${i}`);
		const burst = records(1200, 'burst', () => '2026-11-20 12:00:00');
		const after = records(5, 'after', (i) => `2026-11-20 12:00:1${i}`);
		await control.injectRecords({
			appId: APP.appId,
			channel: 'im',
			records: [...before, ...burst, ...after],
		});

		const result = await run({
			channel: 'im',
			startTime: '2026-11-19T22:59:00',
			endTime: '2026-11-19T23:01:00',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		// 5 + 995 (full) → again from 12:00:00 (1,000 of that second, all full: saturated) → from 12:00:01 (the last 5).
		expect(
			result.requests.map((r) => [r.path, (r.body as { startTime: string }).startTime]),
		).toEqual([
			[IM_PATH, '2026-11-20 11:59:00'],
			[IM_PATH, '2026-11-20 12:00:00'],
			[IM_PATH, '2026-11-20 12:00:01'],
		]);
		expect(result.requests.every((r) => (r.body as { limit: number }).limit <= 1000)).toBe(true);
		const ids = result.items.map((i) => String(i.json.eventUniqueId));
		expect(ids).toEqual([...before, ...burst.slice(0, 1000), ...after].map((r) => r.eventUniqueId));
		expect(new Set(ids).size).toBe(1010);
		expect(result.items[0].json).toHaveProperty('sessionId');

		const warnings = result.logs.filter((l) => l.level === 'warn');
		expect(warnings).toHaveLength(1);
		expect(warnings[0].message).toContain('2026-11-20 12:00:00');
		expect(warnings[0].message).toContain('may be incomplete');
		expect(hints).toEqual([
			{ message: warnings[0].message, type: 'warning', location: 'outputPane' },
		]);
	});

	test.each<[string, INodeParameters]>([
		[
			'"Start Time" (2026-11-20 11:00:00) is later than "endTime" (2026-11-20 10:00:00)',
			{ startTime: '2026-11-19T22:00:00', endTime: '2026-11-19T21:00:00' },
		],
		['"Start Time" is required', { startTime: '={{ "" }}', endTime: HOUR.endTime }],
		[
			'"End Time" is not a date and time',
			{ startTime: HOUR.startTime, endTime: '={{ "next tuesday" }}' },
		],
	])('%s: an error naming item and fields, and zero requests', async (message, parameters) => {
		const result = await run({ returnAll: true, ...parameters });
		expect(result.requests).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toContain(`Invalid input [item 0]: ${message}`);
		expect(result.error?.description).toMatch(/\S/);
	});

	test('a filter of the other channel (left over after switching Channel) is hidden, and n8n does not pass it on', async () => {
		const call = await run({ ...HOUR, returnAll: false, limit: 1, filters: { sessionId: 'abc' } });
		expect(call.error).toBeUndefined();
		expect(call.requests.map((r) => [r.path, r.body])).toEqual([
			[CALL_PATH, { startTime: '2026-11-20 10:00:00', endTime: '2026-11-20 10:59:59', limit: 1 }],
		]);
		const im = await run({
			...HOUR,
			channel: 'im',
			returnAll: false,
			limit: 1,
			filters: { callId: 'abc' },
		});
		expect(im.requests.map((r) => [r.path, r.body])).toEqual([
			[IM_PATH, { startTime: '2026-11-20 10:00:00', endTime: '2026-11-20 10:59:59', limit: 1 }],
		]);
	});

	test.each([
		['03001023', 'time format incorrect', 'yyyy-MM-dd HH:mm:ss'],
		['00000400', 'app id parameter error', 'App ID'],
	])('vendor error %s (%s) surfaces with its code and help', async (code, text, help) => {
		await control.addFault({
			pathPattern: CALL_PATH,
			kind: 'envelope',
			envelopeCode: code,
			envelopeMessage: text,
		});
		const result = await run({ ...HOUR, returnAll: true });
		expect(result.requests.map((r) => r.code)).toEqual([code]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: `Contact Center error ${code}: ${text}`,
		});
		expect(result.error?.description).toContain(help);
	});

	test("continueOnFail: a bad item becomes an error item, the good item's records are paired to it", async () => {
		const result = await run(
			{ startTime: '={{ $json.start }}', endTime: '={{ $json.end }}', returnAll: false, limit: 3 },
			{
				continueOnFail: true,
				items: [
					{ start: '2026-11-19T21:10:00', end: '2026-11-19T21:00:00' },
					{ start: '2026-11-19T21:00:00', end: '2026-11-19T21:59:59' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.items).toHaveLength(4);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 0 },
			json: {
				error: expect.stringContaining(
					'"Start Time" (2026-11-20 10:10:00) is later than "endTime"',
				),
			},
		});
		expect(result.items.slice(1).map((i) => [i.json.eventUniqueId, i.pairedItem])).toEqual(
			hourIds.slice(0, 3).map((id) => [id, { item: 1 }]),
		);
	});

	test('an empty range: no items, one request', async () => {
		const result = await run({
			startTime: '2026-01-01T00:00:00',
			endTime: '2026-01-01T01:00:00',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.items).toEqual([]);
	});
});

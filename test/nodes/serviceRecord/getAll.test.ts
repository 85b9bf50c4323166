/**
 * Service Record → Get Many. One channel: Return All walking the records second by second
 * (saturated seconds warned about), Limit, the zone conversion, the id filters, the errors.
 * Channel All (the default) reads calls and online chats merged in updateTime order with
 * Return All / Limit across both, the last hour by default, every item tagged with its `channel`,
 * Output Simplified by default. And the pure query rules Get Many and the trigger share.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	NodeExecutionHint,
} from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import {
	channelsOf,
	readRecordQuery,
	saturationMessage,
} from '../../../nodes/ContactCenter/actions/serviceRecord/query';
import { recordWithChannel } from '../../../nodes/ContactCenter/api/serviceRecords';
import { formatApiTime } from '../../../nodes/ContactCenter/api/time';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import type { InjectRecordsRequest } from '../../sandbox/types';
import { envelopeFault, expectInvalid, expectRefused, signed } from '../run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const { callRecords: CALL_PATH, imRecords: IM_PATH } = PATHS;
// The workflow runs in New York; the API (credential timezone, default) is Asia/Shanghai, 13 hours ahead in November.
const WORKFLOW_ZONE = 'America/New_York';
const API_ZONE = 'Asia/Shanghai';
// The merged records: 2026-11-23 10:00:00 to 10:10:00 in Shanghai, written in UTC.
const WINDOW = { startTime: '2026-11-23T02:00:00Z', endTime: '2026-11-23T02:10:00Z' };

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;
const inject = async (channel: 'call' | 'im', records: InjectRecordsRequest['records']) =>
	await control.injectRecords({ appId: APP.appId, channel, records });

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

/** A record at 2026-11-23 10:`minute`:00 in Shanghai. */
const at = (minute: number, eventUniqueId: string, more: object) => ({
	updateTime: `2026-11-23 10:0${minute}:00`,
	eventUniqueId,
	...more,
});

/** The 3,500 call records generated over 10:00:00–10:59:59 (Shanghai), in updateTime order. */
let hourIds: string[];

beforeAll(async () => {
	hourIds = await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		generate: { count: 3500, from: '2026-11-20 10:00:00', to: '2026-11-20 10:59:59' },
	});
	// Just outside the window on both sides.
	await inject('call', [
		{ updateTime: '2026-11-20 09:59:59', eventUniqueId: 'before-window' },
		{ updateTime: '2026-11-20 11:00:00', eventUniqueId: 'after-window' },
	]);
	// Interleaved: call, chat, call, chat, call; the chat at 10:03 shares its second with a call.
	await inject('call', [
		at(1, 'call-1', { callId: 'c-1', updateAgent: '' }),
		at(3, 'call-2', { callId: 'c-2' }),
		at(5, 'call-3', { callId: 'c-3' }),
	]);
	const web = { channel: 'web', visitorId: 'v_1' };
	await inject('im', [
		at(2, 'chat-1', { sessionId: 's-1' }),
		at(3, 'chat-2', { sessionId: 's-2', otherParams: web }),
	]);
});

beforeEach(async () => {
	hints.length = 0;
	await control.clearFaults();
});

// Return All unless a test turns it off.
const defaults = {
	nodeType: ContactCenterRecordingHints,
	parameters: { resource: 'serviceRecord', operation: 'getAll', returnAll: true },
	timezone: WORKFLOW_ZONE,
};
// One channel, Output Raw: the records as the API sends them (plus `channel`).
const run = nodeRunner(sandbox, APP, {
	...defaults,
	parameters: { ...defaults.parameters, channel: 'call', output: 'raw' },
});
const runAll = nodeRunner(sandbox, APP, defaults);
/** The records between two times of the workflow zone (calls unless `more` says otherwise). */
const between = async (startTime: string, endTime: string, more: INodeParameters = {}) =>
	await run({ startTime, endTime, ...more });
const ids = (result: RunNodeResult) => result.items.map((item) => item.json.eventUniqueId);

const HOUR = { startTime: '2026-11-19T21:00:00', endTime: '2026-11-19T21:59:59' };

describe('serviceRecord getAll: POST /openapi/crm/service-record/{call,im}/query', () => {
	test('Return All over 3,500 records in an hour: exactly 4 requests, every record once, in updateTime order, edges inclusive', async () => {
		const result = await run(HOUR);
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
		const zoneless = await between('2026-11-19T21:00:00', '2026-11-19T21:00:30');
		expect(zoneless.requests[0].body).toEqual({
			startTime: '2026-11-20 10:00:00',
			endTime: '2026-11-20 10:00:30',
			limit: 1000,
		});
		const utc = await between('2026-11-20T02:00:00Z', '2026-11-20T02:00:30.999Z');
		expect(utc.requests[0].body).toEqual(zoneless.requests[0].body);
		// 09:59:59 and 11:00:00 exist but lie outside.
		const wide = await between('2026-11-19T20:59:59', '2026-11-19T22:00:00');
		expect(ids(wide)).toEqual(['before-window', ...hourIds, 'after-window']);
	});

	test('Limit keeps the NEWEST records of the window, output oldest first: Limit 50 of 3,500 in 2 requests', async () => {
		const result = await run({ ...HOUR, returnAll: false, limit: 50 });
		expect(ids(result)).toEqual(hourIds.slice(-50));
		// The whole window (a full 1,000: more exist), then one window near its end holding them all.
		expect(result.requests).toHaveLength(2);
		const [whole, tail] = result.requests.map((r) => r.body as { startTime: string });
		expect(whole.startTime).toBe('2026-11-20 10:00:00');
		expect(tail.startTime > '2026-11-20 10:50:00').toBe(true);
	});

	test('Limit 1,500 (more than one query returns): the whole window forward, the newest 1,500 kept', async () => {
		const crossing = await run({ ...HOUR, returnAll: false, limit: 1500 });
		expect(crossing.requests).toHaveLength(4);
		expect(ids(crossing)).toEqual(hourIds.slice(-1500));
	});

	test("callId filter: sent to the API, only that call's records; absent fields come out as null", async () => {
		const at = (second: string, eventUniqueId: string, more: object) => ({
			updateTime: `2026-11-21 08:00:${second}`,
			eventUniqueId,
			...more,
		});
		await inject('call', [
			at('00', 'c1-a', { callId: 'call-1', updateAgent: null, otherParams: null }),
			at('05', 'other', { callId: 'call-2' }),
			at('09', 'c1-b', { callId: 'call-1', updateAgent: '1001' }),
		]);
		const result = await between('2026-11-20T19:00:00', '2026-11-20T19:01:00', {
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
		await inject('im', [...before, ...burst, ...after]);

		const result = await between('2026-11-19T22:59:00', '2026-11-19T23:01:00', { channel: 'im' });
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
			'"Start Time" (2026-11-20 11:00:00) is later than "End Time" (2026-11-20 10:00:00), both in the API\'s time zone Asia/Shanghai',
			{ startTime: '2026-11-19T22:00:00', endTime: '2026-11-19T21:00:00' },
		],
		['"Start Time" is required', { startTime: '={{ "" }}', endTime: HOUR.endTime }],
		[
			'"End Time" is not a date and time',
			{ startTime: HOUR.startTime, endTime: '={{ "next tuesday" }}' },
		],
	])('%s: an error naming item and fields, and zero requests', async (message, parameters) => {
		expectInvalid(await run(parameters), message);
	});

	test('Channel All offers both ID filters: Call ID reads only calls, Session ID only chats, both read both', async () => {
		const filters = (shown: string) =>
			new ContactCenter().description.properties
				.filter(
					(p) =>
						p.name === 'filters' && p.displayOptions?.show?.resource?.includes('serviceRecord'),
				)
				.flatMap((p) => (p.options ?? []) as Array<{ name: string; displayOptions?: object }>)
				.filter((o) =>
					(o.displayOptions as { show: { '/channel': string[] } }).show['/channel'].includes(shown),
				)
				.map((o) => o.name);
		expect(filters('all')).toEqual(['callId', 'sessionId']);
		expect(filters('call')).toEqual(['callId']);
		expect(filters('im')).toEqual(['sessionId']);

		const window = { ...WINDOW, channel: 'all', output: 'raw' };
		const calls = await runAll({ ...window, filters: { callId: 'c-2' } });
		expect(calls.requests.map((r) => [r.path, (r.body as { callId?: string }).callId])).toEqual([
			[CALL_PATH, 'c-2'],
		]);
		expect(ids(calls)).toEqual(['call-2']);
		const both = await runAll({ ...window, filters: { callId: 'c-2', sessionId: 's-2' } });
		expect(both.requests.map((r) => r.path)).toEqual([CALL_PATH, IM_PATH]);
		expect(both.items.map((i) => [i.json.eventUniqueId, i.json.channel])).toEqual([
			['call-2', 'call'],
			['chat-2', 'im'],
		]);
	});

	test.each([
		['call', CALL_PATH, { sessionId: 'abc' }],
		['im', IM_PATH, { callId: 'abc' }],
	])(
		'a filter of the other channel (left over after switching Channel to %s) is hidden, and n8n does not pass it on',
		async (channel, path, filters) => {
			const result = await run({ ...HOUR, channel, returnAll: false, limit: 1, filters });
			expect(result.error).toBeUndefined();
			expect(result.requests.map((r) => [r.path, r.body])).toContainEqual([
				path,
				{ startTime: '2026-11-20 10:00:00', endTime: '2026-11-20 10:59:59', limit: 1000 },
			]);
			for (const request of result.requests) {
				expect(request.path).toBe(path);
				expect(Object.keys(request.body as object).sort()).toEqual([
					'endTime',
					'limit',
					'startTime',
				]);
			}
		},
	);

	test.each([
		['03001023', 'time format incorrect', 'yyyy-MM-dd HH:mm:ss'],
		['00000400', 'app id parameter error', 'App ID'],
	])('vendor error %s (%s) surfaces with its code and help', async (code, text, help) => {
		await control.addFault(envelopeFault(CALL_PATH, code, text));
		const result = await run(HOUR);
		expect(result.requests.map((r) => r.code)).toEqual([code]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: `Contact Center error ${code}: ${text} [item 0]`,
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
		// The whole window, then the end of it holding the newest 3.
		expect(result.requests).toHaveLength(2);
		expect(result.items).toHaveLength(4);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 0 },
			json: {
				error: expect.stringContaining(
					'"Start Time" (2026-11-20 10:10:00) is later than "End Time"',
				),
			},
		});
		expect(result.items.slice(1).map((i) => [i.json.eventUniqueId, i.pairedItem])).toEqual(
			hourIds.slice(-3).map((id) => [id, { item: 1 }]),
		);
	});

	test('an empty range: no items, one request', async () => {
		const result = await between('2026-01-01T00:00:00', '2026-01-01T01:00:00');
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.items).toEqual([]);
	});
});

describe('serviceRecord getAll: channel All and the defaults', () => {
	test('channel All is the default: one query per channel, items merged by updateTime (calls first within a second), each with its channel, simplified', async () => {
		const result = await runAll(WINDOW);
		expect(result.error).toBeUndefined();
		const body = { startTime: '2026-11-23 10:00:00', endTime: '2026-11-23 10:10:00', limit: 1000 };
		expect(result.requests.map((r) => [r.path, r.body])).toEqual([
			[CALL_PATH, body],
			[IM_PATH, body],
		]);
		expect(result.items.map(({ json }) => `${json.eventUniqueId} ${json.channel}`)).toEqual([
			...['call-1 call', 'chat-1 im', 'call-2 call', 'chat-2 im', 'call-3 call'],
		]);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		// Simplified: the chosen fields, the conversation id of the item's own channel.
		const keys = (index: number) => Object.keys(result.items[index].json).sort().join(' ');
		expect(keys(0)).toBe(
			'callId channel data eventUniqueId otherParams pushType updateAgent updateTime',
		);
		expect(keys(1)).toBe(
			`channel data eventUniqueId otherParams pushType sessionId updateAgent updateTime`,
		);
		expect(result.items[0].json).toMatchObject({ callId: 'c-1', updateAgent: null });
		expect(result.items[3].json).toMatchObject({
			sessionId: 's-2',
			otherParams: { channel: 'web', visitorId: 'v_1' },
		});
	});

	test('Limit counts across both channels: the NEWEST N of the merged list, in updateTime order', async () => {
		const result = await runAll({ ...WINDOW, returnAll: false, limit: 3 });
		// Of call-1 10:01, chat-1 10:02, call-2 10:03, chat-2 10:03, call-3 10:05 (calls first on a tie).
		expect(ids(result)).toEqual(['call-2', 'chat-2', 'call-3']);
		// Each channel's window holds fewer than 1,000 records: one query each, read whole.
		expect(result.requests.map((r) => [r.path, (r.body as { limit: number }).limit])).toEqual([
			[CALL_PATH, 1000],
			[IM_PATH, 1000],
		]);
	});

	test('Output Raw: each record as its own channel outputs it (the API record exactly), plus channel', async () => {
		const result = await runAll({ ...WINDOW, output: 'raw' });
		const calls = await run(WINDOW);
		expect(calls.requests.map((r) => r.path)).toEqual([CALL_PATH]);
		const chats = await run({ ...WINDOW, channel: 'im' });
		const single = [...calls.items, ...chats.items].map((item) => item.json);
		expect(result.items).toHaveLength(5);
		for (const item of result.items) {
			expect(single).toContainEqual(item.json);
			expect(item.json.channel).toBe(item.json.scene === 'im' ? 'im' : 'call');
		}
		expect(result.items[0].json).toMatchObject({
			scene: 'callCenter',
			accountId: APP.appId,
			updateAgent: '',
		});
	});

	test('one channel: only its query, items still carry channel', async () => {
		const chats = await runAll({ ...WINDOW, channel: 'im' });
		expect(chats.requests.map((r) => r.path)).toEqual([IM_PATH]);
		expect(ids(chats)).toEqual(['chat-1', 'chat-2']);
		expect(chats.items.map((item) => item.json.channel)).toEqual(['im', 'im']);
		const calls = await runAll({ ...WINDOW, channel: 'call', output: 'raw' });
		expect(calls.items.map((item) => item.json.channel)).toEqual(['call', 'call', 'call']);
	});

	test('the default window is the last hour: records of the last hour, not older ones', async () => {
		const now = Date.now();
		const ago = (minutes: number, eventUniqueId: string) => ({
			updateTime: formatApiTime(now - minutes * 60_000, API_ZONE),
			eventUniqueId,
		});
		await inject('call', [ago(90, 'older'), ago(30, 'recent-call')]);
		await inject('im', [ago(10, 'recent-chat')]);
		const result = await runAll({});
		expect(result.error).toBeUndefined();
		expect(ids(result)).toEqual(['recent-call', 'recent-chat']);
		const [call] = result.requests;
		const { startTime, endTime } = call.body as { startTime: string; endTime: string };
		// One hour apart (the run takes well under a second), ending now.
		const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;
		expect(seconds(endTime) - seconds(startTime)).toBeGreaterThanOrEqual(3599);
		expect(seconds(endTime) - seconds(startTime)).toBeLessThanOrEqual(3601);
		expect(endTime >= formatApiTime(now, API_ZONE)).toBe(true);
	});
});

test('an unknown channel from an expression: refused with the choices named', async () => {
	const result = await runAll({ ...WINDOW, channel: '={{ "fax" }}' });
	expectRefused(result, 'Invalid input [item 0]: "Channel" must be all, call or im (got "fax")');
});

test('recordWithChannel (Raw, shared with the trigger): the record exactly as given, fields it lacks still lacking, plus channel', () => {
	const record = { eventUniqueId: 'e', updateTime: '2026-11-22 09:00:00', data: {} };
	expect(recordWithChannel({ ...record, sessionId: 's' }, 'im')).toStrictEqual({
		...record,
		sessionId: 's',
		channel: 'im',
	});
});

const read = (input: Partial<Parameters<typeof readRecordQuery>[0]>) =>
	readRecordQuery(
		{
			channel: 'call',
			startTime: '2026-11-21T20:00:00',
			endTime: '2026-11-21T21:00:00',
			filters: {},
			...input,
		},
		WORKFLOW_ZONE,
		API_ZONE,
	);

describe('service-record query (pure; the zone conversion: the range test above)', () => {
	it('requires both times, as date-times, start not after end (naming both fields)', () => {
		expect(
			read({ startTime: '', endTime: undefined }).issues.map((i) => [i.field, i.problem]),
		).toEqual([
			['startTime', 'is required'],
			['endTime', 'is required'],
		]);
		expect(read({ startTime: '2026-11-21T21:00:01' }).issues.map((i) => i.field)).toEqual([
			'startTime',
		]);
		expect(read({ startTime: '2026-11-21T21:00:00' }).issues).toEqual([]);
	});

	it('takes callId for calls and sessionId for online chats only', () => {
		expect(read({ filters: { callId: ' c1 ' } }).value?.idFilters).toEqual({
			call: { key: 'callId', value: 'c1' },
		});
		expect(
			read({ channel: 'im', filters: { sessionId: 's1', callId: '' } }).value?.idFilters,
		).toEqual({ im: { key: 'sessionId', value: 's1' } });
		expect(
			read({ channel: 'call', filters: { sessionId: 's1' } }).issues.map((i) => i.field),
		).toEqual(['filters.sessionId']);
		expect(read({ channel: 'im', filters: { callId: 'c1' } }).issues.map((i) => i.field)).toEqual([
			'filters.callId',
		]);
		expect(read({ channel: 'fax' }).issues.map((i) => i.field)).toEqual(['channel']);
	});

	it('with Channel All, each filter applies to its channel, and only the filtered channels are read', () => {
		const all = (filters: IDataObject) => read({ channel: 'all', filters });
		expect(all({ callId: 'c1' }).issues).toEqual([]);
		expect(all({ callId: 'c1' }).value?.idFilters).toEqual({
			call: { key: 'callId', value: 'c1' },
		});
		expect(all({ callId: 'c1', sessionId: 's1' }).value?.idFilters).toEqual({
			call: { key: 'callId', value: 'c1' },
			im: { key: 'sessionId', value: 's1' },
		});
		const channels = (filters: IDataObject) =>
			channelsOf('all', all(filters).value?.idFilters ?? {});
		expect(channels({})).toEqual(['call', 'im']);
		expect(channels({ callId: 'c1' })).toEqual(['call']);
		expect(channels({ sessionId: 's1' })).toEqual(['im']);
		expect(channels({ callId: 'c1', sessionId: 's1' })).toEqual(['call', 'im']);
	});

	it('names the saturated seconds in the warning', () => {
		const message = saturationMessage('call', ['2026-11-22 09:30:00'], 'Asia/Shanghai', 0, 1000);
		expect(message).toContain('2026-11-22 09:30:00');
		expect(message).toContain('1,000');
		expect(message).toContain('cannot be read');
		const many = saturationMessage(
			'im',
			Array.from({ length: 12 }, (_, i) => `s${i}`),
			'UTC',
			1,
			1000,
		);
		expect(many).toContain('12 seconds hold');
		expect(many).toContain('and 2 more');
	});
});

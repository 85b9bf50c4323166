/**
 * Service Record → Get Many, version 2: channel All (the default) reads calls and online chats
 * merged in updateTime order with Return All / Limit across both, the last hour by default, every
 * item tagged with its `channel`, Simplify on by default. Version 1 stays as it was. And the pure
 * query rules both versions (and the trigger) share.
 */

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import {
	readRecordQuery,
	saturationMessage,
} from '../../nodes/ContactCenter/actions/serviceRecord/query';
import { outputRecord, recordWithChannel } from '../../nodes/ContactCenter/api/serviceRecords';
import { formatApiTime } from '../../nodes/ContactCenter/helpers/time';
import { nodeRunner, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { expectRefused } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const API_ZONE = 'Asia/Shanghai';
const CALL_PATH = '/openapi/crm/service-record/call/query';
const IM_PATH = '/openapi/crm/service-record/im/query';
// 2026-11-20 10:00:00 to 10:10:00 in Shanghai, written in UTC.
const WINDOW = { startTime: '2026-11-20T02:00:00Z', endTime: '2026-11-20T02:10:00Z' };

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

/** A record at 2026-11-20 10:`minute`:00 in Shanghai. */
const at = (minute: number, eventUniqueId: string, more: object) => ({
	updateTime: `2026-11-20 10:0${minute}:00`,
	eventUniqueId,
	...more,
});

beforeAll(async () => {
	// Interleaved: call, chat, call, chat, call; the chat at 10:03 shares its second with a call.
	await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		records: [
			at(1, 'call-1', { callId: 'c-1', updateAgent: '' }),
			at(3, 'call-2', { callId: 'c-2' }),
			at(5, 'call-3', { callId: 'c-3' }),
		],
	});
	const web = { channel: 'web', visitorId: 'v_1' };
	await control.injectRecords({
		appId: APP.appId,
		channel: 'im',
		records: [
			at(2, 'chat-1', { sessionId: 's-1' }),
			at(3, 'chat-2', { sessionId: 's-2', otherParams: web }),
		],
	});
});

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { resource: 'serviceRecord', operation: 'getAll' },
	typeVersion: 2,
});

const ids = (result: RunNodeResult) => result.items.map((item) => item.json.eventUniqueId);

describe('serviceRecord getAll, version 2', () => {
	test('channel All is the default: one query per channel, items merged by updateTime (calls first within a second), each with its channel, simplified', async () => {
		const result = await run({ ...WINDOW, returnAll: true });
		expect(result.error).toBeUndefined();
		const body = { startTime: '2026-11-20 10:00:00', endTime: '2026-11-20 10:10:00', limit: 1000 };
		expect(result.requests.map((r) => [r.path, r.body])).toEqual([
			[CALL_PATH, body],
			[IM_PATH, body],
		]);
		expect(result.items.map(({ json }) => `${json.eventUniqueId} ${json.channel}`)).toEqual([
			...['call-1 call', 'chat-1 im', 'call-2 call', 'chat-2 im', 'call-3 call'],
		]);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(
			true,
		);
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

	test('Limit counts across both channels: the first N of the merged list, each channel asked for N at most', async () => {
		const result = await run({ ...WINDOW, returnAll: false, limit: 3 });
		expect(ids(result)).toEqual(['call-1', 'chat-1', 'call-2']);
		expect(result.requests.map((r) => [r.path, (r.body as { limit: number }).limit])).toEqual([
			[CALL_PATH, 3],
			[IM_PATH, 3],
		]);
	});

	test('Simplify off: each record exactly as version 1 outputs it (the API record, omitted fields as null), plus channel', async () => {
		const result = await run({ ...WINDOW, returnAll: true, simplify: false });
		const v1 = [
			...(await run({ ...WINDOW, channel: 'call', returnAll: true }, { typeVersion: 1 })).items,
			...(await run({ ...WINDOW, channel: 'im', returnAll: true }, { typeVersion: 1 })).items,
		].map((item) => item.json);
		expect(result.items).toHaveLength(5);
		for (const item of result.items) {
			const { channel, ...record } = item.json;
			expect(v1).toContainEqual(record);
			expect(channel).toBe(record.scene === 'im' ? 'im' : 'call');
		}
		expect(result.items[0].json).toMatchObject({
			scene: 'callCenter',
			accountId: APP.appId,
			updateAgent: '',
		});
	});

	test('one channel: only its query, items still carry channel', async () => {
		const chats = await run({ ...WINDOW, channel: 'im', returnAll: true });
		expect(chats.requests.map((r) => r.path)).toEqual([IM_PATH]);
		expect(ids(chats)).toEqual(['chat-1', 'chat-2']);
		expect(chats.items.map((item) => item.json.channel)).toEqual(['im', 'im']);
		const calls = await run({ ...WINDOW, channel: 'call', returnAll: true, simplify: false });
		expect(calls.items.map((item) => item.json.channel)).toEqual(['call', 'call', 'call']);
	});

	test('the default window is the last hour: records of the last hour, not older ones', async () => {
		const now = Date.now();
		await control.injectRecords({
			appId: APP.appId,
			channel: 'call',
			records: [
				{ updateTime: formatApiTime(now - 90 * 60_000, API_ZONE), eventUniqueId: 'older' },
				{ updateTime: formatApiTime(now - 30 * 60_000, API_ZONE), eventUniqueId: 'recent-call' },
			],
		});
		await control.injectRecords({
			appId: APP.appId,
			channel: 'im',
			records: [
				{ updateTime: formatApiTime(now - 10 * 60_000, API_ZONE), eventUniqueId: 'recent-chat' },
			],
		});
		const result = await run({ returnAll: true });
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

describe('serviceRecord getAll, version 1 unchanged', () => {
	test('no channel field, channel Call by default, one query', async () => {
		const result = await run({ ...WINDOW, returnAll: true }, { typeVersion: 1 });
		expect(result.requests.map((r) => r.path)).toEqual([CALL_PATH]);
		expect(ids(result)).toEqual(['call-1', 'call-2', 'call-3']);
		for (const item of result.items) expect(item.json).not.toHaveProperty('channel');
		expect(result.items[0].json).toHaveProperty('scene', 'callCenter');
	});

	test('All is not a version-1 channel: refused with the choices named', async () => {
		const result = await run(
			{ ...WINDOW, channel: '={{ "all" }}', returnAll: true },
			{ typeVersion: 1 },
		);
		expectRefused(result, 'Invalid input [item 0]: "Channel" must be call or im (got "all")');
	});
});

describe('shared with the trigger (pure)', () => {
	test('outputRecord: the record as given, the optional fields of its channel null; recordWithChannel adds the channel', () => {
		const record = { eventUniqueId: 'e', updateTime: '2026-11-22 09:00:00', data: {} };
		expect(outputRecord(record, 'call')).toEqual({
			...record,
			callId: null,
			updateAgent: null,
			otherParams: null,
		});
		expect(recordWithChannel({ ...record, sessionId: 's', otherParams: { a: 1 } }, 'im')).toEqual({
			...record,
			sessionId: 's',
			updateAgent: null,
			otherParams: { a: 1 },
			channel: 'im',
		});
	});
});

const read = (
	input: Partial<Parameters<typeof readRecordQuery>[0]>,
	zone = 'America/New_York',
	apiZone = 'Asia/Shanghai',
) =>
	readRecordQuery(
		{
			channel: 'call',
			startTime: '2026-11-21T20:00:00',
			endTime: '2026-11-21T21:00:00',
			filters: {},
			...input,
		},
		zone,
		apiZone,
	);

describe('service-record query (pure; the zone conversion: serviceRecord.test)', () => {
	it('requires both times, as date-times, start not after end (naming both fields)', () => {
		expect(
			read({ startTime: '', endTime: undefined }).issues.map((i) => [i.field, i.problem]),
		).toEqual([
			['startTime', 'is required'],
			['endTime', 'is required'],
		]);
		expect(read({ startTime: '2026-11-21T21:00:01' }).issues).toEqual([
			expect.objectContaining({
				field: 'startTime',
				problem:
					'(2026-11-22 10:00:01) is later than "endTime" (2026-11-22 10:00:00), both in the API\'s time zone Asia/Shanghai',
			}),
		]);
		expect(read({ startTime: '2026-11-21T21:00:00' }).issues).toEqual([]);
	});

	it('takes callId for calls and sessionId for online chats only', () => {
		expect(read({ filters: { callId: ' c1 ' } }).value?.idFilter).toEqual({
			key: 'callId',
			value: 'c1',
		});
		expect(
			read({ channel: 'im', filters: { sessionId: 's1', callId: '' } }).value?.idFilter,
		).toEqual({ key: 'sessionId', value: 's1' });
		expect(
			read({ channel: 'call', filters: { sessionId: 's1' } }).issues.map((i) => i.field),
		).toEqual(['filters.sessionId']);
		expect(read({ channel: 'im', filters: { callId: 'c1' } }).issues.map((i) => i.field)).toEqual([
			'filters.callId',
		]);
		expect(read({ channel: 'fax' }).issues.map((i) => i.field)).toEqual(['channel']);
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

import {
	idKey,
	KEY_LENGTH,
	latestRecords,
	readState,
	recordIdentity,
	runPoll,
	SeenIds,
	secondsToWall,
	SEEN_CAP,
	MAX_LOOKBACK_MINUTES,
	shiftWall,
	STATE_VERSION,
	wallToSeconds,
	windowStart,
	type Channel,
	type PollInput,
	type PollOutcome,
	type TriggerState,
} from '../../nodes/ContactCenterTrigger/cursor';
import { FakeApi, FakeApiError, type FakeRecord } from './fake-api';

const T0 = wallToSeconds('2026-03-01 10:00:00') as number;
const at = (offset: number) => secondsToWall(T0 + offset);
const BOTH: Channel[] = ['call', 'im'];
const ALL_EVENTS = ['serviceNoteInsert', 'serviceNoteUpdate'];

interface Poller {
	api: FakeApi;
	state?: TriggerState;
	poll(nowOffset: number, overrides?: Partial<PollInput<FakeRecord>>): Promise<PollOutcome<FakeRecord>>;
}

/** Polls like the node does: the stored state only changes after a poll that succeeded, through JSON. */
function poller(defaults: Partial<PollInput<FakeRecord>> = {}): Poller {
	const api = new FakeApi();
	const p: Poller = {
		api,
		state: undefined,
		async poll(nowOffset, overrides = {}) {
			const outcome = await runPoll(p.state, {
				channels: ['call'],
				events: ALL_EVENTS,
				lookbackMinutes: 5,
				maxRecordsPerPoll: 5000,
				now: at(nowOffset),
				query: api.query,
				...defaults,
				...overrides,
			});
			p.state = JSON.parse(JSON.stringify(outcome.state)) as TriggerState;
			return outcome;
		},
	};
	return p;
}

const ids = (outcome: PollOutcome<FakeRecord>) => outcome.emitted.map((e) => e.record.eventUniqueId);
const idsOf = (records: FakeRecord[]) => records.map((r) => r.eventUniqueId);

describe('wall-clock arithmetic', () => {
	it('parses, formats and shifts API times without any zone', () => {
		expect(wallToSeconds('2026-03-01 10:00:00')).toBe(Date.UTC(2026, 2, 1, 10) / 1000);
		expect(secondsToWall(Date.UTC(2026, 2, 1, 10) / 1000)).toBe('2026-03-01 10:00:00');
		expect(shiftWall('2026-03-01 00:00:00', -1)).toBe('2026-02-28 23:59:59');
		expect(shiftWall('2024-02-28 23:59:59', 1)).toBe('2024-02-29 00:00:00');
		expect(wallToSeconds('2026-02-30 00:00:00')).toBeUndefined();
		expect(wallToSeconds('2026-03-01T10:00:00')).toBeUndefined();
		expect(wallToSeconds('2026-03-01 24:00:00')).toBeUndefined();
	});
});

describe('id keys', () => {
	it('are 11 characters, stable, and distinct for 50,000 similar ids', () => {
		expect(idKey('abc')).toHaveLength(KEY_LENGTH);
		expect(idKey('abc')).toBe(idKey('abc'));
		expect(idKey('0123456789abcdef0123456789abcdef')).toMatch(/^[A-Za-z0-9_-]{11}$/);
		const keys = new Set<string>();
		for (let i = 0; i < 50_000; i++) keys.add(idKey(`evt-${i.toString(16).padStart(32, '0')}`));
		expect(keys.size).toBe(50_000);
	});

	it('identify a record by eventUniqueId, or by its content when the id is missing', () => {
		expect(recordIdentity({ eventUniqueId: 'e1', updateTime: 'x' })).toBe('e1');
		expect(recordIdentity({ eventUniqueId: 12 })).toBe('12');
		const call = (callId: string) => ({ updateTime: '2026-03-01 10:00:00', callId });
		expect(recordIdentity(call('c'))).toBe(recordIdentity(call('c')));
		expect(recordIdentity(call('c'))).not.toBe(recordIdentity(call('d')));
	});
});

describe('the remembered id set', () => {
	it('round-trips through its text form', () => {
		const seen = new SeenIds();
		seen.add(at(0), idKey('a'));
		seen.add(at(0), idKey('b'));
		seen.add(at(3600), idKey('c'));
		seen.add(at(3600), idKey('c')); // once
		const text = seen.encode(at(-10));
		expect(text).toBe(`a:${idKey('a')}${idKey('b')} 2s0:${idKey('c')}`);
		const back = SeenIds.decode(text, at(-10));
		expect(back.size).toBe(3);
		expect(back.seconds()).toEqual([at(0), at(3600)]);
		expect(back.has(idKey('b'))).toBe(true);
		back.dropBefore(at(1));
		expect(back.has(idKey('a'))).toBe(false);
		expect(back.has(idKey('c'))).toBe(true);
	});

	it('rejects a malformed text form', () => {
		expect(() => SeenIds.decode('zz', at(0))).toThrow();
		expect(() => SeenIds.decode('1:abc', at(0))).toThrow();
	});
});

describe('readState', () => {
	it('accepts what runPoll stores and rejects what it cannot use', () => {
		const good: TriggerState = {
			version: STATE_VERSION,
			channels: { call: { mark: at(0), floor: at(-300), seen: '' }, im: { mark: at(0), floor: 'bad', seen: '' } },
		};
		const { state, invalid } = readState(JSON.parse(JSON.stringify(good)));
		expect(state?.channels.call).toEqual({ mark: at(0), floor: at(-300), seen: '' });
		expect(state?.channels.im).toBeUndefined();
		expect(invalid).toEqual(['im']);
		expect(readState(undefined)).toEqual({ invalid: [] });
		expect(readState({ version: 99, channels: {} })).toEqual({ invalid: ['state'] });
		expect(readState('x')).toEqual({ invalid: ['state'] });
		expect(readState({ version: 1, channels: { call: { mark: at(0), floor: at(0), seen: 'zz' } } }).invalid).toEqual(['call']);
	});
});

describe('first activation', () => {
	it('starts at now: remembers the look-back, emits no history, one request per channel', async () => {
		const p = poller({ channels: BOTH });
		const history = [...p.api.insertAt('call', T0 - 200, 3), ...p.api.insertAt('im', T0, 2), ...p.api.insertAt('call', T0 - 301, 1)];
		const first = await p.poll(0);
		expect(first.emitted).toEqual([]);
		expect(first.requests).toBe(2);
		expect(p.api.log.map((q) => [q.channel, q.start, q.end])).toEqual([
			['call', at(-300), at(0)],
			['im', at(-300), at(0)],
		]);
		expect(first.channels.call?.started).toBe('now');
		expect(p.state?.channels.call).toMatchObject({ mark: at(0), floor: at(-300) });
		// The history (even the record of the activation second itself) is never emitted later...
		const second = await p.poll(60);
		expect(second.emitted).toEqual([]);
		// ...but records written late into it are, and so are new ones.
		const late = p.api.insertAt('call', T0 - 100, 1);
		const sameSecond = p.api.insertAt('im', T0, 1);
		const fresh = p.api.insertAt('call', T0 + 90, 1);
		const third = await p.poll(120);
		expect(ids(third)).toEqual(idsOf([...late, ...sameSecond, ...fresh]));
		expect(history.length).toBe(6);
	});

	it('with startFrom, emits everything from there on, oldest first, and drains beyond maxRecordsPerPoll', async () => {
		const p = poller({ startFrom: at(-3600), maxRecordsPerPoll: 4 });
		p.api.insertAt('call', T0 - 7200, 1); // before startFrom
		const wanted = [at(-3600), at(-3000), at(-3000), at(-10), at(-5), at(0)].map((t) => p.api.insert('call', t));
		const first = await p.poll(0);
		expect(first.channels.call?.started).toBe('startFrom');
		expect(ids(first)).toEqual(idsOf(wanted.slice(0, 4)));
		expect(first.channels.call?.draining).toBe(true);
		const second = await p.poll(1);
		expect(ids(second)).toEqual(idsOf(wanted.slice(4)));
		expect(second.channels.call?.draining).toBe(false);
		expect((await p.poll(2)).emitted).toEqual([]);
		// Changing startFrom starts over from the new point; keeping it does not.
		const again = await p.poll(3, { startFrom: at(-20) });
		expect(ids(again)).toEqual(idsOf(wanted.slice(3)));
	});

	it('does not query before a startFrom in the future', async () => {
		const p = poller({ startFrom: at(600) });
		const first = await p.poll(0);
		expect(first.requests).toBe(0);
		const r = p.api.insertAt('call', T0 + 600, 1);
		expect(ids(await p.poll(600))).toEqual(idsOf(r));
	});
});

describe('steady polling', () => {
	it('an idle poll is one request per channel and returns nothing', async () => {
		const p = poller({ channels: BOTH });
		await p.poll(0);
		p.api.log.length = 0;
		const idle = await p.poll(60);
		expect(idle.emitted).toEqual([]);
		expect(idle.requests).toBe(2);
		expect(p.api.log).toHaveLength(2);
	});

	it('queries [mark − look-back, now] and emits in updateTime order across channels', async () => {
		const p = poller({ channels: BOTH });
		await p.poll(0);
		const a = p.api.insertAt('im', T0 + 30);
		const b = p.api.insertAt('call', T0 + 10);
		const c = p.api.insertAt('call', T0 + 50);
		p.api.log.length = 0;
		const out = await p.poll(60);
		expect(ids(out)).toEqual(idsOf([...b, ...a, ...c]));
		expect(p.api.log.map((q) => [q.channel, q.start, q.end])).toEqual([
			['call', at(-300), at(60)],
			['im', at(-300), at(60)],
		]);
		expect(p.state?.channels.call?.mark).toBe(at(50));
		p.api.log.length = 0;
		await p.poll(120);
		expect(p.api.log[0].start).toBe(at(50 - 300));
		expect(p.state?.channels.call?.floor).toBe(at(50 - 300));
	});

	it('records of the same second across a poll boundary: each once', async () => {
		const p = poller();
		await p.poll(0);
		const before = p.api.insertAt('call', T0 + 60, 40);
		expect(ids(await p.poll(60))).toEqual(idsOf(before));
		const after = p.api.insertAt('call', T0 + 60, 25); // same second as the last poll's "now", written later
		expect(ids(await p.poll(60))).toEqual(idsOf(after)); // even a poll in the same second
		expect((await p.poll(61)).emitted).toEqual([]);
	});

	it('records exactly on the window edges', async () => {
		const p = poller();
		await p.poll(0);
		const edgeEnd = p.api.insertAt('call', T0 + 100);
		expect(ids(await p.poll(100))).toEqual(idsOf(edgeEnd));
		// The next window starts exactly at mark − look-back: a late record on that second counts.
		expect(windowStart(p.state!.channels.call!, 5)).toBe(at(100 - 300));
		const edgeStart = p.api.insertAt('call', T0 + 100 - 300);
		const beyond = p.api.insertAt('call', T0 + 100 - 301);
		expect(ids(await p.poll(160))).toEqual(idsOf(edgeStart));
		expect(beyond).toHaveLength(1);
	});

	it('late records: within the look-back emitted once, beyond it not at all', async () => {
		const p = poller({ lookbackMinutes: 2 });
		await p.poll(0);
		p.api.insertAt('call', T0 + 300);
		await p.poll(300);
		const inside = p.api.insertAt('call', T0 + 300 - 120);
		const outside = p.api.insertAt('call', T0 + 300 - 121);
		expect(ids(await p.poll(330))).toEqual(idsOf(inside));
		expect((await p.poll(360)).emitted).toEqual([]);
		expect(outside).toHaveLength(1);
	});

	it('an update of a record is a new event with a new id, emitted too', async () => {
		const p = poller();
		await p.poll(0);
		const insert = p.api.insertAt('call', T0 + 5, 1, 'serviceNoteInsert');
		const update = p.api.insertAt('call', T0 + 5, 1, 'serviceNoteUpdate');
		expect(ids(await p.poll(10))).toEqual(idsOf([...insert, ...update]));
	});

	it('filters on pushType, and still moves past what it filters', async () => {
		const p = poller({ events: ['serviceNoteUpdate'] });
		await p.poll(0);
		p.api.insertAt('call', T0 + 5, 3, 'serviceNoteInsert');
		const update = p.api.insertAt('call', T0 + 6, 1, 'serviceNoteUpdate');
		expect(ids(await p.poll(10))).toEqual(idsOf(update));
		expect(p.state?.channels.call?.mark).toBe(at(6));
	});

	it('dropping a channel forgets it; selecting it again starts it at now', async () => {
		const p = poller({ channels: BOTH });
		await p.poll(0);
		await p.poll(10, { channels: ['call'] });
		expect(p.state?.channels.im).toBeUndefined();
		p.api.insertAt('im', T0 + 15);
		const back = await p.poll(20);
		expect(back.channels.im?.started).toBe('now');
		expect(back.emitted).toEqual([]);
	});
});

describe('windows of more than one page', () => {
	it('splits at the last second of a full page and reads each record once', async () => {
		const p = poller({ pageSize: 10 });
		await p.poll(0);
		// 35 records, one per second, then 4 at one second spanning a page boundary.
		const records = [...Array.from({ length: 35 }, (_, i) => p.api.insertAt('call', T0 + 1 + i)).flat(), ...p.api.insertAt('call', T0 + 40, 4)];
		p.api.log.length = 0;
		const out = await p.poll(60);
		expect(ids(out)).toEqual(idsOf(records));
		// Pages: 1-10 | 10-19 | 19-28 | 28-35+40,40 (full, last second 40) | 40 x4.
		expect(p.api.log.map((q) => [q.start, q.returned])).toEqual([
			[at(-300), 10],
			[at(10), 10],
			[at(19), 10],
			[at(28), 10],
			[at(40), 4],
		]);
	});

	it('a second with a full page or more: emits what the API returns, flags it, reports it once, keeps going', async () => {
		const p = poller({ pageSize: 10 });
		await p.poll(0);
		const before = p.api.insertAt('call', T0 + 9);
		const flood = p.api.insertAt('call', T0 + 10, 12);
		const after = p.api.insertAt('call', T0 + 11);
		const out = await p.poll(20);
		const returnedOfFlood = flood.slice(0, 10); // the API's cap: 2 of the 12 cannot be read
		expect(ids(out)).toEqual(idsOf([...before, ...returnedOfFlood, ...after]));
		expect(out.saturations).toEqual([{ channel: 'call', second: at(10), emitted: 10 }]);
		expect(out.emitted.filter((e) => e.saturatedSecond === at(10))).toHaveLength(10);
		expect(out.emitted[0].saturatedSecond).toBeUndefined();
		// Re-reading it in the look-back is quiet (nothing new from it).
		const again = await p.poll(40);
		expect(again.saturations).toEqual([]);
		expect(again.emitted).toEqual([]);
	});

	it('counts requests of a drain: 1 + ⌊(N − page)/(page − 1)⌋ + 1 for one record per second', async () => {
		const page = 10;
		for (const n of [5, 9, 10, 11, 19, 20, 37, 100]) {
			const p = poller({ pageSize: page, lookbackMinutes: 0 });
			await p.poll(0);
			Array.from({ length: n }, (_, i) => p.api.insertAt('call', T0 + 1 + i));
			p.api.log.length = 0;
			const out = await p.poll(n + 5);
			expect(out.emitted).toHaveLength(n);
			// The window [mark, now] also holds nothing else: mark = activation (no record there).
			const expected = n < page ? 1 : Math.floor((n - page) / (page - 1)) + 2;
			expect({ n, requests: p.api.log.length }).toEqual({ n, requests: expected });
		}
	});
});

describe('bounded polls', () => {
	it('maxRecordsPerPoll: the next poll continues exactly where the last stopped, even inside a second', async () => {
		const p = poller({ maxRecordsPerPoll: 7, pageSize: 10 });
		await p.poll(0);
		const records = [...p.api.insertAt('call', T0 + 1, 5), ...p.api.insertAt('call', T0 + 2, 5), ...p.api.insertAt('call', T0 + 3, 8)];
		const got: string[] = [];
		for (let i = 0; i < 5; i++) {
			const out = await p.poll(10);
			expect(out.emitted.length).toBeLessThanOrEqual(7);
			got.push(...ids(out));
		}
		expect(got).toEqual(idsOf(records));
		expect(p.state?.channels.call?.resume).toBeUndefined();
	});

	it('maxRecordsPerPoll spans both channels, oldest first', async () => {
		const p = poller({ channels: BOTH, maxRecordsPerPoll: 3 });
		await p.poll(0);
		const c = [T0 + 1, T0 + 3, T0 + 5].flatMap((t) => p.api.insertAt('call', t));
		const i = [T0 + 2, T0 + 4, T0 + 6].flatMap((t) => p.api.insertAt('im', t));
		expect(ids(await p.poll(10))).toEqual(idsOf([c[0], i[0], c[1]]));
		expect(ids(await p.poll(10))).toEqual(idsOf([i[1], c[2], i[2]]));
		expect((await p.poll(10)).emitted).toEqual([]);
	});

	it('the poll budget: stops between requests (never before the first) and continues next poll', async () => {
		const p = poller({ pageSize: 10, lookbackMinutes: 0 });
		await p.poll(0);
		const records = Array.from({ length: 45 }, (_, i) => p.api.insertAt('call', T0 + 1 + i)).flat();
		let allowed = 0;
		const got: string[] = [];
		let polls = 0;
		while (got.length < records.length && polls++ < 20) {
			allowed = 1; // one more request after the first
			const out = await p.poll(100, { mayContinue: () => allowed-- > 0 });
			expect(out.requests).toBeLessThanOrEqual(2);
			got.push(...ids(out));
		}
		expect(got).toEqual(idsOf(records));
	});

	it('late records written while draining are caught by the sweep that follows the drain', async () => {
		const p = poller({ maxRecordsPerPoll: 10, pageSize: 10, lookbackMinutes: 5 });
		await p.poll(0);
		const backlog = Array.from({ length: 30 }, (_, i) => p.api.insertAt('call', T0 + 100 + i)).flat();
		const first = await p.poll(200);
		expect(ids(first)).toEqual(idsOf(backlog.slice(0, 10)));
		// Written late, behind the drain's position but inside the look-back of it.
		const late = p.api.insertAt('call', T0 + 20);
		const got: string[] = [];
		let polls = 0;
		while (p.state?.channels.call?.resume !== undefined || p.state?.channels.call?.sweepFrom !== undefined) {
			got.push(...ids(await p.poll(200)));
			if (++polls > 10) break;
		}
		// Three more polls: two with 10 records each, one that finds the drain's end, then the sweep.
		expect(polls).toBe(4);
		expect(got).toEqual(idsOf([...backlog.slice(10), ...late]));
		expect((await p.poll(200)).emitted).toEqual([]);
	});
});

describe('failures', () => {
	it('a failed poll throws and leaves the stored state as it was', async () => {
		const p = poller({ pageSize: 10 });
		await p.poll(0);
		Array.from({ length: 25 }, (_, i) => p.api.insertAt('call', T0 + 1 + i));
		const stored = JSON.stringify(p.state);
		p.api.failFrom = p.api.log.length + 2; // the second page of the drain fails
		await expect(p.poll(60)).rejects.toBeInstanceOf(FakeApiError);
		expect(JSON.stringify(p.state)).toBe(stored);
		p.api.failFrom = undefined;
		expect((await p.poll(60)).emitted).toHaveLength(25);
	});

	it('never modifies the state object it is given', async () => {
		const p = poller();
		await p.poll(0);
		p.api.insertAt('call', T0 + 1, 3);
		const given = JSON.parse(JSON.stringify(p.state)) as TriggerState;
		const frozen = JSON.stringify(given);
		await runPoll(given, { channels: ['call'], events: ALL_EVENTS, lookbackMinutes: 5, maxRecordsPerPoll: 10, now: at(5), query: p.api.query });
		expect(JSON.stringify(given)).toBe(frozen);
	});
});

describe('state size', () => {
	it.each([
		['one record a second (the most overhead per id)', 1],
		['eight records a second', 8],
		['a thousand records in one second', 1000],
	])('stays under 32 KB whatever the volume: %s', async (_label, perSecond) => {
		const p = poller({ channels: BOTH, lookbackMinutes: MAX_LOOKBACK_MINUTES });
		await p.poll(0);
		for (const channel of BOTH) {
			for (let i = 0; i < 5000; i++) p.api.insertAt(channel, T0 + 1 + Math.floor(i / perSecond));
		}
		let emitted = 0;
		for (let i = 0; i < 3; i++) emitted += (await p.poll(6000)).emitted.length;
		expect(emitted).toBe(10_000);
		const size = JSON.stringify(p.state).length;
		expect(size).toBeLessThan(32 * 1024);
		for (const channel of BOTH) {
			const cursor = p.state!.channels[channel]!;
			const seen = SeenIds.decode(cursor.seen, cursor.floor);
			expect(seen.size).toBeLessThanOrEqual(Math.max(SEEN_CAP, perSecond));
			// The look-back shrank to what is remembered: nothing before the floor is read again.
			expect(cursor.floor > at(0)).toBe(true);
			expect(seen.seconds()[0] >= cursor.floor).toBe(true);
		}
		expect((await p.poll(6060)).emitted).toEqual([]);
	});
});

describe('manual runs (latestRecords)', () => {
	it('returns the most recent record of each channel, searching further back when the last hour is empty', async () => {
		const api = new FakeApi();
		api.insertAt('call', T0 - 100);
		const newestCall = api.insertAt('call', T0 - 50);
		api.insertAt('call', T0 - 40, 1, 'serviceNoteUpdate');
		const newestIm = api.insertAt('im', T0 - 3 * 3600);
		const out = await latestRecords({ channels: BOTH, events: ['serviceNoteInsert'], now: at(0), query: api.query });
		expect(out.emitted.map((e) => e.record.eventUniqueId)).toEqual(idsOf([...newestIm, ...newestCall]));
		expect(api.log.map((q) => [q.channel, q.start, q.end])).toEqual([
			['call', at(-3600), at(0)],
			['im', at(-3600), at(0)],
			['im', at(-86400), at(-3601)],
		]);
		const none = await latestRecords({ channels: ['call'], events: ALL_EVENTS, now: at(-30 * 86400), query: api.query });
		expect(none.emitted).toEqual([]);
	});
});

import { nextWallSecond, shiftWall } from '../../nodes/ContactCenter/api/time';
import { walkNewest, walkRecords, type WalkOptions } from '../../nodes/ContactCenter/api/walker';
import { limitOf } from '../../nodes/ContactCenter/actions/limit';
import {
	collectPages,
	displayGroupHasMore,
	pageSizeFor,
} from '../../nodes/ContactCenter/transport/pagination';
import { okA, PATHS, TENANT_A, useSandbox } from '../sandbox/fixture';
import { Rng } from '../sandbox/lib/random';

interface Rec {
	updateTime?: string;
	eventUniqueId?: string;
}

const BASE = '2026-11-22 10:00:00';
const second = (offset: number) => shiftWall(BASE, offset);
const sandbox = useSandbox({ tenants: [TENANT_A] });

/**
 * The sandbox holding `counts[k]` records in second k from BASE on, read through its API: the call
 * service-record query, or (`paged`) the customer list by updateTime, which also pages within a
 * second. `sorted` is the API's order (the records as injected); `n` a record's place in it.
 */
async function holding(counts: number[], paged = false) {
	const { control, client } = sandbox;
	await control.reset();
	const times = counts.flatMap((count, offset) => new Array<string>(count).fill(second(offset)));
	const ids = paged
		? await control.seedCustomers({
				appId: TENANT_A.appId,
				customers: times.map((t) => ({ createTime: t, updateTime: t })),
			})
		: await control.injectRecords({
				appId: TENANT_A.appId,
				channel: 'call',
				records: times.map((updateTime) => ({ updateTime, pushType: 'serviceNoteInsert' })),
			});
	const sorted: Rec[] = ids.map((eventUniqueId, i) => ({ updateTime: times[i], eventUniqueId }));
	const calls: Array<{ start: string; end: string; limit: number }> = [];
	const list = async (start: string, end: string, page: number, limit: number) => {
		calls.push({ start, end, limit });
		if (!paged) {
			const body = { startTime: start, endTime: end, limit };
			return okA(await client.post(PATHS.callRecords, body)) as Rec[];
		}
		const sortList = [{ field: 'updateTime', orderBy: 'asc' }];
		const body = { search: [], updateTimeBegin: start, updateTimeEnd: end, sortList, page, limit };
		const rows: Array<{ _id: string; updateTime: string }> = okA(
			await client.post(PATHS.crmList, body),
		).list;
		return rows.map((row): Rec => ({ updateTime: row.updateTime, eventUniqueId: row._id }));
	};
	const query = async (start: string, end: string, limit: number) =>
		await list(start, end, 1, limit);
	/** Page `page` of one second (the customer list only). */
	const pageOfSecond = async (at: string, page: number, size: number) =>
		await list(at, at, page, size);
	const n = (r: Rec) => ids.indexOf(String(r.eventUniqueId));
	return { sorted, calls, query, pageOfSecond, n };
}

/** Record counts per second: mostly 0-3, sometimes up to three pages' worth. */
function randomCounts(rng: Rng, seconds: number, cap: number): number[] {
	return Array.from({ length: seconds }, () => {
		const r = rng.next();
		return r < 0.3 ? 0 : r < 0.85 ? rng.int(0, 3) : rng.int(0, 3 * cap - 1);
	});
}

/** What a correct walk must return: every record, except what lies past the cap inside one second. */
function expected(sorted: Rec[], cap: number, start: string, end: string) {
	const perSecond = new Map<string, number>();
	const records = sorted.filter(({ updateTime: t = '' }) => {
		if (t < start || t > end) return false;
		perSecond.set(t, (perSecond.get(t) ?? 0) + 1);
		return (perSecond.get(t) ?? 0) <= cap;
	});
	const saturated = [...perSecond].filter(([, n]) => n >= cap).map(([t]) => t);
	return { records, saturated };
}

const walk = async (source: Awaited<ReturnType<typeof holding>>, options: WalkOptions<Rec>) =>
	await walkRecords(source.query, options);
const ids = (result: { records: Array<{ record: Rec }> }) =>
	result.records.map((r) => r.record.eventUniqueId);

describe('nextWallSecond', () => {
	it('steps one wall-clock second, across minutes, days, months and leap days', () => {
		expect(nextWallSecond('2026-11-22 10:00:00')).toBe('2026-11-22 10:00:01');
		expect(nextWallSecond('2026-11-22 10:59:59')).toBe('2026-11-22 11:00:00');
		expect(nextWallSecond('2026-12-31 23:59:59')).toBe('2027-01-01 00:00:00');
		expect(nextWallSecond('2028-02-28 23:59:59')).toBe('2028-02-29 00:00:00');
		// 01:59:59 on the night New York falls back: the next API text is 02:00:00, not 01:00:00 again.
		expect(nextWallSecond('2026-11-01 01:59:59')).toBe('2026-11-01 02:00:00');
		expect(() => nextWallSecond('2026-11-22T10:00:00')).toThrow('not an API time');
	});
});

describe('the window walker (api/walker.ts)', () => {
	const cap = 10;
	const window = { start: BASE, end: second(200), cap };

	it('continues a full page from its last second, skipping the ids read there, and ends on a short page', async () => {
		const api = await holding([3, 4]);
		const result = await walk(api, { ...window, cap: 5 });
		expect(ids(result)).toEqual(api.sorted.map((r) => r.eventUniqueId));
		expect(api.calls.map((c) => c.start)).toEqual([second(0), second(1)]);
		expect(result).toMatchObject({ complete: true, newest: second(1), requests: 2 });
		// A full page of one second: reported, and past the window's end the walk is complete.
		const full = await walk(await holding([6, 1]), { start: BASE, end: BASE, cap: 5 });
		expect(full).toMatchObject({ complete: true, saturatedSeconds: [BASE], requests: 1 });
	});

	it('reads N records in distinct seconds with the minimum number of requests: 1 + floor((N - cap) / (cap - 1)) + 1', async () => {
		for (const n of [0, 1, 9, 10, 11, 19, 20, 35, 100]) {
			const api = await holding(new Array<number>(n).fill(1));
			const result = await walk(api, window);
			const minimum = n < cap ? 1 : 1 + Math.floor((n - cap) / (cap - 1)) + 1;
			expect({ n, requests: result.requests }).toEqual({ n, requests: minimum });
			expect(ids(result)).toEqual(api.sorted.map((r) => r.eventUniqueId));
			expect(api.calls.every((c) => c.limit === cap && c.end === second(200))).toBe(true);
		}
	});

	it('returns every record once, in order, for random record sets (saturated seconds: the first cap, reported)', async () => {
		const rng = new Rng(42);
		for (let round = 0; round < 300; round++) {
			const seconds = rng.int(1, 40);
			const api = await holding(randomCounts(rng, seconds, cap));
			const startOffset = rng.int(0, 2);
			const endOffset = Math.max(startOffset, seconds - 1 - rng.int(0, 2));
			const [start, end] = [second(startOffset), second(endOffset)];
			const result = await walk(api, { start, end, cap });
			const want = expected(api.sorted, cap, start, end);
			expect(ids(result)).toEqual(want.records.map((r) => r.eventUniqueId));
			expect(result.saturatedSeconds).toEqual(want.saturated);
			expect(result.requests).toBe(api.calls.length);
			expect(api.calls.every((c) => c.limit <= cap && c.start >= start && c.start <= end)).toBe(
				true,
			);
		}
	});

	it('a list that pages within a second reads a full second to its end, saturating nothing', async () => {
		const rng = new Rng(9);
		for (let round = 0; round < 100; round++) {
			const api = await holding(randomCounts(rng, rng.int(1, 20), cap), true);
			const result = await walkRecords(api.query, {
				...window,
				pageOfSecond: api.pageOfSecond,
			});
			expect(ids(result)).toEqual(api.sorted.map((r) => r.eventUniqueId));
			expect(result.saturatedSeconds).toEqual([]);
		}
	});

	it('stops where the budget says, and says where the next walk continues', async () => {
		const api = await holding([25, 3], true);
		let asked = 0;
		const paged = await walkRecords(api.query, {
			...window,
			pageOfSecond: api.pageOfSecond,
			mayContinue: () => ++asked < 2,
		});
		expect(paged).toMatchObject({ complete: false, next: second(0), requests: 2 });
		expect(paged.records).toHaveLength(20);
		const plain = await walk(api, { ...window, cap: 5, mayContinue: () => false });
		expect(plain).toMatchObject({ complete: false, next: second(1), requests: 1 });
	});

	it('files a record without a time under the query start, one outside the window inside it, and one without an id by its content', async () => {
		const batch: Array<Rec & { n: number }> = [
			{ n: 0 },
			{ updateTime: second(9), eventUniqueId: 'late', n: 1 },
		];
		const result = await walkRecords(async () => batch, { start: second(2), end: second(5), cap });
		expect(result.records.map((r) => [r.time, r.id])).toEqual([
			[second(2), '~{"n":0}'],
			[second(5), 'late'],
		]);
	});

	it('keeps what `keep` keeps, reading past the rest (newest counts both)', async () => {
		const api = await holding([3, 3]);
		const result = await walk(api, { ...window, keep: (r) => api.n(r) % 2 === 0 });
		expect(result.records.map((r) => api.n(r.record))).toEqual([0, 2, 4]);
		expect(result.newest).toBe(second(1));
	});

	it('stops once the limit is reached, asking only for the rows still wanted plus those re-read at its start', async () => {
		const api = await holding(new Array<number>(100).fill(1));
		const result = await walk(api, { ...window, limit: 15 });
		expect(result.records.map((r) => api.n(r.record))).toEqual(
			Array.from({ length: 15 }, (_, i) => i),
		);
		expect(api.calls.map((c) => c.limit)).toEqual([10, 6]);
		api.calls.length = 0;
		const small = await walk(api, { ...window, limit: 3 });
		expect(small.records.map((r) => api.n(r.record))).toEqual([0, 1, 2]);
		expect(api.calls.map((c) => c.limit)).toEqual([3]);
	});

	it('with any limit returns the first records of the unlimited walk, never more requests, never a false saturation', async () => {
		const rng = new Rng(7);
		for (let round = 0; round < 300; round++) {
			const seconds = rng.int(1, 30);
			const api = await holding(randomCounts(rng, seconds, cap));
			const bounds = { start: second(0), end: second(seconds - 1), cap };
			const all = await walk(api, bounds);
			const limit = rng.int(1, all.records.length + 5);
			api.calls.length = 0;
			const limited = await walk(api, { ...bounds, limit });
			expect(ids(limited)).toEqual(ids(all).slice(0, limit));
			expect(limited.requests).toBeLessThanOrEqual(all.requests);
			for (const sec of limited.saturatedSeconds) expect(all.saturatedSeconds).toContain(sec);
			expect(api.calls.every((c) => c.limit >= 1 && c.limit <= cap)).toBe(true);
			expect(api.calls[0].limit).toBe(Math.min(cap, limit));
		}
	});
});

describe('the newest records of a window (api/walker.ts walkNewest: Service Record Limit)', () => {
	const cap = 10;

	it('a window holding fewer than cap records: one query, its newest Limit, ascending', async () => {
		const api = await holding([1, 2, 0, 3]);
		const result = await walkNewest(api.query, { start: BASE, end: second(9), cap, limit: 4 });
		expect(ids(result)).toEqual(api.sorted.slice(-4).map((r) => r.eventUniqueId));
		expect(api.calls).toEqual([{ start: BASE, end: second(9), limit: cap }]);
	});

	it('one record a second for 200 seconds, Limit 3: the whole window, then one window near its end', async () => {
		const api = await holding(new Array<number>(200).fill(1));
		const result = await walkNewest(api.query, { start: BASE, end: second(199), cap, limit: 3 });
		expect(ids(result)).toEqual(api.sorted.slice(-3).map((r) => r.eventUniqueId));
		expect(result.requests).toBe(2);
		// The forward walk of the same window takes 23 queries.
		expect((await walk(api, { start: BASE, end: second(199), cap })).requests).toBe(23);
	});

	it('random record sets and Limits: exactly the newest Limit records (of those readable when a second is saturated)', async () => {
		const rng = new Rng(33);
		const counts: number[] = [];
		for (let round = 0; round < 300; round++) {
			const seconds = rng.int(1, 60);
			const api = await holding(randomCounts(rng, seconds, cap));
			const endOffset = Math.max(0, seconds - 1 - rng.int(0, 2));
			const [start, end] = [BASE, second(endOffset)];
			const limit = rng.int(1, 2 * cap);
			const result = await walkNewest(api.query, { start, end, cap, limit });
			const inWindow = api.sorted.filter((r) => String(r.updateTime) <= end);
			const want = result.saturatedSeconds.length
				? expected(api.sorted, cap, start, end).records
				: inWindow;
			expect(ids(result)).toEqual(want.slice(-limit).map((r) => r.eventUniqueId));
			expect(result.requests).toBe(api.calls.length);
			const forward = (await walk(api, { start, end, cap })).requests;
			counts.push(result.requests - forward);
			// At worst: the whole-window query, 8 probes, then the forward walk.
			expect(result.requests).toBeLessThanOrEqual(1 + 8 + forward);
		}
		// These sets are far burstier than real traffic (seconds holding up to 3 pages): the search
		// settles in 241 of 300 cases no worse than the forward walk (seed 33), at worst 9 queries more.
		expect(counts.filter((extra) => extra <= 0).length).toBeGreaterThanOrEqual(240);
	});
});

describe('page helpers', () => {
	it('sizes pages for a limit within the endpoint bounds', () => {
		expect(pageSizeFor(100, undefined, 10)).toBe(100);
		expect(pageSizeFor(100, 5, 10)).toBe(10);
		expect(pageSizeFor(100, 50, 10)).toBe(50);
		// 250 rows take 3 pages whatever their size; 84 per page is the smallest that reaches 250 in 3.
		expect(pageSizeFor(100, 250, 10)).toBe(84);
		expect(pageSizeFor(500, 1)).toBe(1);
		for (let limit = 1; limit <= 3000; limit++) {
			const size = pageSizeFor(1000, limit);
			// Fewest pages, and no smaller page size reaches the limit in that many pages.
			expect(Math.ceil(limit / size)).toBe(Math.ceil(limit / 1000));
			expect(Math.ceil(limit / (size - 1 || 1)) > Math.ceil(limit / 1000) || size === 1).toBe(true);
		}
	});

	it('reads display-group pages until the last one', () => {
		expect(displayGroupHasMore(1, 3, 100)).toBe(true);
		expect(displayGroupHasMore(3, 3, 50)).toBe(false);
		expect(displayGroupHasMore(1, 3, 0)).toBe(false);
	});

	it('collects pages until the last or the limit', async () => {
		const rows = Array.from({ length: 25 }, (_, i) => i);
		const pages: number[] = [];
		const fetchPage = async (page: number, size: number) => {
			pages.push(page);
			const slice = rows.slice((page - 1) * size, page * size);
			return { rows: slice, hasMore: page * size < rows.length };
		};
		expect(await collectPages(fetchPage, { pageSize: 10 })).toEqual(rows);
		expect(pages).toEqual([1, 2, 3]);
		pages.length = 0;
		expect(await collectPages(fetchPage, { pageSize: 10, limit: 12 })).toEqual(rows.slice(0, 12));
		expect(pages).toEqual([1, 2]);
	});
});

describe('limitOf: the Limit of every Get Many', () => {
	it('Return All on means every row; the Limit is not read', () => {
		expect(limitOf(true, 'anything')).toEqual({});
		expect(limitOf('true', 0)).toEqual({});
	});

	it.each([
		[10, 10],
		[1, 1],
		['10', 10],
		[' 25 ', 25],
		[5000, 5000],
	])('Limit %p gives %p rows', (limit, want) => {
		expect(limitOf(false, limit)).toEqual({ limit: want });
		expect(limitOf(undefined, limit)).toEqual({ limit: want });
	});

	it.each([
		[0, 'got 0'],
		[-5, 'got -5'],
		[2.5, 'got 2.5'],
		[Number.NaN, 'got NaN'],
		[Number.POSITIVE_INFINITY, 'got Infinity'],
		['ten', 'got "ten"'],
		['1e3', 'got "1e3"'],
		['', 'got nothing'],
		[null, 'got nothing'],
		[true, 'got true'],
	])('Limit %p is refused, never replaced by a default', (limit, got) => {
		const { limit: rows, problem } = limitOf(false, limit);
		expect(rows).toBeUndefined();
		expect(problem?.field).toBe('Limit');
		expect(problem?.problem).toBe(`must be a whole number of at least 1 (${got})`);
		expect(problem?.fix).toMatch(/Return All/);
	});

	it('Return All that is neither true nor false is refused', () => {
		expect(limitOf('yes', 10).problem).toMatchObject({
			field: 'Return All',
			problem: 'must be true or false (got "yes")',
		});
	});
});

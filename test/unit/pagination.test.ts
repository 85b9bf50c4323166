import { nextWallSecond } from '../../nodes/ContactCenter/helpers/time';
import {
	collectPages,
	displayGroupHasMore,
	limitOf,
	pageSizeFor,
} from '../../nodes/ContactCenter/transport/pagination';
import { walkWindow, windowStep, type TimedRecord } from '../support/window-walk';

interface Rec extends TimedRecord {
	n: number;
}

/** Seeded generator, so a failure reproduces. */
function rng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

const BASE = '2026-11-22 10:00:00';
const second = (offset: number) => {
	let t = BASE;
	for (let i = 0; i < offset; i++) t = nextWallSecond(t);
	return t;
};

/** An API stand-in: records sorted by updateTime (stable within a second), `[start, end]` inclusive, at most `limit`. */
function fakeApi(records: Rec[]) {
	const sorted = [...records].sort((a, b) =>
		a.updateTime < b.updateTime ? -1 : a.updateTime > b.updateTime ? 1 : a.n - b.n,
	);
	const calls: Array<{ start: string; end: string; limit: number }> = [];
	const query = async (start: string, end: string, limit: number): Promise<Rec[]> => {
		calls.push({ start, end, limit });
		return sorted.filter((r) => r.updateTime >= start && r.updateTime <= end).slice(0, limit);
	};
	return { sorted, calls, query };
}

function makeRecords(counts: number[]): Rec[] {
	const out: Rec[] = [];
	let n = 0;
	counts.forEach((count, offset) => {
		const t = second(offset);
		for (let i = 0; i < count; i++) out.push({ updateTime: t, eventUniqueId: `e${n}`, n: n++ });
	});
	return out;
}

/** What a correct walk must return: every record, except what lies past the cap inside one second. */
function expected(
	sorted: Rec[],
	cap: number,
	start: string,
	end: string,
): { records: Rec[]; saturated: string[] } {
	const bySecond = new Map<string, Rec[]>();
	for (const r of sorted) {
		if (r.updateTime < start || r.updateTime > end) continue;
		const list = bySecond.get(r.updateTime) ?? [];
		list.push(r);
		bySecond.set(r.updateTime, list);
	}
	const records: Rec[] = [];
	const saturated: string[] = [];
	for (const [time, list] of [...bySecond.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
		records.push(...list.slice(0, cap));
		if (list.length >= cap) saturated.push(time);
	}
	return { records, saturated };
}

describe('nextWallSecond', () => {
	it('steps one wall-clock second, across minutes, days, months and leap days', () => {
		expect(nextWallSecond('2026-11-22 10:00:00')).toBe('2026-11-22 10:00:01');
		expect(nextWallSecond('2026-11-22 10:59:59')).toBe('2026-11-22 11:00:00');
		expect(nextWallSecond('2026-12-31 23:59:59')).toBe('2027-01-01 00:00:00');
		expect(nextWallSecond('2028-02-28 23:59:59')).toBe('2028-02-29 00:00:00');
	});

	it('never steps backwards, whatever the API zone does with daylight saving', () => {
		// 01:59:59 on the night New York falls back: the next API text is 02:00:00, not 01:00:00 again.
		expect(nextWallSecond('2026-11-01 01:59:59')).toBe('2026-11-01 02:00:00');
	});

	it('rejects text that is not an API time', () => {
		expect(() => nextWallSecond('2026-11-22T10:00:00')).toThrow('not an API time');
	});
});

describe('windowStep', () => {
	const cursor = { start: second(0), seenAtStart: [] as string[] };

	it('ends the walk on a batch smaller than the cap', () => {
		const batch = makeRecords([2, 1]);
		const step = windowStep(cursor, batch, 5, nextWallSecond, second(9));
		expect(step).toEqual({ fresh: batch });
	});

	it('continues a full batch from its last second, remembering the ids taken there', () => {
		const batch = makeRecords([3, 2]);
		const step = windowStep(cursor, batch, 5, nextWallSecond, second(9));
		expect(step.fresh).toEqual(batch);
		expect(step.next).toEqual({ start: second(1), seenAtStart: ['e3', 'e4'] });
		expect(step.saturatedSecond).toBeUndefined();
	});

	it('drops records already taken at the start second', () => {
		const batch = makeRecords([2, 1]);
		const step = windowStep(
			{ start: second(0), seenAtStart: ['e0'] },
			batch,
			5,
			nextWallSecond,
			second(9),
		);
		expect(step.fresh.map((r) => r.eventUniqueId)).toEqual(['e1', 'e2']);
	});

	it('reports a full batch of one second as saturated and moves to the next second', () => {
		const batch = makeRecords([5]);
		const step = windowStep(cursor, batch, 5, nextWallSecond, second(9));
		expect(step.saturatedSecond).toBe(second(0));
		expect(step.next).toEqual({ start: second(1), seenAtStart: [] });
	});

	it('stops after a saturated second that is the end of the window', () => {
		const batch = makeRecords([5]);
		const step = windowStep(cursor, batch, 5, nextWallSecond, second(0));
		expect(step.saturatedSecond).toBe(second(0));
		expect(step.next).toBeUndefined();
	});
});

describe('walkWindow', () => {
	const cap = 10;

	it('reads N records in distinct seconds with the minimum number of requests: 1 + floor((N - cap) / (cap - 1)) + 1', async () => {
		for (const n of [0, 1, 9, 10, 11, 19, 20, 35, 100]) {
			const api = fakeApi(makeRecords(new Array<number>(n).fill(1)));
			const result = await walkWindow(api.query, {
				start: BASE,
				end: second(200),
				cap,
				nextSecond: nextWallSecond,
			});
			const minimum = n < cap ? 1 : 1 + Math.floor((n - cap) / (cap - 1)) + 1;
			expect({ n, requests: result.requests, count: result.records.length }).toEqual({
				n,
				requests: minimum,
				count: n,
			});
			expect(result.records).toEqual(api.sorted);
			expect(api.calls.every((c) => c.limit === cap && c.end === second(200))).toBe(true);
		}
	});

	it('returns every record once, in order, for random record sets (saturated seconds: the first cap, reported)', async () => {
		const random = rng(42);
		for (let round = 0; round < 300; round++) {
			const seconds = 1 + Math.floor(random() * 40);
			const counts = Array.from({ length: seconds }, () => {
				const r = random();
				return r < 0.3 ? 0 : r < 0.85 ? Math.floor(random() * 4) : Math.floor(random() * (3 * cap));
			});
			const api = fakeApi(makeRecords(counts));
			const startOffset = Math.floor(random() * 3);
			const endOffset = Math.max(startOffset, seconds - 1 - Math.floor(random() * 3));
			const [start, end] = [second(startOffset), second(endOffset)];
			const result = await walkWindow(api.query, { start, end, cap, nextSecond: nextWallSecond });
			const want = expected(api.sorted, cap, start, end);

			const ids = result.records.map((r) => r.eventUniqueId);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toEqual(want.records.map((r) => r.eventUniqueId));
			expect(result.saturatedSeconds).toEqual(want.saturated);
			expect(result.requests).toBe(api.calls.length);
			expect(api.calls.every((c) => c.limit <= cap && c.start >= start && c.start <= end)).toBe(
				true,
			);
		}
	});

	it('keeps the window edges inclusive', async () => {
		const api = fakeApi(makeRecords([2, 0, 0, 3]));
		const result = await walkWindow(api.query, {
			start: second(0),
			end: second(3),
			cap,
			nextSecond: nextWallSecond,
		});
		expect(result.records).toHaveLength(5);
		const outside = await walkWindow(api.query, {
			start: second(1),
			end: second(2),
			cap,
			nextSecond: nextWallSecond,
		});
		expect(outside.records).toHaveLength(0);
	});

	it('stops as soon as the limit is reached', async () => {
		const api = fakeApi(makeRecords(new Array<number>(100).fill(1)));
		const result = await walkWindow(api.query, {
			start: BASE,
			end: second(200),
			cap,
			limit: 15,
			nextSecond: nextWallSecond,
		});
		expect(result.records.map((r) => r.n)).toEqual(Array.from({ length: 15 }, (_, i) => i));
		expect(result.requests).toBe(2);
		// The second query asks only for the 5 rows still wanted plus the 1 id already taken at its start second.
		expect(api.calls.map((c) => c.limit)).toEqual([10, 6]);
	});

	it('asks for no more than the limit needs: a limit below the cap is one query of that size', async () => {
		const api = fakeApi(makeRecords(new Array<number>(100).fill(1)));
		const result = await walkWindow(api.query, {
			start: BASE,
			end: second(200),
			cap,
			limit: 3,
			nextSecond: nextWallSecond,
		});
		expect(result.records.map((r) => r.n)).toEqual([0, 1, 2]);
		expect(api.calls.map((c) => c.limit)).toEqual([3]);
	});

	it('with any limit returns exactly the first records of the unlimited walk, never more requests, never a false saturation', async () => {
		const random = rng(7);
		for (let round = 0; round < 300; round++) {
			const seconds = 1 + Math.floor(random() * 30);
			const counts = Array.from({ length: seconds }, () => {
				const r = random();
				return r < 0.3 ? 0 : r < 0.85 ? Math.floor(random() * 4) : Math.floor(random() * (3 * cap));
			});
			const api = fakeApi(makeRecords(counts));
			const [start, end] = [second(0), second(seconds - 1)];
			const all = await walkWindow(api.query, { start, end, cap, nextSecond: nextWallSecond });
			const limit = 1 + Math.floor(random() * (all.records.length + 5));
			api.calls.length = 0;
			const limited = await walkWindow(api.query, {
				start,
				end,
				cap,
				limit,
				nextSecond: nextWallSecond,
			});
			expect(limited.records.map((r) => r.eventUniqueId)).toEqual(
				all.records.slice(0, limit).map((r) => r.eventUniqueId),
			);
			expect(limited.requests).toBeLessThanOrEqual(all.requests);
			// Saturation is reported only for seconds the unlimited walk also found saturated.
			for (const sec of limited.saturatedSeconds) expect(all.saturatedSeconds).toContain(sec);
			// No query asks for more rows than the limit leaves to fetch plus the ids it will skip.
			expect(api.calls.every((c) => c.limit >= 1 && c.limit <= cap)).toBe(true);
			expect(api.calls[0].limit).toBe(Math.min(cap, limit));
		}
	});
});

describe('page helpers', () => {
	it('sizes pages for a limit within the endpoint bounds', () => {
		expect(pageSizeFor(100, undefined, 10)).toBe(100);
		expect(pageSizeFor(100, 5, 10)).toBe(10);
		expect(pageSizeFor(100, 50, 10)).toBe(50);
		// 250 rows take 3 pages whatever their size; 84 per page is the smallest that reaches 250 in 3.
		expect(pageSizeFor(100, 250, 10)).toBe(84);
		expect(pageSizeFor(1000, 1500)).toBe(750);
		expect(pageSizeFor(1000, 2000)).toBe(1000);
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

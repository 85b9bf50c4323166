/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The state's pieces without n8n: seen-id keys, their encoding, the capacity the 64 KB budget gives
 * (the figures the README states), and the reading of what the trigger wrote.
 */
import { secondsToWall } from '../../nodes/ContactCenter/api/time';
import { SEEN_BUDGET_CHARS, STATE_LIMIT_CHARS } from '../../nodes/ContactCenterTrigger/poll';
import { idKey, SeenIds } from '../../nodes/ContactCenterTrigger/seenIds';
import { readState, STATE_VERSION } from '../../nodes/ContactCenterTrigger/state';

const BASE = 1_800_000_000;

/** Ids remembered within the budget at `perSecond` records a second. */
function capacity(perSecond: number, everySeconds = 1): number {
	const seen = new SeenIds();
	let n = 0;
	for (let t = 0; ; t += everySeconds) {
		for (let i = 0; i < perSecond; i++) seen.add(secondsToWall(BASE + t), idKey(`id-${n++}`));
		// Measured every 100 ids (exact to within 100).
		if (n % 100 === 0 && seen.encode(secondsToWall(BASE)).length > SEEN_BUDGET_CHARS)
			return n - 100;
	}
}

describe('seen ids', () => {
	it('keys are 8 base64url characters, the same for the same id, different for other ids', () => {
		const ids = ['a', 'b', '182739465018273946', 'f23e326891bdcb68dc74be0a4b9f47cc'];
		for (const id of ids) {
			expect(idKey(id)).toMatch(/^[A-Za-z0-9_-]{8}$/);
			expect(idKey(id)).toBe(idKey(id));
		}
		expect(new Set(ids.map(idKey)).size).toBe(ids.length);
	});

	it('encode and decode round-trip, per second', () => {
		const seen = new SeenIds();
		seen.add('2027-11-07 01:30:00', idKey('x'));
		seen.add('2027-11-07 01:30:00', idKey('y'));
		seen.add('2027-11-07 01:31:05', idKey('z'));
		const text = seen.encode('2027-11-07 01:00:00');
		const back = SeenIds.decode(text, '2027-11-07 01:00:00');
		expect(back.has('2027-11-07 01:30:00', idKey('y'))).toBe(true);
		expect(back.has('2027-11-07 01:31:05', idKey('y'))).toBe(false);
		expect(back.size).toBe(3);
	});

	it('the budget holds about 7,700 ids at 10 a second and about 5,800 at one a second or sparser', () => {
		expect(SEEN_BUDGET_CHARS).toBe(STATE_LIMIT_CHARS - 1024);
		const dense = capacity(10);
		const single = capacity(1);
		const sparse = capacity(1, 30);
		process.stdout.write(
			`seen-id capacity in ${SEEN_BUDGET_CHARS} characters: ${dense} ids at 10/s, ${single} at 1/s, ${sparse} at one per 30 s\n`,
		);
		expect(dense).toBeGreaterThan(7500);
		expect(single).toBeGreaterThan(5700);
		expect(sparse).toBeGreaterThan(5700);
	});
});

describe('readState', () => {
	const im = { through: BASE, mark: secondsToWall(BASE), floor: secondsToWall(BASE), seen: '' };

	it('refuses what it cannot read, channel by channel', () => {
		expect(readState(undefined)).toEqual({ invalid: [] });
		expect(readState({ version: 9, channels: {} }).invalid).toEqual(['state']);
		const call = { through: 1, mark: 'x', floor: 'y', seen: '' };
		const { state, invalid } = readState({ version: STATE_VERSION, channels: { call, im } });
		expect(invalid).toEqual(['call']);
		expect(Object.keys(state?.channels ?? {})).toEqual(['im']);
	});

	it('reads only the format it writes: version 1 (never written by a release) is unreadable', () => {
		const call = { mark: '2027-01-01 10:05:00', floor: '2027-01-01 10:00:00', seen: '' };
		expect(readState({ version: 1, channels: { call } })).toEqual({ invalid: ['state'] });
	});

	it('keeps the Start From it started at only whole (its text and its instant)', () => {
		const origin = { raw: '2027-01-01T09:00:00', at: Date.parse('2027-01-01T01:00:00Z') };
		const saved = (value: unknown) => ({ version: STATE_VERSION, origin: value, channels: { im } });
		expect(readState(saved(origin)).state?.origin).toEqual(origin);
		expect(readState(saved({ at: origin.at })).state).not.toHaveProperty('origin');
		expect(readState(saved({ raw: origin.raw, at: 'soon' })).state).not.toHaveProperty('origin');
	});

	it("keeps a failing channel's count only whole; without failures the key is absent", () => {
		const failure = { count: 4, since: 1_000, error: 'HTTP 500', at: 4_000, every: 1_000 };
		const saved = (failures: unknown) => ({ version: STATE_VERSION, channels: { im }, failures });
		expect(readState(saved({ im: failure })).state?.failures).toEqual({ im: failure });
		const first = { count: 1, since: 1_000, error: 'HTTP 500', at: 1_000 }; // no interval yet
		expect(readState(saved({ call: first })).state?.failures).toEqual({ call: first });
		for (const bad of [
			{ ...failure, count: 0 },
			{ ...failure, at: 'now' },
			{ ...failure, error: 5 },
		])
			expect(readState(saved({ im: bad })).state).not.toHaveProperty('failures');
		expect(readState(saved(undefined)).state).not.toHaveProperty('failures');
	});
});

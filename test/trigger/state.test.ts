/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The state's pieces without n8n: seen-id keys (compatible with version 1's), their encoding, and
 * the capacity the 64 KB budget gives (the figures the README states).
 */
import { secondsToWall } from '../../nodes/ContactCenter/helpers/time';
import { SEEN_BUDGET_CHARS, STATE_LIMIT_CHARS } from '../../nodes/ContactCenterTrigger/poll';
import { idKey, SeenIds, v1IdKey } from '../../nodes/ContactCenterTrigger/seenIds';
import { readState } from '../../nodes/ContactCenterTrigger/state';

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
	it('keys are 8 characters, the low 48 bits of the version 1 key', () => {
		for (const id of ['a', '182739465018273946', 'f23e326891bdcb68dc74be0a4b9f47cc']) {
			expect(idKey(id)).toHaveLength(8);
			expect(v1IdKey(id).slice(0, 8)).toBe(idKey(id));
		}
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
	const utc = { zone: 'UTC', lookbackSeconds: 300 };

	it('refuses what it cannot read, channel by channel', () => {
		expect(readState(undefined, utc)).toEqual({ invalid: [], migrated: false });
		expect(readState({ version: 9, channels: {} }, utc).invalid).toEqual(['state']);
		const call = { through: 1, mark: 'x', floor: 'y', seen: '' };
		const im = { through: BASE, mark: secondsToWall(BASE), floor: secondsToWall(BASE), seen: '' };
		const { state, invalid } = readState({ version: 2, channels: { call, im } }, utc);
		expect(invalid).toEqual(['call']);
		expect(Object.keys(state?.channels ?? {})).toEqual(['im']);
	});

	it('migrates version 1: keys shortened, drain position kept, sweepFrom reached by the look-back', () => {
		const v1 = {
			mark: '2027-01-01 10:05:00',
			floor: '2027-01-01 10:00:00',
			resume: '2027-01-01 10:04:00',
			sweepFrom: '2027-01-01 09:50:00',
			seen: `3c:${v1IdKey('a')}${v1IdKey('b')}`,
		};
		const saved = { version: 1, startFrom: '2027-01-01 09:00:00', channels: { call: v1 } };
		const shanghai = { zone: 'Asia/Shanghai', lookbackSeconds: 300 };
		const { state, migrated } = readState(saved, shanghai);
		expect(migrated).toBe(true);
		const call = state?.channels.call;
		expect(call?.resume).toBe('2027-01-01 10:04:00');
		expect(call?.seen).toBe(`3c:${idKey('a')}${idKey('b')}`);
		// 09:50 Shanghai = 01:50Z; through - 5 min reaches it.
		expect(call?.through).toBe(Date.parse('2027-01-01T01:55:00Z') / 1000);
		expect(state?.origin).toEqual({ at: Date.parse('2027-01-01T01:00:00Z') });
	});
});

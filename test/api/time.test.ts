import {
	formatApiTime,
	parseApiTime,
	toApiTime,
	type DateInput,
	toEpochMs,
	wallToSeconds,
} from '../../nodes/ContactCenter/api/time';
import { Rng } from '../sandbox/lib/random';

describe('API time conversion', () => {
	const instant = Date.UTC(2026, 10, 22, 1, 2, 3); // 2026-11-22T01:02:03Z
	const NINE = '2026-11-22 09:02:03';

	it.each([
		['Asia/Shanghai', NINE],
		['UTC', '2026-11-22 01:02:03'],
		['America/New_York', '2026-11-21 20:02:03'],
	])('formats the instant in %s as %s, and parses that back to it', (zone, text) => {
		expect(formatApiTime(instant, zone)).toBe(text);
		expect(parseApiTime(text, zone)).toBe(instant);
	});

	it('parses only API times of real dates', () => {
		expect(parseApiTime('2026-11-22T09:02:03', 'Asia/Shanghai')).toBeUndefined();
		expect(parseApiTime('2026-13-22 09:02:03', 'Asia/Shanghai')).toBeUndefined();
	});

	it.each<[string, unknown, string, string | undefined]>([
		['zone-less text in the workflow zone', '2026-11-21T20:02:03', 'America/New_York', NINE],
		['an offset (Z) honoured', '2026-11-22T01:02:03Z', 'America/New_York', NINE],
		['an offset (+02:00) honoured', '2026-11-22T03:02:03.500+02:00', 'UTC', NINE],
		['a Date', new Date(instant), 'UTC', NINE],
		['a Luxon DateTime', { toMillis: () => instant }, 'UTC', NINE],
		['a date alone: its midnight', '2026-11-22', 'Asia/Shanghai', '2026-11-22 00:00:00'],
		['not a date', 'yesterday', 'UTC', undefined],
	])('converts n8n date-times: %s', (_what, value, workflowZone, expected) => {
		expect(toApiTime(value as DateInput, workflowZone, 'Asia/Shanghai')).toBe(expected);
	});

	it('handles daylight-saving gaps and overlaps in the workflow zone', () => {
		// 2026-11-01 01:30 happens twice in New York: the earlier (EDT, UTC-4) is taken.
		expect(toEpochMs('2026-11-01T01:30:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 5, 30));
		// 2026-03-08 02:30 does not exist in New York; it maps to a nearby real instant.
		const gap = toEpochMs('2026-03-08T02:30:00', 'America/New_York') as number;
		expect(Math.abs(gap - Date.UTC(2026, 2, 8, 7, 30))).toBeLessThanOrEqual(3600_000);
	});

	it('round-trips API times shifted by seconds across a day boundary', () => {
		const shift = (time: string, seconds: number) =>
			formatApiTime(
				(parseApiTime(time, 'Asia/Shanghai') as number) + seconds * 1000,
				'Asia/Shanghai',
			);
		expect(shift('2026-11-22 23:59:59', 1)).toBe('2026-11-23 00:00:00');
		expect(shift('2026-11-22 00:00:00', -300)).toBe('2026-11-21 23:55:00');
	});
});

describe('wallToSeconds (read digit by digit) agrees with the rule written as a pattern', () => {
	// The rule as the spec states it: yyyy-MM-dd HH:mm:ss of a real calendar date.
	function byPattern(text: string): number | undefined {
		const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
		if (!m) return undefined;
		const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
		const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
		const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
		const real = days !== undefined && d >= 1 && d <= days && h < 24 && mi < 60 && s < 60;
		return real ? Date.UTC(y, mo - 1, d, h, mi, s) / 1000 : undefined;
	}

	it('on valid times, edge dates and 20,000 mutated strings', () => {
		const rng = new Rng(20261126);
		const random = (n: number) => rng.int(0, n - 1);
		const samples = [
			'2026-11-26 00:16:27',
			'2024-02-29 23:59:59',
			'2023-02-29 00:00:00',
			'2100-02-29 12:00:00',
			'2000-02-29 12:00:00',
			'2026-04-31 10:00:00',
			'2026-12-31 24:00:00',
			'2026-12-31 23:60:00',
			'2026-00-10 10:00:00',
			'2026-1-10 10:00:00',
			'2026-11-26T00:16:27',
			'2026-11-26 00:16:27 ',
			'２０２６-11-26 00:16:27',
			'',
		];
		const alphabet = '0123456789- :T+x\u0660';
		for (let i = 0; i < 20_000; i++) {
			const base = samples[random(6)].split('');
			for (let k = random(3); k >= 0; k--) base[random(19)] = alphabet[random(alphabet.length)];
			samples.push(base.join(''));
		}
		for (const sample of samples)
			expect([sample, wallToSeconds(sample)]).toEqual([sample, byPattern(sample)]);
	});
});

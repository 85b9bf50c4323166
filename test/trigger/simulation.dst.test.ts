/**
 * Simulations of issue 11 across daylight-saving changes (driver.ts, virtual clock): each reports
 * injected / emitted / lost / duplicated and asserts 0 lost, 0 duplicated and one request a poll.
 */
import { useSimulation } from './driver';

const MINUTE = 60;
const sim = useSimulation('UTC', '2027-01-01T00:00:00Z');

describe('daylight-saving changes in the credential zone (fall-back and spring-forward, both hemispheres)', () => {
	// Each: first activation 70 minutes before the change, a poll every 2 minutes until 70 minutes
	// after, 7-8 call records every 2 minutes, a third of them written up to the whole look-back
	// (5 minutes) late. Across a fall-back the repeated hour is read again and told apart by id.
	it.each([
		['America/New_York', 'fall-back', '2027-11-07T06:00:00Z'],
		['America/New_York', 'spring-forward', '2027-03-14T07:00:00Z'],
		['Europe/Berlin', 'fall-back', '2027-10-31T01:00:00Z'],
		['Europe/Berlin', 'spring-forward', '2027-03-28T01:00:00Z'],
		['Australia/Sydney', 'fall-back', '2027-04-03T16:00:00Z'],
		['Australia/Sydney', 'spring-forward', '2027-10-02T16:00:00Z'],
		['America/Santiago', 'fall-back', '2027-04-04T03:00:00Z'],
	])('%s %s at %s: every record once, one request a poll', async (zone, kind, changeIso) => {
		const start = new Date(Date.parse(changeIso) - 70 * MINUTE * 1000).toISOString();
		const s = await sim.fresh(zone, start, zone.length);
		s.trigger({ channel: 'call', options: { lookbackMinutes: 5 } });
		expect((await s.run.poll()).items).toBeNull();
		for (let step = 0; step < 70; step++) {
			s.advance(2 * MINUTE);
			await s.write('call', 7 + (step % 2), 2 * MINUTE, () =>
				s.chance(1 / 3) ? s.rng.int(0, 300) : 0,
			);
			await s.run.poll();
		}
		s.advance(2 * MINUTE);
		await s.run.poll();
		expect(s.settle(`DST ${zone} ${kind}`).injected).toBe(525);
		// Fewer than 1,000 records in any window: one request every poll, across the change too.
		expect(s.run.requestsPerPoll.every((n) => n === 1)).toBe(true);
		expect(s.run.warnings).toEqual([]);
	});
});

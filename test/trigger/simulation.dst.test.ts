/**
 * Simulations of issue 11: the trigger through n8n-core's PollContext against the sandbox, on a
 * virtual clock (see sim.ts), one scenario per class of the issue. Each reports records injected /
 * emitted / lost / duplicated (printed at the end) and asserts 0 lost and 0 duplicated within the
 * stated limits, with exact request counts where the cost is part of the promise.
 */
import { resetTenant, Simulation, useSimSandbox } from './sim';

const MINUTE = 60;
const sim = useSimSandbox('UTC', '2027-01-01T00:00:00Z');

async function fresh(zone: string, startIso: string, seed = 1): Promise<Simulation> {
	await resetTenant(sim.control, zone);
	return new Simulation(sim.control, zone, Date.parse(startIso), seed);
}

describe('daylight-saving changes in the credential zone (fall-back and spring-forward, both hemispheres)', () => {
	// Each: first activation 70 minutes before the change, a poll every 2 minutes until 70 minutes
	// after, 7-8 call records every 2 minutes, a third of them written up to the whole look-back
	// (5 minutes) late. Across a fall-back the repeated hour is read again and told apart by id.
	const CASES: Array<[string, string, string]> = [
		['America/New_York', 'fall-back', '2027-11-07T06:00:00Z'],
		['America/New_York', 'spring-forward', '2027-03-14T07:00:00Z'],
		['Europe/Berlin', 'fall-back', '2027-10-31T01:00:00Z'],
		['Europe/Berlin', 'spring-forward', '2027-03-28T01:00:00Z'],
		['Australia/Sydney', 'fall-back', '2027-04-03T16:00:00Z'],
		['Australia/Sydney', 'spring-forward', '2027-10-02T16:00:00Z'],
		['America/Santiago', 'fall-back', '2027-04-04T03:00:00Z'],
	];
	it.each(CASES)(
		'%s %s at %s: every record once, one request a poll',
		async (zone, kind, changeIso) => {
			const s = await fresh(
				zone,
				new Date(Date.parse(changeIso) - 70 * MINUTE * 1000).toISOString(),
				zone.length,
			);
			s.trigger({ channel: 'call', options: { lookbackMinutes: 5 } });
			expect((await s.poll()).items).toBeNull();
			for (let step = 0; step < 70; step++) {
				s.advance(2 * MINUTE);
				await s.write('call', 7 + (step % 2), 2 * MINUTE, () =>
					s.rng.chance(1 / 3) ? s.rng.int(0, 300) : 0,
				);
				await s.poll();
			}
			s.advance(2 * MINUTE);
			await s.poll();
			const t = s.tally(`DST ${zone} ${kind}`);
			expect(t.injected).toBe(525);
			s.run.assertExact();
			// Fewer than 1,000 records in any window: one request every poll, across the change too.
			expect(s.requestsPerPoll.every((n) => n === 1)).toBe(true);
			expect(s.warnings).toEqual([]);
		},
	);
});

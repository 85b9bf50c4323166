/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * Simulations of issue 11 (driver.ts, virtual clock): daylight-saving changes, an n8n 1.x
 * PollContext, drains with late writes, the seen-id limit at peak rates and beyond, Start From
 * across zone changes and as an expression, the API clock ±4 minutes off at first activation, Fetch
 * Test Event on a busy channel. Each reports injected / emitted / lost / duplicated.
 */
import { formatApiTime, shiftWall } from '../../../nodes/ContactCenter/api/time';
import { REPORT_FIELD } from '../../../nodes/ContactCenterTrigger/host';
import { STATE_LIMIT_CHARS } from '../../../nodes/ContactCenterTrigger/poll';
import { expectedRequests, useSimulation, type Simulation } from '../driver';

const MINUTE = 60;
const START = '2027-05-03T08:00:00Z';
const sim = useSimulation('UTC', START);
const fresh = async (zone = 'Asia/Shanghai', seed = 7): Promise<Simulation> =>
	await sim.fresh(zone, START, seed);

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
		const late = () => (s.chance(1 / 3) ? s.rng.int(0, 300) : 0);
		await s.steps(70, 2 * MINUTE, (step) => s.write('call', 7 + (step % 2), 2 * MINUTE, late));
		expect(s.settle(`DST ${zone} ${kind}`).injected).toBe(525);
		// Fewer than 1,000 records in any window: one request every poll, across the change too.
		expect(s.run.requestsPerPoll.every((n) => n === 1)).toBe(true);
		expect(s.run.warnings).toEqual([]);
	});
});

describe('an n8n 1.x host (PollContext without getPollBudgetMs and the durable-cursor hooks)', () => {
	it('activates, polls and emits every record once', async () => {
		const s = await fresh();
		s.trigger({ channel: 'all' });
		expect((await s.run.poll({ n8n1x: true })).items).toBeNull();
		const write = async () => {
			await s.write('call', 20, MINUTE, () => s.rng.int(0, 120));
			await s.write('im', 5, MINUTE);
		};
		await s.steps(10, MINUTE, write, { n8n1x: true });
		expect(s.settle('n8n 1.x PollContext (no getPollBudgetMs)').injected).toBe(250);
	});
});

describe('late records while a backlog drains', () => {
	it('80 records a minute, Max Records per Poll 50, records written 30 s behind where the trigger stands', async () => {
		const s = await fresh();
		s.trigger({ channel: 'call', options: { maxRecordsPerPoll: 50 } });
		await s.run.poll();
		let behind = 0;
		for (let i = 0; i < 15; i++) {
			s.advance(MINUTE);
			await s.write('call', 80, MINUTE);
			const cursor = s.run.state?.channels.call;
			const position = cursor?.resume ?? cursor?.mark;
			if (position) {
				await s.run.inject('call', [shiftWall(position, -30), shiftWall(position, -30)]);
				behind += 2;
			}
			const result = await s.run.poll();
			expect(result.items).toHaveLength(50);
		}
		// Arrivals stop; the backlog drains at 50 a poll.
		for (let i = 0; i < 40 && s.run.emitted.size < s.run.injected.size; i++) {
			s.advance(MINUTE);
			await s.run.poll();
		}
		s.advance(MINUTE);
		expect((await s.run.poll()).items).toBeNull();
		const t = s.settle('drain: 80/min, max 50/poll, +2/min 30 s behind the position');
		expect(behind).toBe(30);
		expect(t.injected).toBe(1230);
		// Forward one page, behind one page while draining; one page when idle.
		expect(Math.max(...s.run.requestsPerPoll)).toBe(2);
		expect(s.run.requestsPerPoll[s.run.requestsPerPoll.length - 1]).toBe(1);
	});
});

describe('the seen-id window scales with the 64 KB static-data budget', () => {
	it('600 records a minute, 5-minute look-back, a tenth written 180-290 s late: all caught, exact pages', async () => {
		const s = await fresh();
		s.trigger({ channel: 'call' });
		await s.run.poll();
		const times: string[] = [];
		for (let i = 0; i < 12; i++) {
			s.advance(MINUTE);
			const written = await s.write('call', 600, MINUTE, () =>
				s.chance(0.1) ? s.rng.int(180, 290) : 0,
			);
			times.push(...written.map((r) => r.updateTime));
			times.sort();
			const result = await s.run.poll();
			const first = result.requests[0].body as { startTime: string };
			expect(result.requests).toHaveLength(expectedRequests(times, first.startTime));
		}
		s.advance(MINUTE);
		await s.run.poll();
		expect(s.run.maxStateChars).toBeLessThanOrEqual(STATE_LIMIT_CHARS);
		const t = s.settle('peak: 600/min, look-back 5 min, 10% 180-290 s late');
		expect(t.injected).toBe(7200);
		expect(s.run.warnings).toEqual([]);
	});

	it('beyond the budget (600 a minute with a 60-minute look-back): warns, marks items, loses only what it reported', async () => {
		const s = await fresh();
		s.trigger({ channel: 'call', options: { lookbackMinutes: 60 } });
		await s.run.poll();
		const floors: string[] = [];
		for (let i = 0; i < 20; i++) {
			s.advance(MINUTE);
			await s.write('call', 600, MINUTE, () => (s.chance(0.05) ? s.rng.int(600, 1800) : 0));
			const result = await s.run.poll();
			const marked = (result.items ?? []).filter((item) => item.json[REPORT_FIELD] !== undefined);
			if (marked.length > 0) {
				// Once the limit is in the way, every item of the poll carries the marker.
				expect(marked).toHaveLength(result.items?.length ?? 0);
				const report = marked[0].json[REPORT_FIELD] as { stateLimit: { floor: string } };
				floors.push(report.stateLimit.floor);
				expect(
					result.logs.some((l) => l.level === 'warn' && /state limit \(64 KB/.test(l.message)),
				).toBe(true);
			}
		}
		expect(floors.length).toBeGreaterThan(0);
		expect(s.run.maxStateChars).toBeLessThanOrEqual(STATE_LIMIT_CHARS);
		const t = s.tally('beyond the budget: 600/min, look-back 60 min (reported)');
		// Nothing twice; what is missing was written behind a floor the trigger had reported.
		expect(t.duplicated).toBe(0);
		const lastFloor = floors[floors.length - 1];
		const lost = [...s.run.injected.values()].filter((r) => !s.run.emitted.has(r.id));
		expect(lost.every((r) => r.updateTime < lastFloor)).toBe(true);
		process.stdout.write(
			`beyond the budget: ${lost.length} of ${t.injected} records written behind the reported floor ${lastFloor}\n`,
		);
	});
});

describe('Start From', () => {
	// Zone-less, as n8n's date picker writes it: read in the workflow's zone (Berlin at first).
	const zoneLess = (s: Simulation) =>
		formatApiTime(s.nowMs - 60 * MINUTE * 1000, 'Europe/Berlin').replace(' ', 'T');
	const expression = () => '={{ $now.minus({ hours: 1 }).toISO() }}';
	const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC'];
	// History: `count` records over `span` minutes, written `back` minutes before the first start
	// (so before Start From); then 60 over the 50 minutes since, and `perPoll` after each poll.
	it.each([
		[
			'identified by its instant: changing the workflow zone does not start over',
			{ startFrom: zoneLess, back: 120, count: 10, span: 30, polls: 8, perPoll: 5, zones },
			'Start From (zone-less) across workflow zone changes',
		],
		[
			'an expression is evaluated once, at the first start',
			{ startFrom: expression, back: 130, count: 20, span: 55, polls: 10, perPoll: 3, zones: [] },
			'Start From as an expression ($now minus 1 hour)',
		],
	])('%s', async (_title, c, scenario) => {
		const s = await fresh('Asia/Shanghai');
		const startFrom = c.startFrom(s);
		s.trigger({ channel: 'call', options: { startFrom } });
		s.advance(-c.back * MINUTE);
		const history = await s.write('call', c.count, c.span * MINUTE);
		s.advance(c.back * MINUTE);
		await s.write('call', 60, 50 * MINUTE);
		for (let i = 0; i < c.polls; i++) {
			await s.run.poll({ timezone: c.zones[i % c.zones.length] });
			s.advance(MINUTE);
			await s.write('call', c.perPoll, MINUTE);
		}
		await s.run.poll({ timezone: c.zones.length ? 'America/Santiago' : undefined });
		expect(s.settle(scenario, history).emitted).toBe(60 + c.polls * c.perPoll);
		expect(s.run.state?.origin?.raw).toBe(startFrom);
	});
});

describe('API clock off by up to 4 minutes at first activation', () => {
	it.each([240, 120, -240])(
		'API clock %i s from n8n: no history, then every record once',
		async (skew) => {
			const s = await fresh('America/New_York', 11);
			s.trigger({ channel: 'all' });
			await s.setSkew(skew);
			// History up to the API's own now, on both channels.
			const history = [
				...(await s.write('call', 40, 10 * MINUTE)),
				...(await s.write('im', 10, 10 * MINUTE)),
			];
			expect((await s.run.poll()).items).toBeNull();
			await s.steps(10, MINUTE, async () => {
				await s.write('call', 30, MINUTE, () => (s.chance(0.2) ? s.rng.int(0, 60) : 0));
				await s.write('im', 5, MINUTE);
			});
			const t = s.settle(`API clock ${skew > 0 ? '+' : ''}${skew} s at first activation`, history);
			expect(t.emitted).toBe(350);
		},
	);
});

describe('Fetch Test Event on a busy channel', () => {
	it('12,000 records in the last hour: the newest, in at most 2 requests per channel, state untouched', async () => {
		const s = await fresh();
		s.trigger({ channel: 'all', events: ['serviceNoteInsert'] });
		const calls = await s.write('call', 12_000, 3600);
		const ims = await s.write('im', 30, 3600);
		const result = await s.run.poll({ mode: 'manual' });
		const byPath = (part: string) => result.requests.filter((r) => r.path.includes(part)).length;
		expect(byPath('/call/')).toBeLessThanOrEqual(2);
		expect(byPath('/im/')).toBe(1);
		expect(result.items?.map((i) => i.json.eventUniqueId).sort()).toEqual(
			[calls[calls.length - 1].id, ims[ims.length - 1].id].sort(),
		);
		expect(s.run.state).toBeUndefined();
	});
});

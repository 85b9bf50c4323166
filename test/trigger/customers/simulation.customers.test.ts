/**
 * Trigger On Customer, simulated as the service-record trigger is (driver.ts: n8n-core's PollContext
 * against the sandbox on a virtual clock): restarts, changes written late inside the look-back,
 * API faults in the middle of a poll, daylight-saving changes in the credential's zone, bursts of
 * more than a page in one second, a 72-hour outage and the static-data budget. Each scenario
 * asserts every (customer, time) owed to the user emitted exactly once, nothing else.
 */
import { STATE_LIMIT_CHARS } from '../../../nodes/ContactCenterTrigger/poll';
import { APP_ID, customerChanges, useSimulation, type Simulation } from '../driver';

const MINUTE = 60;
const sim = useSimulation('Asia/Shanghai', '2027-01-10T02:00:00Z');

/** New customers created at these times. */
const create = async (times: string[]) =>
	await sim.control.seedCustomers({
		appId: APP_ID,
		customers: times.map((t) => ({ createTime: t, updateTime: t })),
	});
/** Existing customers changed at these times. */
const change = async (changes: Array<{ id: string; time: string }>) =>
	await sim.control.changeCustomers({
		appId: APP_ID,
		changes: changes.map((c) => ({ _id: c.id, updateTime: c.time })),
	});

/** A customer trigger that owes the user every (customer, time) a successful poll could see, less what was there at activation (before `since`). */
async function start(s: Simulation, options: object = {}, events?: string[], since?: string) {
	const run = s.trigger({
		triggerOn: 'customer',
		...(events ? { customerEvents: events } : {}),
		options,
	});
	await run.owe(customerChanges(sim.control, events), since);
	return run;
}

describe('Trigger On Customer: each (customer, time) exactly once', () => {
	it('restarts, late writes within the look-back, faults in the middle of polls', async () => {
		const s = await sim.fresh('Asia/Shanghai', '2027-01-10T02:00:00Z', 7);
		const pool = await create(s.times(300, 2 * 86_400));
		const run = await start(s, { lookbackMinutes: 5 });
		expect((await run.poll()).items).toBeNull();
		const late = () => (s.chance(1 / 3) ? s.rng.int(0, 240) : 0);
		for (let step = 0; step < 60; step++) {
			s.advance(MINUTE);
			await create(s.times(2 + (step % 3), MINUTE, late));
			const changed = s.times(4, MINUTE, late).map((time, k) => ({
				id: pool[(step * 4 + k) % pool.length],
				time,
			}));
			await change(changed);
			if (step % 10 === 9) run.crash();
			if (step === 20)
				await sim.control.addFault({
					pathPattern: '/openapi/crm/list',
					kind: 'envelope',
					envelopeCode: '00000500',
					envelopeMessage: 'busy',
					probability: 0.4,
					seed: 3,
				});
			if (step === 30) await sim.control.clearFaults();
			await run.poll({ mayFail: step >= 20 && step < 30 });
		}
		for (let i = 0; i < 3; i++) {
			s.advance(MINUTE);
			await run.poll();
		}
		run.tally('customers: restarts, late writes, faults mid-poll');
		expect(run.failedPolls).toBeGreaterThan(0);
		expect(run.owedKeys.size).toBe(60 * 4 + 20 * (2 + 3 + 4));
		run.assertExact();
		// Idle cost: one request per event (stream) a poll.
		expect(run.requestsPerPoll.at(-1)).toBe(2);
		expect(run.warnings.filter((w) => !/previous poll/.test(w))).toEqual([]);
	});

	it('a burst of 2,500 customers created and 2,500 changed in one second: paged through, none saturated', async () => {
		const s = await sim.fresh('Asia/Shanghai', '2027-01-11T02:00:00Z');
		const pool = await create(s.times(2500, 86_400));
		const run = await start(s);
		expect((await run.poll()).items).toBeNull();
		s.advance(30);
		const second = s.updateTimeAt(s.nowMs);
		await create(Array.from({ length: 2500 }, () => second));
		await change(pool.map((id) => ({ id, time: second })));
		s.advance(30);
		const result = await run.poll();
		expect(result.items).toHaveLength(5000);
		// Each stream pages through that second alone: created 2,500 rows (pages 2-3), updated 5,000
		// (pages 2-6: the new customers too, whose update time is their creation, read past); each
		// first reads the window and last the rest after that second.
		const pages = (field: string) =>
			result.requests
				.filter((r) =>
					JSON.stringify(r.body).includes(`"${field}Begin":"${second}","${field}End":"${second}"`),
				)
				.map((r) => (r.body as { page: number }).page);
		expect(pages('createTime')).toEqual([2, 3]);
		expect(pages('updateTime')).toEqual([2, 3, 4, 5, 6]);
		// And one field-configuration request: Output Simplified names the custom fields.
		expect(result.requests).toHaveLength(13);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		run.tally('customers: 2,500 created + 2,500 changed in one second');
		run.assertExact();
		expect(run.warnings).toEqual([]);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it('a 72-hour outage: the backlog drains over the next polls, oldest first', async () => {
		const s = await sim.fresh('Asia/Shanghai', '2027-01-12T02:00:00Z');
		const pool = await create(s.times(4400, 86_400));
		const run = await start(s, { maxRecordsPerPoll: 5000 });
		expect((await run.poll()).items).toBeNull();
		s.advance(72 * 3600);
		const hours = 72 * 60;
		await create(s.times(hours, 72 * 3600));
		await change(s.times(hours, 72 * 3600).map((time, i) => ({ id: pool[i], time })));
		const sizes: number[] = [];
		for (let i = 0; i < 4; i++) {
			const result = await run.poll();
			sizes.push(result.items?.length ?? 0);
			s.advance(MINUTE);
		}
		expect(sizes).toEqual([5000, 2 * hours - 5000, 0, 0]);
		run.tally('customers: 72-hour outage, 8,640 changes');
		run.assertExact();
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it.each([
		['America/New_York', 'fall-back', '2027-11-07T06:00:00Z'],
		['Europe/Berlin', 'spring-forward', '2027-03-28T01:00:00Z'],
	])('DST %s %s: every change once across the change', async (zone, _kind, changeIso) => {
		const s = await sim.fresh(
			zone,
			new Date(Date.parse(changeIso) - 70 * MINUTE * 1000).toISOString(),
			5,
		);
		const pool = await create(s.times(400, 86_400));
		const run = await start(s, { lookbackMinutes: 5 });
		expect((await run.poll({ timezone: zone })).items).toBeNull();
		const late = () => (s.chance(1 / 3) ? s.rng.int(0, 280) : 0);
		const write = async (step: number) => {
			await create(s.times(3, 2 * MINUTE, late));
			const changed = s.times(3, 2 * MINUTE, late);
			await change(changed.map((time, k) => ({ id: pool[(step * 3 + k) % 400], time })));
		};
		await s.steps(70, 2 * MINUTE, write, { timezone: zone });
		run.tally(`customers: DST ${zone} ${_kind}`);
		expect(run.owedKeys.size).toBe(70 * 6);
		run.assertExact();
		expect(run.warnings).toEqual([]);
	});

	it('600 changes a minute with a 5-minute look-back stay within the 64 KB state', async () => {
		const s = await sim.fresh('Asia/Shanghai', '2027-01-13T02:00:00Z');
		const pool = await create(s.times(6000, 86_400));
		const run = await start(s, { lookbackMinutes: 5 }, ['updated']);
		await run.poll();
		for (let step = 0; step < 10; step++) {
			s.advance(MINUTE);
			await change(s.times(600, MINUTE).map((time, k) => ({ id: pool[step * 600 + k], time })));
			await run.poll();
		}
		run.tally('customers: 600 changes/min, look-back 5 min');
		run.assertExact();
		expect(run.warnings).toEqual([]);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it('Start From: customers created or changed since then are emitted at first activation', async () => {
		const s = await sim.fresh('Asia/Shanghai', '2027-01-14T02:00:00Z');
		const old = await create(s.times(20, 3 * 3600));
		await change(
			old.slice(0, 5).map((id, i) => ({ id, time: s.updateTimeAt(s.nowMs - i * 60_000) })),
		);
		const startFrom = new Date(s.nowMs - 3600_000).toISOString();
		const run = await start(s, { startFrom }, undefined, s.updateTimeAt(s.nowMs - 3600_000));
		const first = await run.poll();
		expect(first.items?.length).toBe(run.owedKeys.size);
		expect(run.owedKeys.size).toBeGreaterThan(5);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		run.assertExact();
	});
});

/**
 * Trigger On Customer, simulated as the service-record trigger is (sim.ts: n8n-core's PollContext
 * against the sandbox on a virtual clock): restarts, changes written late inside the look-back,
 * API faults in the middle of a poll, daylight-saving changes in the credential's zone, bursts of
 * more than a page in one second, a 72-hour outage and the static-data budget. Each scenario
 * asserts every (customer, time) owed to the user emitted exactly once, nothing else.
 */
import type { INodeParameters } from 'n8n-workflow';

import { STATE_LIMIT_CHARS } from '../../nodes/ContactCenterTrigger/poll';
import { APP_ID, resetTenant, Simulation, tallies, useSimSandbox } from './sim';
import { CustomerBook, KindRun } from './kindRun';

const MINUTE = 60;
const sim = useSimSandbox('Asia/Shanghai', '2027-01-10T02:00:00Z');

async function fresh(zone: string, startIso: string, seed = 1): Promise<Simulation> {
	await resetTenant(sim.control, zone);
	return new Simulation(sim.control, zone, Date.parse(startIso), seed);
}

function start(s: Simulation, options: Record<string, unknown> = {}, events?: string[]) {
	const run = new KindRun(sim.control, s.credentials, {
		triggerOn: 'customer',
		...(events ? { customerEvents: events } : {}),
		options: options as INodeParameters,
	});
	const book = new CustomerBook(sim.control, APP_ID, events);
	return { run, book };
}

function report(scenario: string, run: KindRun, book: CustomerBook): void {
	tallies.push({
		scenario,
		injected: book.expected.size,
		emitted: run.emitted.size,
		lost: [...book.expected].filter((k) => !run.emitted.has(k)).length,
		duplicated: [...run.emitted.values()].filter((n) => n > 1).length,
		polls: run.polls,
		requests: run.requests,
		maxStateChars: run.maxStateChars,
	});
}

/** Times over the last `seconds` (evenly), each late by `late()` seconds. */
function times(s: Simulation, count: number, seconds: number, late: () => number): string[] {
	return Array.from({ length: count }, (_, i) =>
		s.updateTimeAt(s.nowMs - Math.floor(((count - i - 1) * seconds * 1000) / count), late()),
	);
}

describe('Trigger On Customer: each (customer, time) exactly once', () => {
	it('restarts, late writes within the look-back, faults in the middle of polls', async () => {
		const s = await fresh('Asia/Shanghai', '2027-01-10T02:00:00Z', 7);
		const { run, book } = start(s, { lookbackMinutes: 5 });
		const pool = await book.create(times(s, 300, 2 * 86_400, () => 0));
		book.startedAt();
		expect((await run.poll()).items).toBeNull();
		book.seenByPoll();
		const late = () => (s.rng.chance(1 / 3) ? s.rng.int(0, 240) : 0);
		for (let step = 0; step < 60; step++) {
			s.advance(MINUTE);
			await book.create(times(s, 2 + (step % 3), MINUTE, late));
			const changed = times(s, 4, MINUTE, late).map((time, k) => ({
				id: pool[(step * 4 + k) % pool.length],
				time,
			}));
			await book.change(changed);
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
			const result = await run.poll({ mayFail: step >= 20 && step < 30 });
			if (!result.error) book.seenByPoll();
		}
		for (let i = 0; i < 3; i++) {
			s.advance(MINUTE);
			await run.poll();
			book.seenByPoll();
		}
		report('customers: restarts, late writes, faults mid-poll', run, book);
		expect(run.failedPolls).toBeGreaterThan(0);
		expect(book.expected.size).toBe(60 * 4 + 20 * (2 + 3 + 4));
		run.assertExact(book.expected);
		// Idle cost: one request per event (stream) a poll.
		expect(run.requestsPerPoll.at(-1)).toBe(2);
		expect(run.warnings.filter((w) => !/previous poll/.test(w))).toEqual([]);
	});

	it('a burst of 2,500 customers created and 2,500 changed in one second: paged through, none saturated', async () => {
		const s = await fresh('Asia/Shanghai', '2027-01-11T02:00:00Z');
		const { run, book } = start(s);
		const pool = await book.create(times(s, 2500, 86_400, () => 0));
		book.startedAt();
		expect((await run.poll()).items).toBeNull();
		s.advance(30);
		const second = s.updateTimeAt(s.nowMs);
		await book.create(Array.from({ length: 2500 }, () => second));
		await book.change(pool.map((id) => ({ id, time: second })));
		s.advance(30);
		const result = await run.poll();
		book.seenByPoll();
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
		expect(result.requests).toHaveLength(12);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		report('customers: 2,500 created + 2,500 changed in one second', run, book);
		run.assertExact(book.expected);
		expect(run.warnings).toEqual([]);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it('a 72-hour outage: the backlog drains over the next polls, oldest first', async () => {
		const s = await fresh('Asia/Shanghai', '2027-01-12T02:00:00Z');
		const { run, book } = start(s, { maxRecordsPerPoll: 5000 });
		const pool = await book.create(times(s, 4400, 86_400, () => 0));
		book.startedAt();
		expect((await run.poll()).items).toBeNull();
		s.advance(72 * 3600);
		const hours = 72 * 60;
		await book.create(times(s, hours, 72 * 3600, () => 0));
		await book.change(
			times(s, hours, 72 * 3600, () => 0).map((time, i) => ({ id: pool[i], time })),
		);
		const sizes: number[] = [];
		for (let i = 0; i < 4; i++) {
			const result = await run.poll();
			book.seenByPoll();
			sizes.push(result.items?.length ?? 0);
			s.advance(MINUTE);
		}
		expect(sizes).toEqual([5000, 2 * hours - 5000, 0, 0]);
		report('customers: 72-hour outage, 8,640 changes', run, book);
		run.assertExact(book.expected);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it.each([
		['America/New_York', 'fall-back', '2027-11-07T06:00:00Z'],
		['Europe/Berlin', 'spring-forward', '2027-03-28T01:00:00Z'],
	])('DST %s %s: every change once across the change', async (zone, _kind, changeIso) => {
		const s = await fresh(
			zone,
			new Date(Date.parse(changeIso) - 70 * MINUTE * 1000).toISOString(),
			5,
		);
		const { run, book } = start(s, { lookbackMinutes: 5 });
		const pool = await book.create(times(s, 400, 86_400, () => 0));
		book.startedAt();
		expect((await run.poll({ timezone: zone })).items).toBeNull();
		const late = () => (s.rng.chance(1 / 3) ? s.rng.int(0, 280) : 0);
		for (let step = 0; step < 70; step++) {
			s.advance(2 * MINUTE);
			await book.create(times(s, 3, 2 * MINUTE, late));
			await book.change(
				times(s, 3, 2 * MINUTE, late).map((time, k) => ({ id: pool[(step * 3 + k) % 400], time })),
			);
			await run.poll({ timezone: zone });
			book.seenByPoll();
		}
		s.advance(2 * MINUTE);
		await run.poll({ timezone: zone });
		book.seenByPoll();
		report(`customers: DST ${zone} ${_kind}`, run, book);
		expect(book.expected.size).toBe(70 * 6);
		run.assertExact(book.expected);
		expect(run.warnings).toEqual([]);
	});

	it('600 changes a minute with a 5-minute look-back stay within the 64 KB state', async () => {
		const s = await fresh('Asia/Shanghai', '2027-01-13T02:00:00Z');
		const { run, book } = start(s, { lookbackMinutes: 5 }, ['updated']);
		const pool = await book.create(times(s, 6000, 86_400, () => 0));
		book.startedAt();
		await run.poll();
		for (let step = 0; step < 10; step++) {
			s.advance(MINUTE);
			await book.change(
				times(s, 600, MINUTE, () => 0).map((time, k) => ({ id: pool[step * 600 + k], time })),
			);
			await run.poll();
			book.seenByPoll();
		}
		report('customers: 600 changes/min, look-back 5 min', run, book);
		run.assertExact(book.expected);
		expect(run.warnings).toEqual([]);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it('Start From: customers created or changed since then are emitted at first activation', async () => {
		const s = await fresh('Asia/Shanghai', '2027-01-14T02:00:00Z');
		const { run, book } = start(s, { startFrom: new Date(s.nowMs - 3600_000).toISOString() });
		const since = s.updateTimeAt(s.nowMs - 3600_000);
		const old = await book.create(times(s, 20, 3 * 3600, () => 0));
		await book.change(
			old.slice(0, 5).map((id, i) => ({ id, time: s.updateTimeAt(s.nowMs - i * 60_000) })),
		);
		book.startedAt(since);
		const first = await run.poll();
		book.seenByPoll();
		expect(first.items?.length).toBe(book.expected.size);
		expect(book.expected.size).toBeGreaterThan(5);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		run.assertExact(book.expected);
	});
});

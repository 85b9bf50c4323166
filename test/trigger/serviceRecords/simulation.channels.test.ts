/**
 * Issue 36, item 1: with Channel All, one channel's outage never holds back the other (driver.ts:
 * n8n-core's PollContext against the sandbox on a virtual clock). One channel's query answers
 * HTTP 500 for 20 polls while both channels get 4 records a minute, n8n restarts in the middle:
 * every record of the healthy channel is emitted on its poll (or, on a poll that fails on purpose,
 * on the next one), each record of both channels exactly once after recovery, and the poll fails
 * once the channel has failed "Fail After Failed Polls" times in a row, then every other poll.
 */
import type { PollResult } from '../../harness';
import type { Channel } from '../../sandbox/control';
import { QUERY_PATH, useSimulation, type Injected, type Simulation } from '../driver';

const MINUTE = 60;
const START = '2027-05-03T08:00:00Z';
const sim = useSimulation('UTC', START);
const OUTAGE_POLLS = 20;
/** n8n restarts after this outage poll (one that fails on purpose, unless the threshold is high). */
const CRASH_AFTER = 9;
const label: Record<Channel, string> = { call: 'Call', im: 'Online Chat' };

interface Poll {
	result: PollResult;
	written: Injected[];
}

/** The channel's query answers HTTP 500 until the fault is removed. */
const channelDown = async (channel: Channel) =>
	await sim.control.addFault({
		pathPattern: QUERY_PATH[channel],
		kind: 'status',
		status: 500,
		retryAfterSeconds: 0,
		count: 1_000_000,
	});

/** One minute: 4 records on each channel, then a poll (a failure allowed). */
async function minute(s: Simulation): Promise<Poll> {
	s.advance(MINUTE);
	const written = [...(await s.write('call', 4, MINUTE)), ...(await s.write('im', 4, MINUTE))];
	return { result: await s.run.poll({ mayFail: true }), written };
}

/** The poll (index into `polls`) that emitted each record. */
function emittedAt(polls: Poll[]): Map<string, number> {
	const at = new Map<string, number>();
	polls.forEach(({ result }, i) => {
		for (const { json } of result.items ?? []) at.set(String(json.eventUniqueId), i);
	});
	return at;
}

/** Delays in polls of the `channel` records written before each poll, from `from` on. */
function delays(polls: Poll[], channel: Channel, from = 0): number[] {
	const at = emittedAt(polls);
	return polls
		.slice(from)
		.flatMap(({ written }, k) =>
			written
				.filter((r) => r.channel === channel)
				.map((r) => (at.get(r.id) ?? Infinity) - (from + k)),
		);
}

async function outage(down: Channel, failAfterPolls?: number, crashAfter = CRASH_AFTER) {
	const s = await sim.fresh('Asia/Shanghai', START, 36);
	s.trigger({ channel: 'all', options: failAfterPolls ? { failAfterPolls } : {} });
	expect((await s.run.poll()).items).toBeNull();
	const polls: Poll[] = [await minute(s), await minute(s)]; // all well
	const fault = await channelDown(down);
	const counts: number[] = [];
	for (let i = 1; i <= OUTAGE_POLLS; i++) {
		if (i === crashAfter + 1) s.run.crash(); // n8n restarts: back to what it saved last
		polls.push(await minute(s));
		counts.push(s.run.state?.failures?.[down]?.count ?? 0);
	}
	await sim.control.removeFault(fault.id);
	for (let i = 0; i < 3; i++) polls.push(await minute(s));
	s.advance(MINUTE);
	polls.push({ result: await s.run.poll(), written: [] });
	return { s, polls, counts, outagePolls: polls.slice(2, 2 + OUTAGE_POLLS) };
}

const other = (c: Channel): Channel => (c === 'call' ? 'im' : 'call');

describe('Channel All: one channel down for 20 polls, 4 records a minute on each, a restart in the middle', () => {
	it.each<[Channel, number | undefined, number, number[]]>([
		// failAfterPolls, the outage poll n8n restarts after, and the outage polls (1-based) that fail.
		['im', 100, CRASH_AFTER, []],
		['call', 100, CRASH_AFTER, []],
		['im', undefined, CRASH_AFTER, [3, 5, 7, 9, 11, 13, 15, 17, 19]], // the default: 3
		['call', undefined, CRASH_AFTER, [3, 5, 7, 9, 11, 13, 15, 17, 19]],
		['im', 1, CRASH_AFTER, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]],
		// Restarted right after the first poll that failed: the state saved holds one failure.
		['im', 2, 2, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]],
	])(
		'%s down, Fail After Failed Polls %s, restart after outage poll %s: the other on time, both exactly once after recovery',
		async (down, failAfterPolls, crashAfter, failing) => {
			const { s, polls, counts, outagePolls } = await outage(down, failAfterPolls, crashAfter);
			const failed = outagePolls.flatMap(({ result }, i) => (result.error ? [i + 1] : []));
			expect(failed).toEqual(failing);
			expect(s.run.failedPolls).toBe(failing.length);
			// The healthy channel: on its poll, or on the next when its poll failed on purpose.
			const healthy = delays(polls, other(down));
			expect(Math.max(...healthy)).toBe(failing.length > 0 ? 1 : 0);
			expect(healthy.filter((d) => d > 0)).toHaveLength(failing.length * 4);
			// The failing channel: nothing during the outage, all of it on the first poll after.
			const downDelays = delays(polls, down, 2).slice(0, OUTAGE_POLLS * 4);
			expect(downDelays.every((d, k) => d === OUTAGE_POLLS - Math.floor(k / 4))).toBe(true);
			// The count of failures in a row lives in the state (what n8n saves); the restart went
			// back to the state saved with the last emit, which held the count so far.
			expect(counts[crashAfter - 1]).toBeGreaterThanOrEqual(crashAfter - 1);
			// (A poll that failed on purpose saved nothing: its failure is counted by the next one.)
			const last = failing.includes(OUTAGE_POLLS) ? OUTAGE_POLLS - 1 : OUTAGE_POLLS;
			expect(counts[OUTAGE_POLLS - 1]).toBe(last);
			expect(s.run.state?.failures).toBeUndefined(); // recovered
			expect(
				s.run.warnings.filter((w) => w.includes(`${label[down]} service-record query failed`)),
			).toHaveLength(OUTAGE_POLLS - failing.length);
			const t = s.settle(`${down} down 20 polls, failAfterPolls ${failAfterPolls ?? 'default'}`);
			expect(t.injected).toBe((2 + OUTAGE_POLLS + 3) * 8);
		},
	);

	it('the failing poll names the channel, the API error and since when; nothing lost or repeated around it', async () => {
		const { polls, s } = await outage('im');
		const firstFailure = polls[2 + 2].result.error;
		expect(firstFailure?.name).toBe('NodeOperationError');
		expect(firstFailure?.message).toMatch(
			/^The Online Chat service-record query failed on 3 polls in a row \(since 2027-05-03T08:03:00\.000Z\): .*HTTP 500/,
		);
		const description = (firstFailure as { description?: string }).description ?? '';
		expect(description).toMatch(/Call records are still emitted/);
		expect(description).toMatch(/"Fail After Failed Polls" \(now 3\)/);
		// After the restart the count went on from what was saved.
		const later = polls[2 + OUTAGE_POLLS - 2].result.error; // outage poll 19
		expect(later?.message).toMatch(
			/failed on 19 polls in a row \(since 2027-05-03T08:03:00\.000Z\)/,
		);
		s.run.assertRecords();
	});
});

describe('Channel Call or Online Chat alone: a failure fails the poll at once, as before', () => {
	it('Fail After Failed Polls does not apply', async () => {
		const s = await sim.fresh('Asia/Shanghai', START, 37);
		s.trigger({ channel: 'call', options: { failAfterPolls: 5 } });
		await s.run.poll();
		await sim.control.addFault({
			pathPattern: QUERY_PATH.call,
			kind: 'status',
			status: 500,
			retryAfterSeconds: 0,
			count: 8,
		});
		for (let i = 0; i < 2; i++) {
			s.advance(MINUTE);
			await s.write('call', 4, MINUTE);
			expect((await s.run.poll({ expectFailure: true })).error?.name).toBe('NodeApiError');
		}
		s.advance(MINUTE);
		expect((await s.run.poll()).items).toHaveLength(8);
		expect(s.run.state?.failures).toBeUndefined();
		s.settle('call alone, down 2 polls');
	});
});

describe('Channel All: a channel failing on the first activation poll (no position yet) fails it', () => {
	it('no channel starts alone: once the query works, both start together and every later record comes once', async () => {
		const s = await sim.fresh('Asia/Shanghai', START, 38);
		s.trigger({ channel: 'all', options: { failAfterPolls: 100 } });
		const fault = await channelDown('im');
		// Were it isolated, Call would start here and Online Chat only at its first successful poll,
		// losing what was written in between.
		const first = await s.run.poll({ expectFailure: true });
		expect(first.error?.message).toMatch(/HTTP 500/);
		expect(s.run.state).toBeUndefined();
		await sim.control.removeFault(fault.id);
		s.advance(MINUTE);
		expect((await s.run.poll()).items).toBeNull(); // activation: both channels start now
		expect(Object.keys(s.run.state?.channels ?? {}).sort()).toEqual(['call', 'im']);
		for (let i = 0; i < 2; i++) {
			s.advance(MINUTE);
			await s.write('call', 4, MINUTE);
			await s.write('im', 4, MINUTE);
			expect((await s.run.poll()).items).toHaveLength(8);
		}
		s.run.assertRecords();
	});

	it('Online Chat just selected (no position) fails the poll; Call keeps its position and loses nothing', async () => {
		const s = await sim.fresh('Asia/Shanghai', START, 39);
		s.trigger({ channel: 'call' });
		await s.run.poll();
		s.run.parameters = { channel: 'all', options: { failAfterPolls: 100 } };
		const fault = await channelDown('im');
		s.advance(MINUTE);
		await s.write('call', 4, MINUTE);
		expect((await s.run.poll({ expectFailure: true })).error?.message).toMatch(/HTTP 500/);
		await sim.control.removeFault(fault.id);
		s.advance(MINUTE);
		expect((await s.run.poll()).items).toHaveLength(4);
		expect(Object.keys(s.run.state?.channels ?? {}).sort()).toEqual(['call', 'im']);
		s.run.assertRecords();
	});
});

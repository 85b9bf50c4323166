/**
 * The Contact Center Trigger through the harness (real PollContext, real static data, real HTTP)
 * against the sandbox. Records are injected with explicit updateTimes relative to the sandbox's
 * "now" in the tenant's zone. Most scenarios run on a virtual timeline that starts three hours
 * before now (the trigger is started with Start From there), so that hundreds of polls can walk
 * through "time" without waiting for the wall clock; the windows still end at the real now.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Channel } from '../../sandbox/control';
import type { FaultSpec } from '../../sandbox/types';
import { Rng } from '../../sandbox/lib/random';
import type { CredentialValues, PollResult } from '../../harness';
import { shortRetryWaits } from '../../harness/retry-waits';
import {
	expectedRequests,
	QUERY_PATH,
	requestsTo,
	sandboxNow,
	shiftWall,
	useTriggerSandbox,
	type Injected,
} from '../driver';

/** `count` records from a minute past `start` on, `perSecond` a second. */
const backlog = (start: string, count: number, perSecond: number) =>
	Array.from({ length: count }, (_, i) => shiftWall(start, 60 + Math.floor(i / perSecond)));
const LOOKBACK = 5 * 60;
const TOLERANCE = 300;

const { control, credentials, trigger } = useTriggerSandbox();

/** A trigger activated with Start From three hours back, and the start of that virtual timeline. */
async function backfillRun(options: object = {}, channel = 'all', events?: string[]) {
	const start = shiftWall(await sandboxNow(control), -3 * 3600);
	// ZONE (Asia/Shanghai) is UTC+8 all year.
	const startFrom = `${start.replace(' ', 'T')}+08:00`;
	const run = trigger({ channel, ...(events && { events }), options: { startFrom, ...options } });
	// Nothing was written yet: the activation emits nothing.
	expect((await run.poll()).items).toBeNull();
	return { run, start };
}

describe('first activation, idle polls and manual runs', () => {
	it('starts at now without emitting history; an idle poll is one request per channel; new records follow', async () => {
		const now = await sandboxNow(control);
		const at = (seconds: number) => shiftWall(now, seconds);
		const run = trigger({ channel: 'all' });
		const history = [
			...(await run.inject('call', [at(-4000), at(-200), at(-60)])),
			...(await run.inject('im', [at(-100)])),
		];

		const activation = await run.poll();
		expect(activation.items).toBeNull();
		expect(activation.requests.map((r) => r.path)).toEqual([QUERY_PATH.call, QUERY_PATH.im]);
		for (const request of activation.requests) {
			expect(request.signatureValid).toBe(true);
			const body = request.body as { startTime: string; endTime: string; limit: number };
			expect(body.limit).toBe(1000);
			// The window is [now − look-back, now + the API's 5-minute clock tolerance] on the tenant's
			// clock (Asia/Shanghai), whatever zone the n8n process runs in: an API clock running ahead
			// may already have written records there, and they are history too.
			expect(body.endTime >= at(TOLERANCE)).toBe(true);
			expect(body.endTime <= at(TOLERANCE + 60)).toBe(true);
			expect(body.startTime).toBe(shiftWall(body.endTime, -LOOKBACK - TOLERANCE));
		}
		const { endTime } = activation.requests[0].body as { endTime: string };
		expect(run.state?.channels.call?.mark).toBe(shiftWall(endTime, -TOLERANCE));

		const idle = await run.poll();
		expect(idle.items).toBeNull();
		expect(idle.requests.map((r) => r.path)).toEqual([QUERY_PATH.call, QUERY_PATH.im]);

		// A record written in the very second the last poll read up to, after it ran, and one late
		// inside the look-back: both are new.
		const lastEnd = (idle.requests[0].body as { endTime: string }).endTime;
		const fresh = [
			...(await run.inject('call', [lastEnd])),
			...(await run.inject('im', [shiftWall(lastEnd, -120)])),
		];
		expect((await run.poll()).items).toHaveLength(fresh.length); // which ones: assertRecords
		expect((await run.poll()).items).toBeNull();
		run.assertRecords(new Set(history.map((r) => r.id))); // history never emitted
	});

	it('manual mode ("Fetch Test Event") returns the most recent record of each channel and leaves the state alone', async () => {
		const now = await sandboxNow(control);
		const run = trigger({ channel: 'all', events: ['serviceNoteInsert'] });
		await run.inject('call', [shiftWall(now, -900), shiftWall(now, -30)]);
		const [latestCall] = await run.inject('call', [shiftWall(now, -20)]);
		await run.inject('call', [shiftWall(now, -10)], 'serviceNoteUpdate');
		const [latestIm] = await run.inject('im', [shiftWall(now, -2 * 86_400)]);
		await run.poll();
		// The driver checks that the state is left alone.
		const manual = await run.poll({ mode: 'manual' });
		expect(manual.items?.map((i) => i.json.eventUniqueId)).toEqual([latestIm.id, latestCall.id]);
		// The im channel's last hour is empty: the second (and last) request looks back a week.
		expect(requestsTo(manual, 'im')).toHaveLength(2);
		expect(requestsTo(manual, 'call')).toHaveLength(1);
	});
});

describe('exactly once over hundreds of polls', () => {
	it('steady traffic on both channels: edges, same-second splits, late records, updates, restarts and crashes', async () => {
		const rng = new Rng(20261122);
		const { run, start } = await backfillRun();
		let vt = start;
		for (let i = 0; i < 250; i++) {
			const previous = vt;
			const gap = rng.pick([0, 1, 5, 20, 30, 60]);
			vt = shiftWall(previous, gap);
			const later: Array<[Channel, string]> = [];
			for (const channel of ['call', 'im'] as Channel[]) {
				const times: string[] = [];
				for (let k = rng.int(0, 4); k > 0; k--) times.push(shiftWall(previous, rng.int(0, gap)));
				// Late: inside the look-back behind the newest record written so far (never before Start From).
				const late = shiftWall(vt, -rng.int(0, LOOKBACK));
				if (late >= start && rng.next() < 0.15) times.push(late);
				// Exactly on the edges of the next window: mark − look-back, and the mark itself.
				const mark = run.state?.channels[channel]?.mark;
				if (mark && shiftWall(mark, -LOOKBACK) >= start && rng.next() < 0.1)
					times.push(shiftWall(mark, -LOOKBACK), mark);
				if (times.length)
					await run.inject(
						channel,
						times.sort(),
						rng.next() < 0.3 ? 'serviceNoteUpdate' : 'serviceNoteInsert',
					);
				// Same second across the poll boundary: more of `vt` right after the poll.
				if (rng.next() < 0.15) later.push([channel, vt]);
			}
			const result = await run.poll();
			// A look-back holding fewer than 1,000 records: one request per channel, every poll.
			expect(result.requests.map((r) => r.path)).toEqual([QUERY_PATH.call, QUERY_PATH.im]);
			for (const [channel, second] of later) await run.inject(channel, [second, second]);
			if (rng.next() < 0.03) run.crash();
		}
		await run.poll(); // the records written after the last loop poll
		expect((await run.poll()).items).toBeNull();
		run.assertRecords();
		expect(run.injected.size).toBeGreaterThan(500);
		expect(JSON.stringify(run.staticData).length).toBeLessThan(32 * 1024);
	});

	it('a burst of 2,500 records in one minute: ⌈N/1000⌉ requests, then 1,200 in one second: reported, nothing the API returned lost', async () => {
		const { run, start } = await backfillRun();
		// 2,500 call records spread over one minute (about 42 a second).
		const burstStart = shiftWall(start, 600);
		const burstTimes = Array.from({ length: 2500 }, (_, i) =>
			shiftWall(burstStart, Math.floor((i * 60) / 2500)),
		);
		await run.inject('call', burstTimes);
		const burst = await run.poll();
		expect(burst.items).toHaveLength(2500);
		expect(expectedRequests(burstTimes, start)).toBe(3);
		expect(requestsTo(burst, 'call')).toHaveLength(3);
		expect(requestsTo(burst, 'im')).toHaveLength(1);
		run.assertRecords();

		// 1,200 records in one second: the API can only ever return 1,000 of them.
		const second = shiftWall(burstStart, 200);
		const flood = await run.inject('call', new Array<string>(1200).fill(second));
		const floodPoll = await run.poll();
		const returned = new Set(flood.slice(0, 1000).map((r) => r.id)); // the sandbox keeps insertion order
		const fromSecond = (floodPoll.items ?? []).filter((i) => i.json.updateTime === second);
		expect(new Set(fromSecond.map((i) => i.json.eventUniqueId as string))).toEqual(returned);
		for (const item of floodPoll.items ?? []) {
			const report = item.json._contactCenter as IDataObject | undefined;
			if (item.json.updateTime === second) {
				expect(report?.saturatedSecond).toBe(second);
				expect(report?.warning).toMatch(/1,000 or more call service records have the updateTime/);
			} else expect(report).toBeUndefined();
		}
		const warnings = floodPoll.logs.filter((l) => l.level === 'warn').map((l) => l.message);
		expect(warnings).toEqual([expect.stringContaining(second)]);
		// The poll's requests follow the same walk, from where the capped id set lets the look-back begin.
		const floor = (floodPoll.requests[0].body as { startTime: string }).startTime;
		const allTimes = [...burstTimes, ...flood.map((r) => r.updateTime)].sort();
		expect(requestsTo(floodPoll, 'call')).toHaveLength(expectedRequests(allTimes, floor));

		// Read again in the look-back: quiet, nothing new.
		const after = await run.poll();
		expect(after.items).toBeNull();
		expect(after.logs.filter((l) => l.level === 'warn')).toEqual([]);
		run.assertRecords(new Set(flood.slice(1000).map((r) => r.id)));
	});

	it('maxRecordsPerPoll smaller than the backlog: each poll continues exactly where the last stopped', async () => {
		const { run, start } = await backfillRun({ maxRecordsPerPoll: 700 });
		const times = backlog(start, 2500, 3);
		await run.inject('call', times);
		await run.inject('im', times.slice(0, 300));
		const polls: PollResult[] = [];
		for (let i = 0; i < 6; i++) polls.push(await run.poll());
		// Poll 1: 300 im + 400 call (oldest first across channels); polls 2-4: 700 call each, every one
		// from exactly where the last stopped (one page), plus one page looking back behind that
		// position for late records. Poll 5 reads the drained window's look-back once, poll 6 is idle.
		expect(polls.map((p) => p.items?.length ?? 0)).toEqual([700, 700, 700, 700, 0, 0]);
		expect(polls.map((p) => p.requests.length)).toEqual([2, 3, 3, 3, expect.any(Number), 2]);
		const sweep = requestsTo(polls[4], 'call');
		const sweepStart = (sweep[0].body as { startTime: string }).startTime;
		expect(sweep).toHaveLength(expectedRequests(times, sweepStart));
		run.assertRecords();
	});

	it('a poll budget that allows one request: each poll reads one page and the next continues there', async () => {
		// getPollBudgetMs() of 1 ms: each channel makes its first request only.
		const budget = await backfillRun();
		const times = backlog(budget.start, 2500, 3);
		await budget.run.inject('call', times);
		const perPoll: number[] = [];
		for (let i = 0; i < 8 && budget.run.emitted.size < 2500; i++) {
			const result = await budget.run.poll({ pollBudgetMs: 1 });
			expect(requestsTo(result, 'call')).toHaveLength(1);
			perPoll.push(result.items?.length ?? 0);
		}
		expect(perPoll).toEqual([1000, 999, 501]);
		budget.run.assertRecords();
	});

	it('late records inside the look-back are emitted once; beyond it they are not promised', async () => {
		const { run, start } = await backfillRun({ lookbackMinutes: 10 });
		// Begin past Start From by more than the look-back: nothing before Start From is promised.
		let vt = shiftWall(start, 700);
		const beyond: Injected[] = [];
		for (let i = 0; i < 60; i++) {
			vt = shiftWall(vt, 30);
			await run.inject('call', [vt]);
			await run.poll();
			if (i % 5 === 4) {
				await run.inject('call', [shiftWall(vt, -600)]); // exactly the look-back edge
				await run.inject('im', [shiftWall(vt, -300)]);
				beyond.push(...(await run.inject('call', [shiftWall(vt, -601)])));
			}
		}
		await run.poll();
		run.assertRecords(new Set(beyond.map((r) => r.id))); // and none of them emitted
	});

	it('filters on pushType: only updates, each update its own event', async () => {
		const { run, start } = await backfillRun({}, 'call', ['serviceNoteUpdate']);
		const at = (seconds: number) => shiftWall(start, seconds);
		await run.inject('call', [at(10), at(11)], 'serviceNoteInsert');
		await run.inject('call', [at(11), at(11), at(12)], 'serviceNoteUpdate');
		const result = await run.poll();
		expect(result.items).toHaveLength(3);
		expect(requestsTo(result, 'im')).toEqual([]);
		run.assertRecords(new Set(), (r) => r.pushType === 'serviceNoteUpdate');
	});
});

describe('failures while draining a backlog', () => {
	// The failed polls are counted and read, not timed.
	shortRetryWaits();
	it('500, 429, timeouts, non-JSON and envelope errors: a failed poll emits nothing and changes nothing', async () => {
		// Fail After Failed Polls 1: a channel's first failure fails the poll (Channel All).
		const { run, start } = await backfillRun({ maxRecordsPerPoll: 1000, failAfterPolls: 1 });
		const times = backlog(start, 6000, 4);
		await run.inject('call', times);
		await run.inject(
			'im',
			times.filter((_, i) => i % 10 === 0),
		);
		const slow: CredentialValues = { ...credentials(), timeoutSeconds: 0.3 };
		const faults: Array<[Channel, Omit<FaultSpec, 'pathPattern'>, CredentialValues?]> = [
			['im', { kind: 'status', status: 500, count: 4 }], // after the call records were read
			['call', { kind: 'status', status: 429, retryAfterSeconds: 0, count: 4 }],
			['im', { kind: 'nonjson', count: 4 }],
			['call', { kind: 'delay', delayMs: 1000, count: 4 }, slow], // timeouts
			['im', { kind: 'envelope', count: 1 }],
		];
		let drained = 0;
		for (const [channel, spec, slower] of faults) {
			// One good poll, then one that fails part-way (the driver checks it emits nothing and
			// changes nothing), then the next continues where the good one stopped.
			drained += (await run.poll()).items?.length ?? 0;
			await control.addFault({ pathPattern: QUERY_PATH[channel], ...spec });
			const failed = await run.poll({ expectFailure: true, credentials: slower });
			expect(failed.error?.name).toBe('NodeOperationError');
			expect(failed.error?.message).toMatch(
				new RegExp(
					`^The ${channel === 'call' ? 'Call' : 'Online Chat'} service-record query failed on 1 poll \\(since `,
				),
			);
			await control.clearFaults();
		}
		// Transient faults (fewer than the transport's retries) are absorbed inside a poll.
		const transient = { kind: 'status', status: 503, retryAfterSeconds: 0, count: 2 } as const;
		await control.addFault({ pathPattern: QUERY_PATH.call, ...transient });
		drained += (await run.poll()).items?.length ?? 0;
		for (let i = 0; i < 10; i++) drained += (await run.poll()).items?.length ?? 0;
		expect(run.failedPolls).toBe(faults.length);
		expect(drained).toBe(6600);
		run.assertRecords();
	});
});

describe('overlapping polls', () => {
	it('a poll that starts while the previous one still runs stands aside', async () => {
		const { run, start } = await backfillRun();
		await run.inject('call', backlog(start, 3000, 5));
		// Hold the first poll's first request in the sandbox, and start the second poll once that
		// request has arrived there (a condition, not a guess about timing).
		const fault = await control.addFault({
			pathPattern: QUERY_PATH.call,
			kind: 'delay',
			delayMs: 1500,
			count: 1,
		});
		const first = run.poll();
		let arrived = false;
		for (let i = 0; i < 1000 && !arrived; i++) {
			// A fault with a count leaves the list once it has hit its request.
			arrived = !(await control.listFaults()).some((f) => f.id === fault.id);
		}
		expect(arrived).toBe(true);
		const second = await run.poll();
		const firstResult = await first;
		expect(firstResult.items).toHaveLength(3000);
		expect(second.items).toBeNull();
		expect(second.logs.map((l) => l.message)).toContainEqual(
			expect.stringMatching(/previous poll is still running/),
		);
		run.assertRecords(); // each of the 3,000 once
		// Afterwards polls run normally again (the driver fails on an error).
		expect((await run.poll()).items).toBeNull();
	});
});

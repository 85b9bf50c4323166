/* eslint-disable @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * Randomized simulation of the cursor module against an in-memory API: a seeded writer produces
 * steady traffic, bursts, same-second floods (some beyond a page), late records and updates on
 * both channels while a poller runs thousands of polls with faults, poll-budget stops, small
 * maxRecordsPerPoll, clock skew, and restarts (the state only ever travels as JSON; a "crash"
 * goes back to the state saved at the last poll that emitted, as n8n stores it).
 *
 * The oracle counts every record written and every record emitted: nothing emitted twice, nothing
 * guaranteed missing, and every record missing lies in a second that was reported as holding a
 * full page (the API's own limit), with everything the API returned of that second emitted.
 */
import {
	runPoll,
	SeenIds,
	secondsToWall,
	wallToSeconds,
	type Channel,
	type PollOutcome,
	type TriggerState,
} from '../../nodes/ContactCenterTrigger/cursor';
import { FakeApi, FakeApiError, Prng, type FakeRecord } from './fake-api';

interface SimConfig {
	seed: number;
	polls: number;
	channels: Channel[];
	events: Array<'serviceNoteInsert' | 'serviceNoteUpdate'>;
	pageSize: number;
	maxRecordsPerPoll: number;
	lookbackMinutes: number;
	/** undefined: the module's default (1,000); Infinity: no cap pressure. */
	seenCap?: number;
	/** Trigger clock minus API clock, seconds. */
	skewSeconds: number;
	faultRate: number;
	budgetStopRate: number;
	crashRate: number;
	shuffleTies: boolean;
	/** startFrom this many seconds before the first poll. */
	startFromSeconds?: number;
	steadyPerMinute: number;
	burstChance: number;
	burstSize: number;
	floodChance: number;
	floodSize: [number, number];
	lateChance: number;
	tooLateChance: number;
}

interface Written {
	record: FakeRecord;
	channel: Channel;
	u: number;
	/** API clock when written. */
	writtenAt: number;
	/** Index of the poll iteration it was written before. */
	iteration: number;
	/** Greatest updateTime of the channel before this iteration's writes. */
	maxBefore: number;
}

interface SimResult {
	written: number;
	emitted: number;
	guaranteed: number;
	lostInFullSeconds: number;
	failedPolls: number;
	crashes: number;
	maxStateBytes: number;
	saturations: number;
	polls: number;
}

const BASE = wallToSeconds('2026-06-01 08:00:00') as number;

async function simulate(config: SimConfig): Promise<SimResult> {
	const rng = new Prng(config.seed);
	const api = new FakeApi(new Prng(config.seed * 7 + 1));
	api.shuffleTies = config.shuffleTies;
	const L = config.lookbackMinutes * 60;
	const written: Written[] = [];
	const emittedCount = new Map<string, number>();
	const violations: string[] = [];
	const reported = new Set<string>(); // `${channel} ${second}`
	const maxU: Record<Channel, number> = { call: -Infinity, im: -Infinity };
	let state: TriggerState | undefined;
	let persisted: string | undefined;
	let activation: { iteration: number; triggerNow: number; floor: Record<string, number>; primedAll: boolean } | undefined;
	let apiNow = BASE;
	let failedPolls = 0;
	let crashes = 0;
	let maxStateBytes = 0;
	let saturations = 0;
	const startFrom = config.startFromSeconds === undefined ? undefined : secondsToWall(BASE - config.startFromSeconds);

	const write = (channel: Channel, u: number, iteration: number, maxBefore: number) => {
		const pushType = rng.chance(0.25) ? 'serviceNoteUpdate' : 'serviceNoteInsert';
		const record = api.insert(channel, secondsToWall(u), pushType);
		written.push({ record, channel, u, writtenAt: apiNow, iteration, maxBefore });
		if (u > maxU[channel]) maxU[channel] = u;
	};

	const pollOnce = async (iteration: number, quiet: boolean): Promise<PollOutcome<FakeRecord> | undefined> => {
		const triggerNow = apiNow + config.skewSeconds;
		api.faultRate = quiet ? 0 : config.faultRate;
		let outcome: PollOutcome<FakeRecord>;
		try {
			outcome = await runPoll(state, {
				channels: config.channels,
				events: config.events,
				lookbackMinutes: config.lookbackMinutes,
				maxRecordsPerPoll: config.maxRecordsPerPoll,
				now: secondsToWall(triggerNow),
				...(startFrom ? { startFrom } : {}),
				query: api.query,
				mayContinue: () => quiet || !rng.chance(config.budgetStopRate),
				pageSize: config.pageSize,
				...(config.seenCap !== undefined ? { seenCap: config.seenCap } : {}),
			});
		} catch (error) {
			if (!(error instanceof FakeApiError)) throw error;
			failedPolls++;
			return undefined;
		}
		// The node stores the state only now, as JSON.
		const json = JSON.stringify(outcome.state);
		state = JSON.parse(json) as TriggerState;
		maxStateBytes = Math.max(maxStateBytes, json.length);
		if (!activation) {
			const floor: Record<string, number> = {};
			let primedAll = true;
			for (const c of config.channels) {
				floor[c] = wallToSeconds(state.channels[c]!.floor) as number;
				if (state.channels[c]!.floor === secondsToWall(triggerNow) && L > 0) primedAll = false;
			}
			activation = { iteration, triggerNow, floor, primedAll };
		}
		// Plain checks per record (jest's expect is too slow for a million calls); asserted at the end.
		if (outcome.emitted.length > config.maxRecordsPerPoll) violations.push(`poll ${iteration}: ${outcome.emitted.length} items`);
		let previous = '';
		const end = secondsToWall(triggerNow);
		for (const e of outcome.emitted) {
			const id = e.record.eventUniqueId;
			emittedCount.set(id, (emittedCount.get(id) ?? 0) + 1);
			if (!config.events.includes(e.record.pushType)) violations.push(`${id}: unwanted ${e.record.pushType}`);
			if (e.time < previous) violations.push(`${id}: out of updateTime order`);
			if (e.time > end) violations.push(`${id}: after the window's end`);
			if (e.time !== e.record.updateTime) violations.push(`${id}: filed under ${e.time}`);
			previous = e.time;
		}
		for (const s of outcome.saturations) {
			reported.add(`${s.channel} ${s.second}`);
			saturations++;
		}
		if (outcome.emitted.length > 0) persisted = json;
		return outcome;
	};

	for (let iteration = 0; iteration < config.polls; iteration++) {
		const previousNow = apiNow;
		apiNow += rng.pick([0, 0, 1, 1, 5, 20, 30, 60, 60, 60, 60, 90, 120]);
		for (const channel of config.channels) {
			const maxBefore = maxU[channel];
			// Steady traffic anywhere in [previous poll's now, now]: also in the very second of the
			// previous poll, written after it.
			const steady = Math.round(((config.steadyPerMinute * (apiNow - previousNow)) / 60) * rng.next() * 2);
			for (let i = 0; i < steady; i++) write(channel, rng.int(previousNow, apiNow), iteration, maxBefore);
			if (rng.chance(config.burstChance)) {
				for (let i = 0; i < config.burstSize; i++) write(channel, apiNow - rng.int(0, 59), iteration, maxBefore);
			}
			if (rng.chance(config.floodChance)) {
				const u = rng.int(previousNow, apiNow);
				const n = rng.int(config.floodSize[0], config.floodSize[1]);
				for (let i = 0; i < n; i++) write(channel, u, iteration, maxBefore);
			}
			if (rng.chance(config.lateChance)) {
				const n = rng.int(1, 4);
				for (let i = 0; i < n; i++) write(channel, apiNow - rng.int(0, L), iteration, maxBefore);
			}
			if (rng.chance(config.tooLateChance)) write(channel, apiNow - L - rng.int(1, 900), iteration, maxBefore);
		}
		await pollOnce(iteration, false);
		if (persisted && rng.chance(config.crashRate)) {
			// n8n restarts: static data is what was saved with the last emitting poll.
			state = JSON.parse(persisted) as TriggerState;
			crashes++;
		}
	}
	// Drain: no more writes, no faults, until the trigger has caught up and swept.
	const lastWrite = apiNow;
	let quietPolls = 0;
	for (let iteration = config.polls; quietPolls < 3; iteration++) {
		if (iteration > config.polls + 5000) throw new Error('the trigger never caught up');
		apiNow += 60;
		const outcome = await pollOnce(iteration, true);
		const busy = config.channels.some((c) => state?.channels[c]?.resume !== undefined || state?.channels[c]?.sweepFrom !== undefined);
		const settled = apiNow > lastWrite + Math.max(0, -config.skewSeconds) + 120;
		quietPolls = outcome && outcome.emitted.length === 0 && !busy && settled ? quietPolls + 1 : 0;
	}

	// ---- the oracle ----
	const act = activation as NonNullable<typeof activation>;
	const duplicates = [...emittedCount].filter(([, n]) => n > 1);
	expect(duplicates).toEqual([]);

	const capped = config.seenCap !== Infinity;
	const bySecond = new Map<string, FakeRecord[]>();
	for (const c of config.channels) {
		for (const r of api.all(c)) {
			const key = `${c} ${r.updateTime}`;
			const list = bySecond.get(key);
			if (list) list.push(r);
			else bySecond.set(key, [r]);
		}
	}
	// No false alarms: a reported second really holds a full page or more.
	for (const key of reported) expect((bySecond.get(key) ?? []).length).toBeGreaterThanOrEqual(config.pageSize);
	let guaranteed = 0;
	let lostInFullSeconds = 0;
	const lost: string[] = [];
	const leakedHistory: string[] = [];
	for (const w of written) {
		const c = w.channel;
		const wanted = config.events.includes(w.record.pushType);
		const isEmitted = emittedCount.has(w.record.eventUniqueId);
		if (!startFrom && w.iteration <= act.iteration && isEmitted) {
			// History is never emitted: what existed at activation, up to the activation's "now".
			if (w.u < act.triggerNow || (act.primedAll && w.u === act.triggerNow)) leakedHistory.push(`${c} ${w.record.updateTime}`);
		}
		if (!wanted) {
			if (isEmitted) violations.push(`${w.record.eventUniqueId}: unwanted pushType emitted`);
			continue;
		}
		let isGuaranteed: boolean;
		if (startFrom && w.iteration <= act.iteration) {
			isGuaranteed = w.u >= (wallToSeconds(startFrom) as number);
		} else if (w.iteration <= act.iteration) {
			isGuaranteed = false;
		} else if (capped) {
			// Under cap pressure only records written in order are promised.
			isGuaranteed = w.u >= w.maxBefore && w.u >= act.triggerNow && w.u >= act.floor[c];
		} else {
			isGuaranteed = w.u >= w.writtenAt - L && w.u >= act.triggerNow - L && w.u >= act.floor[c];
		}
		if (!isGuaranteed) continue;
		guaranteed++;
		if (isEmitted) continue;
		// Missing is excused only in a second reported full, and (when the API keeps the order of a
		// second's records) only beyond the page the API returns of it.
		const key = `${c} ${w.record.updateTime}`;
		const beyondPage = config.shuffleTies || (bySecond.get(key) ?? []).indexOf(w.record) >= config.pageSize;
		if (reported.has(key) && beyondPage) lostInFullSeconds++;
		else lost.push(`${c} ${w.record.updateTime} written at ${secondsToWall(w.writtenAt)} (iteration ${w.iteration})`);
	}
	expect(violations).toEqual([]);
	expect(leakedHistory).toEqual([]);
	expect(lost).toEqual([]);
	if (capped) expect(maxStateBytes).toBeLessThan(32 * 1024);
	// The final state is readable and small.
	for (const c of config.channels) {
		const cursor = state!.channels[c]!;
		expect(() => SeenIds.decode(cursor.seen, cursor.floor)).not.toThrow();
	}
	return {
		written: written.length,
		emitted: emittedCount.size,
		guaranteed,
		lostInFullSeconds,
		failedPolls,
		crashes,
		maxStateBytes,
		saturations,
		polls: config.polls,
	};
}

const base: SimConfig = {
	seed: 1,
	polls: 1500,
	channels: ['call', 'im'],
	events: ['serviceNoteInsert', 'serviceNoteUpdate'],
	pageSize: 20,
	maxRecordsPerPoll: 100,
	lookbackMinutes: 5,
	seenCap: Infinity,
	skewSeconds: 0,
	faultRate: 0.03,
	budgetStopRate: 0.05,
	crashRate: 0.02,
	shuffleTies: false,
	steadyPerMinute: 3,
	burstChance: 0.01,
	burstSize: 50,
	floodChance: 0.03,
	floodSize: [5, 19],
	lateChance: 0.08,
	tooLateChance: 0.02,
};

describe('randomized simulation (seeded)', () => {
	const scenarios: Array<[string, Partial<SimConfig>]> = [
		['mixed traffic, faults, budget stops, crashes', {}],
		['mixed, another seed, ties in random order', { seed: 2, shuffleTies: true }],
		['one channel, updates only', { seed: 3, channels: ['im'], events: ['serviceNoteUpdate'] }],
		['tiny maxRecordsPerPoll (lagging drains)', { seed: 4, maxRecordsPerPoll: 7, steadyPerMinute: 1.5, burstSize: 30 }],
		['trigger clock 4 minutes behind the API', { seed: 5, skewSeconds: -240 }],
		['trigger clock 2 minutes ahead of the API', { seed: 6, skewSeconds: 120 }],
		['backfill from startFrom', { seed: 7, startFromSeconds: 3 * 3600 }],
		['no look-back', { seed: 8, lookbackMinutes: 0, lateChance: 0, tooLateChance: 0.05 }],
		['many faults', { seed: 9, faultRate: 0.15, crashRate: 0.05 }],
		['full seconds (beyond a page) are reported, the rest exact', { seed: 10, floodChance: 0.05, floodSize: [15, 30] }],
		['capped id set under heavy bursts (in-order records promised)', {
			seed: 11, seenCap: undefined, pageSize: 50, burstChance: 0.05, burstSize: 400, maxRecordsPerPoll: 300, lateChance: 0.05,
		}],
	];

	it.each(scenarios)('%s', async (_name, overrides) => {
		const result = await simulate({ ...base, ...overrides });
		expect(result.guaranteed).toBeGreaterThan(400);
		if ((overrides.floodSize?.[1] ?? base.floodSize[1]) >= (overrides.pageSize ?? base.pageSize)) {
			expect(result.saturations).toBeGreaterThan(0);
			expect(result.lostInFullSeconds).toBeGreaterThan(0);
		}
		if ((overrides.faultRate ?? base.faultRate) > 0) expect(result.failedPolls).toBeGreaterThan(0);
		if ((overrides.crashRate ?? base.crashRate) > 0) expect(result.crashes).toBeGreaterThan(0);
	});
});

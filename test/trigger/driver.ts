/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- made-up credentials of a local sandbox tenant; test code, not shipped */
/**
 * The one driver of the Contact Center Trigger: the harness `poll` against the sandbox, keeping the
 * books (injected, emitted). Static data goes through JSON between polls, as n8n stores it; a failed
 * poll must emit nothing and leave it untouched; `crash()` goes back to what n8n saved with the last
 * emitting poll. `Simulation` runs on a virtual clock: only `Date` is faked, so n8n's and the
 * sandbox's clocks move together; the sandbox's clock offset makes the API's run ahead or behind.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { formatApiTime, shiftWall } from '../../nodes/ContactCenter/api/time';
import { forgetFailedPolls } from '../../nodes/ContactCenterTrigger/host';
import type { TriggerState } from '../../nodes/ContactCenterTrigger/state';
import {
	poll,
	staticDataKeyOf,
	type CredentialValues,
	type PollOptions as HarnessPollOptions,
	type PollResult,
} from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { Rng } from '../sandbox/lib/random';
import type { Channel, PushType, SandboxControl } from '../sandbox/control';

export const ZONE = 'Asia/Shanghai';
export const APP_ID = '7373';
export const APP_SECRET = 'simulation-secret-7373';
export const QUERY_PATH: Record<Channel, string> = {
	call: '/openapi/crm/service-record/call/query',
	im: '/openapi/crm/service-record/im/query',
};
export const NODE_KEY = staticDataKeyOf(ContactCenterTrigger);
export { shiftWall };

export interface Injected {
	id: string;
	channel: Channel;
	updateTime: string;
	pushType: PushType;
}

export type PollOptions = Partial<Omit<HarnessPollOptions, 'nodeType' | 'parameters'>> & {
	/** Expect this poll to fail (an injected fault). */
	expectFailure?: boolean;
	/** The poll may fail (random injected faults). */
	mayFail?: boolean;
};

/** The sandbox's "now" in the tenant's zone, as the API writes times. */
export async function sandboxNow(control: SandboxControl): Promise<string> {
	return formatApiTime(Date.parse((await control.getClock()).now), ZONE);
}

/**
 * Requests a window walk makes over these record times (sorted), 1,000 a page: a full page
 * restarts at its last second, a full page all in one second moves to the next second. Written
 * independently of the trigger's code, from the spec's rule.
 */
export function expectedRequests(sortedTimes: string[], start: string, page = 1000): number {
	const times = sortedTimes.filter((t) => t >= start);
	let from = start;
	for (let requests = 1; ; requests++) {
		const first = times.findIndex((t) => t >= from);
		const batch = first < 0 ? [] : times.slice(first, first + page);
		if (batch.length < page) return requests;
		const last = batch[batch.length - 1];
		from = last === from ? shiftWall(last, 1) : last;
	}
}

/** Requests of a poll to one channel's query. */
export function requestsTo(result: PollResult, channel: Channel): PollResult['requests'] {
	return result.requests.filter((r) => r.path === QUERY_PATH[channel]);
}

/** What identifies one emitted item: a record's id, a customer at one time, a task's move. */
export function changeKey(json: IDataObject): string {
	if (json.eventUniqueId !== undefined) return String(json.eventUniqueId);
	if (json.event === 'created') return `${String(json._id)}@created`;
	if (json.event === 'updated') return `${String(json._id)}@${String(json.updateTime)}`;
	return `${String(json.taskId ?? json.id)}:${String(json.previousStatus)}>${String(json.status)}@${String(json.updateTime)}`;
}

/** Static data as JSON, without the empty object n8n creates for a node that asked for it. */
function withoutEmpty(staticData: IDataObject): string {
	return JSON.stringify(
		Object.fromEntries(Object.entries(staticData).filter(([, v]) => JSON.stringify(v) !== '{}')),
	);
}

const tallies: Array<Record<string, string | number>> = [];

export class TriggerRun {
	staticData: IDataObject = {};
	readonly injected = new Map<string, Injected>();
	readonly emitted = new Map<string, number>();
	readonly items: IDataObject[] = [];
	/** Static data as saved by the last poll that emitted (what a restarted n8n reads back). */
	savedAtLastEmit?: string;
	polls = 0;
	failedPolls = 0;
	requests = 0;
	maxStateChars = 0;
	readonly requestsPerPoll: number[] = [];
	readonly warnings: string[] = [];
	/** What `owe` found owed: keys a successful poll could see that were not there at activation. */
	readonly owedKeys = new Set<string>();
	private owing?: () => Promise<void>;
	private running = 0;

	constructor(
		readonly control: SandboxControl,
		readonly credentials: CredentialValues,
		public parameters: INodeParameters,
		readonly defaults: { appId?: string; timezone?: string } = {},
	) {}

	/** The node's static data (what n8n stores for it). */
	get nodeData(): IDataObject {
		return (this.staticData[NODE_KEY] as IDataObject | undefined) ?? {};
	}

	get state(): TriggerState | undefined {
		return this.nodeData.cursor as TriggerState | undefined;
	}

	/**
	 * From now on, after every successful poll, each key `visible` lists (with its time) is owed to
	 * the user, except those it lists now (at activation) from before `since`.
	 */
	async owe(visible: () => Promise<Map<string, string>>, since?: string): Promise<void> {
		const before = await visible();
		const baseline = new Set([...before].filter(([, t]) => !since || t < since).map(([k]) => k));
		this.owing = async () => {
			for (const key of (await visible()).keys()) if (!baseline.has(key)) this.owedKeys.add(key);
		};
	}

	async inject(
		channel: Channel,
		times: string[],
		pushType: PushType | (() => PushType) = 'serviceNoteInsert',
	): Promise<Injected[]> {
		const records = times.map((updateTime) => ({
			updateTime,
			pushType: typeof pushType === 'function' ? pushType() : pushType,
		}));
		const appId = this.defaults.appId ?? APP_ID;
		const ids = await this.control.injectRecords({ appId, channel, records });
		return ids.map((id, k) => {
			const record: Injected = { id, channel, ...records[k] };
			this.injected.set(id, record);
			return record;
		});
	}

	/**
	 * One poll; the static data goes through JSON first (a restart between polls), except while
	 * another poll runs: overlapping polls share it, as in one n8n process.
	 */
	async poll(options: PollOptions = {}): Promise<PollResult> {
		const { expectFailure, mayFail, credentials, timezone, ...harness } = options;
		for (let attempt = 1; ; attempt++) {
			if (this.running === 0)
				this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
			const before = withoutEmpty(this.staticData);
			this.running++;
			const result = await poll({
				...harness,
				nodeType: ContactCenterTrigger,
				parameters: this.parameters,
				credentials: credentials ?? this.credentials,
				staticData: this.staticData,
				sandbox: this.control,
				timezone: timezone ?? this.defaults.timezone,
			}).finally(() => this.running--);
			this.polls++;
			this.requests += result.requests.length;
			this.requestsPerPoll.push(result.requests.length);
			this.maxStateChars = Math.max(this.maxStateChars, JSON.stringify(this.nodeData).length);
			for (const log of result.logs) if (log.level === 'warn') this.warnings.push(log.message);
			if (result.error) {
				// A failed poll emits nothing and changes nothing.
				expect(result.items).toBeNull();
				expect(withoutEmpty(this.staticData)).toBe(before);
				// The sandbox refuses a random 6-digit nonce it has seen in the same second (its replay
				// rule): a genuine failed poll too, so it is retried, never hidden.
				const replay = /nonce has already been used/.test(JSON.stringify(result.error));
				if (!expectFailure && replay && attempt < 3) continue;
				if (!expectFailure && !mayFail) throw result.error;
				this.failedPolls++;
				return result;
			}
			if (expectFailure) throw new Error('the poll was expected to fail');
			// A manual run ("Fetch Test Event") never changes the state.
			if (options.mode === 'manual') expect(withoutEmpty(this.staticData)).toBe(before);
			else {
				this.record(result.items);
				await this.owing?.();
			}
			return result;
		}
	}

	private record(items: INodeExecutionData[] | null): void {
		if (items === null) return;
		expect(items.length).toBeGreaterThan(0); // null, never [], when nothing is new
		let previous = '';
		for (const { json } of items) {
			if (json.eventUniqueId !== undefined) {
				expect(this.injected.has(String(json.eventUniqueId))).toBe(true);
				expect(String(json.updateTime) >= previous).toBe(true); // updateTime order within a poll
				previous = String(json.updateTime);
			}
			const key = changeKey(json);
			this.emitted.set(key, (this.emitted.get(key) ?? 0) + 1);
			this.items.push(json);
		}
		this.savedAtLastEmit = JSON.stringify(this.staticData);
	}

	/** n8n restarted: static data is what was saved with the last emitting poll; what n8n held in memory is gone. */
	crash(): void {
		forgetFailedPolls();
		if (this.savedAtLastEmit) this.staticData = JSON.parse(this.savedAtLastEmit) as IDataObject;
	}

	/** Every expected key emitted exactly once, nothing else. */
	assertExact(expected: Iterable<string> = this.owedKeys): void {
		const want = new Set(expected);
		const duplicated = [...this.emitted].filter(([, n]) => n > 1).map(([k]) => k);
		const lost = [...want].filter((k) => !this.emitted.has(k));
		const unexpected = [...this.emitted.keys()].filter((k) => !want.has(k));
		expect({ duplicated, lost, unexpected }).toEqual({ duplicated: [], lost: [], unexpected: [] });
	}

	/** The injected records a user is owed: the `wanted` ones but those `excused` (never returned, or not promised). */
	owed(excused: ReadonlySet<string> = new Set(), wanted: (r: Injected) => boolean = () => true) {
		return [...this.injected.values()]
			.filter((r) => wanted(r) && !excused.has(r.id))
			.map((r) => r.id);
	}

	/** Service records: every owed record emitted exactly once, nothing else. */
	assertRecords(excused?: ReadonlySet<string>, wanted?: (r: Injected) => boolean): void {
		this.assertExact(this.owed(excused, wanted));
	}

	/** Counts for the report printed after the file; asserts nothing. */
	tally(scenario: string, expected: Iterable<string> = this.owedKeys) {
		const want = [...expected];
		const tally = {
			scenario,
			injected: want.length,
			emitted: this.emitted.size,
			lost: want.filter((k) => !this.emitted.has(k)).length,
			duplicated: [...this.emitted.values()].filter((n) => n > 1).length,
			polls: this.polls,
			requests: this.requests,
			maxStateChars: this.maxStateChars,
		};
		tallies.push(tally);
		return tally;
	}
}

/** Customer changes the sandbox shows, for these events: `id@created`, `id@<updateTime>` once changed. */
export function customerChanges(control: SandboxControl, events = ['created', 'updated']) {
	return async () => {
		const keys = new Map<string, string>();
		for (const c of (await control.getState(APP_ID)).customers) {
			if (events.includes('created')) keys.set(`${c._id}@created`, c.createTime);
			if (events.includes('updated') && c.updateTime !== c.createTime)
				keys.set(`${c._id}@${c.updateTime}`, c.updateTime);
		}
		return keys;
	};
}

/**
 * Call-task moves since the last look: each task's status at each look, consecutive repeats
 * dropped; a task first seen after the first look starts from draft (where tasks are created).
 */
export function taskMoves(control: SandboxControl) {
	const last = new Map<string, string>();
	let looked = false;
	return async () => {
		const moves = new Map<string, string>();
		for (const { id, status, updateTime } of (await control.getState(APP_ID)).tasks) {
			const before = last.get(id) ?? (looked ? 'draft' : undefined);
			if (before !== undefined && before !== status)
				moves.set(`${id}:${before}>${status}@${updateTime}`, updateTime);
			last.set(id, status);
		}
		looked = true;
		return moves;
	};
}

/** The sandbox with one tenant in `zone`, refusing a nonce replayed within its timestamp. */
function useTenantSandbox(zone: string) {
	const tenant = { appId: APP_ID, appSecret: APP_SECRET, timezone: zone };
	return useSandbox({ tenants: [tenant], nonceReplayKey: 'timestamp+nonce' });
}

/** The real-clock files' fixture: the sandbox with one tenant in ZONE, reset before each test, and a trigger on it. */
export function useTriggerSandbox() {
	const fixture = useTenantSandbox(ZONE);
	beforeEach(async () => {
		await fixture.control.reset();
	});
	const credentials = (): CredentialValues =>
		fixture.credentials({ appId: APP_ID, appSecret: APP_SECRET }, { timezone: ZONE });
	const trigger = (parameters: INodeParameters, defaults?: TriggerRun['defaults']) =>
		new TriggerRun(fixture.control, credentials(), parameters, defaults);
	return { control: fixture.control, credentials, trigger };
}

/** Fake only Date: timers, microtasks and performance stay real, so HTTP keeps working. */
export function useVirtualClock(startMs: number): void {
	const real = `hrtime nextTick performance queueMicrotask requestAnimationFrame cancelAnimationFrame
		requestIdleCallback cancelIdleCallback setImmediate clearImmediate setInterval clearInterval
		setTimeout clearTimeout`;
	type Config = Extract<Parameters<typeof jest.useFakeTimers>[0], { doNotFake?: unknown }>;
	const doNotFake = real.split(/\s+/) as Config['doNotFake'];
	jest.useFakeTimers({ doNotFake, now: startMs });
}

/** A trigger on the virtual clock; records are "written" by the API at virtual instants. */
export class Simulation {
	readonly rng: Rng;
	run!: TriggerRun;
	/** API clock minus n8n's, seconds. */
	skewSeconds = 0;

	constructor(
		readonly control: SandboxControl,
		readonly credentials: CredentialValues & { timezone: string },
		public nowMs: number,
		seed = 1,
	) {
		this.rng = new Rng(seed);
		jest.setSystemTime(nowMs);
	}

	chance(p: number): boolean {
		return this.rng.next() < p;
	}

	trigger(parameters: Record<string, unknown>): TriggerRun {
		this.run = new TriggerRun(this.control, this.credentials, parameters as INodeParameters, {
			timezone: 'UTC',
		});
		return this.run;
	}

	async setSkew(seconds: number): Promise<void> {
		this.skewSeconds = seconds;
		await this.control.setClock(seconds);
	}

	advance(seconds: number): void {
		this.nowMs += seconds * 1000;
		jest.setSystemTime(this.nowMs);
	}

	/** `count` steps of `seconds`, each running `write(step)` and a poll; then one more that only polls. */
	async steps(
		count: number,
		seconds: number,
		write: (step: number) => Promise<unknown>,
		poll: PollOptions = {},
	) {
		for (let step = 0; step <= count; step++) {
			this.advance(seconds);
			if (step < count) await write(step);
			await this.run.poll(poll);
		}
	}

	/** The API's `updateTime` for a record written at `atMs` (n8n's clock) that is `lateSeconds` late. */
	updateTimeAt(atMs: number, lateSeconds = 0): string {
		return formatApiTime(atMs + (this.skewSeconds - lateSeconds) * 1000, this.credentials.timezone);
	}

	/** `count` times over the last `seconds` (evenly), each late by `late()` seconds. */
	times(count: number, seconds: number, late: () => number = () => 0): string[] {
		return Array.from({ length: count }, (_, i) =>
			this.updateTimeAt(
				this.nowMs - Math.floor(((count - i - 1) * seconds * 1000) / Math.max(1, count)),
				late(),
			),
		);
	}

	/** `count` records written over the last `seconds` (evenly), each late by `late()` seconds. */
	async write(channel: Channel, count: number, seconds: number, late?: () => number) {
		return await this.run.inject(channel, this.times(count, seconds, late));
	}

	/** The report row of the service records owed: every one injected but `history`. */
	tally(scenario: string, history: Injected[] = []) {
		return this.run.tally(scenario, this.run.owed(new Set(history.map((r) => r.id))));
	}

	/** The report row, after asserting every owed record emitted exactly once and nothing else. */
	settle(scenario: string, history: Injected[] = []) {
		const row = this.tally(scenario, history);
		this.run.assertRecords(new Set(history.map((r) => r.id)));
		return row;
	}
}

/**
 * The simulation files' fixture: the virtual clock from `startIso` on (set before the sandbox
 * starts, so every timer of the sandbox lives on it), the sandbox fixture with one tenant, a fresh
 * `Simulation` per scenario, and after the file the real clock back and the tallies printed.
 */
export function useSimulation(zone: string, startIso: string) {
	beforeAll(() => useVirtualClock(Date.parse(startIso)));
	const fixture = useTenantSandbox(zone);
	afterAll(() => {
		jest.useRealTimers();
		const rows = tallies.map((t) =>
			[String(t.scenario).padEnd(58), ...Object.values(t).slice(1)].join('\t'),
		);
		process.stdout.write(
			`\nprocess TZ=${process.env.TZ ?? 'unset'}\nscenario\tinjected\temitted\tlost\tduplicated\tpolls\trequests\tmax static data (chars)\n${rows.join('\n')}\n`,
		);
	});
	const { control } = fixture;
	return {
		control,
		/** Signed as the tenant. */
		client: () => fixture.client,
		/** A reset tenant in `timezone` and a simulation starting at `at`. */
		fresh: async (timezone: string, at: string, seed = 1): Promise<Simulation> => {
			const tenant = { appId: APP_ID, appSecret: APP_SECRET, timezone };
			await control.reset([tenant]);
			const credentials = fixture.credentials(tenant, { timezone });
			return new Simulation(control, credentials, Date.parse(at), seed);
		},
	};
}

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- made-up credentials of a local sandbox tenant; test code, not shipped */
/**
 * Simulation support: the Contact Center Trigger through n8n-core's PollContext against the
 * sandbox, on a virtual clock. Jest's fake timers replace only `Date`, so n8n's clock (the node,
 * the credential's signing timestamp) and the sandbox's clock (its "now", its timestamp check)
 * move together when a scenario sets the time; the sandbox's clock offset makes the API's clock run
 * ahead or behind. Records are "written" by the API at virtual instants: their `updateTime` is the
 * API's wall clock in the tenant's zone at that instant, minus how late the API writes them.
 */
import { formatApiTime } from '../../nodes/ContactCenter/helpers/time';
import { useSandbox } from '../sandbox/fixture';
import { SandboxControl, type Channel } from '../sandbox/control';
import type { CredentialValues } from '../harness';
import { Prng, type PushType } from './fake-api';
import { TriggerRun, type Injected } from './driver';

export const APP_ID = '7373';
export const APP_SECRET = 'simulation-secret-7373';

/** Fake only Date: timers, microtasks and performance stay real, so HTTP keeps working. */
export function useVirtualClock(startMs: number): void {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
		now: startMs,
	});
}

export interface Tally {
	scenario: string;
	injected: number;
	emitted: number;
	lost: number;
	duplicated: number;
	polls: number;
	requests: number;
	maxStateChars: number;
}

export const tallies: Tally[] = [];

/** The simulations' report: one row per scenario, written once a file's scenarios have run. */
export function printTallies(): void {
	const rows = tallies.map((t) =>
		[
			t.scenario.padEnd(58),
			t.injected,
			t.emitted,
			t.lost,
			t.duplicated,
			t.polls,
			t.requests,
			t.maxStateChars,
		].join('\t'),
	);
	process.stdout.write(
		`\nscenario\tinjected\temitted\tlost\tduplicated\tpolls\trequests\tmax static data (chars)\n${rows.join('\n')}\n`,
	);
}

export class Simulation {
	readonly rng: Prng;
	run!: TriggerRun;
	nowMs: number;
	/** API clock minus n8n's, seconds. */
	skewSeconds = 0;
	requests = 0;
	maxStateChars = 0;
	/** Requests of each poll, in order. */
	readonly requestsPerPoll: number[] = [];
	warnings: string[] = [];

	constructor(
		readonly control: SandboxControl & { url: string },
		readonly zone: string,
		startMs: number,
		seed = 1,
	) {
		this.rng = new Prng(seed);
		this.nowMs = startMs;
		jest.setSystemTime(startMs);
	}

	get credentials(): CredentialValues {
		return { baseUrl: this.control.url, appId: APP_ID, appSecret: APP_SECRET, timezone: this.zone };
	}

	trigger(parameters: Record<string, unknown>): TriggerRun {
		this.run = new TriggerRun(this.control, APP_ID, this.credentials, parameters as never);
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

	/** The API's `updateTime` for a record written at `atMs` (n8n's clock) that is `lateSeconds` late. */
	updateTimeAt(atMs: number, lateSeconds = 0): string {
		return formatApiTime(atMs + (this.skewSeconds - lateSeconds) * 1000, this.zone);
	}

	/** `count` records written over the last `seconds` (evenly), each late by `late()` seconds. */
	async write(
		channel: Channel,
		count: number,
		seconds: number,
		late: () => number = () => 0,
		pushType: PushType = 'serviceNoteInsert',
	): Promise<Injected[]> {
		const times: string[] = [];
		for (let i = 0; i < count; i++) {
			const at = this.nowMs - Math.floor(((count - i - 1) * seconds * 1000) / Math.max(1, count));
			times.push(this.updateTimeAt(at, late()));
		}
		return await this.run.inject(channel, times, pushType);
	}

	async poll(options: Parameters<TriggerRun['poll']>[0] = {}) {
		const result = await this.run.poll({ timezone: 'UTC', ...options });
		this.requests += result.requests.length;
		this.requestsPerPoll.push(result.requests.length);
		const size = JSON.stringify(this.run.staticData).length;
		this.maxStateChars = Math.max(this.maxStateChars, size);
		for (const log of result.logs) if (log.level === 'warn') this.warnings.push(log.message);
		return result;
	}

	/** Counts for the report; asserts nothing. */
	tally(scenario: string, wanted: (r: Injected) => boolean = () => true): Tally {
		const injected = [...this.run.injected.values()].filter(wanted);
		const duplicated = [...this.run.emitted.values()].filter((n) => n > 1).length;
		const lost = injected.filter((r) => !this.run.emitted.has(r.id)).length;
		const tally: Tally = {
			scenario,
			injected: injected.length,
			emitted: this.run.emitted.size,
			lost,
			duplicated,
			polls: this.requestsPerPoll.length,
			requests: this.requests,
			maxStateChars: this.maxStateChars,
		};
		tallies.push(tally);
		return tally;
	}
}

export interface SimSandbox {
	/** The control client; its `url` is the sandbox's base URL (read once the sandbox listens). */
	control: SandboxControl & { readonly url: string };
}

/**
 * The simulation files' fixture: the virtual clock from `startIso` on (set before the sandbox starts,
 * so every timer of the sandbox lives on it), the shared sandbox fixture with one tenant in `zone`,
 * and after the file the real clock back and the tallies printed.
 */
export function useSimSandbox(zone: string, startIso: string): SimSandbox {
	beforeAll(() => useVirtualClock(Date.parse(startIso)));
	const fixture = useSandbox({
		tenants: [{ appId: APP_ID, appSecret: APP_SECRET, timezone: zone }],
		nonceReplayKey: 'timestamp+nonce',
	});
	afterAll(() => {
		jest.useRealTimers();
		printTallies();
	});
	const control = Object.defineProperty(fixture.control, 'url', { get: () => fixture.url });
	return { control: control as SimSandbox['control'] };
}

export async function resetTenant(control: SandboxControl, zone: string): Promise<void> {
	await control.reset([{ appId: APP_ID, appSecret: APP_SECRET, timezone: zone }]);
}

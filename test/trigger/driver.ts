/**
 * Drives the Contact Center Trigger through the harness (a real PollContext, real static data)
 * against the sandbox, and keeps the books: every record injected, every record emitted.
 * Between polls the static data travels through JSON, as n8n stores it; a failed poll must leave
 * it untouched and emit nothing.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import {
	formatApiTime,
	nextWallSecond as nextSecond,
	secondsToWall,
	shiftWall,
	wallToSeconds,
} from '../../nodes/ContactCenter/helpers/time';
import type { TriggerState } from '../../nodes/ContactCenterTrigger/state';
import { poll, staticDataKeyOf, type CredentialValues, type PollResult } from '../harness';
import type { Channel, PushType, SandboxControl } from '../sandbox/control';

export const ZONE = 'Asia/Shanghai';
export const QUERY_PATH: Record<Channel, string> = {
	call: '/openapi/crm/service-record/call/query',
	im: '/openapi/crm/service-record/im/query',
};
export const NODE_KEY = staticDataKeyOf(ContactCenterTrigger);

export interface Injected {
	id: string;
	channel: Channel;
	updateTime: string;
	pushType: PushType;
}

export interface PollOptions {
	timezone?: string;
	pollBudgetMs?: number;
	mode?: 'trigger' | 'manual';
	credentials?: CredentialValues;
	/** Expect this poll to fail (an injected fault). */
	expectFailure?: boolean;
	/** The poll may fail (random injected faults). */
	mayFail?: boolean;
}

/** The sandbox's "now" in the tenant's zone, as the API writes times. */
export async function sandboxNow(control: SandboxControl): Promise<string> {
	const clock = await control.getClock();
	return formatApiTime(Date.parse(clock.now), ZONE);
}

export { nextSecond, secondsToWall, shiftWall, wallToSeconds };

/**
 * Requests a window walk makes over these record times (sorted), 1,000 a page: a full page
 * restarts at its last second, a full page all in one second moves to the next second. Written
 * independently of the trigger's code, from the spec's rule.
 */
export function expectedRequests(sortedTimes: string[], start: string, page = 1000): number {
	const times = sortedTimes.filter((t) => t >= start);
	let from = start;
	let requests = 0;
	for (;;) {
		const first = times.findIndex((t) => t >= from);
		const batch = first < 0 ? [] : times.slice(first, first + page);
		requests++;
		if (batch.length < page) return requests;
		const last = batch[batch.length - 1];
		from = last === from ? nextSecond(last) : last;
	}
}

/** Static data as JSON, without the empty object n8n creates for a node that asked for it. */
function withoutEmpty(staticData: IDataObject): string {
	return JSON.stringify(
		Object.fromEntries(Object.entries(staticData).filter(([, v]) => JSON.stringify(v) !== '{}')),
	);
}

export class TriggerRun {
	staticData: IDataObject = {};
	readonly injected = new Map<string, Injected>();
	readonly emitted = new Map<string, number>();
	/** Static data as saved by the last poll that emitted (what a restarted n8n reads back). */
	savedAtLastEmit?: string;
	polls = 0;
	failedPolls = 0;
	retriedPolls = 0;

	constructor(
		readonly control: SandboxControl,
		readonly appId: string,
		readonly credentials: CredentialValues,
		readonly parameters: INodeParameters,
	) {}

	get state(): TriggerState | undefined {
		return (this.staticData[NODE_KEY] as IDataObject | undefined)?.cursor as
			| TriggerState
			| undefined;
	}

	async inject(
		channel: Channel,
		times: string[],
		pushType: PushType = 'serviceNoteInsert',
	): Promise<Injected[]> {
		const out: Injected[] = [];
		// The control API takes large batches; keep each request reasonable.
		for (let i = 0; i < times.length; i += 2000) {
			const chunk = times.slice(i, i + 2000);
			const ids = await this.control.injectRecords({
				appId: this.appId,
				channel,
				records: chunk.map((updateTime) => ({ updateTime, pushType })),
			});
			ids.forEach((id, k) => {
				const record: Injected = { id, channel, updateTime: chunk[k], pushType };
				this.injected.set(id, record);
				out.push(record);
			});
		}
		return out;
	}

	/** One poll; the static data goes through JSON first (a restart between polls). */
	async poll(options: PollOptions = {}): Promise<PollResult> {
		for (let attempt = 1; ; attempt++) {
			this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
			const before = withoutEmpty(this.staticData);
			const result = await poll({
				nodeType: ContactCenterTrigger,
				parameters: this.parameters,
				credentials: options.credentials ?? this.credentials,
				staticData: this.staticData,
				sandbox: this.control,
				...(options.timezone ? { timezone: options.timezone } : {}),
				...(options.pollBudgetMs !== undefined ? { pollBudgetMs: options.pollBudgetMs } : {}),
				...(options.mode ? { mode: options.mode } : {}),
			});
			this.polls++;
			if (result.error) {
				// A failed poll emits nothing and changes nothing.
				expect(result.items).toBeNull();
				expect(withoutEmpty(this.staticData)).toBe(before);
				// The sandbox refuses a random 6-digit nonce it has seen in the same second (its replay
				// rule); that is a genuine failed poll too, so it is retried, never hidden.
				const replay = /nonce has already been used/.test(
					`${result.error.message} ${JSON.stringify(result.error)}`,
				);
				if (!options.expectFailure && replay && attempt < 3) {
					this.retriedPolls++;
					continue;
				}
				if (!options.expectFailure && !options.mayFail) throw result.error;
				this.failedPolls++;
				return result;
			}
			if (options.expectFailure) throw new Error('the poll was expected to fail');
			if (options.mode !== 'manual') this.record(result.items);
			return result;
		}
	}

	private record(items: INodeExecutionData[] | null): void {
		if (items === null) return;
		expect(items.length).toBeGreaterThan(0); // null, never [], when nothing is new
		let previous = '';
		for (const item of items) {
			const id = item.json.eventUniqueId as string;
			expect(typeof id).toBe('string');
			expect(this.injected.has(id)).toBe(true);
			const time = item.json.updateTime as string;
			expect(time >= previous).toBe(true); // updateTime order within a poll
			previous = time;
			this.emitted.set(id, (this.emitted.get(id) ?? 0) + 1);
		}
		this.savedAtLastEmit = JSON.stringify(this.staticData);
	}

	/** n8n restarted: static data is what was saved with the last emitting poll. */
	crash(): void {
		if (this.savedAtLastEmit) this.staticData = JSON.parse(this.savedAtLastEmit) as IDataObject;
	}

	/** Zero duplicated, zero lost (except `excused`, records the API never returned). */
	assertExact(
		excused: ReadonlySet<string> = new Set(),
		wanted: (r: Injected) => boolean = () => true,
	): { lost: string[] } {
		const duplicated = [...this.emitted].filter(([, n]) => n > 1).map(([id]) => id);
		expect(duplicated).toEqual([]);
		const lost = [...this.injected.values()].filter(
			(r) => wanted(r) && !this.emitted.has(r.id) && !excused.has(r.id),
		);
		expect(lost.map((r) => `${r.channel} ${r.updateTime} ${r.id}`)).toEqual([]);
		const unwanted = [...this.emitted.keys()].filter(
			(id) => !wanted(this.injected.get(id) as Injected),
		);
		expect(unwanted).toEqual([]);
		return { lost: lost.map((r) => r.id) };
	}
}

/** Requests of a poll to one channel's query. */
export function requestsTo(result: PollResult, channel: Channel): PollResult['requests'] {
	return result.requests.filter((r) => r.path === QUERY_PATH[channel]);
}

export function wallPlus(time: string, seconds: number): string {
	return shiftWall(time, seconds);
}

export function isoOf(apiTime: string, zone = ZONE): string {
	// The instant of an API time in `zone`, as an ISO string with offset (what a date-time field may hold).
	const seconds = wallToSeconds(apiTime) as number;
	const probe = new Date(seconds * 1000);
	const offsetMs =
		Date.parse(`${formatApiTime(probe.getTime(), zone).replace(' ', 'T')}Z`) - probe.getTime();
	return new Date(seconds * 1000 - offsetMs).toISOString();
}

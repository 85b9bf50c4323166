/**
 * Drives the Contact Center Trigger on Customer or Call Task through the harness (a real
 * PollContext, real static data) against the sandbox and keeps the books: what a user must
 * receive, what was emitted. Static data travels through JSON between polls, as n8n stores it; a
 * failed poll must emit nothing and leave it untouched; `crash()` goes back to what n8n saved with
 * the last poll that emitted.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { poll, staticDataKeyOf, type CredentialValues, type PollResult } from '../harness';
import type { SandboxControl } from '../sandbox/control';

export const NODE_KEY = staticDataKeyOf(ContactCenterTrigger);

/** What identifies one emitted change: a customer at one time, a task's move (at its update time). */
export function changeKey(json: IDataObject): string {
	if (json.event === 'created') return `${String(json._id)}@created`;
	if (json.event === 'updated') return `${String(json._id)}@${String(json.updateTime)}`;
	return `${String(json.id)}:${String(json.previousStatus)}>${String(json.status)}@${String(json.updateTime)}`;
}

function withoutEmpty(staticData: IDataObject): string {
	return JSON.stringify(
		Object.fromEntries(Object.entries(staticData).filter(([, v]) => JSON.stringify(v) !== '{}')),
	);
}

export interface KindPollOptions {
	timezone?: string;
	pollBudgetMs?: number;
	mode?: 'trigger' | 'manual';
	expectFailure?: boolean;
	/** The poll may fail (random injected faults). */
	mayFail?: boolean;
}

export class KindRun {
	staticData: IDataObject = {};
	readonly emitted = new Map<string, number>();
	readonly items: IDataObject[] = [];
	savedAtLastEmit?: string;
	polls = 0;
	failedPolls = 0;
	requests = 0;
	maxStateChars = 0;
	readonly requestsPerPoll: number[] = [];
	readonly warnings: string[] = [];

	constructor(
		readonly control: SandboxControl,
		readonly credentials: CredentialValues,
		readonly parameters: INodeParameters,
	) {}

	/** The node's static data (what n8n stores for it). */
	get nodeData(): IDataObject {
		return (this.staticData[NODE_KEY] as IDataObject | undefined) ?? {};
	}

	async poll(options: KindPollOptions = {}): Promise<PollResult> {
		for (let attempt = 1; ; attempt++) {
			this.staticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
			const before = withoutEmpty(this.staticData);
			const result = await poll({
				nodeType: ContactCenterTrigger,
				parameters: this.parameters,
				credentials: this.credentials,
				staticData: this.staticData,
				sandbox: this.control,
				timezone: options.timezone ?? 'UTC',
				...(options.pollBudgetMs !== undefined ? { pollBudgetMs: options.pollBudgetMs } : {}),
				...(options.mode ? { mode: options.mode } : {}),
			});
			this.polls++;
			this.requests += result.requests.length;
			this.requestsPerPoll.push(result.requests.length);
			this.maxStateChars = Math.max(this.maxStateChars, JSON.stringify(this.nodeData).length);
			for (const log of result.logs) if (log.level === 'warn') this.warnings.push(log.message);
			if (result.error) {
				expect(result.items).toBeNull();
				expect(withoutEmpty(this.staticData)).toBe(before);
				// The sandbox's nonce-replay rule can refuse a request: a genuine failed poll, retried.
				const replay = /nonce has already been used/.test(JSON.stringify(result.error));
				if (!options.expectFailure && replay && attempt < 3) continue;
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
		for (const item of items) {
			const key = changeKey(item.json);
			this.emitted.set(key, (this.emitted.get(key) ?? 0) + 1);
			this.items.push(item.json);
		}
		this.savedAtLastEmit = JSON.stringify(this.staticData);
	}

	/** n8n restarted: static data is what was saved with the last emitting poll. */
	crash(): void {
		if (this.savedAtLastEmit) this.staticData = JSON.parse(this.savedAtLastEmit) as IDataObject;
	}

	/** Every expected change emitted exactly once, nothing else. */
	assertExact(expected: Iterable<string>): { lost: number; duplicated: number } {
		const want = new Set(expected);
		const duplicated = [...this.emitted].filter(([, n]) => n > 1).map(([k]) => k);
		const lost = [...want].filter((k) => !this.emitted.has(k));
		const unexpected = [...this.emitted.keys()].filter((k) => !want.has(k));
		expect({ duplicated, lost, unexpected }).toEqual({ duplicated: [], lost: [], unexpected: [] });
		return { lost: lost.length, duplicated: duplicated.length };
	}
}

/**
 * The customers a test writes, as the API shows them, and the changes a user must receive: every
 * (customer, time) that a successful poll could see, less what existed when the trigger started.
 */
export class CustomerBook {
	readonly current = new Map<string, { createTime: string; updateTime: string }>();
	readonly expected = new Set<string>();
	private baseline?: Set<string>;

	constructor(
		readonly control: SandboxControl,
		readonly appId: string,
		readonly events: readonly string[] = ['created', 'updated'],
	) {}

	/** New customers created at these times. */
	async create(times: string[]): Promise<string[]> {
		const ids: string[] = [];
		for (let i = 0; i < times.length; i += 2000) {
			const chunk = times.slice(i, i + 2000);
			const made = await this.control.seedCustomers({
				appId: this.appId,
				customers: chunk.map((t) => ({ createTime: t, updateTime: t })),
			});
			made.forEach((id, k) => {
				this.current.set(id, { createTime: chunk[k], updateTime: chunk[k] });
				ids.push(id);
			});
		}
		return ids;
	}

	/** Existing customers changed at these times. */
	async change(changes: Array<{ id: string; time: string }>): Promise<void> {
		for (let i = 0; i < changes.length; i += 2000) {
			const chunk = changes.slice(i, i + 2000);
			await this.control.changeCustomers({
				appId: this.appId,
				changes: chunk.map((c) => ({ _id: c.id, updateTime: c.time })),
			});
			for (const c of chunk) (this.current.get(c.id) as { updateTime: string }).updateTime = c.time;
		}
	}

	private visible(): string[] {
		const keys: string[] = [];
		for (const [id, c] of this.current) {
			if (this.events.includes('created')) keys.push(`${id}@created`);
			if (this.events.includes('updated') && c.updateTime !== c.createTime)
				keys.push(`${id}@${c.updateTime}`);
		}
		return keys;
	}

	/** What the trigger knew at its first activation (emitted never), unless at or after `since`. */
	startedAt(since?: string): void {
		this.baseline = new Set(
			this.visible().filter((key) => {
				if (since === undefined) return true;
				const [id, at] = key.split('@');
				const c = this.current.get(id) as { createTime: string; updateTime: string };
				return (at === 'created' ? c.createTime : c.updateTime) < since;
			}),
		);
	}

	/** After a successful poll: everything it could see is owed to the user. */
	seenByPoll(): void {
		for (const key of this.visible()) if (!this.baseline?.has(key)) this.expected.add(key);
	}
}

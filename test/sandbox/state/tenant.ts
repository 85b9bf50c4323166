import { NonceStore } from '../server/auth';
import { Rng, seedFrom } from '../lib/random';
import { formatWall, type Clock } from '../lib/time';
import type * as T from '../types';
import { RecordStore } from './records';
import { DEFAULT_CALL_SECONDS, type TaskRun } from './taskRunner';

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/** A call task with the customers imported into it. */
export interface TaskEntry {
	task: T.CallTask;
	customers: T.ImportedCustomer[];
	/** Every customerNumber in the task, for dupStrategy `task`. */
	numbers: Set<string>;
	importBatchIds: string[];
	/** While running: where the dialling clock started (state/taskRunner.ts). */
	run?: TaskRun;
}

/** Everything one tenant (one appId) owns; nothing is shared between tenants. */
export class Tenant {
	readonly customers = new Map<string, T.Customer>();
	/** Phone number → ids of the customers that list it in `mobile`. */
	readonly phoneIndex = new Map<string, Set<string>>();
	readonly customFields: T.CustomerFieldVO[] = [];
	readonly serviceGroups = new Map<string, T.ServiceGroup>();
	nextQueueNumber = 8001;
	readonly displayNumberGroups = new Map<string, T.DisplayNumberGroup>();
	readonly agents = new Map<string, T.VoiceAgent>();
	readonly callerNumberGroups = new Map<string, T.CallerNumberGroup>();
	readonly tasks = new Map<string, TaskEntry>();
	readonly records: Record<T.Channel, RecordStore> = {
		call: new RecordStore(),
		im: new RecordStore(),
	};
	readonly nonces: NonceStore;
	/** Generator of this tenant's made-up data: the same app id gets the same demo data. */
	readonly rng: Rng;
	/** Seconds a round of calls of a running task takes (state/taskRunner.ts); 0: tasks move only by the control API. */
	callSeconds = DEFAULT_CALL_SECONDS;

	constructor(
		readonly appId: string,
		readonly appSecret: string,
		readonly timezone: string,
		private readonly clock: Clock,
		nonceTtlMs: number,
	) {
		this.nonces = new NonceStore(nonceTtlMs);
		this.rng = new Rng(seedFrom(appId));
	}

	/** Wall seconds of "now" in the tenant's zone. */
	wallNow(): number {
		return this.clock.wallNow(this.timezone);
	}

	/** "Now" as the API writes times: `yyyy-MM-dd HH:mm:ss` in the tenant's zone. */
	now(): string {
		return formatWall(this.wallNow());
	}

	putCustomer(customer: T.Customer): void {
		const previous = this.customers.get(customer._id);
		if (previous) this.unindexPhones(previous);
		this.customers.set(customer._id, customer);
		for (const entry of customer.mobile ?? []) {
			let ids = this.phoneIndex.get(entry.value);
			if (!ids) this.phoneIndex.set(entry.value, (ids = new Set()));
			ids.add(customer._id);
		}
	}

	deleteCustomer(id: string): boolean {
		const customer = this.customers.get(id);
		if (!customer) return false;
		this.unindexPhones(customer);
		return this.customers.delete(id);
	}

	/** Ids of customers other than `exceptId` that list any of these phone numbers. */
	customersWithPhones(phones: readonly string[], exceptId?: string): string[] {
		const found = new Set<string>();
		for (const phone of phones) {
			for (const id of this.phoneIndex.get(phone) ?? []) if (id !== exceptId) found.add(id);
		}
		return [...found];
	}

	/** Custom fields that still exist (status 0 or 1). */
	liveCustomFields(): T.CustomerFieldVO[] {
		return this.customFields.filter((f) => f.status !== -1);
	}

	private unindexPhones(customer: T.Customer): void {
		for (const entry of customer.mobile ?? []) {
			const ids = this.phoneIndex.get(entry.value);
			ids?.delete(customer._id);
			if (ids && ids.size === 0) this.phoneIndex.delete(entry.value);
		}
	}
}

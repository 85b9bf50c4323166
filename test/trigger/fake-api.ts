/**
 * An in-memory service-record API for the cursor module's tests: records per channel ordered by
 * updateTime, inclusive [start, end] queries capped at `limit`, optional shuffling of records that
 * share a second (the API promises no order among them), seeded faults, and a request log.
 */
import { secondsToWall } from '../../nodes/ContactCenter/helpers/time';
import type { Channel } from '../../nodes/ContactCenter/api/serviceRecords';

export type PushType = 'serviceNoteInsert' | 'serviceNoteUpdate';
import { Rng } from '../sandbox/lib/random';

export interface FakeRecord {
	eventUniqueId: string;
	updateTime: string;
	pushType: PushType;
	scene: 'callCenter' | 'im';
	callId?: string;
	sessionId?: string;
	/** Test bookkeeping, not read by the trigger. */
	seq: number;
}

/** The sandbox's seeded generator (mulberry32), plus the coin flip the simulations use. */
export class Prng extends Rng {
	chance(p: number): boolean {
		return this.next() < p;
	}
}

export interface QueryLogEntry {
	channel: Channel;
	start: string;
	end: string;
	limit: number;
	returned: number;
}

export class FakeApiError extends Error {}

export class FakeApi {
	private readonly store: Record<Channel, FakeRecord[]> = { call: [], im: [] };
	private seq = 0;
	readonly log: QueryLogEntry[] = [];
	/** Probability that a query fails (after `failAfter` successful ones, when set). */
	faultRate = 0;
	/** Fail every query from the n-th one on (1-based), e.g. to fail the middle of a drain. */
	failFrom?: number;
	shuffleTies = false;

	constructor(private readonly rng = new Prng(1)) {}

	insert(
		channel: Channel,
		updateTime: string,
		pushType: PushType = 'serviceNoteInsert',
	): FakeRecord {
		const seq = ++this.seq;
		const record: FakeRecord = {
			eventUniqueId: `evt-${channel}-${seq.toString(16).padStart(8, '0')}-${Math.floor(this.rng.next() * 1e9).toString(36)}`,
			updateTime,
			pushType,
			scene: channel === 'call' ? 'callCenter' : 'im',
			...(channel === 'call' ? { callId: `call-${seq}` } : { sessionId: `session-${seq}` }),
			seq,
		};
		const list = this.store[channel];
		// Stable: after every stored record of the same second.
		let lo = 0;
		let hi = list.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (list[mid].updateTime <= updateTime) lo = mid + 1;
			else hi = mid;
		}
		list.splice(lo, 0, record);
		return record;
	}

	insertAt(
		channel: Channel,
		wallSeconds: number,
		count = 1,
		pushType: PushType = 'serviceNoteInsert',
	): FakeRecord[] {
		const out: FakeRecord[] = [];
		for (let i = 0; i < count; i++)
			out.push(this.insert(channel, secondsToWall(wallSeconds), pushType));
		return out;
	}

	all(channel: Channel): readonly FakeRecord[] {
		return this.store[channel];
	}

	get size(): number {
		return this.store.call.length + this.store.im.length;
	}

	readonly query = async (
		channel: Channel,
		start: string,
		end: string,
		limit: number,
	): Promise<FakeRecord[]> => {
		if (start > end) throw new FakeApiError('start time cannot be later than end time');
		const n = this.log.length + 1;
		if (
			(this.failFrom !== undefined && n >= this.failFrom) ||
			(this.faultRate > 0 && this.rng.chance(this.faultRate))
		) {
			this.log.push({ channel, start, end, limit, returned: -1 });
			throw new FakeApiError(`injected fault on request ${n}`);
		}
		const list = this.store[channel];
		let lo = 0;
		let hi = list.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (list[mid].updateTime < start) lo = mid + 1;
			else hi = mid;
		}
		let out: FakeRecord[] = [];
		if (this.shuffleTies) {
			// Every record of the seconds touched, each second's records in a random order, then cut.
			let i = lo;
			while (i < list.length && list[i].updateTime <= end && out.length < limit) {
				let j = i;
				while (j < list.length && list[j].updateTime === list[i].updateTime) j++;
				const second = list.slice(i, j);
				for (let k = second.length - 1; k > 0; k--) {
					const r = Math.floor(this.rng.next() * (k + 1));
					[second[k], second[r]] = [second[r], second[k]];
				}
				out.push(...second);
				i = j;
			}
			out = out.slice(0, limit);
		} else {
			for (let i = lo; i < list.length && out.length < limit && list[i].updateTime <= end; i++)
				out.push(list[i]);
		}
		this.log.push({ channel, start, end, limit, returned: out.length });
		return out.map((r) => ({ ...r }));
	};
}

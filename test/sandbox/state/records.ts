import type { ServiceRecord } from '../types';

// One channel's service records of one tenant, kept sorted by updateTime (wall-clock strings of one
// fixed format sort like the times they name). Records with equal updateTime keep insertion order.
export class RecordStore {
	private records: ServiceRecord[] = [];
	private readonly eventIds = new Set<string>();

	get size(): number {
		return this.records.length;
	}

	hasEventId(eventUniqueId: string): boolean {
		return this.eventIds.has(eventUniqueId);
	}

	/** Adds records in any order; each lands after every stored record with the same updateTime. */
	insert(batch: ServiceRecord[]): void {
		if (batch.length === 0) return;
		// Array#sort is stable, and V8's TimSort merges sorted runs in linear time.
		const sorted = [...batch].sort(byUpdateTime);
		for (const r of sorted) this.eventIds.add(r.eventUniqueId);
		const existing = this.records;
		if (existing.length === 0 || existing[existing.length - 1].updateTime <= sorted[0].updateTime) {
			for (const r of sorted) existing.push(r);
			return;
		}
		// Late records: stored ones first on equal times.
		this.records = existing.concat(sorted).sort(byUpdateTime);
	}

	/** Records with start <= updateTime <= end that pass `filter`, ascending, at most `limit`. */
	query(
		start: string,
		end: string,
		limit: number,
		filter?: (r: ServiceRecord) => boolean,
	): ServiceRecord[] {
		const out: ServiceRecord[] = [];
		const records = this.records;
		for (let i = this.firstAtOrAfter(start); i < records.length && out.length < limit; i++) {
			const r = records[i];
			if (r.updateTime > end) break;
			if (!filter || filter(r)) out.push(r);
		}
		return out;
	}

	all(): readonly ServiceRecord[] {
		return this.records;
	}

	private firstAtOrAfter(time: string): number {
		let lo = 0;
		let hi = this.records.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.records[mid].updateTime < time) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}
}

function byUpdateTime(a: ServiceRecord, b: ServiceRecord): number {
	return a.updateTime < b.updateTime ? -1 : a.updateTime > b.updateTime ? 1 : 0;
}

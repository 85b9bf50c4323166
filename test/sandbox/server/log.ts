import type { LogEntry, LogQuery } from '../types';

/** Every API request the sandbox answered (control requests excluded), newest last, bounded. */
export class RequestLog {
	private entries: LogEntry[] = [];
	private seq = 0;

	constructor(private readonly maxEntries: number) {}

	push(entry: Omit<LogEntry, 'seq'>): LogEntry {
		const logged = { seq: ++this.seq, ...entry } as LogEntry;
		this.entries.push(logged);
		// Trim in chunks so that a full log costs O(1) per request, not a shift of the whole array.
		if (this.entries.length > this.maxEntries + Math.ceil(this.maxEntries / 10)) {
			this.entries = this.entries.slice(this.entries.length - this.maxEntries);
		}
		return logged;
	}

	query(q: LogQuery): LogEntry[] {
		const start = this.entries.length - Math.min(this.entries.length, this.maxEntries);
		return this.entries
			.slice(start)
			.filter(
				(e) =>
					(q.appId === undefined || e.appId === q.appId) &&
					(q.pathContains === undefined || e.path.includes(q.pathContains)) &&
					(q.sinceSeq === undefined || e.seq > q.sinceSeq),
			);
	}

	/** Forgets the entries; sequence numbers keep growing so that `sinceSeq` stays meaningful. */
	clear(): void {
		this.entries = [];
	}
}

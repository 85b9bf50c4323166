/**
 * "Fetch Test Event": the newest matching record of each channel, in at most two requests per
 * channel and without touching the state. The API returns the oldest records of a window first,
 * so the second request, when needed, narrows the window to the newest records the first one
 * suggests (by the rate it saw) or, when the last hour was empty, looks back a week.
 */
import { secondsToWall, wallRange, wallToSeconds } from '../ContactCenter/api/time';
import type { Channel } from '../ContactCenter/api/serviceRecords';
import { API_CLOCK_TOLERANCE_SECONDS, type EmittedRecord, type ServiceRecordLike } from './poll';

const HOUR = 3600;
const WEEK = 7 * 86_400;

interface SampleInput<R> {
	channels: readonly Channel[];
	events: readonly string[];
	nowMs: number;
	zone: string;
	query: (channel: Channel, start: string, end: string, limit: number) => Promise<R[]>;
	pageSize?: number;
}

export async function sampleRecords<R extends ServiceRecordLike>(
	input: SampleInput<R>,
): Promise<{ emitted: Array<EmittedRecord<R>>; requests: number }> {
	const cap = input.pageSize ?? 1000;
	const events = new Set(input.events);
	const nowS = Math.floor(input.nowMs / 1000);
	const wallOf = (from: number, to: number) => wallRange(from, to, input.zone);
	const end = secondsToWall(wallOf(nowS, nowS + API_CLOCK_TOLERANCE_SECONDS).high);
	const out: Array<EmittedRecord<R>> = [];
	let requests = 0;
	const newestOf = (records: R[]) => {
		for (let i = records.length - 1; i >= 0; i--)
			if (events.has(String(records[i].pushType))) return records[i];
		return undefined;
	};
	for (const channel of input.channels) {
		const hourStart = secondsToWall(wallOf(nowS - HOUR, nowS).low);
		const first = await input.query(channel, hourStart, end, cap);
		requests++;
		let latest = newestOf(first);
		if (first.length >= cap) {
			// More than a page in the last hour: read the newest part, sized by the rate the page showed.
			const a = wallToSeconds(String(first[0].updateTime)) ?? 0;
			const b = wallToSeconds(String(first[first.length - 1].updateTime)) ?? a;
			const span = Math.max(1, Math.floor(((b - a + 1) * cap) / (2 * first.length)));
			const nowWall = wallOf(nowS, nowS).low;
			const from = secondsToWall(Math.max(b, nowWall - span));
			const second = await input.query(channel, from, end, cap);
			requests++;
			latest = newestOf(second) ?? latest;
		} else if (!latest) {
			const weekStart = secondsToWall(wallOf(nowS - WEEK, nowS).low);
			const before = secondsToWall((wallToSeconds(hourStart) as number) - 1);
			const older = await input.query(channel, weekStart, before, cap);
			requests++;
			latest = newestOf(older);
		}
		if (latest) out.push({ channel, record: latest, time: String(latest.updateTime) });
	}
	out.sort((x, y) => (x.time < y.time ? -1 : x.time > y.time ? 1 : 0));
	return { emitted: out, requests };
}

/**
 * The API's times carry no zone (`yyyy-MM-dd HH:mm:ss`, in the tenant's zone). These pure
 * functions convert between them and instants, with Intl only (no runtime dependencies).
 */

export const API_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const API_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONED_INPUT =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(zone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(zone, formatter);
	}
	return formatter;
}

interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

function wallClock(epochMs: number, zone: string): WallClock {
	const parts: Record<string, number> = {};
	for (const part of formatterFor(zone).formatToParts(new Date(epochMs))) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value);
	}
	return {
		year: parts.year,
		month: parts.month,
		day: parts.day,
		hour: parts.hour === 24 ? 0 : parts.hour,
		minute: parts.minute,
		second: parts.second,
	};
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant rendered as the API's `yyyy-MM-dd HH:mm:ss` in the given zone (seconds truncated). */
export function formatApiTime(epochMs: number, zone: string): string {
	const w = wallClock(epochMs, zone);
	return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

export function formatApiDate(epochMs: number, zone: string): string {
	return formatApiTime(epochMs, zone).slice(0, 10);
}

/** Offset of the zone from UTC at that instant, in milliseconds. */
function zoneOffsetMs(epochMs: number, zone: string): number {
	const w = wallClock(epochMs, zone);
	const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
	return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a zone: for a time shown twice (a fall-back), the earlier;
 * for a time never shown (a spring-forward gap), the time read with the offset before the gap.
 */
export function wallClockToEpoch(w: WallClock, zone: string, millis = 0): number {
	const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, millis);
	const before = asUtc - zoneOffsetMs(asUtc - 86_400_000, zone);
	const after = asUtc - zoneOffsetMs(asUtc + 86_400_000, zone);
	const shows = (t: number) => t + zoneOffsetMs(t, zone) === asUtc;
	const valid = [before, after].filter(shows);
	return valid.length > 0 ? Math.min(...valid) : before;
}

/** Parse an API time (`yyyy-MM-dd HH:mm:ss`, in `zone`) to epoch milliseconds; undefined when malformed. */
export function parseApiTime(text: string, zone: string): number | undefined {
	const m = API_TIME_PATTERN.exec(text);
	if (!m) return undefined;
	const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
	if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
		return undefined;
	return wallClockToEpoch({ year, month, day, hour, minute, second }, zone);
}

export type DateInput =
	| string
	| number
	| Date
	| { toISO?: () => string | null; toMillis?: () => number };

/**
 * An n8n date-time value (ISO text with or without offset, a Date, a Luxon DateTime, epoch ms)
 * to epoch milliseconds. Text without an offset is wall-clock time in `inputZone`
 * (the workflow's time zone, as n8n reads date-time fields).
 */
export function toEpochMs(value: DateInput, inputZone: string): number | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'object' && value !== null) {
		if (typeof value.toMillis === 'function') return value.toMillis();
		if (typeof value.toISO === 'function') return toEpochMs(value.toISO() ?? '', inputZone);
		return undefined;
	}
	const m = ZONED_INPUT.exec(String(value).trim());
	if (!m) return undefined;
	const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const hour = Number(m[4] ?? 0);
	const minute = Number(m[5] ?? 0);
	const second = Number(m[6] ?? 0);
	const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
	if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
		return undefined;
	const offset = m[8];
	if (!offset)
		return wallClockToEpoch({ year, month, day, hour, minute, second }, inputZone, millis);
	const base = Date.UTC(year, month - 1, day, hour, minute, second, millis);
	if (offset.toUpperCase() === 'Z') return base;
	const sign = offset[0] === '-' ? -1 : 1;
	const digits = offset.slice(1).replace(':', '');
	return base - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

/** An n8n date-time value converted to the API's zone-less form in the API's zone. */
export function toApiTime(
	value: DateInput,
	inputZone: string,
	apiZone: string,
): string | undefined {
	const epoch = toEpochMs(value, inputZone);
	return epoch === undefined ? undefined : formatApiTime(epoch, apiZone);
}

// ---- wall-clock arithmetic on the API's zone-less `yyyy-MM-dd HH:mm:ss` ----------------------
// A wall time is handled as "wall seconds": the seconds since 1970 of that wall clock read as UTC.
// The API orders records by this text, so windows are walked in wall seconds; real instants are
// turned into wall seconds (and back) only through the zone rules below.

const dateUtc = Date.UTC;

function daysInMonth(year: number, month: number): number {
	if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The number written by the `length` digits of `text` at `at`, or -1 when one is not a digit. */
function digitsAt(text: string, at: number, length: number): number {
	let value = 0;
	for (let i = at; i < at + length; i++) {
		const digit = text.charCodeAt(i) - 48;
		if (digit < 0 || digit > 9) return -1;
		value = value * 10 + digit;
	}
	return value;
}

/**
 * Wall seconds of an API time; undefined when it is not a real `yyyy-MM-dd HH:mm:ss`. Read digit by
 * digit, allocating nothing: the trigger and Get Many call it for every record (a 100,000-record
 * drain allocated about 120 MB in a RegExp match per record before).
 */
export function wallToSeconds(time: string): number | undefined {
	if (
		time.length !== 19 ||
		time.charCodeAt(4) !== 45 || // -
		time.charCodeAt(7) !== 45 ||
		time.charCodeAt(10) !== 32 || // space
		time.charCodeAt(13) !== 58 || // :
		time.charCodeAt(16) !== 58
	)
		return undefined;
	const year = digitsAt(time, 0, 4);
	const month = digitsAt(time, 5, 2);
	const day = digitsAt(time, 8, 2);
	const hour = digitsAt(time, 11, 2);
	const minute = digitsAt(time, 14, 2);
	const second = digitsAt(time, 17, 2);
	if (
		year < 0 ||
		month < 1 ||
		month > 12 ||
		day < 1 ||
		day > daysInMonth(year, month) ||
		hour < 0 ||
		hour > 23 ||
		minute < 0 ||
		minute > 59 ||
		second < 0 ||
		second > 59
	)
		return undefined;
	return dateUtc(year, month - 1, day, hour, minute, second) / 1000;
}

export function secondsToWall(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function isWallTime(value: unknown): value is string {
	return typeof value === 'string' && wallToSeconds(value) !== undefined;
}

/** Wall seconds of an API time; throws when it is not one. */
export function wallSecondsOf(time: string): number {
	const seconds = wallToSeconds(time);
	if (seconds === undefined) throw new Error(`not an API time: ${time}`);
	return seconds;
}

/** `time` moved by whole seconds of wall clock (no zone rules: the API's own ordering). */
export function shiftWall(time: string, seconds: number): string {
	return secondsToWall(wallSecondsOf(time) + seconds);
}

/** The wall-clock second after an API time. */
export function nextWallSecond(time: string): string {
	return shiftWall(time, 1);
}

/** Wall seconds of the instant `epochSeconds` on the clocks of `zone`. */
export function wallAt(epochSeconds: number, zone: string): number {
	return epochSeconds + zoneOffsetMs(epochSeconds * 1000, zone) / 1000;
}

/** The earliest instant (epoch seconds) whose wall clock in `zone` shows `time` (or, in a gap, the instant it names). */
export function instantOfWall(time: string, zone: string): number {
	const epoch = parseApiTime(time, zone);
	if (epoch === undefined) throw new Error(`not an API time: ${time}`);
	return Math.floor(epoch / 1000);
}

const DAY_SECONDS = 86_400;

/**
 * The lowest and highest wall second shown in `zone` at any instant of [from, to] (epoch seconds).
 * Wall time runs with real time except at transitions: a fall-back shows an hour of wall times
 * again, so the lowest may lie after `from`, and the highest before `to`.
 */
export function wallRange(from: number, to: number, zone: string): { low: number; high: number } {
	let low = wallAt(from, zone);
	let high = wallAt(to, zone);
	if (to < from) return { low, high: low };
	// Zones change offset at most a few times a year: sampling once a day finds every change.
	let previous = from;
	let previousOffset = low - from;
	for (let t = Math.min(from + DAY_SECONDS, to); ; t = Math.min(t + DAY_SECONDS, to)) {
		const offset = wallAt(t, zone) - t;
		if (offset !== previousOffset) {
			// Find the first second with the new offset.
			let a = previous;
			let b = t;
			while (b - a > 1) {
				const mid = Math.floor((a + b) / 2);
				if (wallAt(mid, zone) - mid === previousOffset) a = mid;
				else b = mid;
			}
			const before = wallAt(b - 1, zone);
			const after = wallAt(b, zone);
			if (after < before) {
				low = Math.min(low, after);
				high = Math.max(high, before);
			}
			// Two changes within one day (never seen in tz data) would be found as one; keep searching after it.
			previous = b;
			previousOffset = after - b;
			if (b < t) {
				t = b;
				continue;
			}
		} else {
			previous = t;
		}
		if (t >= to) break;
	}
	return { low, high };
}

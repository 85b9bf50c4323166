// Times as the API writes them: zone-less `yyyy-MM-dd HH:mm:ss` wall-clock strings in the tenant's zone.
// Internally a wall-clock time is "wall seconds": the seconds since 1970 of that wall clock read as UTC,
// so ordering, arithmetic and formatting need no zone rules; Intl converts real instants into it.

import { attempt } from './validate';

// A date, and a time of day after a space: parseWall needs it, parseWallDate refuses it.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastConversion = new Map<string, { second: number; wall: number }>();

function formatter(zone: string): Intl.DateTimeFormat {
	let f = formatters.get(zone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		});
		formatters.set(zone, f);
	}
	return f;
}

export function isValidTimeZone(zone: string): boolean {
	return attempt(() => formatter(zone) !== undefined, false);
}

/** Wall seconds of the instant `epochMs` on the clocks of `zone`. */
export function zonedWallSeconds(epochMs: number, zone: string): number {
	const second = Math.floor(epochMs / 1000);
	const cached = lastConversion.get(zone);
	if (cached && cached.second === second) return cached.wall;
	const parts: Record<string, number> = {};
	for (const p of formatter(zone).formatToParts(new Date(second * 1000))) {
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	}
	const wall =
		Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second) /
		1000;
	lastConversion.set(zone, { second, wall });
	return wall;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));
let cachedDay = NaN;
let cachedDate = '';

/** `yyyy-MM-dd` of a day number (days since 1970-01-01); the last one is cached (bulk formatting is sorted). */
function dateOfDay(day: number): string {
	if (day !== cachedDay) {
		const d = new Date(day * 86400_000);
		cachedDate = `${String(d.getUTCFullYear()).padStart(4, '0')}-${TWO_DIGITS[d.getUTCMonth() + 1]}-${TWO_DIGITS[d.getUTCDate()]}`;
		cachedDay = day;
	}
	return cachedDate;
}

function formatWith(wallSeconds: number, separator: string): string {
	const day = Math.floor(wallSeconds / 86400);
	const secondOfDay = wallSeconds - day * 86400;
	const h = Math.floor(secondOfDay / 3600);
	const m = Math.floor((secondOfDay % 3600) / 60);
	return `${dateOfDay(day)}${separator}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[secondOfDay % 60]}`;
}

/** `yyyy-MM-dd HH:mm:ss` */
export function formatWall(wallSeconds: number): string {
	return formatWith(wallSeconds, ' ');
}

/** `yyyy-MM-ddTHH:mm:ss`, the form the API uses for `lastExecutedTime`. */
export function formatWallIso(wallSeconds: number): string {
	return formatWith(wallSeconds, 'T');
}

function calendarSeconds(text: unknown, withTime: boolean): number | null {
	const m = typeof text === 'string' ? DATE_TIME.exec(text) : null;
	if (!m || (m[4] !== undefined) !== withTime) return null;
	const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
	const date = new Date(0);
	date.setUTCFullYear(y, mo - 1, d); // unlike Date.UTC, does not read years 0..99 as 1900..1999
	date.setUTCHours(h, mi, s, 0);
	// 2024-02-30 rolls over into March; a real calendar date reads back the same day.
	if (date.getUTCDate() !== d) return null;
	return date.getTime() / 1000;
}

/** Wall seconds of a strict `yyyy-MM-dd HH:mm:ss` string; null when the string is not one. */
export function parseWall(text: unknown): number | null {
	return calendarSeconds(text, true);
}

/** Wall seconds of midnight of a strict `yyyy-MM-dd` string; null when the string is not one. */
export function parseWallDate(text: unknown): number | null {
	return calendarSeconds(text, false);
}

/** The server clock: real time shifted by an offset that tests control. */
export class Clock {
	offsetSeconds = 0;
	/** When set, "now" stands still at this instant (ms since 1970) and the offset is ignored. */
	frozenAtMs: number | null = null;

	nowMs(): number {
		return this.frozenAtMs ?? Date.now() + this.offsetSeconds * 1000;
	}

	reset(): void {
		this.offsetSeconds = 0;
		this.frozenAtMs = null;
	}

	nowSeconds(): number {
		return Math.floor(this.nowMs() / 1000);
	}

	/** Wall seconds of "now" in `zone`. */
	wallNow(zone: string): number {
		return zonedWallSeconds(this.nowMs(), zone);
	}
}

/**
 * The ids the trigger has emitted, as compact fixed-size keys grouped by the wall second of the
 * record's `updateTime`. A record is only ever compared with the keys of its own second, so a
 * 48-bit key (8 base64url characters) confuses two ids of one second with probability
 * n × 2^-48 for n ids in that second (about 3.6e-14 per record at 10 records a second).
 */
import { wallSecondsOf as wallSeconds } from '../ContactCenter/api/time';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KEY_LENGTH = 8;
const imul = Math.imul;

/** The key the state remembers for a record identity: the low 48 bits of a 64-bit digest, little-endian in base64url. */
export function idKey(id: string): string {
	let h1 = 0xdeadbeef ^ id.length;
	let h2 = 0x41c6ce57 ^ id.length;
	for (let i = 0; i < id.length; i++) {
		const c = id.charCodeAt(i);
		h1 = imul(h1 ^ c, 2654435761);
		h2 = imul(h2 ^ c, 1597334677);
	}
	h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
	let hi = h1 >>> 0;
	let lo = h2 >>> 0;
	let out = '';
	for (let i = 0; i < KEY_LENGTH; i++) {
		out += DIGITS[lo & 63];
		lo = ((lo >>> 6) | ((hi & 63) << 26)) >>> 0;
		hi >>>= 6;
	}
	return out;
}

/** Ids remembered per second, in memory; seconds are wall seconds (see api/time.ts). */
export class SeenIds {
	private readonly bySecond = new Map<number, Set<string>>();
	private count = 0;

	get size(): number {
		return this.count;
	}

	has(time: string, key: string): boolean {
		return this.bySecond.get(wallSeconds(time))?.has(key) ?? false;
	}

	add(time: string, key: string): void {
		this.addAt(wallSeconds(time), key);
	}

	private addAt(second: number, key: string): void {
		let set = this.bySecond.get(second);
		if (!set) {
			set = new Set();
			this.bySecond.set(second, set);
		}
		if (set.has(key)) return;
		set.add(key);
		this.count++;
	}

	/** Wall seconds held, ascending. */
	seconds(): number[] {
		return [...this.bySecond.keys()].sort((a, b) => a - b);
	}

	/** Forget every second before `time`. */
	dropBefore(time: string): void {
		const limit = wallSeconds(time);
		for (const [second, set] of this.bySecond) {
			if (second < limit) {
				this.count -= set.size;
				this.bySecond.delete(second);
			}
		}
	}

	/**
	 * Per second, ascending, space separated: `<seconds after the previous second (the first:
	 * after base), base 36>:<keys, 8 characters each>`.
	 */
	encode(base: string): string {
		let previous = wallSeconds(base);
		const parts: string[] = [];
		for (const second of this.seconds()) {
			parts.push(
				`${(second - previous).toString(36)}:${[...(this.bySecond.get(second) as Set<string>)].join('')}`,
			);
			previous = second;
		}
		return parts.join(' ');
	}

	/**
	 * For each held second (ascending): the characters `encode` takes when the seconds before it are
	 * forgotten (an upper bound: the first entry's delta is counted as 6 digits).
	 */
	sizesFrom(): Array<[number, number]> {
		const seconds = this.seconds();
		const keysAt = (i: number) => (this.bySecond.get(seconds[i]) as Set<string>).size * KEY_LENGTH;
		const out = new Array<[number, number]>(seconds.length);
		let rest = 0; // entries after i, each with its separator
		for (let i = seconds.length - 1; i >= 0; i--) {
			out[i] = [seconds[i], 6 + 1 + keysAt(i) + rest];
			if (i > 0) rest += 1 + (seconds[i] - seconds[i - 1]).toString(36).length + 1 + keysAt(i);
		}
		return out;
	}

	static decode(text: string, base: string): SeenIds {
		const seen = new SeenIds();
		if (!text) return seen;
		let second = wallSeconds(base);
		for (const entry of text.split(' ')) {
			const colon = entry.indexOf(':');
			const delta = colon < 1 ? NaN : parseInt(entry.slice(0, colon), 36);
			const keys = entry.slice(colon + 1);
			if (
				!Number.isFinite(delta) ||
				delta < 0 ||
				keys.length === 0 ||
				keys.length % KEY_LENGTH !== 0
			) {
				throw new Error(`malformed seen entry: ${entry.slice(0, 40)}`);
			}
			second += delta;
			for (let i = 0; i < keys.length; i += KEY_LENGTH)
				seen.addAt(second, keys.slice(i, i + KEY_LENGTH));
		}
		return seen;
	}
}

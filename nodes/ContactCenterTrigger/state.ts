/**
 * The trigger's state in the node's static data, and its reading: the trigger reads only the format
 * it writes (STATE_VERSION); anything else is unreadable and starts again as on first activation.
 */
import { isWallTime } from '../ContactCenter/helpers/time';
import { isRecord } from '../ContactCenter/helpers/values';
import { CHANNELS, type Channel } from '../ContactCenter/api/serviceRecords';
import { SeenIds } from './seenIds';

export const STATE_VERSION = 2;

export interface ChannelState {
	/** n8n's clock (epoch seconds) when the last successful poll of this channel ran. */
	through: number;
	/** The newest `updateTime` read (or the starting point). */
	mark: string;
	/** `seen` holds every id emitted with an `updateTime` at or after it; no query starts before it. */
	floor: string;
	/** While a backlog drains: the next poll continues here. */
	resume?: string;
	/** Set when the state limit forced `floor` up; records older than it can no longer be caught. */
	cut?: string;
	/** Keys of the ids emitted at or after `floor`, per second (see SeenIds.encode). */
	seen: string;
}

export interface Origin {
	/** The Start From parameter as written (an expression stays unevaluated). */
	raw: string;
	/** The instant it denoted when the state started there, epoch milliseconds. */
	at: number;
}

export interface TriggerState<C extends string = Channel> {
	version: typeof STATE_VERSION;
	/** The Start From the state started at, if any. */
	origin?: Origin;
	channels: Partial<Record<C, ChannelState>>;
}

function readChannel(value: unknown): ChannelState | undefined {
	if (!isRecord(value)) return undefined;
	const { through, mark, floor, resume, cut, seen } = value;
	if (typeof through !== 'number' || !Number.isFinite(through)) return undefined;
	if (!isWallTime(mark) || !isWallTime(floor) || typeof seen !== 'string') return undefined;
	if (resume !== undefined && !isWallTime(resume)) return undefined;
	if (cut !== undefined && !isWallTime(cut)) return undefined;
	try {
		SeenIds.decode(seen, floor);
	} catch {
		return undefined;
	}
	return {
		through,
		mark,
		floor,
		seen,
		...(resume !== undefined ? { resume } : {}),
		...(cut !== undefined ? { cut } : {}),
	};
}

/** The stored Start From, when it is whole: its text and the instant it denoted. */
export function readOrigin(value: unknown): Origin | undefined {
	if (!isRecord(value) || typeof value.raw !== 'string') return undefined;
	const { raw, at } = value;
	return typeof at === 'number' && Number.isFinite(at) ? { raw, at } : undefined;
}

/**
 * The state as stored, validated; channels whose part is unreadable are left out (they start again
 * as on first activation) and listed in `invalid`.
 */
export function readState<C extends string = Channel>(
	value: unknown,
	options: { channels?: readonly C[] } = {},
): { state?: TriggerState<C>; invalid: string[] } {
	if (!isRecord(value)) return { invalid: value === undefined ? [] : ['state'] };
	if (value.version !== STATE_VERSION || !isRecord(value.channels)) return { invalid: ['state'] };
	const invalid: string[] = [];
	const channels: Partial<Record<C, ChannelState>> = {};
	for (const channel of options.channels ?? (CHANNELS as readonly string[] as readonly C[])) {
		const raw = value.channels[channel];
		if (raw === undefined) continue;
		const cursor = readChannel(raw);
		if (cursor) channels[channel] = cursor;
		else invalid.push(channel);
	}
	const origin = readOrigin(value.origin);
	return { state: { version: STATE_VERSION, ...(origin ? { origin } : {}), channels }, invalid };
}

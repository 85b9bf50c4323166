/**
 * The trigger's state in the node's static data, and its reading: the trigger reads only the format
 * it writes (STATE_VERSION); anything else is unreadable and starts again as on first activation.
 */
import { isWallTime } from '../ContactCenter/api/time';
import { isRecord } from '../ContactCenter/input/values';
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

/** A channel whose query failed on the last polls (Channel All: the other channel goes on meanwhile). */
export interface ChannelFailure {
	/** Polls in a row on which its query failed. */
	count: number;
	/** n8n's clock (epoch milliseconds) at the first of them. */
	since: number;
	/** The last error's message. */
	error: string;
	/** n8n's clock (epoch milliseconds) at the last of them that was counted here. */
	at: number;
	/** The time between two polls (milliseconds), as last measured: tells a poll that failed on purpose after a restart. */
	every?: number;
}

export interface TriggerState<C extends string = Channel> {
	version: typeof STATE_VERSION;
	/** The Start From the state started at, if any. */
	origin?: Origin;
	channels: Partial<Record<C, ChannelState>>;
	/** Channels failing now (only with more than one channel); a channel that succeeds leaves it. */
	failures?: Partial<Record<C, ChannelFailure>>;
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

function readFailure(value: unknown): ChannelFailure | undefined {
	if (!isRecord(value)) return undefined;
	const { count, since, error, at, every } = value;
	const time = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return undefined;
	if (!time(since) || !time(at) || typeof error !== 'string') return undefined;
	if (every !== undefined && !time(every)) return undefined;
	return { count, since, error, at, ...(every !== undefined ? { every } : {}) };
}

/** The stored failures of these channels; an unreadable one is left out (its count starts again). */
export function readFailures<C extends string>(
	value: unknown,
	channels: readonly C[],
): Partial<Record<C, ChannelFailure>> | undefined {
	if (!isRecord(value)) return undefined;
	const failures: Partial<Record<C, ChannelFailure>> = {};
	for (const channel of channels) {
		const failure = readFailure(value[channel]);
		if (failure) failures[channel] = failure;
	}
	return Object.keys(failures).length > 0 ? failures : undefined;
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
	const failures = readFailures(
		value.failures,
		options.channels ?? (CHANNELS as readonly string[] as readonly C[]),
	);
	return {
		state: {
			version: STATE_VERSION,
			...(origin ? { origin } : {}),
			channels,
			...(failures ? { failures } : {}),
		},
		invalid,
	};
}

/**
 * The trigger's state in the node's static data, and the reading of older versions. Version 1
 * (wall-clock marks, 64-bit keys) is migrated without loss or duplication: its keys keep their
 * low 48 bits (this version's keys), its drain position is kept, and its `sweepFrom` becomes a
 * look-back that reaches back to it.
 */
import { instantOfWall, isWallTime } from '../ContactCenter/helpers/time';
import { isRecord } from '../ContactCenter/helpers/values';
import { CHANNELS, type Channel } from '../ContactCenter/api/serviceRecords';
import { SeenIds, V1_KEY_LENGTH } from './seenIds';

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
	/** The Start From parameter as written (an expression stays unevaluated); absent after a migration. */
	raw?: string;
	/** The instant it denoted when the state started there, epoch milliseconds. */
	at: number;
}

export interface TriggerState<C extends string = Channel> {
	version: typeof STATE_VERSION;
	/** The Start From the state started at, if any. */
	origin?: Origin;
	channels: Partial<Record<C, ChannelState>>;
}

function readV2Channel(value: unknown): ChannelState | undefined {
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

function readV1Channel(
	value: unknown,
	zone: string,
	lookbackSeconds: number,
): ChannelState | undefined {
	if (!isRecord(value)) return undefined;
	const { mark, floor, resume, sweepFrom, seen } = value;
	if (!isWallTime(mark) || !isWallTime(floor) || typeof seen !== 'string') return undefined;
	if (resume !== undefined && !isWallTime(resume)) return undefined;
	if (sweepFrom !== undefined && !isWallTime(sweepFrom)) return undefined;
	let ids: SeenIds;
	try {
		ids = SeenIds.decode(seen, floor, V1_KEY_LENGTH);
	} catch {
		return undefined;
	}
	// Version 1 looked back from its mark; a drain that just ended swept from `sweepFrom`.
	let through = instantOfWall(mark, zone);
	if (sweepFrom !== undefined)
		through = Math.min(through, instantOfWall(sweepFrom, zone) + lookbackSeconds);
	return {
		through,
		mark,
		floor,
		seen: ids.encode(floor),
		...(resume !== undefined ? { resume } : {}),
	};
}

/**
 * The state as stored, validated (and migrated from version 1); channels whose part is unreadable
 * are left out (they start again as on first activation) and listed in `invalid`.
 */
export function readState<C extends string = Channel>(
	value: unknown,
	options: { zone: string; lookbackSeconds: number; channels?: readonly C[] },
): { state?: TriggerState<C>; invalid: string[]; migrated: boolean } {
	if (!isRecord(value)) return { invalid: value === undefined ? [] : ['state'], migrated: false };
	// Version 1 only ever held service records.
	const v1 = value.version === 1 && options.channels === undefined;
	if ((!v1 && value.version !== STATE_VERSION) || !isRecord(value.channels))
		return { invalid: ['state'], migrated: false };
	const invalid: string[] = [];
	const channels: Partial<Record<C, ChannelState>> = {};
	for (const channel of options.channels ?? (CHANNELS as readonly string[] as readonly C[])) {
		const raw = value.channels[channel];
		if (raw === undefined) continue;
		const cursor = v1
			? readV1Channel(raw, options.zone, options.lookbackSeconds)
			: readV2Channel(raw);
		if (cursor) channels[channel] = cursor;
		else invalid.push(channel);
	}
	let origin: Origin | undefined;
	if (v1) {
		if (isWallTime(value.startFrom))
			origin = { at: instantOfWall(value.startFrom, options.zone) * 1000 };
	} else if (
		isRecord(value.origin) &&
		typeof value.origin.at === 'number' &&
		Number.isFinite(value.origin.at)
	) {
		origin = {
			at: value.origin.at,
			...(typeof value.origin.raw === 'string' ? { raw: value.origin.raw } : {}),
		};
	}
	return {
		state: { version: STATE_VERSION, ...(origin ? { origin } : {}), channels },
		invalid,
		migrated: v1,
	};
}

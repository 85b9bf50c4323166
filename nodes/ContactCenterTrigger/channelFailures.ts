/**
 * Channel All: one channel's query failing does not hold back the other. Pure bookkeeping of the
 * failing channels (polls in a row, since when, the last error) and the words the user reads. The
 * n8n side (serviceRecordKind.ts) decides from it whether the poll goes on or fails.
 */
import type { Channel } from '../ContactCenter/api/serviceRecords';
import type { ChannelFailure } from './state';

export const DEFAULT_FAIL_AFTER_POLLS = 3;
export const MAX_FAIL_AFTER_POLLS = 1000;
/** Longest error text kept in the state. */
const ERROR_CHARS = 300;

export type Failures = Partial<Record<Channel, ChannelFailure>>;

export interface FailureTally {
	/** The failing channels after this poll (channels that succeeded have left). */
	failures: Failures;
	/** Channels that failed on this poll, with their count so far. */
	failing: Array<{ channel: Channel } & ChannelFailure>;
	/** Those of them that reached the threshold. */
	due: Array<{ channel: Channel } & ChannelFailure>;
	/** Channels that succeeded after failing: their records written meanwhile come now. */
	recovered: Array<{ channel: Channel } & ChannelFailure>;
}

export function channelLabel(channel: Channel): string {
	return channel === 'call' ? 'Call' : 'Online Chat';
}

/** What an error says, short enough for the state. */
export function errorText(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS - 1)}…` : text;
}

/**
 * Whether a poll failed on purpose since `stored` was saved, told by the time alone (after a restart
 * n8n's memory of it is gone): more than one and a half poll intervals since the last poll counted.
 */
export function missedPoll(stored: Failures | undefined, nowMs: number): boolean {
	return Object.values(stored ?? {}).some(
		(f) => f?.every !== undefined && f.every > 0 && nowMs - f.at > 1.5 * f.every,
	);
}

/**
 * The failures after a poll of `channels` on which `failed` failed, at n8n's `nowMs`. `missed`: a
 * poll that failed on purpose came between `previous` and this one (it failed too, uncounted).
 */
export function tallyFailures(
	previous: Failures | undefined,
	failed: ReadonlyArray<{ channel: Channel; error: unknown }>,
	options: {
		channels: readonly Channel[];
		nowMs: number;
		failAfter: number;
		missed: boolean;
		/** When the previous poll that saved the state ran (epoch ms): a first failure's interval. */
		lastPollAt?: number;
	},
): FailureTally {
	const { channels, nowMs, failAfter, missed, lastPollAt } = options;
	const tally: FailureTally = { failures: {}, failing: [], due: [], recovered: [] };
	for (const channel of channels) {
		const before = previous?.[channel];
		const now = failed.find((f) => f.channel === channel);
		if (!now) {
			if (before) tally.recovered.push({ channel, ...before });
			continue;
		}
		const failure: ChannelFailure = {
			count: (before?.count ?? 0) + (before && missed ? 2 : 1),
			since: before?.since ?? nowMs,
			error: errorText(now.error),
			at: nowMs,
			...(before
				? { every: (nowMs - before.at) / (missed ? 2 : 1) }
				: lastPollAt !== undefined && lastPollAt < nowMs
					? { every: nowMs - lastPollAt }
					: {}),
		};
		tally.failures[channel] = failure;
		tally.failing.push({ channel, ...failure });
		if (failure.count >= failAfter) tally.due.push({ channel, ...failure });
	}
	return tally;
}

function others(channel: Channel, channels: readonly Channel[]): string {
	return channels
		.filter((c) => c !== channel)
		.map(channelLabel)
		.join(' and ');
}

function failedFor(f: { channel: Channel } & ChannelFailure): string {
	const polls = f.count === 1 ? '1 poll' : `${f.count} polls in a row`;
	return `the ${channelLabel(f.channel)} service-record query failed on ${polls} (since ${new Date(f.since).toISOString()}): ${f.error}`;
}

/** The warning of a poll that goes on while a channel fails. */
export function failingMessage(
	f: { channel: Channel } & ChannelFailure,
	channels: readonly Channel[],
	failAfter: number,
): string {
	return (
		`${failedFor(f)}. ${others(f.channel, channels)} records are still emitted; ` +
		`${channelLabel(f.channel)} records written meanwhile follow once its query succeeds again. ` +
		`Polls fail from ${failAfter} failed polls in a row ("Fail After Failed Polls").`
	);
}

/** The error of a poll that fails because channels failed `failAfter` times in a row. */
export function dueError(
	due: FailureTally['due'],
	channels: readonly Channel[],
	failAfter: number,
): { message: string; description: string } {
	const text = due.map(failedFor).join('; ');
	const healthy = channels.filter((c) => !due.some((d) => d.channel === c));
	const goOn =
		healthy.length > 0
			? `${healthy.map(channelLabel).join(' and ')} records are still emitted: this poll emitted nothing, and the next one emits what it held back. While this lasts, every other poll fails with this error. `
			: '';
	return {
		message: text.charAt(0).toUpperCase() + text.slice(1),
		description:
			goOn +
			`${due.map((d) => channelLabel(d.channel)).join(' and ')} records written meanwhile are emitted once the query succeeds again, each once. ` +
			`"Fail After Failed Polls" (now ${failAfter}) sets after how many failed polls in a row a channel fails the poll.`,
	};
}

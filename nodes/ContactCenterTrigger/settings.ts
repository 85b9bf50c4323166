/**
 * The trigger's settings as the user gave them, checked before any request. Start From is kept
 * both as written (an expression stays unevaluated) and as the instant it denotes: the state is
 * tied to it, so that re-evaluating an expression or changing a zone never starts over.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { inputError } from '../ContactCenter/input/validation';

import { toEpochMs, type DateInput } from '../ContactCenter/api/time';
import { EMPTY_TEXT_ONLY, isBlank, isRecord } from '../ContactCenter/input/values';
import type { Channel } from '../ContactCenter/api/serviceRecords';
import { DEFAULT_FAIL_AFTER_POLLS, MAX_FAIL_AFTER_POLLS } from './channelFailures';
import {
	readIncludeCustomer,
	type IncludeCustomer,
} from '../ContactCenter/actions/serviceRecord/includeCustomer';

const PUSH_TYPES = ['serviceNoteInsert', 'serviceNoteUpdate'] as const;
export const DEFAULT_LOOKBACK_MINUTES = 5;
export const MAX_LOOKBACK_MINUTES = 1440;
export const DEFAULT_MAX_RECORDS_PER_POLL = 5000;
export const MAX_RECORDS_PER_POLL_LIMIT = 100_000;

export interface Settings {
	channels: Channel[];
	events: string[];
	lookbackSeconds: number;
	maxRecordsPerPoll: number;
	/** Channel All: polls in a row one channel's query may fail before the poll fails. */
	failAfterPolls: number;
	/** Include Customer: the record's form field holding the customer's phone (service records). */
	includeCustomer?: IncludeCustomer;
	/** Start From: as written, and the instant (epoch ms) it denotes now, or why it denotes none. */
	startFrom?: { raw: string; at?: number; problem?: string };
}

/** Start From as written in the workflow (an expression keeps its `=` text). */
function rawStartFrom(this: IPollFunctions): unknown {
	const options = this.getNode().parameters.options;
	return isRecord(options) ? (options as IDataObject).startFrom : undefined;
}

/** Start From as written and the instant it gives now (or why it gives none); undefined when empty. */
function readStartFrom(
	this: IPollFunctions,
	value: unknown,
	workflowZone: string,
): Settings['startFrom'] {
	const raw = rawStartFrom.call(this);
	if (isBlank(raw, EMPTY_TEXT_ONLY)) return undefined;
	const written = typeof raw === 'string' ? raw : JSON.stringify(raw);
	// A date-time without an offset is wall-clock time in the workflow's zone, as n8n reads it.
	const at = isBlank(value, EMPTY_TEXT_ONLY)
		? undefined
		: toEpochMs(value as DateInput, workflowZone);
	if (at !== undefined) return { raw: written.trim(), at };
	const got = JSON.stringify(value ?? null);
	return {
		raw: written.trim(),
		problem: written.startsWith('=')
			? `"Start From" is an expression that did not give a date and time (got ${got}). It is evaluated once, when the trigger first starts: use one that gives a date-time then, e.g. {{ $now.minus({ hours: 1 }) }}, or pick a fixed date.`
			: `"Start From" is not a date and time (got ${got}). Pick a date and time, e.g. 2027-01-01T09:00:00.`,
	};
}

/**
 * The one check of Start From: one that gives no date and time stops the poll, unless the state
 * already started at it (it is evaluated once, at the first start, and not needed after).
 */
export function checkStartFrom(
	this: IPollFunctions,
	startFrom: Settings['startFrom'],
	startedThere: boolean,
): void {
	if (startFrom?.problem && !startedThere)
		throw inputError(this.getNode(), `Invalid trigger settings: ${startFrom.problem}`, {
			description: 'Nothing was read and the trigger state is unchanged.',
		});
}

function isWholeIn(value: unknown, min: number, max: number): boolean {
	return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The trigger's parameters, checked; `workflowZone` reads a Start From without an offset. */
export function readSettings(this: IPollFunctions, workflowZone: string): Settings {
	const channel = this.getNodeParameter('channel', 'all') as string;
	const events = this.getNodeParameter('events', [...PUSH_TYPES]) as string[];
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const problems: string[] = [];
	if (!['all', 'call', 'im'].includes(channel))
		problems.push(`"Channel" must be All, Call or Online Chat (got "${channel}").`);
	if (!Array.isArray(events) || events.length === 0)
		problems.push('"Events" is empty: select at least one event to trigger on.');
	else {
		const unknown = events.filter((event) => !(PUSH_TYPES as readonly string[]).includes(event));
		if (unknown.length) problems.push(`"Events" has unknown values: ${unknown.join(', ')}.`);
	}
	const lookbackMinutes = options.lookbackMinutes ?? DEFAULT_LOOKBACK_MINUTES;
	if (
		typeof lookbackMinutes !== 'number' ||
		!Number.isInteger(lookbackMinutes) ||
		lookbackMinutes < 0 ||
		lookbackMinutes > MAX_LOOKBACK_MINUTES
	) {
		problems.push(
			`"Look-Back (Minutes)" must be a whole number from 0 to ${MAX_LOOKBACK_MINUTES} (got ${JSON.stringify(lookbackMinutes)}).`,
		);
	}
	const maxRecordsPerPoll = options.maxRecordsPerPoll ?? DEFAULT_MAX_RECORDS_PER_POLL;
	if (
		typeof maxRecordsPerPoll !== 'number' ||
		!Number.isInteger(maxRecordsPerPoll) ||
		maxRecordsPerPoll < 1 ||
		maxRecordsPerPoll > MAX_RECORDS_PER_POLL_LIMIT
	) {
		problems.push(
			`"Max Records per Poll" must be a whole number from 1 to ${MAX_RECORDS_PER_POLL_LIMIT} (got ${JSON.stringify(maxRecordsPerPoll)}).`,
		);
	}
	const failAfterPolls = options.failAfterPolls ?? DEFAULT_FAIL_AFTER_POLLS;
	if (!isWholeIn(failAfterPolls, 1, MAX_FAIL_AFTER_POLLS))
		problems.push(
			`"Fail After Failed Polls" must be a whole number from 1 to ${MAX_FAIL_AFTER_POLLS} (got ${JSON.stringify(failAfterPolls)}).`,
		);
	const startFrom = readStartFrom.call(this, options.startFrom, workflowZone);
	const include = readIncludeCustomer(options);
	if (include.issue) problems.push('"Customer Phone Field" is empty: ' + include.issue.fix);
	if (problems.length > 0) {
		throw inputError(this.getNode(), `Invalid trigger settings: ${problems[0]}`, {
			description: problems.join('\n'),
		});
	}
	return {
		channels: channel === 'all' ? ['call', 'im'] : [channel as Channel],
		events,
		lookbackSeconds: (lookbackMinutes as number) * 60,
		maxRecordsPerPoll: maxRecordsPerPoll as number,
		failAfterPolls: failAfterPolls as number,
		...(startFrom ? { startFrom } : {}),
		...(include.value ? { includeCustomer: include.value } : {}),
	};
}

/**
 * A kind's Events (its own parameter, all of them by default), checked: in the order `all` lists
 * them. `choices` names them in the message for an empty selection.
 */
export function readEvents<E extends string>(
	context: IPollFunctions,
	parameter: string,
	all: readonly E[],
	choices: string,
): E[] {
	const events = context.getNodeParameter(parameter, [...all]) as unknown;
	const list = Array.isArray(events) ? events : [events];
	const unknown = list.filter((e) => !(all as readonly unknown[]).includes(e));
	if (list.length === 0 || unknown.length > 0)
		throw inputError(
			context.getNode(),
			list.length === 0
				? `Invalid trigger settings: "Events" is empty: select ${choices}.`
				: `Invalid trigger settings: "Events" has unknown values: ${unknown.map(String).join(', ')}.`,
		);
	return all.filter((e) => list.includes(e));
}

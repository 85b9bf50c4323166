/**
 * The task-creation rules of the spec as pure functions: the friendly fields of the node (weekday
 * picker, "09:00-12:00, 14:00-18:00", retry switches) to the API's `callWindowRanges` and
 * `retryStrategy`, with every broken rule reported as an Issue.
 */
import type { Checked, Issue, Read } from '../../input/issues';
import { readNumber, shown } from '../../input/parameters';
import { EMPTY_TEXT_ONLY, isBlank, splitList } from '../../input/values';
import { maxLength, required } from '../../input/validation';

/** A value in a message: text and numbers quoted as given (long text shortened), lists and objects by kind. */
const quoted = (value: unknown): string =>
	typeof value === 'string' || (typeof value === 'object' && value !== null)
		? shown(value)
		: `"${String(value)}"`;

export const TASK_NAME_MAX = 50;
export const TASK_STATUSES = ['draft', 'running', 'pause', 'done'] as const;
export const RETRY_REASONS = [
	'unreachable',
	'busy',
	'no_answer',
	'rejected',
	'voice_assistant',
	'power_off',
] as const;
export const RETRY_INTERVAL_UNITS = ['minute', 'day'] as const;

// Type aliases (not interfaces) so that they fit the transport's JSON body type.
export type CallWindowRange = {
	callWeekdays: number[];
	callTimeRanges: string[];
};

export type RetryStrategy = {
	retryEnabled: boolean;
	retryReasons: string[];
	maxRetryTimes: number | null;
	retryIntervalValue: number | null;
	retryIntervalUnit: string | null;
};

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** 1..7 from a number, a digit string or a day name ("Monday", "mon"); undefined otherwise. */
export function weekdayNumber(value: unknown): number | undefined {
	if (typeof value === 'number')
		return Number.isInteger(value) && value >= 1 && value <= 7 ? value : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	if (/^[1-7]$/.test(text)) return Number(text);
	if (text.length < 3) return undefined;
	const index = DAY_NAMES.findIndex((day) => day.startsWith(text));
	return index === -1 ? undefined : index + 1;
}

/** A list given as an array, or as text separated by commas, semicolons or new lines. */
export function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return splitList(value, 'commasSemicolonsAndLineFeeds');
	if (isBlank(value, EMPTY_TEXT_ONLY)) return [];
	return [value];
}

/** Weekdays as the API wants them: 1 (Monday) to 7 (Sunday), sorted, each once. */
export function checkWeekdays(field: string, value: unknown): Checked<number[]> {
	const days: number[] = [];
	const issues: Issue[] = [];
	const entries = listOf(value);
	if (entries.length === 0) {
		issues.push({
			field,
			problem: 'must have at least one weekday',
			fix: 'Pick the days on which the task may call.',
		});
	}
	for (const entry of entries) {
		const day = weekdayNumber(entry);
		if (day === undefined) {
			issues.push({
				field,
				problem: `has ${quoted(entry)}, which is not a weekday`,
				fix: 'Use 1 (Monday) to 7 (Sunday) or day names such as Monday.',
			});
		} else if (days.includes(day)) {
			issues.push({
				field,
				problem: `lists ${DAY_NAMES[day - 1]} (${day}) twice`,
				fix: 'List each weekday once.',
			});
		} else {
			days.push(day);
		}
	}
	return { value: days.sort((a, b) => a - b), issues };
}

const TIME_RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Time ranges as `HH:mm-HH:mm` with the end after the start, from a list or "09:00-12:00, 14:00-18:00". */
export function checkTimeRanges(field: string, value: unknown): Checked<string[]> {
	const ranges: string[] = [];
	const issues: Issue[] = [];
	const entries = listOf(value);
	if (entries.length === 0) {
		issues.push({
			field,
			problem: 'must have at least one time range',
			fix: 'Enter ranges such as 09:00-12:00, 14:00-18:00.',
		});
	}
	for (const entry of entries) {
		const text = typeof entry === 'string' ? entry.trim() : String(entry);
		const match = TIME_RANGE.exec(text);
		const [startHour, startMinute, endHour, endMinute] = match ? match.slice(1).map(Number) : [];
		if (!match || startHour > 23 || endHour > 23 || startMinute > 59 || endMinute > 59) {
			issues.push({
				field,
				problem: `has ${typeof entry === 'object' && entry !== null ? shown(entry) : shown(text)}, which is not a time range in the form HH:mm-HH:mm`,
				fix: 'Write each range as start-end in 24-hour time, e.g. 09:00-12:00 (latest end 23:59).',
			});
			continue;
		}
		if (endHour * 60 + endMinute <= startHour * 60 + startMinute) {
			issues.push({
				field,
				problem: `has "${text}", whose end is not after its start`,
				fix: 'Make the end time later than the start time.',
			});
			continue;
		}
		ranges.push(`${pad(startHour)}:${pad(startMinute)}-${pad(endHour)}:${pad(endMinute)}`);
	}
	return { value: ranges, issues };
}

/** The `callWindows` fixed collection (`{ window: [{ weekdays, timeRanges }] }`) to `callWindowRanges`. */
export function checkCallWindows(value: unknown): Checked<CallWindowRange[]> {
	const windows =
		value && typeof value === 'object' && !Array.isArray(value)
			? (value as { window?: unknown }).window
			: value;
	const list = Array.isArray(windows) ? windows : [];
	const issues: Issue[] = [];
	if (list.length === 0) {
		return {
			value: [],
			issues: [
				{
					field: 'callWindows',
					problem: 'must have at least one call window',
					fix: 'Add a call window with weekdays and time ranges.',
				},
			],
		};
	}
	const ranges = list.map((entry: unknown, index) => {
		const window =
			entry && typeof entry === 'object'
				? (entry as { weekdays?: unknown; timeRanges?: unknown })
				: {};
		const weekdays = checkWeekdays(`callWindows.window[${index}].weekdays`, window.weekdays);
		const timeRanges = checkTimeRanges(
			`callWindows.window[${index}].timeRanges`,
			window.timeRanges,
		);
		issues.push(...weekdays.issues, ...timeRanges.issues);
		return { callWeekdays: weekdays.value, callTimeRanges: timeRanges.value };
	});
	return { value: ranges, issues };
}

export interface RetryInput {
	retryEnabled?: unknown;
	retryReasons?: unknown;
	maxRetryTimes?: unknown;
	retryIntervalValue?: unknown;
	retryIntervalUnit?: unknown;
}

/** What retry off sends: the spec sample's shape (empty reasons, nulls). */
const retryOff = (): RetryStrategy => ({
	retryEnabled: false,
	retryReasons: [],
	maxRetryTimes: null,
	retryIntervalValue: null,
	retryIntervalUnit: null,
});

/** The reasons that are retried: at least one, each a known reason, none twice. */
function checkRetryReasons(value: unknown): Checked<string[]> {
	const issues: Issue[] = [];
	const rawReasons = listOf(value);
	const reasons = rawReasons.map((reason) =>
		typeof reason === 'string' ? reason.trim() : String(reason),
	);
	if (reasons.length === 0) {
		issues.push({
			field: 'retryReasons',
			problem: 'is required when retry is enabled',
			fix: 'Add "Retry Reasons" and pick at least one.',
		});
	}
	for (const [index, reason] of reasons.entries()) {
		if (!(RETRY_REASONS as readonly string[]).includes(reason)) {
			issues.push({
				field: 'retryReasons',
				problem: `has ${quoted(typeof rawReasons[index] === 'string' ? reason : rawReasons[index])}, which is not a retry reason`,
				fix: `Use only ${RETRY_REASONS.join(', ')}.`,
			});
		}
	}
	if (new Set(reasons).size !== reasons.length) {
		issues.push({
			field: 'retryReasons',
			problem: 'lists a reason twice',
			fix: 'List each reason once.',
		});
	}
	return { value: reasons, issues };
}

/**
 * Max Retry Times or Retry Interval Value: a whole number greater than 0, parsed once here
 * (numeric text from an expression, "3", becomes the number it names).
 */
function checkRetryCount(
	name: 'maxRetryTimes' | 'retryIntervalValue',
	value: unknown,
): Read<number> {
	if (isBlank(value, EMPTY_TEXT_ONLY))
		return {
			issue: {
				field: name,
				problem: 'is required when retry is enabled',
				fix: 'Add it as a whole number greater than 0.',
			},
		};
	return readNumber(name, value, { required: true, integer: true, min: 1 });
}

/** The unit of the retry interval as the API takes it: minute or day (trimmed). */
function checkRetryUnit(value: unknown): Read<string> {
	const unit = typeof value === 'string' ? value.trim() : value;
	if (isBlank(unit, EMPTY_TEXT_ONLY))
		return {
			issue: {
				field: 'retryIntervalUnit',
				problem: 'is required when retry is enabled',
				fix: 'Add it and pick minute or day.',
			},
		};
	if (!(RETRY_INTERVAL_UNITS as readonly unknown[]).includes(unit))
		return {
			issue: {
				field: 'retryIntervalUnit',
				problem: `must be minute or day (got ${quoted(unit)})`,
				fix: 'Pick minute or day.',
			},
		};
	return { value: unit as string };
}

/**
 * The retry settings to `retryStrategy`, checked and parsed: the value is what is sent (the counts
 * as numbers); off sends the spec sample's shape (empty reasons, nulls).
 */
export function checkRetry(input: RetryInput): Checked<RetryStrategy> {
	if (input.retryEnabled !== true) return { value: retryOff(), issues: [] };
	const reasons = checkRetryReasons(input.retryReasons);
	const times = checkRetryCount('maxRetryTimes', input.maxRetryTimes);
	const interval = checkRetryCount('retryIntervalValue', input.retryIntervalValue);
	const unit = checkRetryUnit(input.retryIntervalUnit);
	const issues = [...reasons.issues, times.issue, interval.issue, unit.issue];
	return {
		value: {
			retryEnabled: true,
			retryReasons: reasons.value,
			maxRetryTimes: times.value ?? null,
			retryIntervalValue: interval.value ?? null,
			retryIntervalUnit: unit.value ?? null,
		},
		issues: issues.filter((issue): issue is Issue => issue !== undefined),
	};
}

/** A task name: required, at most 50 characters (after trimming). */
export function checkTaskName(
	field: string,
	value: unknown,
	isRequired: boolean,
): Issue | undefined {
	const text = typeof value === 'string' ? value.trim() : value;
	return (
		(isRequired ? required(field, text, 'Enter a name for the task.') : undefined) ??
		maxLength(field, text, TASK_NAME_MAX)
	);
}

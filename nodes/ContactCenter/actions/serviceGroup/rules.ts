/**
 * The rules of service groups: pure validation and request-body building for create and update, so
 * the rules are tested directly and every operation applies the same ones.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Built, Checked, Issue, JsonBodyValue, RequestBody } from '../../input/issues';
import { isRecord } from '../../input/values';
import { duplicates, listIssues, parseList } from '../../input/lists';
import { readBoolean, readId, readNumber, readRows, readText, shown } from '../../input/parameters';

export const SERVICE_GROUP_STRATEGIES = [
	'leastAnswerTimes',
	'longestAnswerTimes',
	'maxFreeTime',
	'order',
	'random',
	'rrmemory',
	'skill',
] as const;

export const LEVELS = ['1', '2', '3'] as const;

/** Settings create and update share (create adds level and parentId). */
export const INTEGER_SETTINGS = ['maxWaitLimit', 'waitTime', 'timeout'] as const;
export const BOOLEAN_SETTINGS = ['broadcastMember', 'failedNotAssigned', 'noIdleTransfer'] as const;

export interface MemberBody {
	agentNumber: string;
	weight: number;
	[key: string]: JsonBodyValue;
}

/** A whole number ≥ 0 from a number parameter (or numeric text from an expression); undefined when not one. */
export function nonNegativeInteger(value: unknown): number | undefined {
	return readNumber('value', value, { required: true, integer: true, min: 0 }).value;
}

/** The rows of the Members fixed collection (`{member: [...]}`), or an array given by an expression. */
export function memberRows(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'object' && value !== null) {
		const rows = (value as IDataObject).member;
		if (Array.isArray(rows)) return rows;
	}
	return [];
}

/** One member row: `{agentNumber, weight}` or, from data, a plain agent number (weight 1). */
function checkMember(
	field: string,
	row: unknown,
	index: number,
	fromData: boolean,
): Checked<MemberBody> {
	const issues: Issue[] = [];
	const at = fromData ? `${field} entry ${index + 1}` : `${field}[${index}]`;
	const member: IDataObject = isRecord(row)
		? (row as IDataObject)
		: { agentNumber: row as IDataObject[string], weight: 1 };
	const agentNumber = readText(fromData ? field : `${at}.agentNumber`, member.agentNumber, {
		required: true,
		fix: 'Enter the agent number of the member.',
	});
	if (agentNumber.issue)
		issues.push(
			fromData
				? {
						...agentNumber.issue,
						problem: `entry ${index + 1}: agent number ${agentNumber.issue.problem}`,
					}
				: agentNumber.issue,
		);
	const weight = readNumber(
		fromData ? field : `${at}.weight`,
		member.weight ?? (fromData ? 1 : undefined),
		{ required: true, integer: true, min: 0 },
	);
	if (weight.issue) {
		issues.push({
			...weight.issue,
			problem: fromData
				? `entry ${index + 1}: weight ${weight.issue.problem}`
				: weight.issue.problem,
			fix: 'Enter the agent priority as a number, for example 1.',
		});
	}
	return { value: { agentNumber: agentNumber.value ?? '', weight: weight.value ?? 0 }, issues };
}

/**
 * Validates member rows and returns them as the API takes them: `[{agentNumber, weight}]`. A row is
 * `{agentNumber, weight}` or, from data, a plain agent number (weight 1).
 */
export function checkMemberRows(
	field: string,
	rows: unknown[],
	fromData = false,
): Checked<MemberBody[]> {
	if (rows.length === 0) {
		return {
			value: [],
			issues: [
				{
					field,
					problem: 'needs at least one member',
					fix: fromData
						? 'Give a list of agent numbers, or a JSON array of {"agentNumber", "weight"}.'
						: 'Add a member with its agent number and weight.',
				},
			],
		};
	}
	const checked = rows.map((row, index) => checkMember(field, row, index, fromData));
	const members = checked.map((member) => member.value);
	const issues = checked.flatMap((member) => member.issues);
	const repeated = duplicates(members.map((m) => m.agentNumber).filter((a) => a !== ''));
	if (repeated.length > 0) {
		issues.push({
			field,
			problem: `lists agent ${repeated.map((a) => `"${a}"`).join(', ')} more than once`,
			fix: 'Keep one entry per agent.',
		});
	}
	return { value: members, issues };
}

/** The Members fixed collection, checked (see checkMemberRows). */
export function readMembers(field: string, value: unknown): Checked<MemberBody[]> {
	return checkMemberRows(field, memberRows(value));
}

/** Members given as data: a JSON array (of agent numbers or of {agentNumber, weight}) or a list of agent numbers. */
export function readMembersData(field: string, value: unknown): Checked<MemberBody[]> {
	const read = readRows(field, value, 'members');
	if (read.issues.length > 0) return { value: [], issues: read.issues };
	return checkMemberRows(field, read.value, true);
}

/**
 * The members of create (the `members` collection, or `membersData` when Members Input is "From
 * Data") or of update's Update Fields (`members` or `membersData`, not both).
 */
export function readMemberInput(
	source: { members?: unknown; membersData?: unknown; fromData: boolean },
	fields: { members: string; membersData: string },
): Checked<MemberBody[]> {
	return source.fromData
		? readMembersData(fields.membersData, source.membersData)
		: readMembers(fields.members, source.members);
}

/** The settings of create's Additional Fields and update's Update Fields that both share. */
function readSettings(fields: IDataObject, issues: Issue[], body: RequestBody): void {
	if ('groupLeader' in fields) {
		issues.push(...listIssues('groupLeader', fields.groupLeader, { what: 'agent numbers' }));
		body.groupLeader = parseList(fields.groupLeader);
	}
	if ('strategy' in fields) {
		const strategy = readText('strategy', fields.strategy, {
			required: true,
			fix: 'Pick a strategy from the list.',
		});
		if (strategy.issue) issues.push(strategy.issue);
		else if (!(SERVICE_GROUP_STRATEGIES as readonly string[]).includes(strategy.value ?? '')) {
			issues.push({
				field: 'strategy',
				problem: `must be one of ${SERVICE_GROUP_STRATEGIES.join(', ')} (got ${shown(fields.strategy)})`,
				fix: 'Pick a strategy from the list.',
			});
		}
		body.strategy = strategy.value;
	}
	for (const key of INTEGER_SETTINGS) {
		if (!(key in fields)) continue;
		const read = readNumber(key, fields[key], { integer: true, min: 0 });
		if (read.issue) issues.push({ ...read.issue, fix: 'Enter a non-negative whole number.' });
		body[key] = read.value;
	}
	for (const key of BOOLEAN_SETTINGS) {
		if (!(key in fields)) continue;
		const read = readBoolean(key, fields[key]);
		if (read.issue) issues.push(read.issue);
		body[key] = read.value;
	}
}

/** Create: name and members required; level 1–3 with parentId `0` for first level and a parent group for levels 2 and 3. */
export function buildCreateBody(
	name: unknown,
	members: { members?: unknown; membersData?: unknown; fromData: boolean },
	additionalFields: IDataObject,
): Built {
	const issues: Issue[] = [];
	const body: RequestBody = {};
	const groupName = readText('name', name, {
		required: true,
		fix: 'Enter a name for the service group.',
	});
	if (groupName.issue) issues.push(groupName.issue);
	body.name = groupName.value ?? '';
	const read = readMemberInput(members, { members: 'members', membersData: 'membersData' });
	issues.push(...read.issues);
	body.members = read.value;

	let level: string | undefined;
	const levelRead = readText('level', additionalFields.level);
	if (levelRead.issue) issues.push(levelRead.issue);
	if (levelRead.value !== undefined) {
		level = levelRead.value;
		if (!(LEVELS as readonly string[]).includes(level)) {
			issues.push({
				field: 'level',
				problem: `must be 1, 2 or 3 (got ${shown(additionalFields.level)})`,
				fix: 'Pick the level from the list.',
			});
		}
		body.level = level;
	}
	const parentRead = readId('parentId', additionalFields.parentId);
	if (parentRead.issue) issues.push(parentRead.issue);
	const parentId = parentRead.value ?? '';
	if (parentId) body.parentId = parentId;
	const effectiveLevel = level ?? '1';
	if (effectiveLevel === '1' && parentId && parentId !== '0') {
		issues.push({
			field: 'parentId',
			problem: `names parent group "${parentId}" but the group is first level (level ${level ? 1 : '1 by default'}), whose parent is always 0`,
			fix: 'Set Level to 2 or 3 for a sub-group, or remove Parent Group.',
		});
	}
	if ((effectiveLevel === '2' || effectiveLevel === '3') && (!parentId || parentId === '0')) {
		issues.push({
			field: 'parentId',
			problem: `is required for a level ${effectiveLevel} group`,
			fix: 'Pick the parent service group, or set Level to 1.',
		});
	}
	readSettings(additionalFields, issues, body);
	return { issues, body };
}

/** Update: queueNumber required and at least one field to change. */
export function buildUpdateBody(queueNumber: string, updateFields: IDataObject): Built {
	const issues: Issue[] = [];
	const body: RequestBody = { queueNumber };
	if (!queueNumber)
		issues.push({
			field: 'queueNumber',
			problem: 'is required',
			fix: 'Pick the service group to update.',
		});
	const keys = Object.keys(updateFields);
	if (keys.length === 0) {
		issues.push({
			field: 'updateFields',
			problem: 'is empty',
			fix: 'Add at least one field to change under Update Fields.',
		});
	}
	if ('name' in updateFields) {
		const name = readText('name', updateFields.name);
		if (name.issue) issues.push(name.issue);
		else if (name.value === undefined)
			issues.push({
				field: 'name',
				problem: 'cannot be empty',
				fix: 'Enter the new name, or remove the field.',
			});
		body.name = name.value ?? '';
	}
	if ('members' in updateFields && 'membersData' in updateFields) {
		issues.push({
			field: 'membersData',
			problem: 'is given together with Members',
			fix: 'Use either Members or Members (From Data), not both: remove one of them from Update Fields.',
		});
	} else if ('members' in updateFields || 'membersData' in updateFields) {
		const read = readMemberInput(
			{ ...updateFields, fromData: 'membersData' in updateFields },
			{ members: 'members', membersData: 'membersData' },
		);
		issues.push(...read.issues);
		body.members = read.value;
	}
	readSettings(updateFields, issues, body);
	return { issues, body };
}

/**
 * Service-group fields: pure validation and request-body building for create and update, so the
 * rules are tested directly and every operation applies the same ones.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Issue } from '../../helpers/validation';
import type { JsonBodyValue } from '../../transport/json';
import { duplicates, listIssues, locatorValue, parseList } from '../../helpers/lists';

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

export type GroupBody = { [key: string]: JsonBodyValue | undefined };

export interface Built {
	issues: Issue[];
	body: GroupBody;
}

export interface MemberBody {
	agentNumber: string;
	weight: number;
	[key: string]: JsonBodyValue;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function text(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
	return '';
}

/** A whole number ≥ 0 from a number parameter (or a numeric string from an expression); undefined when not one. */
export function nonNegativeInteger(value: unknown): number | undefined {
	const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function integerIssue(field: string, value: unknown): Issue | undefined {
	if (nonNegativeInteger(value) !== undefined) return undefined;
	return {
		field,
		problem: `must be a whole number of 0 or more (got ${JSON.stringify(value ?? null)})`,
		fix: 'Enter a non-negative whole number.',
	};
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

/** Validates the members and returns them as the API takes them: `[{agentNumber, weight}]`. */
export function readMembers(field: string, value: unknown): { issues: Issue[]; members: MemberBody[] } {
	const rows = memberRows(value);
	const issues: Issue[] = [];
	if (rows.length === 0) {
		return {
			issues: [{ field, problem: 'needs at least one member', fix: 'Add a member with its agent number and weight.' }],
			members: [],
		};
	}
	const members: MemberBody[] = [];
	rows.forEach((row, index) => {
		const at = `${field}[${index}]`;
		const member = typeof row === 'object' && row !== null ? (row as IDataObject) : {};
		const agentNumber = text(member.agentNumber);
		if (!agentNumber) issues.push({ field: `${at}.agentNumber`, problem: 'is required', fix: 'Enter the agent number of the member.' });
		const weight = nonNegativeInteger(member.weight);
		if (weight === undefined) {
			issues.push({
				field: `${at}.weight`,
				problem: `must be a whole number of 0 or more (got ${JSON.stringify(member.weight ?? null)})`,
				fix: 'Enter the agent priority as a number, for example 1.',
			});
		}
		members.push({ agentNumber, weight: weight ?? 0 });
	});
	const repeated = duplicates(members.map((m) => m.agentNumber).filter((a) => a !== ''));
	if (repeated.length > 0) {
		issues.push({
			field,
			problem: `lists agent ${repeated.map((a) => `"${a}"`).join(', ')} more than once`,
			fix: 'Keep one entry per agent.',
		});
	}
	return { issues, members };
}

/** The settings of create's Additional Fields and update's Update Fields that both share. */
function readSettings(fields: IDataObject, issues: Issue[], body: GroupBody): void {
	if ('groupLeader' in fields) {
		issues.push(...listIssues('groupLeader', fields.groupLeader, { what: 'agent numbers' }));
		body.groupLeader = parseList(fields.groupLeader);
	}
	if ('strategy' in fields) {
		const strategy = text(fields.strategy);
		if (!(SERVICE_GROUP_STRATEGIES as readonly string[]).includes(strategy)) {
			issues.push({
				field: 'strategy',
				problem: `must be one of ${SERVICE_GROUP_STRATEGIES.join(', ')} (got ${JSON.stringify(fields.strategy ?? null)})`,
				fix: 'Pick a strategy from the list.',
			});
		}
		body.strategy = strategy;
	}
	for (const key of INTEGER_SETTINGS) {
		if (!(key in fields)) continue;
		const issue = integerIssue(key, fields[key]);
		if (issue) issues.push(issue);
		body[key] = nonNegativeInteger(fields[key]);
	}
	for (const key of BOOLEAN_SETTINGS) {
		if (!(key in fields)) continue;
		const value = fields[key];
		if (typeof value !== 'boolean') {
			issues.push({ field: key, problem: `must be true or false (got ${JSON.stringify(value ?? null)})`, fix: 'Switch it on or off.' });
		}
		body[key] = value === true;
	}
}

/** Create: name and members required; level 1–3 with parentId `0` for first level and a parent group for levels 2 and 3. */
export function buildCreateBody(name: unknown, members: unknown, additionalFields: IDataObject): Built {
	const issues: Issue[] = [];
	const body: GroupBody = {};
	if (isBlank(name)) issues.push({ field: 'name', problem: 'is required', fix: 'Enter a name for the service group.' });
	body.name = text(name);
	const read = readMembers('members', members);
	issues.push(...read.issues);
	body.members = read.members;

	let level: string | undefined;
	if ('level' in additionalFields && !isBlank(additionalFields.level)) {
		level = text(additionalFields.level);
		if (!(LEVELS as readonly string[]).includes(level)) {
			issues.push({ field: 'level', problem: `must be 1, 2 or 3 (got ${JSON.stringify(additionalFields.level)})`, fix: 'Pick the level from the list.' });
		}
		body.level = level;
	}
	const parentId = 'parentId' in additionalFields ? locatorValue(additionalFields.parentId) : '';
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
	const body: GroupBody = { queueNumber };
	if (!queueNumber) issues.push({ field: 'queueNumber', problem: 'is required', fix: 'Pick the service group to update.' });
	const keys = Object.keys(updateFields);
	if (keys.length === 0) {
		issues.push({ field: 'updateFields', problem: 'is empty', fix: 'Add at least one field to change under Update Fields.' });
	}
	if ('name' in updateFields) {
		if (isBlank(updateFields.name)) issues.push({ field: 'name', problem: 'cannot be empty', fix: 'Enter the new name, or remove the field.' });
		body.name = text(updateFields.name);
	}
	if ('members' in updateFields) {
		const read = readMembers('members', updateFields.members);
		issues.push(...read.issues);
		body.members = read.members;
	}
	readSettings(updateFields, issues, body);
	return { issues, body };
}

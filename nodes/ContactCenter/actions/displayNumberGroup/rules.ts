/**
 * The rules of display number groups: pure validation and request-body building for create and
 * update.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Built, Issue, RequestBody } from '../../input/issues';
import { listIssues, parseList } from '../../input/lists';
import { readId, readText, shown, textOf } from '../../input/parameters';

/** `1` random, `2` rotating, `3` by home location of the called number. */
export const DISPLAY_STRATEGIES = ['1', '2', '3'] as const;
export const HOME_LOCATION = '3';

function strategyIssue(value: unknown): Issue | undefined {
	const read = readText('strategy', value);
	if (read.issue) return read.issue;
	if ((DISPLAY_STRATEGIES as readonly string[]).includes(read.value ?? '')) return undefined;
	return {
		field: 'strategy',
		problem: `must be 1 (random), 2 (rotating) or 3 (by home location) (got ${shown(value)})`,
		fix: 'Pick a strategy from the list.',
	};
}

/**
 * The optional fields (create's Additional Fields, update's Update Fields). On create, empty values
 * are left out; on update a field that was added is sent even when empty, which clears it.
 */
function readOptional(
	fields: IDataObject,
	strategy: string | undefined,
	mode: 'create' | 'update',
	selfId: string | undefined,
	issues: Issue[],
	body: RequestBody,
): void {
	for (const key of ['remark', 'city', 'areaCode'] as const) {
		if (!(key in fields)) continue;
		const read = readText(key, fields[key]);
		if (read.issue) issues.push(read.issue);
		const value = read.value ?? '';
		if (value || mode === 'update') body[key] = value;
	}
	if ('defaultNumberList' in fields) {
		issues.push(
			...listIssues('defaultNumberList', fields.defaultNumberList, {
				phoneNumbers: true,
				what: 'phone numbers',
			}),
		);
		const numbers = parseList(fields.defaultNumberList);
		if (numbers.length > 0 && strategy !== undefined && strategy !== HOME_LOCATION) {
			issues.push({
				field: 'defaultNumberList',
				problem: `is only used by the "By Home Location" strategy (3), but the strategy is ${strategy}`,
				fix: 'Set Strategy to By Home Location, or remove Default Number List.',
			});
		}
		if (numbers.length > 0 || mode === 'update') body.defaultNumberList = numbers;
	}
	if ('overflowGroupId' in fields) {
		const read = readId('overflowGroupId', fields.overflowGroupId);
		if (read.issue) issues.push(read.issue);
		const overflow = read.value ?? '';
		if (overflow && selfId && overflow === selfId) {
			issues.push({
				field: 'overflowGroupId',
				problem: 'is the group being updated: a group cannot overflow to itself',
				fix: 'Pick another display number group, or remove Overflow Group.',
			});
		}
		if (overflow || mode === 'update') body.overflowGroupId = overflow;
	}
}

/** Create: groupName, strategy (1–3) and numberList required. */
export function buildCreateBody(
	groupName: unknown,
	strategy: unknown,
	numberList: unknown,
	additionalFields: IDataObject,
): Built {
	const issues: Issue[] = [];
	const name = readText('groupName', groupName, {
		required: true,
		fix: 'Enter a name for the group.',
	});
	if (name.issue) issues.push(name.issue);
	const strategyIssueFound = strategyIssue(strategy);
	if (strategyIssueFound) issues.push(strategyIssueFound);
	issues.push(
		...listIssues('numberList', numberList, {
			required: true,
			phoneNumbers: true,
			what: 'phone numbers',
		}),
	);
	const body: RequestBody = {
		groupName: name.value ?? '',
		strategy: textOf(strategy),
		numberList: parseList(numberList),
	};
	readOptional(additionalFields, textOf(strategy), 'create', undefined, issues, body);
	return { issues, body };
}

/** Update: id and numberList required (the API replaces the number list); other fields only when added. */
export function buildUpdateBody(
	groupId: string,
	numberList: unknown,
	updateFields: IDataObject,
): Built {
	const issues: Issue[] = [];
	if (!groupId)
		issues.push({
			field: 'groupId',
			problem: 'is required',
			fix: 'Pick the display number group to update.',
		});
	issues.push(
		...listIssues('numberList', numberList, {
			required: true,
			phoneNumbers: true,
			what: 'phone numbers',
		}),
	);
	const body: RequestBody = { id: groupId, numberList: parseList(numberList) };
	if ('groupName' in updateFields) {
		const name = readText('groupName', updateFields.groupName);
		if (name.issue) issues.push(name.issue);
		else if (name.value === undefined)
			issues.push({
				field: 'groupName',
				problem: 'cannot be empty',
				fix: 'Enter the new name, or remove the field.',
			});
		body.groupName = name.value ?? '';
	}
	let strategy: string | undefined;
	if ('strategy' in updateFields) {
		const found = strategyIssue(updateFields.strategy);
		if (found) issues.push(found);
		strategy = textOf(updateFields.strategy);
		body.strategy = strategy;
	}
	readOptional(updateFields, strategy, 'update', groupId, issues, body);
	return { issues, body };
}

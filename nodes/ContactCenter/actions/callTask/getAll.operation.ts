import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from '../descriptions';
import { readOutput, shapeRecord } from '../output';
import { API_DATE_PATTERN, formatApiDate, toEpochMs, type DateInput } from '../../api/time';
import { assertValid } from '../../input/validation';
import type { Built, Checked, Issue, RequestBody } from '../../input/issues';
import { listVoiceRows } from '../../api/voiceInterface';
import { readZones, type Zones } from '../../transport/zones';
import { readItemLimit } from '../limit';
import { callTaskOutputProperties, simplifyCallTask } from './simplify';
import { TASK_NAME_MAX, TASK_STATUSES } from './taskRules';
import { readDateInput, readList, readText, shown } from '../../input/parameters';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	...callTaskOutputProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Created From',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description:
					"Only tasks created on or after this day. A date-time is converted to its day in the credential's time zone; a plain date (yyyy-MM-dd) is used as is.",
			},
			{
				displayName: 'Created To',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description:
					"Only tasks created on or before this day (not before Created From). A date-time is converted to its day in the credential's time zone.",
			},
			{
				displayName: 'Status',
				name: 'statusList',
				type: 'multiOptions',
				default: [],
				description: 'Only tasks in these states',
				options: [
					{ name: 'Done', value: 'done' },
					{ name: 'Draft', value: 'draft' },
					{ name: 'Paused', value: 'pause' },
					{ name: 'Running', value: 'running' },
				],
			},
			{
				displayName: 'Task Name',
				name: 'taskName',
				type: 'string',
				default: '',
				description: 'Part of the task name (fuzzy match done by the API), at most 50 characters',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['getAll'] } },
	properties,
);

interface TaskFilters {
	taskName?: string;
	startDate?: DateInput;
	endDate?: DateInput;
	statusList?: unknown;
}

/** A date filter as the API's `yyyy-MM-dd` in the API zone; a plain date is a calendar day and kept. */
export function toApiDateFilter(
	value: DateInput,
	workflowZone: string,
	apiZone: string,
): string | undefined {
	if (typeof value === 'string' && API_DATE_PATTERN.test(value.trim())) return value.trim();
	const epoch = toEpochMs(value, workflowZone);
	return epoch === undefined ? undefined : formatApiDate(epoch, apiZone);
}

/** Created From and Created To as API days (`yyyy-MM-dd` in the API zone), the end not before the start. */
function readCreatedDays(filters: TaskFilters, zones: Zones): Built {
	const issues: Issue[] = [];
	const body: RequestBody = {};
	for (const name of ['startDate', 'endDate'] as const) {
		const value = readDateInput(`filters.${name}`, filters[name]);
		if (value.issue)
			issues.push({
				...value.issue,
				problem: value.issue.problem.replace('a date and time', 'a date'),
			});
		if (value.value === undefined) continue;
		const date = toApiDateFilter(value.value as DateInput, zones.workflow, zones.api);
		if (date === undefined) {
			issues.push({
				field: `filters.${name}`,
				problem: `is not a date (got ${shown(value.value)})`,
				fix: 'Use a date such as 2026-11-22.',
			});
		} else {
			body[name] = date;
		}
	}
	const { startDate, endDate } = body;
	if (typeof startDate === 'string' && typeof endDate === 'string' && endDate < startDate) {
		issues.push({
			field: 'filters.endDate',
			problem: `must not be earlier than Created From (${endDate} is before ${startDate}, in ${zones.api})`,
			fix: 'Pick an end day on or after the start day.',
		});
	}
	return { issues, body };
}

/** Status: task states, each a known one, sent once each. */
function readStatuses(value: unknown): Checked<string[]> {
	const statusList = readList('filters.statusList', value, 'task states');
	const issues = [...statusList.issues];
	for (const status of statusList.value) {
		if (!(TASK_STATUSES as readonly string[]).includes(status)) {
			issues.push({
				field: 'filters.statusList',
				problem: `has ${shown(status)}, which is not a task state`,
				fix: `Use only ${TASK_STATUSES.join(', ')}.`,
			});
		}
	}
	return { value: [...new Set(statusList.value)], issues };
}

/** The task query's filters: a part of the name, the days created, the states. */
function readTaskQuery(filters: TaskFilters, zones: Zones): Built {
	const taskName = readText('filters.taskName', filters.taskName, { maxLength: TASK_NAME_MAX });
	const days = readCreatedDays(filters, zones);
	const statuses = readStatuses(filters.statusList);
	const body: RequestBody = {};
	if (taskName.value !== undefined) body.taskName = taskName.value;
	Object.assign(body, days.body);
	if (statuses.value.length > 0) body.statusList = statuses.value;
	const issues = [taskName.issue, ...days.issues, ...statuses.issues];
	return { issues: issues.filter((issue): issue is Issue => issue !== undefined), body };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as TaskFilters;
	const zones = await readZones.call(this);
	const query = readTaskQuery(filters, zones);
	assertValid(this.getNode(), itemIndex, query.issues);
	const tasks = await listVoiceRows.call(
		this,
		'callTasks',
		Object.keys(query.body).length
			? { query: query.body as { [key: string]: string | string[] } }
			: {},
		{ limit, itemIndex },
	);
	return tasks.map((task) => shapeRecord(task, output, simplifyCallTask));
}

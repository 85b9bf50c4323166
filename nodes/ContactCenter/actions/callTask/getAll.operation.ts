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
import type { Issue } from '../../input/issues';
import { listCallTasks } from '../../api/voiceInterface';
import { readZones } from '../../transport/zones';
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as TaskFilters;
	const zones = await readZones.call(this);
	const timezone = zones.api;
	const issues: Array<Issue | undefined> = [];
	const query: IDataObject = {};

	const taskName = readText('filters.taskName', filters.taskName, { maxLength: TASK_NAME_MAX });
	issues.push(taskName.issue);
	if (taskName.value !== undefined) query.taskName = taskName.value;

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
			query[name] = date;
		}
	}
	if (
		typeof query.startDate === 'string' &&
		typeof query.endDate === 'string' &&
		query.endDate < query.startDate
	) {
		issues.push({
			field: 'filters.endDate',
			problem: `must not be earlier than Created From (${query.endDate} is before ${query.startDate}, in ${timezone})`,
			fix: 'Pick an end day on or after the start day.',
		});
	}

	const statusList = readList('filters.statusList', filters.statusList, 'task states');
	issues.push(...statusList.issues);
	const statuses = statusList.value;
	for (const status of statuses) {
		if (!(TASK_STATUSES as readonly string[]).includes(status)) {
			issues.push({
				field: 'filters.statusList',
				problem: `has ${shown(status)}, which is not a task state`,
				fix: `Use only ${TASK_STATUSES.join(', ')}.`,
			});
		}
	}
	if (statuses.length > 0) query.statusList = [...new Set(statuses)];
	assertValid(this.getNode(), itemIndex, issues);

	const tasks = await listCallTasks.call(
		this,
		Object.keys(query).length ? { query: query as { [key: string]: string | string[] } } : {},
		{ limit, itemIndex },
	);
	return tasks.map((task) => shapeRecord(task, output, simplifyCallTask));
}

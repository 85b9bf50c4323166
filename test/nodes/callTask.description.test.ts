import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

// The public names of docs/node-contract.md for call tasks, voice agents and caller number groups.
const CONTRACT: Record<string, Record<string, string[]>> = {
	callTask: {
		create: [
			'taskName',
			'voiceAgentId',
			'agentType',
			'startType',
			'callerNumberGroupId',
			'maxConcurrency',
			'callWindows.window.weekdays',
			'callWindows.window.timeRanges',
			'scheduledStartTime',
			'retry.retryEnabled',
			'retry.retryReasons',
			'retry.maxRetryTimes',
			'retry.retryIntervalValue',
			'retry.retryIntervalUnit',
		],
		import: [
			'taskId',
			'customerNumber',
			'additionalFields.customerName',
			'additionalFields.remark',
			'additionalFields.variables.variable.name',
			'additionalFields.variables.variable.value',
			'options.dupStrategy',
		],
		get: ['taskId'],
		getAll: [
			'returnAll',
			'limit',
			'filters.taskName',
			'filters.startDate',
			'filters.endDate',
			'filters.statusList',
		],
		start: ['taskId'],
		pause: ['taskId'],
	},
	voiceAgent: { getAll: ['returnAll', 'limit', 'filters.name', 'filters.publishStatus'] },
	callerNumberGroup: { getAll: ['returnAll', 'limit', 'filters.groupName'] },
};

const { properties } = new ContactCenter().description;

const shownFor = (property: INodeProperties, resource: string, operation: string) =>
	property.displayOptions?.show?.resource?.includes(resource) === true &&
	property.displayOptions.show.operation?.includes(operation) === true;

/** Every parameter path of one operation: top-level names and the names inside collections. */
function pathsOf(resource: string, operation: string): string[] {
	const paths: string[] = [];
	const walk = (
		prefix: string,
		options: Array<INodeProperties | INodePropertyCollection | INodePropertyOptions>,
	) => {
		for (const option of options) {
			const path = prefix + option.name;
			paths.push(path);
			if ('values' in option && option.values) walk(`${path}.`, option.values);
			if (
				'options' in option &&
				option.options &&
				('type' in option
					? option.type === 'collection' || option.type === 'fixedCollection'
					: false)
			) {
				walk(`${path}.`, option.options);
			}
		}
	};
	walk(
		'',
		properties.filter((property) => shownFor(property, resource, operation)),
	);
	return paths;
}

describe('description: the contract names exist', () => {
	for (const [resource, operations] of Object.entries(CONTRACT)) {
		test(`${resource}: every operation and parameter of the contract`, () => {
			const selector = properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
			);
			const values = (selector?.options as INodePropertyOptions[]).map((option) => option.value);
			expect(values.sort()).toEqual(Object.keys(operations).sort());
			for (const option of selector?.options as INodePropertyOptions[]) {
				expect(option.action).toMatch(/\S/);
				expect(option.description).toMatch(/\S/);
			}
			for (const [operation, names] of Object.entries(operations)) {
				expect(pathsOf(resource, operation)).toEqual(expect.arrayContaining(names));
			}
		});
	}

	test('ids are picked from lists first, by ID second', () => {
		for (const [operation, name, method] of [
			['create', 'voiceAgentId', 'searchVoiceAgents'],
			['create', 'callerNumberGroupId', 'searchCallerNumberGroups'],
			['import', 'taskId', 'searchCallTasks'],
			['get', 'taskId', 'searchCallTasks'],
			['start', 'taskId', 'searchCallTasks'],
			['pause', 'taskId', 'searchCallTasks'],
		]) {
			const property = properties.find(
				(p) => p.name === name && shownFor(p, 'callTask', operation),
			);
			expect(property?.type).toBe('resourceLocator');
			expect(property?.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(property?.modes?.[0].typeOptions?.searchListMethod).toBe(method);
			expect(new ContactCenter().methods.listSearch[method]).toBeInstanceOf(Function);
		}
	});

	test('weekdays are listed Monday to Sunday as 1 to 7', () => {
		const windows = properties.find((p) => p.name === 'callWindows');
		const weekdays = (windows?.options?.[0] as INodePropertyCollection).values.find(
			(v) => v.name === 'weekdays',
		);
		expect((weekdays?.options as INodePropertyOptions[]).map((o) => [o.name, o.value])).toEqual([
			['Monday', 1],
			['Tuesday', 2],
			['Wednesday', 3],
			['Thursday', 4],
			['Friday', 5],
			['Saturday', 6],
			['Sunday', 7],
		]);
	});
});

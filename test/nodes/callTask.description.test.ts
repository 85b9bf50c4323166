/**
 * Call task parameters the contract test (contract.test.ts) does not reach: ids picked from lists,
 * the names inside Call Windows and Variables, and the weekday values.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

const node = new ContactCenter();
const { properties } = node.description;

const find = (name: string, operation: string) =>
	properties.find(
		(p) =>
			p.name === name &&
			p.displayOptions?.show?.resource?.includes('callTask') === true &&
			p.displayOptions.show.operation?.includes(operation) === true,
	);
const valuesOf = (collection: INodeProperties | undefined) =>
	(collection?.options?.[0] as INodePropertyCollection).values;

test.each([
	['create', 'voiceAgentId', 'searchVoiceAgents'],
	['create', 'callerNumberGroupId', 'searchCallerNumberGroups'],
	['import', 'taskId', 'searchCallTasks'],
	['get', 'taskId', 'searchCallTasks'],
	['start', 'taskId', 'searchCallTasks'],
	['pause', 'taskId', 'searchCallTasks'],
])('%s: %s is picked from a list (%s) first, by ID second', (operation, name, method) => {
	const property = find(name, operation);
	expect(property?.type).toBe('resourceLocator');
	expect(property?.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
	expect(property?.modes?.[0].typeOptions?.searchListMethod).toBe(method);
	expect(node.methods.listSearch[method]).toBeInstanceOf(Function);
});

test('a call window has weekdays listed Monday to Sunday as 1 to 7 and time ranges', () => {
	const window = valuesOf(find('callWindows', 'create'));
	expect(window.map((v) => v.name)).toEqual(['weekdays', 'timeRanges']);
	expect((window[0].options as INodePropertyOptions[]).map((o) => [o.name, o.value])).toEqual([
		['Monday', 1],
		['Tuesday', 2],
		['Wednesday', 3],
		['Thursday', 4],
		['Friday', 5],
		['Saturday', 6],
		['Sunday', 7],
	]);
});

test('an import variable has a name and a value', () => {
	const additional = find('additionalFields', 'import')?.options as INodeProperties[];
	const variables = additional.find((o) => o.name === 'variables');

	expect(valuesOf(variables).map((v) => v.name)).toEqual(['name', 'value']);
});

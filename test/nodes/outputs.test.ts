/**
 * What the node outputs. Output Fields: every output item keeps only the named fields, for item
 * operations and the batched call-task import alike; a bad list is refused before anything is sent.
 * The simplifiers where the suites of callTask.create and serviceRecord do not reach. Errors name
 * their item (`… [item 1]`): API (vendor) errors, transport errors and the node's own "does not
 * exist", in the node error and in the error item of "On Error: Continue".
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { simplifyCallTask } from '../../nodes/ContactCenter/actions/callTask/simplify';
import { simplifyServiceRecord } from '../../nodes/ContactCenter/actions/serviceRecord/simplify';
import { simplifyVoiceAgent } from '../../nodes/ContactCenter/actions/voiceAgent/simplify';
import { pickFields } from '../../nodes/ContactCenter/helpers/outputFields';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import { expectRefused, locator } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const UNKNOWN_TASK = '123456789012345671';
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
const { control } = sandbox;
let customerId: string;
let taskId: string;
let pausedId: string;

beforeAll(async () => {
	[customerId] = await control.seedCustomers({
		appId: APP.appId,
		customers: [
			{
				customerName: 'Amy',
				mobile: [{ value: '13100000001', memo: 'work' }],
				email: [{ value: 'amy@example.com', memo: '' }],
			},
		],
	});
	const state = await control.getState(APP.appId);
	[taskId, pausedId] = await control.seedTasks({
		appId: APP.appId,
		tasks: [
			{ taskName: 'Fields', voiceAgentId: state.agents[0].id, status: 'draft' },
			{ taskName: 'Paused task', status: 'pause', totalCount: 3 },
		],
	});
});

const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter });
const get = async (outputFields: string) =>
	await run({
		resource: 'customer',
		operation: 'get',
		customerId: locator(customerId, 'id'),
		simplify: false,
		outputFields,
	});
const importPhones = async (outputFields: string, items: IDataObject[]) =>
	await run(
		{
			resource: 'callTask',
			operation: 'import',
			taskId: locator(taskId, 'id'),
			customerNumber: '={{ $json.phone }}',
			outputFields,
		},
		{ items },
	);

describe('Output Fields', () => {
	test('keeps only the named fields of a record, in any order given; a list from an expression works like text; a field the record lacks is left out', async () => {
		const named = await get('customerName, _id , mobile');
		expect(named.status).toBe('success');
		expect(named.items.map((i) => i.json)).toEqual([
			{ _id: customerId, customerName: 'Amy', mobile: [{ value: '13100000001', memo: 'work' }] },
		]);
		const listed = await get('={{ ["customerName", "noSuchField"] }}');
		expect(listed.items.map((i) => i.json)).toEqual([{ customerName: 'Amy' }]);
	});

	test('empty keeps every field: records stay whole', async () => {
		const result = await get('');
		expect(result.status).toBe('success');
		expect(result.items[0].json).toMatchObject({ _id: customerId, customerName: 'Amy' });
		expect(Object.keys(result.items[0].json).length).toBeGreaterThan(5);
	});

	test.each([
		['={{ { a: 1 } }}', /^Invalid input \[item 0\]: "Output Fields" must be text or a list/],
		['customer name', /^Invalid input \[item 0\]: "Output Fields" has "customer name"/],
	])(
		'a bad list %p is refused before anything is sent, naming the item and the field',
		async (fields, message) => expectRefused(await get(fields), message),
	);

	test('applies to the call-task import (one item per request), read per item: a bad one names its item and sends nothing', async () => {
		const phones = [{ phone: '13800138001' }, { phone: '13800138002' }];
		const result = await importPhones('taskId, successCount', phones);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json)).toEqual([{ taskId, successCount: 2 }]);
		const bad = await importPhones('={{ $json.keep }}', [
			{ phone: '13800138003', keep: 'taskId' },
			{ phone: '13800138004', keep: 'task id' },
		]);
		expect(bad.status).toBe('error');
		expect(bad.error?.message).toContain('[item 1]');
		expect(bad.error?.message).toContain('"Output Fields" has "task id"');
		expect(bad.requests).toEqual([]);
	});

	test('pickFields: dots reach nested fields and keep their nesting; null is a value; a path through a non-object is absent; no paths: the record itself', () => {
		const record = { a: 1, data: { phone: '1', other: 2 }, list: [1], n: null };
		expect(pickFields(record, [['data', 'phone'], ['a']])).toEqual({ a: 1, data: { phone: '1' } });
		expect(pickFields(record, [['n'], ['list', '0'], ['a', 'b']])).toEqual({ n: null });
		expect(pickFields(record, [])).toBe(record);
	});
});

describe('simplifiers', () => {
	const nulls = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, null]));
	test('service record fields the spec says may be missing are null', () => {
		const updateTime = '2026-11-20 09:00:00';
		expect(simplifyServiceRecord({ updateTime }, 'call')).toEqual({
			...nulls('eventUniqueId', 'callId', 'pushType', 'updateAgent', 'data', 'otherParams'),
			channel: 'call',
			updateTime,
		});
	});

	test('a voice agent without its fields: the same nine columns, null', () => {
		const columns = ['id', 'name', 'publishStatus', 'description', 'language', 'voice', 'version'];
		expect(simplifyVoiceAgent({})).toEqual(nulls(...columns, 'createTime', 'updateTime'));
	});

	test('simplifying a call task leaves the record as it was', () => {
		const task = { id: '1', callStrategy: { maxConcurrency: 3 }, retryStrategy: null };
		const copy = structuredClone(task);
		expect(Object.keys(simplifyCallTask(task))).toHaveLength(10);
		expect(task).toEqual(copy);
	});
});

describe('errors name their item', () => {
	beforeEach(async () => {
		await control.clearFaults();
	});
	const task = (operation: string): INodeParameters => ({
		resource: 'callTask',
		operation,
		taskId: locator('={{ $json.taskId }}', 'id'),
	});
	const runTasks: typeof run = async (parameters, options) =>
		await run(parameters, { items: [{ taskId: pausedId }, { taskId: UNKNOWN_TASK }], ...options });

	test('a vendor error (801) of the second item: the node error and its message name item 1', async () => {
		const result = await runTasks(task('start'));
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 801: task.not.exist [item 1]',
			context: expect.objectContaining({ itemIndex: 1, vendorCode: '801' }),
		});
	});

	test('On Error: Continue: the error item names its item, with code, description and trace id', async () => {
		const result = await runTasks(task('start'), { continueOnFail: true });
		expect(result.items[1]).toEqual({
			json: {
				error: 'Contact Center error 801: task.not.exist [item 1]',
				code: '801',
				description: expect.stringContaining('The call task does not exist.'),
				traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
			},
			pairedItem: { item: 1 },
		});
	});

	test("the node's own error (a task the query does not list) names its item", async () => {
		const result = await runTasks(task('get'));
		expect(result.error?.message).toBe(`The call task ${UNKNOWN_TASK} does not exist [item 1]`);
	});

	test('a transport error (HTTP 404 page) names its item', async () => {
		await control.addFault({
			pathPattern: PATHS.taskQuery,
			kind: 'html',
			status: 404,
			count: 1,
		});
		const result = await runTasks(task('get'), { items: [{ taskId: pausedId }] });
		expect(result.error?.message).toBe(
			'The server answered HTTP 404 with an HTML page instead of JSON [item 0]',
		);
	});

	test('validation errors keep their one item mark', async () => {
		const result = await runTasks(task('get'), { items: [{ taskId: 'abc' }] });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toMatch(/^Invalid input \[item 0\]: /);
		expect(result.error?.message.match(/\[item \d+\]/g)).toHaveLength(1);
	});
});

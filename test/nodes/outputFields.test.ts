/**
 * Output Fields (version 2): every output item keeps only the named fields, for item operations
 * and the batched call-task import alike; a bad list is refused before anything is sent; version 1
 * has no such parameter and returns records whole.
 */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { pickFields } from '../../nodes/ContactCenter/helpers/outputFields';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
const { control } = sandbox;
let customerId: string;
let taskId: string;

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
	[taskId] = await control.seedTasks({
		appId: APP.appId,
		tasks: [{ taskName: 'Fields', voiceAgentId: state.agents[0].id, status: 'draft' }],
	});
});

const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter, typeVersion: 2 });
const get = (outputFields: string, typeVersion = 2) =>
	run(
		{
			resource: 'customer',
			operation: 'get',
			customerId: { __rl: true, mode: 'id', value: customerId },
			simplify: false,
			outputFields,
		},
		{ typeVersion },
	);

describe('Output Fields', () => {
	test('keeps only the named fields of a record, in any order given', async () => {
		const result = await get('customerName, _id , mobile');
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json)).toEqual([
			{ _id: customerId, customerName: 'Amy', mobile: [{ value: '13100000001', memo: 'work' }] },
		]);
	});

	test('a list from an expression works like text; a field the record lacks is left out', async () => {
		const result = await get('={{ ["customerName", "noSuchField"] }}');
		expect(result.items.map((i) => i.json)).toEqual([{ customerName: 'Amy' }]);
	});

	test('empty keeps every field', async () => {
		const result = await get('');
		expect(Object.keys(result.items[0].json).length).toBeGreaterThan(5);
	});

	test('a bad list is refused before anything is sent, naming the item and the field', async () => {
		const result = await get('={{ { a: 1 } }}');
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(
			/^Invalid input \[item 0\]: "Output Fields" must be text or a list/,
		);
		expect(result.requests).toEqual([]);
		const spaced = await get('customer name');
		expect(spaced.error?.message).toContain('"Output Fields" has "customer name"');
		expect(spaced.requests).toEqual([]);
	});

	test('version 1 ignores it: records stay whole', async () => {
		const result = await get('customerName', 1);
		expect(result.status).toBe('success');
		expect(result.items[0].json).toMatchObject({ _id: customerId, customerName: 'Amy' });
		expect(Object.keys(result.items[0].json).length).toBeGreaterThan(5);
	});

	test('applies to the call-task import (one item per request)', async () => {
		const result = await run(
			{
				resource: 'callTask',
				operation: 'import',
				taskId: { __rl: true, mode: 'id', value: taskId },
				customerNumber: '={{ $json.phone }}',
				outputFields: 'taskId, successCount',
			},
			{ items: [{ phone: '13800138001' }, { phone: '13800138002' }] },
		);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json)).toEqual([{ taskId, successCount: 2 }]);
	});
});

describe('pickFields', () => {
	const record = { a: 1, data: { phone: '1', other: 2 }, list: [1], n: null };

	test('dots reach nested fields and keep their nesting', () => {
		expect(pickFields(record, [['data', 'phone'], ['a']])).toEqual({ a: 1, data: { phone: '1' } });
	});

	test('null is a value; a path through a non-object is absent', () => {
		expect(pickFields(record, [['n'], ['list', '0'], ['a', 'b']])).toEqual({ n: null });
	});

	test('no paths: the record itself', () => {
		expect(pickFields(record, [])).toBe(record);
	});

	test('the import reads an Output Fields expression per item: a bad one names its item and sends nothing', async () => {
		const result = await run(
			{
				resource: 'callTask',
				operation: 'import',
				taskId: { __rl: true, mode: 'id', value: taskId },
				customerNumber: '={{ $json.phone }}',
				outputFields: '={{ $json.keep }}',
			},
			{
				items: [
					{ phone: '13800138003', keep: 'taskId' },
					{ phone: '13800138004', keep: 'task id' },
				],
			},
		);
		expect(result.status).toBe('error');
		expect(result.error?.message).toContain('[item 1]');
		expect(result.error?.message).toContain('"Output Fields" has "task id"');
		expect(result.requests).toEqual([]);
	});
});

import type { INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const PATHS = {
	create: '/openapi/call/web/v1/number/group/create',
	update: '/openapi/call/web/v1/number/group/update',
	delete: '/openapi/call/web/v1/number/group/delete',
	query: '/openapi/call/web/v1/number/group/query',
};

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeEach(async () => {
	await control.reset();
});

const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { resource: 'displayNumberGroup' },
});

async function groupsInSandbox() {
	return (await control.getState(APP.appId)).displayNumberGroups;
}

describe('displayNumberGroup create: POST /openapi/call/web/v1/number/group/create', () => {
	test('sends name, strategy and the numbers typed one per line; the output is the created group with its id as a string', async () => {
		const result = await run({
			operation: 'create',
			groupName: 'Beijing numbers',
			strategy: '2',
			numberList: '01012345678\n+86-10-87654321\n',
		});
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0]).toMatchObject({
			method: 'POST',
			path: PATHS.create,
			signatureValid: true,
			code: '200',
		});
		expect(result.requests[0].body).toEqual({
			groupName: 'Beijing numbers',
			strategy: '2',
			numberList: ['01012345678', '+86-10-87654321'],
		});
		const [group] = await groupsInSandbox();
		expect(result.items).toEqual([{ json: group, pairedItem: { item: 0 } }]);
		expect(result.items[0].json.id).toMatch(/^\d{18}$/);
	});

	test('By Home Location with defaults, numbers from an expression array, and an overflow group picked from the list', async () => {
		const [overflow] = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 1 });
		const result = await run({
			operation: 'create',
			groupName: 'Home location',
			strategy: '3',
			numberList: '={{ ["02011111111", "075522222222"] }}',
			additionalFields: {
				remark: 'Outbound campaign',
				city: 'Guangzhou',
				areaCode: '020',
				defaultNumberList: '02033333333, 02044444444',
				overflowGroupId: locator(overflow),
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.requests[0].body).toEqual({
			groupName: 'Home location',
			strategy: '3',
			numberList: ['02011111111', '075522222222'],
			remark: 'Outbound campaign',
			city: 'Guangzhou',
			areaCode: '020',
			defaultNumberList: ['02033333333', '02044444444'],
			overflowGroupId: overflow,
		});
		expect(result.items[0].json).toMatchObject({
			strategy: '3',
			overflowGroupId: overflow,
			defaultNumberList: ['02033333333', '02044444444'],
		});
	});

	const invalid: Array<[string, INodeParameters, string]> = [
		[
			'no numbers',
			{ groupName: 'A', strategy: '1', numberList: ' , \n' },
			'"Number List" needs at least one phone number',
		],
		[
			'a number with letters',
			{ groupName: 'A', strategy: '1', numberList: '0101, 010-CALL-ME' },
			'not phone numbers: "010-CALL-ME"',
		],
		[
			'a number twice',
			{ groupName: 'A', strategy: '1', numberList: '0101\n0101' },
			'"Number List" lists "0101" more than once',
		],
		[
			'a strategy outside 1..3',
			{ groupName: 'A', strategy: '={{ 4 }}', numberList: '0101' },
			'"Strategy" must be 1 (random), 2 (rotating) or 3',
		],
		[
			'default numbers without home location',
			{
				groupName: 'A',
				strategy: '1',
				numberList: '0101',
				additionalFields: { defaultNumberList: '0102' },
			},
			'"Additional Fields → Default Number List" is only used by the "By Home Location" strategy',
		],
		[
			'an object instead of numbers',
			{ groupName: 'A', strategy: '1', numberList: '={{ { a: 1 } }}' },
			'"Number List" must be text or a list',
		],
		[
			'an empty name',
			{ groupName: '={{ "" }}', strategy: '1', numberList: '0101' },
			'"Group Name" is required',
		],
	];

	test.each(invalid)(
		'%s: an error naming item and field, and zero requests',
		async (_name, parameters, message) => {
			const result = await run({ operation: 'create', ...parameters });
			expect(result.requests).toEqual([]);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toContain('Invalid input [item 0]: ');
			expect(result.error?.message).toContain(message);
			expect(await groupsInSandbox()).toEqual([]);
		},
	);

	test('continueOnFail: the invalid item becomes an error item, the others are created and paired', async () => {
		const result = await run(
			{
				operation: 'create',
				groupName: '={{ $json.name }}',
				strategy: '1',
				numberList: '={{ $json.numbers }}',
			},
			{
				continueOnFail: true,
				items: [
					{ name: 'One', numbers: ['0101'] },
					{ name: 'Two', numbers: 'x' },
					{ name: 'Three', numbers: '0103' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => r.body)).toEqual([
			{ groupName: 'One', strategy: '1', numberList: ['0101'] },
			{ groupName: 'Three', strategy: '1', numberList: ['0103'] },
		]);
		expect(result.items.map((i) => [i.json.groupName ?? i.json.error, i.pairedItem])).toEqual([
			['One', { item: 0 }],
			[expect.stringContaining('Invalid input [item 1]: "Number List"'), { item: 1 }],
			['Three', { item: 2 }],
		]);
	});

	test('a vendor error surfaces with its code and help (overflow group that does not exist)', async () => {
		const result = await run({
			operation: 'create',
			groupName: 'A',
			strategy: '1',
			numberList: '0101',
			additionalFields: { overflowGroupId: locator('123', 'id') },
		});
		expect(result.requests.map((r) => r.code)).toEqual(['00000400']);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			'Contact Center error 00000400: display-number group 123 does not exist',
		);
		expect(result.error?.description).toContain('The API rejected a parameter');
	});
});

describe('displayNumberGroup update: POST /openapi/call/web/v1/number/group/update', () => {
	test('sends id, the new number list and the fields added; the output says what changed', async () => {
		const [id] = await control.seedDisplayNumberGroups({
			appId: APP.appId,
			groups: [{ groupName: 'Old', strategy: '1', remark: 'note' }],
		});
		const result = await run({
			operation: 'update',
			groupId: locator(id),
			numberList: '0201, 0202',
			updateFields: { groupName: 'New', strategy: '3', defaultNumberList: '0209', remark: '' },
		});
		expect(result.error).toBeUndefined();
		const sent = {
			id,
			numberList: ['0201', '0202'],
			groupName: 'New',
			strategy: '3',
			remark: '',
			defaultNumberList: ['0209'],
		};
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid, r.code])).toEqual([
			[PATHS.update, sent, true, '200'],
		]);
		expect(result.items).toEqual([{ json: { updated: true, ...sent }, pairedItem: { item: 0 } }]);
		const [group] = await groupsInSandbox();
		expect(group).toMatchObject({
			groupName: 'New',
			strategy: '3',
			remark: '',
			numberList: ['0201', '0202'],
			defaultNumberList: ['0209'],
		});
	});

	test('a group cannot overflow to itself: an error and zero requests', async () => {
		const [id] = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 1 });
		const result = await run({
			operation: 'update',
			groupId: locator(id, 'id'),
			numberList: '0101',
			updateFields: { overflowGroupId: locator(id) },
		});
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toContain(
			'"Update Fields → Overflow Group" is the group being updated',
		);
	});

	test('an unknown group: the vendor error 00000400', async () => {
		const result = await run({
			operation: 'update',
			groupId: locator('999', 'id'),
			numberList: '0101',
		});
		expect(result.requests.map((r) => [r.path, r.code])).toEqual([[PATHS.update, '00000400']]);
		expect(result.error?.message).toBe(
			'Contact Center error 00000400: display-number group 999 does not exist',
		);
	});
});

describe('displayNumberGroup delete: POST /openapi/call/web/v1/number/group/delete', () => {
	test('deletes the picked group and returns {deleted: true, id}', async () => {
		const [keep, remove] = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 2 });
		const result = await run({ operation: 'delete', groupId: locator(remove) });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[PATHS.delete, { id: remove }, true],
		]);
		expect(result.items).toEqual([
			{ json: { deleted: true, id: remove }, pairedItem: { item: 0 } },
		]);
		expect((await groupsInSandbox()).map((g) => g.id)).toEqual([keep]);
	});

	test('one request per input item, ids from the items', async () => {
		const ids = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 3 });
		const result = await run(
			{ operation: 'delete', groupId: locator('={{ $json.id }}', 'id') },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => r.body)).toEqual(ids.map((id) => ({ id })));
		expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual(
			ids.map((id, item) => [id, { item }]),
		);
		expect(await groupsInSandbox()).toEqual([]);
	});

	test('an empty id: an error and zero requests (typed: n8n refuses it; from an expression: the node does)', async () => {
		const typed = await run({ operation: 'delete', groupId: locator('', 'id') });
		expect(typed.requests).toEqual([]);
		expect(typed.error?.message).toContain('Parameter "Display Number Group" is required');
		const expression = await run(
			{ operation: 'delete', groupId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: '' }] },
		);
		expect(expression.requests).toEqual([]);
		expect(expression.error?.message).toContain(
			'Invalid input [item 0]: "Display Number Group" is required',
		);
	});
});

describe('displayNumberGroup getAll: POST /openapi/call/web/v1/number/group/query', () => {
	test('Return All over 250 groups: exactly 3 requests of 100, every group once, in order', async () => {
		const ids = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 250 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[PATHS.query, { page: 1, pageSize: 100 }, true],
			[PATHS.query, { page: 2, pageSize: 100 }, true],
			[PATHS.query, { page: 3, pageSize: 100 }, true],
		]);
		expect(result.items.map((i) => i.json.id)).toEqual(ids);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Limit: the page size follows the limit within 10..100', async () => {
		const ids = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 250 });
		const small = await run({ operation: 'getAll', returnAll: false, limit: 5 });
		expect(small.requests.map((r) => r.body)).toEqual([{ page: 1, pageSize: 10 }]);
		expect(small.items.map((i) => i.json.id)).toEqual(ids.slice(0, 5));

		const medium = await run({ operation: 'getAll', returnAll: false, limit: 30 });
		expect(medium.requests.map((r) => r.body)).toEqual([{ page: 1, pageSize: 30 }]);
		expect(medium.items).toHaveLength(30);

		const large = await run({ operation: 'getAll', returnAll: false, limit: 150 });
		// The fewest pages of at most 100, each as small as that allows.
		expect(large.requests.map((r) => r.body)).toEqual([
			{ page: 1, pageSize: 75 },
			{ page: 2, pageSize: 75 },
		]);
		expect(large.items.map((i) => i.json.id)).toEqual(ids.slice(0, 150));
	});

	test('exactly one page of 100: one request', async () => {
		await control.seedDisplayNumberGroups({ appId: APP.appId, count: 100 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.requests).toHaveLength(1);
		expect(result.items).toHaveLength(100);
	});

	test('a failing page fails the item with the vendor error', async () => {
		await control.seedDisplayNumberGroups({ appId: APP.appId, count: 150 });
		await control.addFault({
			pathPattern: PATHS.query,
			kind: 'envelope',
			envelopeCode: '00000400',
			envelopeMessage: 'page error',
		});
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe('Contact Center error 00000400: page error');
		expect(result.items).toEqual([]);
	});
});

describe('searchDisplayNumberGroups (list search of the resource locators)', () => {
	const options = () => ({
		nodeType: ContactCenter,
		kind: 'listSearch' as const,
		method: 'searchDisplayNumberGroups',
		parameters: { resource: 'displayNumberGroup', operation: 'delete' },
		credentials: sandbox.credentials(APP),
	});

	test('pages of 100 with a token for the next; a filter searches later pages', async () => {
		const ids = await control.seedDisplayNumberGroups({
			appId: APP.appId,
			groups: Array.from({ length: 230 }, (_, i) => ({
				groupName: i === 215 ? 'Shenzhen special' : `Group ${i}`,
				strategy: '1',
				numberList: ['0101'],
			})),
		});
		const first = await callMethod(options());
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({
			name: 'Group 0',
			value: ids[0],
			description: 'random, 1 number',
		});
		expect(first.paginationToken).toBe('2');
		const last = await callMethod({ ...options(), paginationToken: '3' });
		expect(last.results.map((r) => r.value)).toEqual(ids.slice(200));
		expect(last.paginationToken).toBeUndefined();

		await control.clearLog();
		const found = await callMethod({ ...options(), filter: 'SHENZHEN' });
		expect(found.results).toEqual([
			{ name: 'Shenzhen special', value: ids[215], description: 'random, 1 number' },
		]);
		expect(found.paginationToken).toBeUndefined();
		expect((await control.getLog()).map((e) => [e.body, e.signatureValid])).toEqual([
			[{ page: 1, pageSize: 100 }, true],
			[{ page: 2, pageSize: 100 }, true],
			[{ page: 3, pageSize: 100 }, true],
		]);
		expect(
			(await callMethod({ ...options(), filter: ids[3] })).results.map((r) => r.value),
		).toEqual([ids[3]]);
	});
});

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const PATHS = {
	list: '/openapi/platform/v1/group/list',
	create: '/openapi/platform/v1/group/create',
	update: '/openapi/platform/v1/group/update',
	delete: '/openapi/platform/v1/group/delete',
};

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeEach(async () => {
	await control.reset();
});

const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });
const members = {
	member: [
		{ agentNumber: '1001', weight: 1 },
		{ agentNumber: '1002', weight: 3 },
	],
};

const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { resource: 'serviceGroup' },
});

async function groupsInSandbox() {
	return (await control.getState(APP.appId)).serviceGroups;
}

describe('serviceGroup create: POST /openapi/platform/v1/group/create', () => {
	test('sends name and members, then reads the new group back: the output is the group as the API holds it', async () => {
		const result = await run({ operation: 'create', name: 'After-sales', members });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.method, r.path, r.signatureValid])).toEqual([
			['POST', PATHS.create, true],
			['POST', PATHS.list, true],
		]);
		const [create, read] = result.requests;
		expect(create.body).toEqual({
			name: 'After-sales',
			members: [
				{ agentNumber: '1001', weight: 1 },
				{ agentNumber: '1002', weight: 3 },
			],
		});
		const [group] = await groupsInSandbox();
		expect(read.body).toEqual({ queueNumber: group.queueNumber });
		expect(result.items).toEqual([{ json: group, pairedItem: { item: 0 } }]);
		expect(result.items[0].json).toMatchObject({
			queueNumber: '8001',
			name: 'After-sales',
			level: '1',
			parentId: '0',
		});
	});

	test('every additional field, a parent picked from the list and leaders from an expression array', async () => {
		const [parent] = await control.seedServiceGroups({
			appId: APP.appId,
			groups: [{ name: 'Parent' }],
		});
		const result = await run({
			operation: 'create',
			name: 'VIP',
			members,
			additionalFields: {
				level: '2',
				parentId: locator(parent),
				groupLeader: '={{ ["1001", "1002"] }}',
				strategy: 'skill',
				maxWaitLimit: 5,
				waitTime: 30,
				timeout: 15,
				broadcastMember: true,
				failedNotAssigned: true,
				noIdleTransfer: false,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.requests[0].body).toEqual({
			name: 'VIP',
			members: [
				{ agentNumber: '1001', weight: 1 },
				{ agentNumber: '1002', weight: 3 },
			],
			level: '2',
			parentId: parent,
			groupLeader: ['1001', '1002'],
			strategy: 'skill',
			maxWaitLimit: 5,
			waitTime: 30,
			timeout: 15,
			broadcastMember: true,
			failedNotAssigned: true,
			noIdleTransfer: false,
		});
		const created = (await groupsInSandbox()).find((g) => g.name === 'VIP');
		expect(created).toMatchObject({
			level: '2',
			parentId: parent,
			groupLeader: ['1001', '1002'],
			strategy: 'skill',
			timeout: 15,
		});
		expect(result.items[0].json).toEqual(created);
	});

	test('one group per input item, parameters read per item, each output paired to its item', async () => {
		const result = await run(
			{
				operation: 'create',
				name: '={{ $json.team }}',
				members: { member: [{ agentNumber: '={{ $json.agent }}', weight: 1 }] },
				additionalFields: { groupLeader: '={{ $json.agent }}' },
			},
			{
				items: [
					{ team: 'North', agent: '2001' },
					{ team: 'South', agent: '2002' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.filter((r) => r.path === PATHS.create).map((r) => r.body)).toEqual([
			{ name: 'North', members: [{ agentNumber: '2001', weight: 1 }], groupLeader: ['2001'] },
			{ name: 'South', members: [{ agentNumber: '2002', weight: 1 }], groupLeader: ['2002'] },
		]);
		expect(result.items.map((i) => [i.json.name, i.pairedItem])).toEqual([
			['North', { item: 0 }],
			['South', { item: 1 }],
		]);
	});

	test('when reading the group back fails, the item still succeeds with the fields sent and the queue number', async () => {
		await control.addFault({
			pathPattern: PATHS.list,
			kind: 'envelope',
			envelopeCode: '00000500',
			envelopeMessage: 'busy',
		});
		const result = await run({ operation: 'create', name: 'Fallback', members });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => r.path)).toEqual([PATHS.create, PATHS.list]);
		expect(result.items).toEqual([
			{
				json: { name: 'Fallback', members: members.member, queueNumber: '8001' },
				pairedItem: { item: 0 },
			},
		]);
		expect(
			result.logs.some(
				(l) => l.level === 'warn' && l.message.includes('Service group 8001 was created'),
			),
		).toBe(true);
		expect(await groupsInSandbox()).toHaveLength(1);
	});

	const invalid: Array<[string, INodeParameters, string]> = [
		['no members', { name: 'A', members: {} }, '"Members" needs at least one member'],
		[
			'a member without agent number',
			{ name: 'A', members: { member: [{ agentNumber: ' ', weight: 1 }] } },
			'"Members → Agent Number (member 1)" is required',
		],
		[
			'a fractional weight',
			{ name: 'A', members: { member: [{ agentNumber: '1', weight: 1.5 }] } },
			'"Members → Weight (member 1)" must be a whole number',
		],
		[
			'an agent twice',
			{
				name: 'A',
				members: {
					member: [
						{ agentNumber: '1', weight: 1 },
						{ agentNumber: '1', weight: 2 },
					],
				},
			},
			'lists agent "1" more than once',
		],
		[
			'a strategy outside the enum',
			{ name: 'A', members, additionalFields: { strategy: '={{ "fastest" }}' } },
			'"Additional Fields → Strategy" must be one of',
		],
		[
			'a negative queue length',
			{ name: 'A', members, additionalFields: { maxWaitLimit: -1 } },
			'"Additional Fields → Max Queue Length" must be a whole number of 0 or more',
		],
		[
			'level 2 without parent',
			{ name: 'A', members, additionalFields: { level: '2' } },
			'"Additional Fields → Parent Group" is required for a level 2 group',
		],
		[
			'a parent for a first-level group',
			{ name: 'A', members, additionalFields: { parentId: locator('8001', 'id') } },
			'"Additional Fields → Parent Group" names parent group "8001"',
		],
		[
			'duplicate leaders',
			{ name: 'A', members, additionalFields: { groupLeader: '1001, 1001' } },
			'"Additional Fields → Group Leaders" lists "1001" more than once',
		],
		['an empty name from an expression', { name: '={{ "" }}', members }, '"Name" is required'],
	];

	test.each(invalid)(
		'%s: an error naming item and field, and zero requests',
		async (_name, parameters, message) => {
			const result = await run({ operation: 'create', ...parameters });
			expect(result.requests).toEqual([]);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toContain('Invalid input [item 0]: ');
			expect(result.error?.message).toContain(message);
			expect(result.error?.description).toMatch(/\S/);
			expect(await groupsInSandbox()).toEqual([]);
		},
	);

	test('a vendor error (00000400) surfaces with its code and help', async () => {
		const result = await run({
			operation: 'create',
			name: 'A',
			members,
			additionalFields: { level: '2', parentId: locator('9999', 'id') },
		});
		expect(result.requests.map((r) => [r.path, r.code])).toEqual([[PATHS.create, '00000400']]);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			'Contact Center error 00000400: parentId 9999 is not the queueNumber of an existing group',
		);
		expect(result.error?.description).toContain('The API rejected a parameter');
	});
});

describe('serviceGroup update: POST /openapi/platform/v1/group/update', () => {
	test('sends the queue number and only the fields added; the output says what changed', async () => {
		const [queueNumber] = await control.seedServiceGroups({
			appId: APP.appId,
			groups: [{ name: 'Old', strategy: 'random' }],
		});
		const result = await run({
			operation: 'update',
			queueNumber: locator(queueNumber),
			updateFields: {
				name: 'New',
				members: { member: [{ agentNumber: '3001', weight: 2 }] },
				strategy: 'order',
				noIdleTransfer: true,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0]).toMatchObject({
			method: 'POST',
			path: PATHS.update,
			signatureValid: true,
			code: '200',
		});
		const sent = {
			queueNumber,
			name: 'New',
			members: [{ agentNumber: '3001', weight: 2 }],
			strategy: 'order',
			noIdleTransfer: true,
		};
		expect(result.requests[0].body).toEqual(sent);
		expect(result.items).toEqual([{ json: { updated: true, ...sent }, pairedItem: { item: 0 } }]);
		const [group] = await groupsInSandbox();
		expect(group).toMatchObject({
			name: 'New',
			strategy: 'order',
			noIdleTransfer: true,
			members: [{ agentNumber: '3001', weight: 2 }],
		});
	});

	test('by queue number typed in', async () => {
		const [queueNumber] = await control.seedServiceGroups({ appId: APP.appId, count: 1 });
		const result = await run({
			operation: 'update',
			queueNumber: locator(queueNumber, 'id'),
			updateFields: { waitTime: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(result.requests[0].body).toEqual({ queueNumber, waitTime: 0 });
	});

	test('nothing to update, or an empty name: an error and zero requests', async () => {
		const empty = await run({
			operation: 'update',
			queueNumber: locator('8001'),
			updateFields: {},
		});
		expect(empty.requests).toEqual([]);
		expect(empty.error?.message).toContain('"Update Fields" is empty');
		const noName = await run({
			operation: 'update',
			queueNumber: locator('8001'),
			updateFields: { name: '' },
		});
		expect(noName.requests).toEqual([]);
		expect(noName.error?.message).toContain('"Update Fields → Name" cannot be empty');
	});

	test('an unknown group: the vendor error, or an error item under continueOnFail', async () => {
		const failed = await run({
			operation: 'update',
			queueNumber: locator('404', 'id'),
			updateFields: { name: 'X' },
		});
		expect(failed.requests.map((r) => r.code)).toEqual(['00000400']);
		expect(failed.error?.message).toBe(
			'Contact Center error 00000400: service group 404 does not exist',
		);
		expect(failed.error?.context?.itemIndex).toBe(0);

		const continued = await run(
			{ operation: 'update', queueNumber: locator('404', 'id'), updateFields: { name: 'X' } },
			{ continueOnFail: true },
		);
		expect(continued.error).toBeUndefined();
		expect(continued.items).toEqual([
			{
				json: expect.objectContaining({
					error: 'Contact Center error 00000400: service group 404 does not exist',
					code: '00000400',
				}),
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('serviceGroup delete: POST /openapi/platform/v1/group/delete', () => {
	test('deletes the picked group and returns {deleted: true, id}', async () => {
		const [keep, remove] = await control.seedServiceGroups({ appId: APP.appId, count: 2 });
		const result = await run({ operation: 'delete', queueNumber: locator(remove) });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[PATHS.delete, { queueNumber: remove }, true],
		]);
		expect(result.items).toEqual([
			{ json: { deleted: true, id: remove }, pairedItem: { item: 0 } },
		]);
		expect((await groupsInSandbox()).map((g) => g.queueNumber)).toEqual([keep]);
	});

	test('an empty queue number: an error and zero requests', async () => {
		const result = await run({ operation: 'delete', queueNumber: locator('={{ "" }}', 'id') });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toContain('"Service Group" is required');
	});

	test('deleting twice: the second run gets the vendor error', async () => {
		const [queueNumber] = await control.seedServiceGroups({ appId: APP.appId, count: 1 });
		expect(
			(await run({ operation: 'delete', queueNumber: locator(queueNumber) })).error,
		).toBeUndefined();
		const again = await run({ operation: 'delete', queueNumber: locator(queueNumber) });
		expect(again.error?.message).toBe(
			`Contact Center error 00000400: service group ${queueNumber} does not exist`,
		);
	});
});

describe('serviceGroup getAll: POST /openapi/platform/v1/group/list', () => {
	test('Return All: every group in one request (the list has no paging), one item per group', async () => {
		const seeded = await control.seedServiceGroups({ appId: APP.appId, count: 120 });
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[PATHS.list, {}, true],
		]);
		expect(result.items.map((i) => i.json.queueNumber)).toEqual(seeded);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		const first = result.items[0].json as IDataObject;
		expect(Object.keys(first)).toEqual(
			expect.arrayContaining([
				'_id',
				'queueNumber',
				'name',
				'members',
				'strategy',
				'level',
				'parentId',
			]),
		);
	});

	test('Limit: the first N groups', async () => {
		const seeded = await control.seedServiceGroups({ appId: APP.appId, count: 8 });
		const result = await run({ operation: 'getAll', returnAll: false, limit: 3 });
		expect(result.requests).toHaveLength(1);
		expect(result.items.map((i) => i.json.queueNumber)).toEqual(seeded.slice(0, 3));
	});

	test('filter by queue number', async () => {
		const seeded = await control.seedServiceGroups({ appId: APP.appId, count: 3 });
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { queueNumber: locator(seeded[1]) },
		});
		expect(result.requests[0].body).toEqual({ queueNumber: seeded[1] });
		expect(result.items.map((i) => i.json.queueNumber)).toEqual([seeded[1]]);
	});

	test('no groups: no items, no error', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});

describe('searchServiceGroups (list search of the resource locators)', () => {
	test('lists every group by name and queue number, filtered by either', async () => {
		await control.seedServiceGroups({
			appId: APP.appId,
			groups: [
				{ name: 'Billing', members: [{ agentNumber: '1', weight: 1 }] },
				{
					name: 'VIP desk',
					members: [
						{ agentNumber: '1', weight: 1 },
						{ agentNumber: '2', weight: 1 },
					],
				},
			],
		});
		const options = {
			nodeType: ContactCenter,
			kind: 'listSearch' as const,
			method: 'searchServiceGroups',
			parameters: { resource: 'serviceGroup', operation: 'delete' },
			credentials: sandbox.credentials(APP),
		};
		await control.clearLog();
		const all = await callMethod(options);
		expect(all.results).toEqual([
			{ name: 'Billing (8001)', value: '8001', description: 'level 1, 1 member' },
			{ name: 'VIP desk (8002)', value: '8002', description: 'level 1, 2 members' },
		]);
		expect(all.paginationToken).toBeUndefined();
		expect((await callMethod({ ...options, filter: 'vip' })).results.map((r) => r.value)).toEqual([
			'8002',
		]);
		expect((await callMethod({ ...options, filter: '8001' })).results.map((r) => r.value)).toEqual([
			'8001',
		]);
		const log = await control.getLog();
		expect(log.map((e) => [e.path, e.signatureValid])).toEqual([
			[PATHS.list, true],
			[PATHS.list, true],
			[PATHS.list, true],
		]);
	});
});

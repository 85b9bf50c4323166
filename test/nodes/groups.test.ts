/**
 * Service groups (`/openapi/platform/v1/group/*`) and display-number groups
 * (`/openapi/call/web/v1/number/group/*`): the same CRUD shape, one suite. What both share runs
 * over both; what differs (fields, paging, the read-back after create) has its own tests.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import { envelopeFault, expectInvalid, locator, picker } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeEach(async () => {
	await control.reset();
});

const agent = (agentNumber: string, weight: number) => ({ agentNumber, weight });
const members = { member: [agent('1001', 1), agent('1002', 3)] };
const runner = (resource: string) =>
	nodeRunner(sandbox, APP, { nodeType: ContactCenter, parameters: { resource } });
const service = runner('serviceGroup');
const numbers = runner('displayNumberGroup');
const serviceGroups = async () => (await control.getState(APP.appId)).serviceGroups;
const numberGroups = async () => (await control.getState(APP.appId)).displayNumberGroups;
const search = (resource: string, method: string) =>
	picker(sandbox, APP, method, { resource, operation: 'delete' });

/** A valid create of each resource. */
const VALID: Record<string, INodeParameters> = {
	serviceGroup: { name: 'A', members },
	displayNumberGroup: { groupName: 'A', strategy: '1', numberList: '0101' },
};

/** What the two resources share, with each one's names. */
const KINDS = [
	{
		resource: 'serviceGroup',
		what: 'service group',
		label: 'Service Group',
		param: 'queueNumber',
		key: 'queueNumber',
		paths: { delete: PATHS.groupDelete, create: PATHS.groupCreate },
		run: service,
		seed: async (count: number) => await control.seedServiceGroups({ appId: APP.appId, count }),
		ids: async () => (await serviceGroups()).map((g) => g.queueNumber),
		badCreate: { additionalFields: { level: '2', parentId: locator('9999', 'id') } },
		badCreateMessage: 'parentId 9999 is not the queueNumber of an existing group',
	},
	{
		resource: 'displayNumberGroup',
		what: 'display-number group',
		label: 'Display Number Group',
		param: 'groupId',
		key: 'id',
		paths: { delete: PATHS.numberGroupDelete, create: PATHS.numberGroupCreate },
		run: numbers,
		seed: async (count: number) =>
			await control.seedDisplayNumberGroups({ appId: APP.appId, count }),
		ids: async () => (await numberGroups()).map((g) => g.id),
		badCreate: { additionalFields: { overflowGroupId: locator('123', 'id') } },
		badCreateMessage: 'display-number group 123 does not exist',
	},
];

describe.each(KINDS)('$resource (shared behaviour)', (kind) => {
	const { run, param, key, paths, what, label } = kind;

	test('delete: one request per input item (ids from the items), {deleted: true, id} paired; deleting again gets the vendor error', async () => {
		const [keep, ...gone] = await kind.seed(3);
		const result = await run(
			{ operation: 'delete', [param]: locator('={{ $json.id }}', 'id') },
			{ items: gone.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual(
			gone.map((id) => [paths.delete, { [key]: id }, true]),
		);
		expect(result.items).toEqual(
			gone.map((id, item) => ({ json: { deleted: true, id }, pairedItem: { item } })),
		);
		expect(await kind.ids()).toEqual([keep]);
		const again = await run({ operation: 'delete', [param]: locator(gone[0]) });
		expect(again.requests.map((r) => [r.path, r.code])).toEqual([[paths.delete, '00000400']]);
		expect(again.error?.message).toBe(
			`Contact Center error 00000400: ${what} ${gone[0]} does not exist [item 0]`,
		);
	});

	test('an empty id: an error and zero requests (typed: n8n refuses it; from an expression: the node does)', async () => {
		const typed = await run({ operation: 'delete', [param]: locator('', 'id') });
		expect(typed.requests).toEqual([]);
		expect(typed.error?.message).toContain(`Parameter "${label}" is required`);
		const expression = await run({ operation: 'delete', [param]: locator('={{ "" }}', 'id') });
		expect(expression.requests).toEqual([]);
		expect(expression.error?.message).toContain(`Invalid input [item 0]: "${label}" is required`);
	});

	test('create refused by the API: the vendor error with its code and help', async () => {
		const result = await run({ operation: 'create', ...VALID[kind.resource], ...kind.badCreate });
		expect(result.requests.map((r) => [r.path, r.code])).toEqual([[paths.create, '00000400']]);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			`Contact Center error 00000400: ${kind.badCreateMessage} [item 0]`,
		);
		expect(result.error?.description).toContain('The API rejected a parameter');
	});

	test('getAll with no groups: no items, no error', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.items).toEqual([]);
	});
});

/** Create refusals of each resource: the message, and the fields over a valid create. */
const REFUSALS: Record<string, Record<string, INodeParameters>> = {
	serviceGroup: {
		'"Members" needs at least one member': { members: {} },
		'"Members → Agent Number (member 1)" is required': { members: { member: [agent(' ', 1)] } },
		'"Members → Weight (member 1)" must be a whole number': {
			members: { member: [agent('1', 1.5)] },
		},
		'lists agent "1" more than once': { members: { member: [agent('1', 1), agent('1', 2)] } },
		'"Additional Fields → Strategy" must be one of': {
			additionalFields: { strategy: '={{ "fastest" }}' },
		},
		'"Additional Fields → Max Queue Length" must be a whole number of 0 or more': {
			additionalFields: { maxWaitLimit: -1 },
		},
		'"Additional Fields → Parent Group" is required for a level 2 group': {
			additionalFields: { level: '2' },
		},
		'"Additional Fields → Parent Group" names parent group "8001"': {
			additionalFields: { parentId: locator('8001', 'id') },
		},
		'"Additional Fields → Group Leaders" lists "1001" more than once': {
			additionalFields: { groupLeader: '1001, 1001' },
		},
		'"Name" is required': { name: '={{ "" }}' },
	},
	displayNumberGroup: {
		'"Number List" needs at least one phone number': { numberList: ' , \n' },
		'not phone numbers: "010-CALL-ME"': { numberList: '0101, 010-CALL-ME' },
		'"Number List" lists "0101" more than once': { numberList: '0101\n0101' },
		'"Strategy" must be 1 (random), 2 (rotating) or 3': { strategy: '={{ 4 }}' },
		'"Additional Fields → Default Number List" is only used by the "By Home Location" strategy (3)':
			{
				additionalFields: { defaultNumberList: '0102' },
			},
		'"Number List" must be text or a list': { numberList: '={{ { a: 1 } }}' },
		'"Group Name" is required': { groupName: '={{ "" }}' },
	},
};

test.each(
	Object.entries(REFUSALS).flatMap(([resource, cases]) =>
		Object.entries(cases).map(
			([message, fields]) => [resource, message, { ...VALID[resource], ...fields }] as const,
		),
	),
)(
	'%s create refused with %s: an error naming item and field, zero requests',
	async (resource, message, parameters) => {
		const result = await runner(resource)({ operation: 'create', ...parameters });
		expectInvalid(result, '');
		expect(result.error?.message).toContain(message);
		const state = await control.getState(APP.appId);
		expect([...state.serviceGroups, ...state.displayNumberGroups]).toEqual([]);
	},
);

describe('serviceGroup', () => {
	test('create sends name and members, then reads the new group back: the output is the group as the API holds it; every additional field', async () => {
		const result = await service({ operation: 'create', name: 'After-sales', members });
		expect(result.error).toBeUndefined();
		const [group] = await serviceGroups();
		expect(result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid])).toEqual([
			['POST', PATHS.groupCreate, { name: 'After-sales', members: members.member }, true],
			['POST', PATHS.groupList, { queueNumber: group.queueNumber }, true],
		]);
		expect(result.items).toEqual([{ json: group, pairedItem: { item: 0 } }]);
		const defaults = { queueNumber: '8001', name: 'After-sales', level: '1', parentId: '0' };
		expect(group).toMatchObject(defaults);

		// Every additional field, that group as the parent picked from the list, leaders from an expression array.
		const parent = group.queueNumber;
		const fields = {
			level: '2',
			strategy: 'skill',
			maxWaitLimit: 5,
			waitTime: 30,
			timeout: 15,
			broadcastMember: true,
			failedNotAssigned: true,
			noIdleTransfer: false,
		};
		const vip = await service({
			operation: 'create',
			name: 'VIP',
			members,
			additionalFields: {
				...fields,
				parentId: locator(parent),
				groupLeader: '={{ ["1001", "1002"] }}',
			},
		});
		expect(vip.error).toBeUndefined();
		const sent = { ...fields, parentId: parent, groupLeader: ['1001', '1002'] };
		expect(vip.requests[0].body).toEqual({ name: 'VIP', members: members.member, ...sent });
	});

	test('create: one group per input item, parameters read per item, each output paired to its item', async () => {
		const teams = { North: '2001', South: '2002' };
		const result = await service(
			{
				operation: 'create',
				name: '={{ $json.team }}',
				members: { member: [agent('={{ $json.agent }}', 1)] },
				additionalFields: { groupLeader: '={{ $json.agent }}' },
			},
			{ items: Object.entries(teams).map(([team, id]) => ({ team, agent: id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.filter((r) => r.path === PATHS.groupCreate).map((r) => r.body)).toEqual(
			Object.entries(teams).map(([name, id]) => ({
				name,
				members: [agent(id, 1)],
				groupLeader: [id],
			})),
		);
		expect(result.items.map((i) => [i.json.name, i.pairedItem])).toEqual(
			Object.keys(teams).map((name, item) => [name, { item }]),
		);
	});

	test('when reading the group back fails, the item still succeeds with the fields sent and the queue number', async () => {
		await control.addFault(envelopeFault(PATHS.groupList, '00000500', 'busy'));
		const result = await service({ operation: 'create', name: 'Fallback', members });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => r.path)).toEqual([PATHS.groupCreate, PATHS.groupList]);
		expect(result.items).toEqual([
			{
				json: { name: 'Fallback', members: members.member, queueNumber: '8001' },
				pairedItem: { item: 0 },
			},
		]);
		const warning = expect.stringContaining('Service group 8001 was created');
		expect(result.logs).toContainEqual(
			expect.objectContaining({ level: 'warn', message: warning }),
		);
		expect(await serviceGroups()).toHaveLength(1);
	});

	test('update sends the queue number and only the fields added (picked or typed); the output says what changed', async () => {
		const [queueNumber] = await control.seedServiceGroups({
			appId: APP.appId,
			groups: [{ name: 'Old', strategy: 'random' }],
		});
		const fields = {
			name: 'New',
			members: [agent('3001', 2)],
			strategy: 'order',
			noIdleTransfer: true,
		};
		const result = await service({
			operation: 'update',
			queueNumber: locator(queueNumber),
			updateFields: { ...fields, members: { member: fields.members } },
		});
		expect(result.error).toBeUndefined();
		const sent = { queueNumber, ...fields };
		expect(
			result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid, r.code]),
		).toEqual([['POST', PATHS.groupUpdate, sent, true, '200']]);
		expect(result.items).toEqual([{ json: { updated: true, ...sent }, pairedItem: { item: 0 } }]);
		expect((await serviceGroups())[0]).toMatchObject(fields);
		const typed = await service({
			operation: 'update',
			queueNumber: locator(queueNumber, 'id'),
			updateFields: { waitTime: 0 },
		});
		expect(typed.requests.map((r) => r.body)).toEqual([{ queueNumber, waitTime: 0 }]);
	});

	test.each([
		[{}, '"Update Fields" is empty'],
		[{ name: '' }, '"Update Fields → Name" cannot be empty'],
	])('update with %j: an error and zero requests', async (updateFields, message) => {
		const result = await service({
			operation: 'update',
			queueNumber: locator('8001'),
			updateFields,
		});
		expectInvalid(result, message);
	});

	test('getAll: every group in one request (the list has no paging), Limit the first N, or one queue number', async () => {
		const seeded = await control.seedServiceGroups({ appId: APP.appId, count: 120 });
		const result = await service({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual([
			[PATHS.groupList, {}, true],
		]);
		expect(result.items.map((i) => i.json.queueNumber)).toEqual(seeded);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		const keys = ['_id', 'queueNumber', 'name', 'members', 'strategy', 'level', 'parentId'];
		expect(Object.keys(result.items[0].json)).toEqual(expect.arrayContaining(keys));
		const limited = await service({ operation: 'getAll', returnAll: false, limit: 3 });
		expect(limited.requests).toHaveLength(1);
		expect(limited.items.map((i) => i.json.queueNumber)).toEqual(seeded.slice(0, 3));
		const one = await service({
			operation: 'getAll',
			returnAll: true,
			filters: { queueNumber: locator(seeded[1]) },
		});
		expect(one.requests.map((r) => r.body)).toEqual([{ queueNumber: seeded[1] }]);
		expect(one.items.map((i) => i.json.queueNumber)).toEqual([seeded[1]]);
	});

	test('searchServiceGroups lists every group by name and queue number, filtered by either', async () => {
		const groups = [
			{ name: 'Billing', members: [agent('1', 1)] },
			{ name: 'VIP desk', members: [agent('1', 1), agent('2', 1)] },
		];
		await control.seedServiceGroups({ appId: APP.appId, groups });
		const searchGroups = search('serviceGroup', 'searchServiceGroups');
		await control.clearLog();
		expect(await searchGroups()).toEqual({
			results: [
				{ name: 'Billing (8001)', value: '8001', description: 'level 1, 1 member' },
				{ name: 'VIP desk (8002)', value: '8002', description: 'level 1, 2 members' },
			],
			paginationToken: undefined,
		});
		const values = async (filter: string) =>
			(await searchGroups(filter)).results.map((r) => r.value);
		expect(await values('vip')).toEqual(['8002']);
		expect(await values('8001')).toEqual(['8001']);
		expect((await control.getLog()).map((e) => [e.path, e.signatureValid])).toEqual(
			Array(3).fill([PATHS.groupList, true]),
		);
	});
});

describe('displayNumberGroup', () => {
	const pages = (...sizes: number[]) => sizes.map((pageSize, i) => ({ page: i + 1, pageSize }));
	const random = (name: string, value: string) => ({
		name,
		value,
		description: 'random, 1 number',
	});
	test('create sends name, strategy and the numbers typed one per line; the output is the created group with its id as a string; By Home Location', async () => {
		const result = await numbers({
			operation: 'create',
			groupName: 'Beijing numbers',
			strategy: '2',
			numberList: '01012345678\n+86-10-87654321\n',
		});
		expect(result.error).toBeUndefined();
		const numberList = ['01012345678', '+86-10-87654321'];
		const body = { groupName: 'Beijing numbers', strategy: '2', numberList };
		expect(
			result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid, r.code]),
		).toEqual([['POST', PATHS.numberGroupCreate, body, true, '200']]);
		const [group] = await numberGroups();
		expect(result.items).toEqual([{ json: group, pairedItem: { item: 0 } }]);
		expect(result.items[0].json.id).toMatch(/^\d{18}$/);

		// By Home Location with defaults, numbers from an expression array, that group as the overflow picked from the list.
		const overflow = group.id;
		const fields = { remark: 'Outbound campaign', city: 'Guangzhou', areaCode: '020' };
		const home = await numbers({
			operation: 'create',
			groupName: 'Home location',
			strategy: '3',
			numberList: '={{ ["02011111111", "075522222222"] }}',
			additionalFields: {
				...fields,
				defaultNumberList: '02033333333, 02044444444',
				overflowGroupId: locator(overflow),
			},
		});
		expect(home.error).toBeUndefined();
		const defaultNumberList = ['02033333333', '02044444444'];
		expect(home.requests[0].body).toEqual({
			groupName: 'Home location',
			strategy: '3',
			numberList: ['02011111111', '075522222222'],
			...fields,
			defaultNumberList,
			overflowGroupId: overflow,
		});
	});

	test('continueOnFail: the invalid item becomes an error item, the others are created and paired', async () => {
		const result = await numbers(
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

	test('update sends id, the new number list and the fields added; the output says what changed', async () => {
		const [id] = await control.seedDisplayNumberGroups({
			appId: APP.appId,
			groups: [{ groupName: 'Old', strategy: '1', remark: 'note' }],
		});
		const result = await numbers({
			operation: 'update',
			groupId: locator(id),
			numberList: '0201, 0202',
			updateFields: { groupName: 'New', strategy: '3', defaultNumberList: '0209', remark: '' },
		});
		expect(result.error).toBeUndefined();
		const fields = {
			numberList: ['0201', '0202'],
			groupName: 'New',
			strategy: '3',
			remark: '',
			defaultNumberList: ['0209'],
		};
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid, r.code])).toEqual([
			[PATHS.numberGroupUpdate, { id, ...fields }, true, '200'],
		]);
		expect(result.items).toEqual([
			{ json: { updated: true, id, ...fields }, pairedItem: { item: 0 } },
		]);
		expect((await numberGroups())[0]).toMatchObject(fields);
	});

	test('a group cannot overflow to itself: an error and zero requests', async () => {
		const [id] = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 1 });
		const result = await numbers({
			operation: 'update',
			groupId: locator(id, 'id'),
			numberList: '0101',
			updateFields: { overflowGroupId: locator(id) },
		});
		expectInvalid(result, '"Update Fields → Overflow Group" is the group being updated');
	});

	test('getAll: Return All over 250 groups in exactly 3 requests of 100; a Limit sets the page size within 10..100', async () => {
		const ids = await control.seedDisplayNumberGroups({ appId: APP.appId, count: 250 });
		const result = await numbers({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual(
			pages(100, 100, 100).map((body) => [PATHS.numberGroupQuery, body, true]),
		);
		expect(result.items.map((i) => i.json.id)).toEqual(ids);
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
		// The fewest pages of at most 100, each as small as that allows.
		for (const [limit, sizes] of [
			[5, [10]],
			[30, [30]],
			[150, [75, 75]],
		] as const) {
			const limited = await numbers({ operation: 'getAll', returnAll: false, limit });
			expect(limited.requests.map((r) => r.body)).toEqual(pages(...sizes));
			expect(limited.items.map((i) => i.json.id)).toEqual(ids.slice(0, limit));
		}
	});

	test('getAll: exactly one page of 100 is one request', async () => {
		await control.seedDisplayNumberGroups({ appId: APP.appId, count: 100 });
		const one = await numbers({ operation: 'getAll', returnAll: true });
		expect(one.requests).toHaveLength(1);
		expect(one.items).toHaveLength(100);
	});

	test('searchDisplayNumberGroups: pages of 100 with a token for the next; a filter searches later pages', async () => {
		const ids = await control.seedDisplayNumberGroups({
			appId: APP.appId,
			groups: Array.from({ length: 230 }, (_, i) => ({
				groupName: i === 215 ? 'Shenzhen special' : `Group ${i}`,
				strategy: '1',
				numberList: ['0101'],
			})),
		});
		const searchGroups = search('displayNumberGroup', 'searchDisplayNumberGroups');
		const first = await searchGroups();
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual(random('Group 0', ids[0]));
		expect(first.paginationToken).toBe('2');
		const last = await searchGroups(undefined, '3');
		expect(last.results.map((r) => r.value)).toEqual(ids.slice(200));
		expect(last.paginationToken).toBeUndefined();

		await control.clearLog();
		expect(await searchGroups('SHENZHEN')).toEqual({
			results: [random('Shenzhen special', ids[215])],
			paginationToken: undefined,
		});
		expect((await control.getLog()).map((e) => [e.body, e.signatureValid])).toEqual(
			pages(100, 100, 100).map((body) => [body, true]),
		);
		const byId = await searchGroups(ids[3]);
		expect(byId.results.map((r) => r.value)).toEqual([ids[3]]);
	});
});

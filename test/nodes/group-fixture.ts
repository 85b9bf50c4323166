/**
 * Service groups (`/openapi/platform/v1/group/*`) and display-number groups
 * (`/openapi/call/web/v1/number/group/*`) have the same CRUD shape: the sandbox both resources'
 * tests run against (emptied before each test), a valid create of each, the create refusals of each,
 * and what the two share with each one's names (`groupKinds`), so the shared tests run per resource in
 * test/nodes/serviceGroup/ and test/nodes/displayNumberGroup/.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import { expectInvalid, locator, picker } from './run-checks';

export const APP = { appId: '1090', appSecret: 'demo-secret' };

export const agent = (agentNumber: string, weight: number) => ({ agentNumber, weight });
export const members = { member: [agent('1001', 1), agent('1002', 3)] };

export function groupsSandbox() {
	const sandbox = useSandbox({ tenants: [{ ...APP }] });
	const { control } = sandbox;

	beforeEach(async () => {
		await control.reset();
	});

	const runner = (resource: string) =>
		nodeRunner(sandbox, APP, { nodeType: ContactCenter, parameters: { resource } });
	return {
		sandbox,
		control,
		runner,
		service: runner('serviceGroup'),
		numbers: runner('displayNumberGroup'),
		serviceGroups: async () => (await control.getState(APP.appId)).serviceGroups,
		numberGroups: async () => (await control.getState(APP.appId)).displayNumberGroups,
		search: (resource: string, method: string) =>
			picker(sandbox, APP, method, { resource, operation: 'delete' }),
	};
}

/** A valid create of each resource. */
export const VALID: Record<string, INodeParameters> = {
	serviceGroup: { name: 'A', members },
	displayNumberGroup: { groupName: 'A', strategy: '1', numberList: '0101' },
};

/** What the two resources share, with each one's names: the one of `resource`. */
export function groupKind(
	{ control, service, numbers, serviceGroups, numberGroups }: ReturnType<typeof groupsSandbox>,
	resource: 'serviceGroup' | 'displayNumberGroup',
) {
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
	return KINDS.filter((kind) => kind.resource === resource);
}

/** Create refusals of each resource: the message, and the fields over a valid create. */
export const REFUSALS: Record<string, Record<string, INodeParameters>> = {
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

type GroupResource = 'serviceGroup' | 'displayNumberGroup';

/** Create: the API refusing a create, and the refusals both resources make before sending. The tests both group resources share, run for `group`. */
export function sharedCreateTests(
	world: ReturnType<typeof groupsSandbox>,
	group: GroupResource,
): void {
	const { control, runner } = world;
	const KINDS = groupKind(world, group);

	describe.each(KINDS)('$resource (shared behaviour)', (kind) => {
		const { run, paths } = kind;

		test('create refused by the API: the vendor error with its code and help', async () => {
			const result = await run({ operation: 'create', ...VALID[kind.resource], ...kind.badCreate });
			expect(result.requests.map((r) => [r.path, r.code])).toEqual([[paths.create, '00000400']]);
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.message).toBe(
				`Contact Center error 00000400: ${kind.badCreateMessage} [item 0]`,
			);
			expect(result.error?.description).toContain('The API rejected a parameter');
		});
	});

	test.each(
		Object.entries(REFUSALS)
			.filter(([resource]) => resource === group)
			.flatMap(([resource, cases]) =>
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
}

/** Delete: one request per item from the items' ids; an empty id sends nothing. The tests both group resources share, run for `group`. */
export function sharedDeleteTests(
	world: ReturnType<typeof groupsSandbox>,
	group: GroupResource,
): void {
	const KINDS = groupKind(world, group);

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
	});
}

/** Get Many with no groups. The tests both group resources share, run for `group`. */
export function sharedGetAllTests(
	world: ReturnType<typeof groupsSandbox>,
	group: GroupResource,
): void {
	const KINDS = groupKind(world, group);

	describe.each(KINDS)('$resource (shared behaviour)', (kind) => {
		const { run } = kind;

		test('getAll with no groups: no items, no error', async () => {
			const result = await run({ operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.requests).toHaveLength(1);
			expect(result.items).toEqual([]);
		});
	});
}

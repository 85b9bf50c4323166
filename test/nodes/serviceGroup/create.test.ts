/**
 * Service Group → Create (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { envelopeFault, expectInvalid, locator } from '../run-checks';
import { APP, REFUSALS, VALID, agent, groupKind, groupsSandbox, members } from '../group-fixture';

const world = groupsSandbox();
const { control, runner, service, serviceGroups } = world;
const KINDS = groupKind(world, 'serviceGroup');

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
		.filter(([resource]) => resource === 'serviceGroup')
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
});

/**
 * Service Group → Create (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { envelopeFault, locator } from '../run-checks';
import { agent, sharedCreateTests, groupsSandbox, members } from '../group-fixture';

const world = groupsSandbox();
const { control, service, serviceGroups } = world;

sharedCreateTests(world, 'serviceGroup');

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

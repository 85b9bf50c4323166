/**
 * Service Group → Get Many, and the group picker (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { locator } from '../run-checks';
import { APP, agent, sharedGetAllTests, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { control, service, search } = world;

sharedGetAllTests(world, 'serviceGroup');

describe('serviceGroup', () => {
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

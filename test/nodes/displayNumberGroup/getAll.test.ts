/**
 * Display Number Group → Get Many, and the group picker (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { APP, sharedGetAllTests, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { control, numbers, search } = world;

sharedGetAllTests(world, 'displayNumberGroup');

describe('displayNumberGroup', () => {
	const pages = (...sizes: number[]) => sizes.map((pageSize, i) => ({ page: i + 1, pageSize }));
	const random = (name: string, value: string) => ({
		name,
		value,
		description: 'random, 1 number',
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

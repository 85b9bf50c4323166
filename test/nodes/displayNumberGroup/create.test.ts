/**
 * Display Number Group → Create (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { locator } from '../run-checks';
import { sharedCreateTests, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { numbers, numberGroups } = world;

sharedCreateTests(world, 'displayNumberGroup');

describe('displayNumberGroup', () => {
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
});

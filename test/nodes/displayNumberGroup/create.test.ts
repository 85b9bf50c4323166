/**
 * Display Number Group → Create (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { expectInvalid, locator } from '../run-checks';
import { APP, REFUSALS, VALID, groupKind, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { control, runner, numbers, numberGroups } = world;
const KINDS = groupKind(world, 'displayNumberGroup');

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
		.filter(([resource]) => resource === 'displayNumberGroup')
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

/**
 * Display Number Group → Update (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { expectInvalid, locator } from '../run-checks';
import { APP, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { control, numbers, numberGroups } = world;

describe('displayNumberGroup', () => {
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
});

/**
 * Service Group → Update (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { PATHS } from '../../sandbox/fixture';
import { expectInvalid, locator } from '../run-checks';
import { APP, agent, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const { control, service, serviceGroups } = world;

describe('serviceGroup', () => {
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
});

/**
 * Customer → Delete.
 */

import { PATHS } from '../../sandbox/fixture';
import { locator, signed } from '../run-checks';
import { APP, customerReads } from './fixture';

const { control, run } = customerReads();

test('customer delete (POST /openapi/crm/delete): {deleted: true, id} per item and the customers are gone (an unknown id: as for get)', async () => {
	const [doomed, alsoDoomed] = await control.seedCustomers({
		appId: APP.appId,
		customers: [{ customerName: 'Del 1' }, { customerName: 'Del 2' }],
	});
	const result = await run(
		{ operation: 'delete', customerId: locator('={{ $json.id }}', 'id') },
		{ items: [{ id: doomed }, { id: alsoDoomed }] },
	);
	expect(signed(result)).toEqual(Array(2).fill(['POST', PATHS.crmDelete, true, '200']));
	expect(result.requests.map((r) => r.body)).toEqual([{ id: doomed }, { id: alsoDoomed }]);
	expect(result.items).toEqual([
		{ json: { deleted: true, id: doomed }, pairedItem: { item: 0 } },
		{ json: { deleted: true, id: alsoDoomed }, pairedItem: { item: 1 } },
	]);
	const remaining = (await control.getState(APP.appId)).customers.map((c) => c._id);
	expect(remaining.filter((id) => [doomed, alsoDoomed].includes(id))).toEqual([]);
});

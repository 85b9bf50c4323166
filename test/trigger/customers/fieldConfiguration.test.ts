/**
 * Trigger On Customer with Simplified output reads the field configuration to name custom fields:
 * a poll whose read fails fails as a whole, the state stays where it was, and the next poll emits
 * the customers (the read comes before the state moves).
 */
import { APP_ID, sandboxNow, useTriggerSandbox } from '../driver';

const { control, trigger } = useTriggerSandbox();

it('a failing field-configuration read fails the poll without moving the state; the next poll emits the customer once', async () => {
	const run = trigger({ triggerOn: 'customer' });
	expect((await run.poll()).items).toBeNull(); // activation: the state starts now
	const now = await sandboxNow(control);
	const [id] = await control.seedCustomers({
		appId: APP_ID,
		customers: [{ customerName: 'New One', createTime: now, updateTime: now }],
	});
	// Four 500s: the read and its three retries.
	await control.addFault({
		pathPattern: '/openapi/crm/config/field/list',
		kind: 'status',
		status: 500,
		retryAfterSeconds: 0,
		count: 4,
	});
	const failed = await run.poll({ expectFailure: true }); // the driver checks the state is unchanged
	expect(failed.requests.map((r) => r.path)).toContain('/openapi/crm/config/field/list');
	const next = await run.poll();
	expect(next.items?.map((i) => [i.json._id, i.json.customerName, i.json.event])).toEqual([
		[id, 'New One', 'created'],
	]);
});

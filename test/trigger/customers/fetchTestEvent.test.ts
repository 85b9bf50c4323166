/**
 * Trigger On Customer through the driver against the sandbox: Fetch Test Event.
 */
import { APP_ID, sandboxNow, shiftWall, useTriggerSandbox } from '../driver';

const { control, trigger } = useTriggerSandbox();

describe('Fetch Test Event (manual)', () => {
	it('customers: the newest created and the newest updated customer, one list request each (and the field configuration, for Simplified), state untouched', async () => {
		const now = await sandboxNow(control);
		const at = (s: number) => shiftWall(now, s);
		const [, newer, changed] = await control.seedCustomers({
			appId: APP_ID,
			customers: [
				{ customerName: 'Older', createTime: at(-600), updateTime: at(-600) },
				{ customerName: 'Newer', createTime: at(-60), updateTime: at(-60) },
				{ customerName: 'Changed', createTime: at(-900), updateTime: at(-300) },
			],
		});
		const run = trigger({ triggerOn: 'customer' });
		const result = await run.poll({ mode: 'manual' });
		expect(result.items?.map((i) => [i.json._id, i.json.event])).toEqual([
			[newer, 'created'],
			[changed, 'updated'],
		]);
		expect(result.requests.map((r) => r.path)).toEqual([
			'/openapi/crm/list',
			'/openapi/crm/list',
			'/openapi/crm/config/field/list',
		]);
		expect(run.nodeData).toEqual({});
	});
});

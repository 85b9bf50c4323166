/**
 * Trigger On Customer and Call Task through the driver against the sandbox: settings refused
 * before any request, one kind's state at a time in the static data, and Fetch Test Event.
 */
import type { INodeParameters } from 'n8n-workflow';

import { APP_ID, NODE_KEY, sandboxNow, shiftWall, useTriggerSandbox } from './driver';

const { control, trigger } = useTriggerSandbox();

describe('settings are checked before any request', () => {
	const empty = '"Events" is empty';
	const unknown = (value: string) => `"Events" has unknown values: ${value}`;
	const lookback = '"Look-Back (Minutes)" must be a whole number';
	const startFrom = '"Start From" is not a date and time';
	it.each([
		[{ channel: 'all', events: [] }, empty],
		[{ options: { maxRecordsPerPoll: 0 } }, '"Max Records per Poll" must be a whole number from 1'],
		[{ options: { lookbackMinutes: 2.5 } }, lookback],
		[{ options: { startFrom: 'yesterday' } }, startFrom],
		[{ triggerOn: 'customer', customerEvents: [] }, empty],
		[{ triggerOn: 'customer', customerEvents: ['deleted'] }, unknown('deleted')],
		[{ triggerOn: 'callTask', callTaskEvents: [] }, empty],
		[{ triggerOn: 'callTask', callTaskEvents: ['started'] }, unknown('started')],
		[{ triggerOn: 'customer', options: { lookbackMinutes: -1 } }, lookback],
		[{ triggerOn: 'callTask', options: { startFrom: 'yesterday' } }, startFrom],
	])('%j', async (parameters, message) => {
		const run = trigger(parameters as INodeParameters);
		const result = await run.poll({ expectFailure: true });
		expect(result.error).toMatchObject({ name: 'NodeOperationError' });
		expect(result.error?.message).toContain(message);
		expect(result.requests).toEqual([]);
		expect(run.nodeData).toEqual({});
	});
});

describe('static data holds the state of the kind watched only', () => {
	it('switching service records → customers → call tasks drops the previous kind’s state', async () => {
		const run = trigger({ channel: 'call' });
		for (const [parameters, key] of [
			[{ channel: 'call' }, 'cursor'],
			[{ triggerOn: 'customer' }, 'customers'],
			[{ triggerOn: 'callTask' }, 'callTasks'],
			[{ channel: 'call' }, 'cursor'],
		] as const) {
			run.parameters = parameters;
			await run.poll();
			expect(Object.keys(run.nodeData)).toEqual([key]);
		}
	});

	it('an unreadable call-task state starts again from now, with a warning, and emits nothing', async () => {
		const run = trigger({ triggerOn: 'callTask' });
		run.staticData = { [NODE_KEY]: { callTasks: { version: 9 } } };
		await control.seedAgents({ appId: APP_ID, count: 1 });
		await control.seedTasks({
			appId: APP_ID,
			tasks: [{ status: 'done', totalCount: 1, completedCount: 1 }],
		});
		expect((await run.poll()).items).toBeNull();
		expect(run.warnings).toContainEqual(expect.stringMatching(/call-task state is unreadable/));
	});
});

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

	it('nothing to show: null, not an empty list', async () => {
		for (const triggerOn of ['customer', 'callTask'])
			expect((await trigger({ triggerOn }).poll({ mode: 'manual' })).items).toBeNull();
	});
});

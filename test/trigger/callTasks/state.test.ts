/**
 * Trigger On Call Task through the driver against the sandbox: its stored state, when unreadable.
 */
import { APP_ID, NODE_KEY, useTriggerSandbox } from '../driver';

const { control, trigger } = useTriggerSandbox();

describe('static data holds the state of the kind watched only', () => {
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

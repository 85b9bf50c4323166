/**
 * The sandbox of the call-task Get, Get Many, Start and Pause tests: tenant 1090 with a voice agent
 * and a caller number group (their ids in `seeded` once the file's first beforeAll has run), and a
 * second tenant holding exactly 1,200 tasks, for paging. Real HTTP; requests from its log.
 */
import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../../harness';
import { useSandbox } from '../../sandbox/fixture';
import type { CallTask } from '../../sandbox/types';
import { locator } from '../run-checks';

export const APP = { appId: '1090', appSecret: 'demo-secret' };
// A second tenant holding exactly 1,200 tasks, for paging.
export const MANY = { appId: '2090', appSecret: 'many-secret' };

export function callTasks() {
	const sandbox = useSandbox({ tenants: [{ ...APP }, { ...MANY }] });
	const { control } = sandbox;
	const seeded = { agentId: '', groupId: '' };

	beforeAll(async () => {
		[seeded.agentId] = await control.seedAgents({
			appId: APP.appId,
			agents: [{ name: 'Renewal reminder', agentType: 'voicebot' }],
		});
		[seeded.groupId] = await control.seedCallerNumberGroups({
			appId: APP.appId,
			groups: [{ groupName: 'Hangzhou numbers' }],
		});
		await control.seedTasks({ appId: MANY.appId, count: 1_200 });
	});

	const defaults = {
		nodeType: ContactCenter,
		parameters: { resource: 'callTask' },
		timezone: 'Asia/Shanghai',
	};
	const run = nodeRunner(sandbox, APP, defaults);
	return {
		sandbox,
		control,
		seeded,
		run,
		runMany: nodeRunner(sandbox, MANY, defaults),
		seedTasks: async (...tasks: Array<Partial<CallTask>>) =>
			await control.seedTasks({ appId: APP.appId, tasks }),
		operate: async (operation: 'start' | 'pause', taskId: string) =>
			await run({ operation, taskId: locator(taskId) }),
	};
}

/** The bodies of the first `count` task-query pages of `pageSize`. */
export const pages = (count: number, pageSize = 500) =>
	Array.from({ length: count }, (_, i) => ({ pageNum: i + 1, pageSize }));

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
import { SignedClient } from './client';
import { SandboxControl } from './control';
import { okA, PATHS, wallTime } from './fixture';
import { startSandbox, type RunningSandbox } from './index';

// `npm start` runs the sandbox with a demo feed, so a published trigger sees new records, changed
// customers and finished call tasks arrive.
describe('demo feed (demoFeedSeconds)', () => {
	let sandbox: RunningSandbox;
	afterAll(async () => {
		await sandbox?.close();
	});

	it('writes new call and chat records naming demo customers, in demo tenants only', async () => {
		const startedAt = new Date();
		sandbox = await startSandbox({
			tenants: [
				{ appId: 'demo', appSecret: 's', seed: 'demo' },
				{ appId: 'empty', appSecret: 's' },
			],
			demoFeedSeconds: 0.05,
		});
		const control = new SandboxControl(sandbox.url);
		const before = (await control.getState('demo')).recordCounts;
		const deadline = Date.now() + 20_000;
		let now = before;
		// Wait for the condition (two records of each channel), bounded in time.
		while (now.call < before.call + 2 || now.im < before.im + 2) {
			if (Date.now() > deadline)
				throw new Error(
					`the feed wrote too little within 20 s: ${JSON.stringify({ before, now })}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 50));
			now = (await control.getState('demo')).recordCounts;
		}
		expect((await control.getState('empty')).recordCounts).toEqual({ call: 0, im: 0 });

		const state = await control.getState('demo');
		const phones = new Set(state.customers.flatMap((c) => (c.mobile ?? []).map((m) => m.value)));
		const visitors = new Set(state.customers.map((c) => c.visitorId).filter(Boolean));
		const client = new SignedClient(sandbox.url, 'demo', 's');
		const window = {
			startTime: wallTime(new Date(startedAt.getTime() - 1000)),
			endTime: wallTime(new Date(Date.now() + 1000)),
		};
		const calls = okA(await client.post(PATHS.callRecords, window)) as Array<{
			data: { customerPhone?: string };
		}>;
		const chats = okA(await client.post(PATHS.imRecords, window)) as Array<{
			otherParams: { visitorId?: string } | null;
		}>;
		expect(calls.length).toBeGreaterThanOrEqual(2);
		expect(chats.length).toBeGreaterThanOrEqual(2);
		expect(calls.every((r) => phones.has(r.data.customerPhone ?? ''))).toBe(true);
		expect(chats.every((r) => visitors.has(r.otherParams?.visitorId ?? ''))).toBe(true);

		// Customers change and call tasks start, for the customer and call-task triggers.
		expect(state.customers.some((c) => c.updateAgent === 'demo agent')).toBe(true);
		const started = state.tasks.filter((t) =>
			t.taskName.startsWith('Delivery confirmation (demo)'),
		);
		expect(started.length).toBeGreaterThanOrEqual(1);
		expect(started[0]).toMatchObject({ status: 'running', totalCount: 5, completedCount: 0 });
	});
});

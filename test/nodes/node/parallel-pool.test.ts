/**
 * The bounded pool behind Parallel Requests, alone (no n8n, no HTTP): how many tasks run at once,
 * start order, outcomes at their own index, and stopping after a failure.
 */
import { runBounded } from '../../../nodes/ContactCenter/actions/pool';

/** Tasks that finish when the test says so (`end(index)`, or `end(index, error)`), recording what runs at once. */
function gatedTasks() {
	const started: number[] = [];
	const finish = new Map<number, (error?: Error) => void>();
	let running = 0;
	let peak = 0;
	const task = async (index: number) =>
		await new Promise<string>((resolve, reject) => {
			started.push(index);
			peak = Math.max(peak, ++running);
			finish.set(index, (error) => {
				running--;
				if (error) reject(error);
				else resolve(`done ${index}`);
			});
		});
	const end = (...indexes: number[]) => indexes.forEach((index) => finish.get(index)?.());
	const fail = (index: number, message: string) => finish.get(index)?.(new Error(message));
	const tick = async () => {
		for (let i = 0; i < 5; i++) await Promise.resolve();
	};
	return { task, started, end, fail, tick, peak: () => peak };
}

describe('runBounded', () => {
	it('runs at most `limit` tasks at once, starts them in order, and keeps outcomes at their index', async () => {
		const g = gatedTasks();
		const done = runBounded(7, 3, g.task, false);
		await g.tick();
		expect(g.started).toEqual([0, 1, 2]);
		g.end(1);
		await g.tick();
		expect(g.started).toEqual([0, 1, 2, 3]);
		g.fail(3, 'three');
		g.end(0);
		await g.tick();
		expect(g.started).toEqual([0, 1, 2, 3, 4, 5]);
		g.end(5, 2, 4);
		await g.tick();
		g.end(6);
		const outcomes = await done;
		expect(g.peak()).toBe(3);
		expect(outcomes.map((o) => (o?.ok ? o.value : (o?.error as Error).message))).toEqual(
			[0, 1, 2, 3, 4, 5, 6].map((index) => (index === 3 ? 'three' : `done ${index}`)),
		);
	});

	it('stops starting tasks after the first failure and lets the running ones finish', async () => {
		const g = gatedTasks();
		const done = runBounded(10, 3, g.task, true);
		await g.tick();
		g.fail(1, 'one');
		await g.tick();
		expect(g.started).toEqual([0, 1, 2]);
		g.end(0, 2);
		const outcomes = await done;
		expect(outcomes).toHaveLength(10);
		expect(outcomes.map((o) => o?.ok)).toEqual([true, false, true, ...Array(7).fill(undefined)]);
	});

	it('with limit 1 is the plain loop: one task at a time, nothing after a failure', async () => {
		const order: string[] = [];
		const outcomes = await runBounded(
			4,
			1,
			async (index) => {
				order.push(`start ${index}`);
				await Promise.resolve();
				order.push(`end ${index}`);
				if (index === 2) throw new Error('two');
				return index;
			},
			true,
		);
		expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
		expect(outcomes[3]).toBeUndefined();
	});

	it('handles no items and a limit above the item count', async () => {
		expect(await runBounded(0, 5, async () => 1, true)).toEqual([]);
		const g = gatedTasks();
		const done = runBounded(2, 10, g.task, false);
		await g.tick();
		expect(g.started).toEqual([0, 1]);
		g.end(0, 1);
		expect((await done).every((o) => o?.ok)).toBe(true);
	});
});

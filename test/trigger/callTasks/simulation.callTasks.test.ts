/**
 * Trigger On Call Task, simulated on the virtual clock (driver.ts) against the sandbox, whose dialler
 * moves running tasks on its clock (a round of `maxConcurrency` calls every 30 s, done when every
 * imported customer was called). Each scenario asserts every status move that a poll could see
 * emitted exactly once, with its previous and new status and counts, and nothing else.
 */
import { formatApiTime } from '../../../nodes/ContactCenter/api/time';
import { STATE_LIMIT_CHARS } from '../../../nodes/ContactCenterTrigger/poll';
import type { PollResult } from '../../harness';
import { okB, PATHS } from '../../sandbox/fixture';
import type { SeedTasksRequest } from '../../sandbox/types';
import { APP_ID, taskMoves, useSimulation, type Simulation } from '../driver';

const MINUTE = 60;
const sim = useSimulation('Asia/Shanghai', '2027-02-01T01:00:00Z');

async function fresh(startIso: string, seed = 1): Promise<Simulation> {
	const s = await sim.fresh('Asia/Shanghai', startIso, seed);
	await sim.control.seedAgents({ appId: APP_ID, count: 1 });
	await sim.control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
	return s;
}

const trigger = (s: Simulation, events?: string[], options: object = {}) =>
	s.trigger({ triggerOn: 'callTask', ...(events ? { callTaskEvents: events } : {}), options });
const seed = async (tasks: NonNullable<SeedTasksRequest['tasks']>) =>
	await sim.control.seedTasks({ appId: APP_ID, tasks });

/** The moves a poll emitted: task, previous and new status, event, total, completed and connected counts. */
const N = expect.any(Number);
const MOVE = 'taskId previousStatus status event totalCount completedCount connectedCount'.split(
	' ',
);
const moves = (result: PollResult) => result.items?.map(({ json }) => MOVE.map((key) => json[key]));
const operate = async (taskId: string, operation: 'start' | 'pause') =>
	okB(await sim.client().post(PATHS.taskOperate, { taskId, operation }));

/** Each task's status, as a poll at this instant would read it. */
async function statuses(): Promise<Map<string, string>> {
	return new Map((await sim.control.getState(APP_ID)).tasks.map((t) => [t.id, t.status]));
}

describe('Trigger On Call Task', () => {
	it('first activation emits nothing; start → running → done on the dialler, with counts', async () => {
		const s = await fresh('2027-02-01T01:00:00Z');
		const [a, b] = await seed([
			{ status: 'draft', totalCount: 10 },
			{ status: 'pause', totalCount: 4, completedCount: 2, connectedCount: 1 },
			{ status: 'running', totalCount: 1000 },
			{ status: 'done', totalCount: 3, completedCount: 3 },
		]);
		const run = trigger(s);
		expect((await run.poll()).items).toBeNull();
		await operate(a, 'start');
		s.advance(10);
		expect(moves(await run.poll())).toEqual([[a, 'draft', 'running', 'statusChanged', 10, 0, N]]);
		s.advance(MINUTE); // two rounds of 5 calls: all 10 called, every fourth call not connected
		expect(moves(await run.poll())).toEqual([[a, 'running', 'done', 'finished', 10, 10, 8]]);
		expect(run.items.at(-1)?.progressRate).toBe(1);
		await operate(b, 'start');
		s.advance(10);
		expect(moves(await run.poll())).toEqual([[b, 'pause', 'running', 'statusChanged', 4, N, N]]);
		s.advance(MINUTE); // the two customers left: one round
		expect(moves(await run.poll())).toEqual([[b, 'running', 'done', 'finished', 4, 4, N]]);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		// Two days later the 1,000-customer task has finished too (200 rounds).
		s.advance(2 * 86_400);
		const later = await run.poll();
		expect(moves(later)).toEqual([
			[expect.any(String), 'running', 'done', 'finished', 1000, 1000, 750],
		]);
		expect(later.requests.map((r) => JSON.stringify(r.body))).toEqual([
			expect.stringContaining('"statusList":["draft","running","pause"]'),
			expect.stringContaining('"startDate":"2027-02-01"}'),
		]);
		// Finished tasks leave the state once older than the day read for new tasks.
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
		const kept = (run.nodeData.callTasks as { tasks: Record<string, string> }).tasks;
		expect(Object.keys(kept).sort()).toEqual(
			[...(await statuses())]
				.filter(([, status]) => status !== 'done')
				.map(([id]) => id)
				.sort(),
		);
	});

	it('a task created days ago that finishes between polls is found through its creation day', async () => {
		const s = await fresh('2027-02-07T01:00:00Z');
		const [id] = await seed([
			{ status: 'pause', totalCount: 5, createTime: '2027-02-04 10:00:00' },
		]);
		const run = trigger(s);
		expect((await run.poll()).items).toBeNull();
		await operate(id, 'start');
		s.advance(MINUTE); // one round of five calls: done before the next poll
		const result = await run.poll();
		expect(moves(result)).toEqual([[id, 'pause', 'done', 'finished', 5, 5, N]]);
		expect(result.requests.map((r) => JSON.stringify(r.body))).toEqual([
			expect.stringContaining('"statusList":["draft","running","pause"]'),
			expect.stringContaining('"startDate":"2027-02-07"}'),
			expect.stringContaining('"startDate":"2027-02-04","endDate":"2027-02-04"'),
		]);
		expect((run.nodeData.callTasks as { tasks: object }).tasks).toEqual({});
	});

	it('a task created and finished between two polls is emitted once, as finished from draft', async () => {
		const s = await fresh('2027-02-02T01:00:00Z');
		const run = trigger(s, ['finished']);
		expect((await run.poll()).items).toBeNull();
		const [id] = await seed([{ status: 'running', totalCount: 5 }]);
		s.advance(MINUTE);
		const result = await run.poll();
		expect(moves(result)).toEqual([[id, 'draft', 'done', 'finished', 5, 5, N]]);
		// Two requests: unfinished tasks, tasks created since the floor day (nothing tracked is missing).
		expect(result.requests).toHaveLength(2);
		s.advance(MINUTE);
		expect((await run.poll()).items).toBeNull();
	});

	it('restarts, faults in the middle of polls, 40 tasks started, paused and finishing: each move once', async () => {
		const s = await fresh('2027-02-03T01:00:00Z', 11);
		const initial = await seed(
			Array.from({ length: 20 }, (_, i) => ({
				status: (['draft', 'running', 'pause'] as const)[i % 3],
				totalCount: 20 + i * 5,
			})),
		);
		const ids = [...initial];
		const run = trigger(s);
		expect((await run.poll()).items).toBeNull();
		await run.owe(taskMoves(sim.control));
		for (let step = 0; step < 60; step++) {
			s.advance(MINUTE);
			if (step % 3 === 0 && ids.length < 40) {
				const [id] = await seed([{ status: 'draft', totalCount: 5 + (step % 7) * 3 }]);
				ids.push(id);
			}
			const now = await statuses();
			for (const id of ids) {
				const st = now.get(id);
				if ((st === 'draft' || st === 'pause') && s.chance(0.2)) await operate(id, 'start');
				else if (st === 'running' && s.chance(0.1)) await operate(id, 'pause');
			}
			if (step % 7 === 6) run.crash();
			if (step === 25)
				await sim.control.addFault({
					pathPattern: '/callTask/query',
					kind: 'envelope',
					envelopeCode: 500,
					envelopeMessage: 'busy',
					probability: 0.3,
					seed: 5,
				});
			if (step === 40) await sim.control.clearFaults();
			await run.poll({ mayFail: step >= 25 && step < 40 });
		}
		run.tally('call tasks: restarts, faults, 40 tasks');
		expect(run.failedPolls).toBeGreaterThan(0);
		expect([...run.owedKeys].filter((k) => k.includes('>done@')).length).toBeGreaterThan(5);
		run.assertExact();
		for (const t of run.items)
			expect([t.totalCount, t.completedCount, t.connectedCount, t.event]).toEqual([
				...[N, N, N],
				t.status === 'done' ? 'finished' : 'statusChanged',
			]);
	});

	it('1,200 unfinished tasks: three pages a poll, a change on the last page is seen, state < 64 KB', async () => {
		const s = await fresh('2027-02-04T01:00:00Z');
		const ids = await seed(
			Array.from({ length: 1200 }, (_, i) => ({
				status: 'pause' as const,
				totalCount: 100,
				createTime: `2027-01-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
			})),
		);
		const run = trigger(s, ['statusChanged']);
		expect((await run.poll()).items).toBeNull();
		const oldest = ids[0]; // created first on 2027-01-01: the last page of the newest-first query
		await operate(oldest, 'start');
		s.advance(MINUTE);
		const result = await run.poll();
		expect(moves(result)).toEqual([[oldest, 'pause', 'running', 'statusChanged', 100, N, N]]);
		expect(result.requests).toHaveLength(3 + 1);
		expect(run.maxStateChars).toBeLessThan(STATE_LIMIT_CHARS);
	});

	it('2,500 unfinished tasks: the state holds within 64 KB by forgetting the oldest, with a warning naming how many', async () => {
		// The cap (docs/trigger.md, Call Task): "Beyond the limit the oldest tasks are forgotten and a
		// warning is logged on every poll while that lasts; their moves are then not seen."
		const s = await fresh('2027-02-08T01:00:00Z');
		const dayOfTask = (i: number) => `2027-01-${String(1 + Math.floor(i / 100)).padStart(2, '0')}`;
		const ids = await seed(
			Array.from({ length: 2500 }, (_, i) => ({
				status: 'pause' as const,
				totalCount: 100,
				createTime: `${dayOfTask(i)} 10:00:00`, // 100 tasks a day, 2027-01-01 .. 2027-01-25
			})),
		);
		const created = new Map(ids.map((id, i) => [id, dayOfTask(i)]));
		const run = trigger(s, ['statusChanged']);
		expect((await run.poll()).items).toBeNull();
		const kept = () => (run.nodeData.callTasks as { tasks: Record<string, string> }).tasks;
		const held = Object.keys(kept());
		const forgotten = ids.filter((id) => !(id in kept()));
		// The cap is reached: some tasks are forgotten, and the whole static data stays within 64 KB.
		expect(forgotten.length).toBeGreaterThan(0);
		expect(held.length + forgotten.length).toBe(2500);
		expect(run.maxStateChars).toBeLessThanOrEqual(STATE_LIMIT_CHARS);
		// The oldest go: every task kept was created no earlier than every task forgotten.
		const days = (list: string[]) => list.map((id) => created.get(id) as string).sort();
		expect(days(held)[0] >= (days(forgotten).at(-1) as string)).toBe(true);
		expect(held).toEqual(expect.arrayContaining(ids.slice(2400))); // the newest day, all kept
		expect(run.warnings).toEqual([
			expect.stringContaining(`the ${forgotten.length} oldest are not watched this poll`),
		]);
		// A kept task's move is emitted; a forgotten task's move is not seen. The warning repeats.
		const [oldest, newest] = [ids[0], ids[2499]];
		expect(forgotten).toContain(oldest);
		await operate(oldest, 'start');
		await operate(newest, 'start');
		s.advance(10);
		expect(moves(await run.poll())).toEqual([
			[newest, 'pause', 'running', 'statusChanged', 100, N, N],
		]);
		expect(run.warnings).toHaveLength(2);
		expect(run.maxStateChars).toBeLessThanOrEqual(STATE_LIMIT_CHARS);
	});

	it('Start From: tasks created since then are emitted at first activation from draft', async () => {
		const s = await fresh('2027-02-05T01:00:00Z');
		const since = new Date(s.nowMs - 3600_000);
		const wall = (ms: number) => formatApiTime(ms, 'Asia/Shanghai');
		const [, recent, draft] = await seed([
			{ status: 'running', totalCount: 500, createTime: wall(s.nowMs - 2 * 3600_000) },
			{ status: 'done', totalCount: 2, completedCount: 2, createTime: wall(s.nowMs - 600_000) },
			{ status: 'draft', totalCount: 2, createTime: wall(s.nowMs - 300_000) },
		]);
		const run = trigger(s, undefined, { startFrom: since.toISOString() });
		const first = await run.poll();
		expect(moves(first)).toEqual([[recent, 'draft', 'done', 'finished', 2, 2, N]]);
		await operate(draft, 'start');
		s.advance(10);
		expect((await run.poll()).items?.map((i) => i.json.taskId)).toEqual([draft]);
	});

	it('Fetch Test Event: the most recently finished task, the state untouched', async () => {
		const s = await fresh('2027-02-06T01:00:00Z');
		const [, b] = await seed([
			{ status: 'done', totalCount: 2, completedCount: 2, updateTime: '2027-02-06 08:00:00' },
			{ status: 'done', totalCount: 3, completedCount: 3, updateTime: '2027-02-06 08:30:00' },
		]);
		const run = trigger(s, ['finished']);
		const sample = await run.poll({ mode: 'manual' });
		expect(moves(sample)).toEqual([[b, null, 'done', 'finished', 3, 3, N]]);
		expect(sample.requests).toHaveLength(1); // the driver checks that the state is untouched
	});
});

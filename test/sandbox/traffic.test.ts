/**
 * Answer latency and the count of requests in flight: what the parallel-requests tests and
 * benchmarks read to prove how many requests a client had open at once.
 */
import { SandboxControlError } from './control';
import { PATHS, TENANT_A, okA, useSandbox } from './fixture';
import type { LogEntry } from './types';

const sb = useSandbox({ tenants: [TENANT_A], latencyMs: 60, resetEach: true });
const LIST = { search: [], sortList: [], page: 1, limit: 10 };

describe('latency', () => {
	it('applies the start-up latency to every answer and says so', async () => {
		expect((await sb.control.getTraffic()).latency).toEqual({ minMs: 60, maxMs: 60 });
		const started = performance.now();
		okA(await sb.post(PATHS.crmAdd, { customerName: 'A' }));
		expect(performance.now() - started).toBeGreaterThanOrEqual(59);
		const [entry] = await sb.control.getLog({ pathContains: PATHS.crmAdd });
		expect(entry.durationMs).toBeGreaterThanOrEqual(59);
	});

	it('runs the handler at arrival: the write is in the state before the answer goes out', async () => {
		await sb.control.setLatency(1000);
		const answer = sb.post(PATHS.crmAdd, { customerName: 'Early' });
		let state = await sb.control.getState(TENANT_A.appId);
		for (let i = 0; i < 50 && state.customers.length === 0; i++)
			state = await sb.control.getState(TENANT_A.appId);
		expect(state.customers.map((c) => c.customerName)).toEqual(['Early']);
		okA(await answer);
	});

	it('is changed while running, fixed or random within bounds (seeded), and reset restores the start-up value', async () => {
		expect((await sb.control.setLatency(0)).latency).toEqual({ minMs: 0, maxMs: 0 });
		okA(await sb.post(PATHS.crmList, LIST));
		// The server answers at once: its own measure, arrival to answer, not the client's clock.
		const [quick] = await sb.control.getLog({ pathContains: PATHS.crmList });
		expect(quick.durationMs).toBeLessThan(59);

		expect(await sb.control.setLatency({ minMs: 10, maxMs: 40, seed: 7 })).toMatchObject({
			latency: { minMs: 10, maxMs: 40 },
		});
		for (let i = 0; i < 5; i++) okA(await sb.post(PATHS.crmList, LIST));
		const durations = (await sb.control.getLog({ pathContains: PATHS.crmList }))
			.slice(1)
			.map((e: LogEntry) => e.durationMs);
		expect(durations).toHaveLength(5);
		for (const d of durations) expect(d).toBeGreaterThanOrEqual(9);
		expect(new Set(durations).size).toBeGreaterThan(1);

		await sb.control.reset();
		expect((await sb.control.getTraffic()).latency).toEqual({ minMs: 60, maxMs: 60 });
	});

	it('refuses a bad latency', async () => {
		await expect(sb.control.setLatency({ minMs: 50, maxMs: 10 })).rejects.toThrow(
			SandboxControlError,
		);
		await expect(sb.control.setLatency(-1)).rejects.toThrow(/ms/);
	});
});

describe('requests in flight', () => {
	it('counts API requests from arrival to answer and keeps the peak until reset', async () => {
		expect(await sb.control.getTraffic()).toMatchObject({ inFlight: 0, maxInFlight: 0 });
		// Each answer held 1.5 s after arrival, so that the five overlap even on a loaded machine.
		await sb.control.addFault({
			pathPattern: PATHS.crmAdd,
			kind: 'delay',
			delayMs: 1500,
			count: 5,
		});
		await Promise.all(
			Array.from({ length: 5 }, (_, i) => sb.post(PATHS.crmAdd, { customerName: `C${i}` })),
		);
		// Control requests are not counted.
		expect(await sb.control.getTraffic()).toMatchObject({ inFlight: 0, maxInFlight: 5 });
		okA(await sb.post(PATHS.crmList, LIST));
		expect((await sb.control.getTraffic()).maxInFlight).toBe(5);
		expect(await sb.control.resetTraffic()).toMatchObject({ inFlight: 0, maxInFlight: 0 });
		okA(await sb.post(PATHS.crmList, LIST));
		expect((await sb.control.getTraffic()).maxInFlight).toBe(1);
	});
});

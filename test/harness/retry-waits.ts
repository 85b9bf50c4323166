/**
 * Shorter waits between retries, for tests that count a run's requests and read its error but do
 * not time it. The transport waits the back-off (250 ms doubling, at most 4 s) or a Retry-After (at
 * most 10 s) before each retry: through n8n-workflow's `sleep` in a run of one request at a time,
 * through the run's shared back-off gate (BackoffGate.hold) in a parallel run. These spies make each
 * wait `factor` of its length (still a timer, so events keep their order); the requests, their
 * number and the errors are the product's own. The lengths are pinned elsewhere:
 * test/transport/transport.test.ts ("retry delays", retryDelayMs) and the real-time spacing test of
 * test/cross-cutting/faults.reads.test.ts, which must not call this.
 */
import * as workflow from 'n8n-workflow';

import { BackoffGate } from '../../nodes/ContactCenter/transport/backoff';

/** In the calling block (a file or a describe), the transport's waits last `factor` of their length. */
export function shortRetryWaits(factor = 0.02): void {
	const spies: jest.SpyInstance[] = [];
	beforeAll(() => {
		const { sleep } = workflow;
		const { hold } = BackoffGate.prototype;
		spies.push(
			jest.spyOn(workflow, 'sleep').mockImplementation(async (ms: number, signal?: AbortSignal) => {
				await sleep(ms * factor, signal);
			}),
			jest.spyOn(BackoffGate.prototype, 'hold').mockImplementation(function (
				this: BackoffGate,
				ms,
			) {
				hold.call(this, ms * factor);
			}),
		);
	});
	afterAll(() => {
		for (const spy of spies.splice(0)) spy.mockRestore();
	});
}

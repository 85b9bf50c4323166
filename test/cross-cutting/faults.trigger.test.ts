/**
 * Faults on the trigger's scheduled poll: a transient fault is retried once and the poll emits the
 * new records; a fault that persists fails the poll with a clear error after the retry bound (an
 * envelope error at once), emits nothing and keeps the cursor (the driver checks both), so the
 * next poll emits the same records once.
 */
import { shortRetryWaits } from '../harness/retry-waits';
import type { FaultSpec } from '../sandbox/types';
import { sandboxNow, shiftWall, type TriggerRun } from '../trigger/driver';
import {
	PATHS,
	READ_ATTEMPTS,
	envelopeFault,
	faultMessage,
	transientFaults,
	useFixture,
} from './support';

const fx = useFixture({ timeoutSeconds: 1 });
// Retries are counted here, not timed (faults.reads times them).
shortRetryWaits();

/** An activated trigger (cursor at now) and 30 new call records for its next poll. */
async function activatedWithNewRecords(): Promise<TriggerRun> {
	await fx.control.reset();
	const run = fx.trigger({}, 'call');
	expect((await run.poll()).items).toBeNull();
	const second = shiftWall(await sandboxNow(fx.control), -1);
	await run.inject('call', new Array<string>(30).fill(second));
	return run;
}

describe('trigger poll: a transient fault is retried once and the poll emits exactly the new records', () => {
	it.each(transientFaults(1300))('%s', async (_label, spec) => {
		const run = await activatedWithNewRecords();
		await fx.fault(PATHS.callRecords, spec, 1);
		const result = await run.poll();
		expect(result.requests).toHaveLength(2);
		expect(result.requests[0].fault).toBe(spec.kind);
		run.assertRecords();
	});
});

describe('trigger poll: a fault that persists fails the poll, emits nothing, keeps the cursor; the next poll catches up once', () => {
	const envelope = envelopeFault('00000400', 'app id parameter error');
	it.each<[string, Omit<FaultSpec, 'pathPattern'>]>([
		...transientFaults(0).filter(([label]) => /HTTP 503|HTTP 429|HTML/.test(label)),
		['an envelope error (vendor code, not retried)', envelope],
	])('%s', async (_label, spec) => {
		const run = await activatedWithNewRecords();
		await fx.fault(PATHS.callRecords, spec, READ_ATTEMPTS + 1);
		const failed = await run.poll({ expectFailure: true });
		expect(failed.error?.message).toBe(
			spec.kind === 'envelope'
				? 'Contact Center error 00000400: app id parameter error'
				: `${faultMessage(spec)} (tried ${READ_ATTEMPTS} times)`,
		);
		expect(failed.requests).toHaveLength(spec.kind === 'envelope' ? 1 : READ_ATTEMPTS);
		await fx.control.clearFaults();
		expect((await run.poll()).items).toHaveLength(30);
		expect((await run.poll()).items).toBeNull();
		run.assertRecords();
	});
});

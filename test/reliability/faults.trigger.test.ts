/**
 * Faults on the trigger's poll (a scheduled poll of an active workflow, through n8n's
 * PollTriggerExecutor): a transient fault is retried once and the poll emits exactly the new
 * records; a fault that persists fails the poll with a clear error after the retry bound, emits
 * nothing and leaves the cursor as it was, so the next poll emits the same records once; an
 * envelope error is not retried.
 */
import type { IDataObject } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { MAX_READ_ATTEMPTS } from '../../nodes/ContactCenter/transport';
import { poll } from '../harness';
import type { FaultSpec } from '../sandbox/types';
import { APP_ID, PATHS, useFixture } from './support';

const fx = useFixture({ timeoutSeconds: 1 });
const ZONE = 'Asia/Shanghai';
const fmt = new Intl.DateTimeFormat('sv-SE', {
	timeZone: ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});
const wall = (seconds = 0) => fmt.format(new Date(Date.now() + seconds * 1000));
const PARAMETERS = {
	channel: 'call',
	events: ['serviceNoteInsert', 'serviceNoteUpdate'],
	options: {},
};

/** An activated trigger (cursor at now) and 30 new call records for its next poll. */
async function activatedWithNewRecords(): Promise<{ staticData: IDataObject; ids: string[] }> {
	await fx.control.reset();
	const staticData: IDataObject = {};
	const activation = await poll({
		nodeType: ContactCenterTrigger,
		parameters: PARAMETERS,
		credentials: fx.credentials,
		staticData,
		timezone: ZONE,
	});
	expect(activation.error).toBeUndefined();
	const ids = await fx.control.injectRecords({
		appId: APP_ID,
		channel: 'call',
		records: Array.from({ length: 30 }, () => ({ updateTime: wall(-1) })),
	});
	return { staticData, ids };
}

const next = async (staticData: IDataObject) =>
	await poll({
		nodeType: ContactCenterTrigger,
		parameters: PARAMETERS,
		credentials: fx.credentials,
		staticData,
		timezone: ZONE,
		sandbox: fx.control,
	});

const emittedIds = (items: Array<{ json: IDataObject }> | null) =>
	(items ?? []).map((item) => String(item.json.eventUniqueId)).sort();

const TRANSIENT: Array<[string, Omit<FaultSpec, 'pathPattern'>]> = [
	['HTTP 500', { kind: 'status', status: 500 }],
	['HTTP 502', { kind: 'status', status: 502 }],
	['HTTP 503 with Retry-After', { kind: 'status', status: 503, retryAfterSeconds: 0 }],
	['HTTP 429 with Retry-After', { kind: 'status', status: 429, retryAfterSeconds: 0 }],
	['a delay past the timeout', { kind: 'delay', delayMs: 1300 }],
	['a truncated body', { kind: 'truncated' }],
	['an HTML error page', { kind: 'html', status: 502 }],
	['a body that is not JSON', { kind: 'nonjson' }],
];

describe('trigger poll: a transient fault is retried once and the poll emits exactly the new records', () => {
	it.each(TRANSIENT)('%s', async (_label, spec) => {
		const { staticData, ids } = await activatedWithNewRecords();
		await fx.control.addFault({ pathPattern: PATHS.callRecords, ...spec, count: 1 });
		const result = await next(staticData);
		expect(result.error).toBeUndefined();
		expect(emittedIds(result.items)).toEqual([...ids].sort());
		expect(result.requests).toHaveLength(2);
		expect(result.requests[0].fault).toBe(spec.kind);
	});
});

describe('trigger poll: a fault that persists fails the poll, emits nothing, keeps the cursor; the next poll catches up once', () => {
	const persistent: Array<[string, Omit<FaultSpec, 'pathPattern'>, string]> = [
		[
			'HTTP 503',
			{ kind: 'status', status: 503, retryAfterSeconds: 0 },
			`The Contact Center API answered HTTP 503 (tried ${MAX_READ_ATTEMPTS} times)`,
		],
		[
			'HTTP 429',
			{ kind: 'status', status: 429, retryAfterSeconds: 0 },
			`The Contact Center API answered HTTP 429 (tried ${MAX_READ_ATTEMPTS} times)`,
		],
		[
			'an HTML error page',
			{ kind: 'html', status: 502 },
			`The server answered HTTP 502 with an HTML page instead of JSON (tried ${MAX_READ_ATTEMPTS} times)`,
		],
		[
			'an envelope error (vendor code, not retried)',
			{ kind: 'envelope', envelopeCode: '00000400', envelopeMessage: 'app id parameter error' },
			'Contact Center error 00000400: app id parameter error',
		],
	];
	it.each(persistent)('%s', async (_label, spec, message) => {
		const { staticData, ids } = await activatedWithNewRecords();
		const before = JSON.stringify(staticData);
		await fx.control.addFault({
			pathPattern: PATHS.callRecords,
			...spec,
			count: MAX_READ_ATTEMPTS + 1,
		});
		const failed = await next(staticData);
		expect(failed.error?.message).toBe(message);
		expect(failed.items).toBeNull();
		expect(JSON.stringify(staticData)).toBe(before);
		expect(failed.requests).toHaveLength(spec.kind === 'envelope' ? 1 : MAX_READ_ATTEMPTS);
		await fx.control.clearFaults();
		const recovered = await next(staticData);
		expect(emittedIds(recovered.items)).toEqual([...ids].sort());
		const again = await next(staticData);
		expect(again.items).toBeNull();
	});
});

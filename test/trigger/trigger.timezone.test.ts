/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Zones: the API's times are wall-clock times in the credential's zone (Asia/Shanghai here), the
 * workflow runs in America/Los_Angeles, and the n8n process itself may run in any zone. Every
 * window must be the same real instants. The file runs once in this process's zone and, from the
 * parent run, once more in a child jest process with TZ=Pacific/Kiritimati (UTC+14).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { formatApiTime } from '../../nodes/ContactCenter/helpers/time';
import { useSandbox } from '../sandbox/fixture';
import type { CredentialValues } from '../harness';
import {
	QUERY_PATH,
	requestsTo,
	sandboxNow,
	shiftWall,
	TriggerRun,
	wallPlus,
	wallToSeconds,
	ZONE,
} from './driver';

const APP_ID = '6262';
const APP_SECRET = 'trigger-tz-secret';
const WORKFLOW_ZONE = 'America/Los_Angeles';
const CHILD_ZONE = 'Pacific/Kiritimati';
const IN_CHILD = process.env.CONTACT_CENTER_TZ_CHILD === '1';

const sandbox = useSandbox({
	tenants: [{ appId: APP_ID, appSecret: APP_SECRET, timezone: ZONE }],
});
const { control } = sandbox;
let credentials: CredentialValues;

beforeAll(async () => {
	credentials = { baseUrl: sandbox.url, appId: APP_ID, appSecret: APP_SECRET, timezone: ZONE };
});

beforeEach(async () => {
	await control.reset();
});

/** The same instant as an API time in Shanghai, written as a zone-less date-time in another zone. */
function wallIn(apiTime: string, zone: string): string {
	const seconds = wallToSeconds(apiTime) as number;
	// Shanghai has no daylight saving time: UTC+8 all year.
	const instant = (seconds - 8 * 3600) * 1000;
	return formatApiTime(instant, zone).replace(' ', 'T');
}

describe(`zones (process TZ=${process.env.TZ ?? 'unset'}, workflow ${WORKFLOW_ZONE}, API ${ZONE})`, () => {
	it('Start From written in the workflow zone selects the same instant in the API zone', async () => {
		const start = shiftWall(await sandboxNow(control), -2 * 3600);
		const startInLa = wallIn(start, WORKFLOW_ZONE);
		expect(startInLa.replace('T', ' ')).not.toBe(start); // the two clocks differ by 15 or 16 hours
		const run = new TriggerRun(control, APP_ID, credentials, {
			channel: 'call',
			options: { startFrom: startInLa },
		});
		const [before] = await run.inject('call', [wallPlus(start, -1)]);
		const [onStart, after] = await run.inject('call', [start, wallPlus(start, 3600)]);
		const first = await run.poll({ timezone: WORKFLOW_ZONE });
		expect(first.items?.map((i) => i.json.eventUniqueId)).toEqual([onStart.id, after.id]);
		const body = requestsTo(first, 'call')[0].body as { startTime: string; endTime: string };
		expect(body.startTime).toBe(start);
		run.assertExact(new Set([before.id]));
	});

	it('first activation starts at now on the API clock, not the workflow or process clock', async () => {
		const run = new TriggerRun(control, APP_ID, credentials, { channel: 'all' });
		const before = formatApiTime(Date.now(), ZONE);
		const activation = await run.poll({ timezone: WORKFLOW_ZONE });
		const after = formatApiTime(Date.now(), ZONE);
		expect(activation.requests.map((r) => r.path)).toEqual([QUERY_PATH.call, QUERY_PATH.im]);
		// The window ends at now plus the API's 5-minute clock tolerance, on the API's clock.
		const { endTime } = activation.requests[0].body as { endTime: string };
		expect(endTime >= wallPlus(before, 300) && endTime <= wallPlus(after, 300)).toBe(true);
		// A record of the current second on the API clock is read at the next poll.
		const [fresh] = await run.inject('im', [await sandboxNow(control)]);
		const next = await run.poll({ timezone: WORKFLOW_ZONE });
		expect(next.items?.map((i) => i.json.eventUniqueId)).toEqual([fresh.id]);
		run.assertExact();
	});

	if (!IN_CHILD) {
		it(`passes again in a child process whose own zone is ${CHILD_ZONE}`, async () => {
			const root = resolve(__dirname, '../..');
			const output = await new Promise<{ code: number | null; text: string }>((done) => {
				// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- test code: a child jest run in another zone
				const child = spawn(
					process.execPath,
					[
						require.resolve('jest/bin/jest'),
						'--runTestsByPath',
						__filename,
						'--reporters',
						'default',
						'--coverage=false',
					],
					{ cwd: root, env: { ...process.env, TZ: CHILD_ZONE, CONTACT_CENTER_TZ_CHILD: '1' } },
				);
				let text = '';
				child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
				child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
				child.on('close', (code) => done({ code, text }));
			});
			expect(output.text).toContain(`process TZ=${CHILD_ZONE}`);
			expect(output.text).toMatch(/Tests:\s+2 passed, 2 total/);
			expect(output.code).toBe(0);
		});
	}
});

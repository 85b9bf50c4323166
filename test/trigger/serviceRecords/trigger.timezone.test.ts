/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Zones: the API's times are wall-clock times in the credential's zone, the workflow runs in
 * another, and the n8n process itself may run in any zone: every window must be the same real
 * instants. The simulations of daylight-saving changes, Start From across workflow zones and the
 * API clock off at first activation run in this process's zone, and here once more in a child
 * jest process with TZ=Pacific/Kiritimati (UTC+14).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const CHILD_ZONE = 'Pacific/Kiritimati';

it(`the zone simulations pass in a child process whose own zone is ${CHILD_ZONE}`, async () => {
	const output = await new Promise<{ code: number | null; text: string }>((done) => {
		// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- test code: a child jest run in another zone
		const child = spawn(
			process.execPath,
			[
				require.resolve('jest/bin/jest'),
				'--runTestsByPath',
				resolve(__dirname, 'simulation.issue.test.ts'),
				'--testNamePattern',
				'daylight|Start From|API clock',
				'--reporters',
				'default',
				'--coverage=false',
			],
			{ cwd: resolve(__dirname, '../../..'), env: { ...process.env, TZ: CHILD_ZONE } },
		);
		let text = '';
		child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
		child.on('close', (code) => done({ code, text }));
	});
	expect(output.text).toContain(`process TZ=${CHILD_ZONE}`);
	// 7 daylight-saving changes, 2 Start From cases, 3 API clock offsets.
	expect(output.text).toMatch(/Tests:\s+\d+ skipped, 12 passed/);
	expect(output.code).toBe(0);
}, 600_000);

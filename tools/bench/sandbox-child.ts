/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The sandbox in a process of its own for the benchmark, so that the server's work does not share a
 * core with the client being measured. Tenants come as JSON in argv[2]. Replays are recognised by
 * timestamp+nonce: benchmarks send thousands of signed requests within the nonce window, where
 * random 6-digit nonces collide by the birthday bound (see the report). Stops when its parent closes
 * stdin or on SIGTERM.
 */
import { startSandbox } from '../../test/sandbox';
import type { TenantConfig } from '../../test/sandbox/types';

async function main(): Promise<void> {
	const tenants = JSON.parse(process.argv[2] ?? '[]') as TenantConfig[];
	const sandbox = await startSandbox({
		tenants,
		nonceReplayKey: 'timestamp+nonce',
		maxLogEntries: 200_000,
	});
	process.stdout.write(`listening on ${sandbox.url}\n`);
	let closing = false;
	const stop = () => {
		if (closing) return;
		closing = true;
		void sandbox.close().then(() => process.exit(0));
	};
	process.stdin.on('end', stop);
	process.stdin.on('close', stop);
	process.stdin.resume();
	process.once('SIGTERM', stop);
	process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`bench sandbox: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});

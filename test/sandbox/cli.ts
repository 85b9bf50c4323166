/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test code, not shipped */
// `npm run sandbox -- --port 18080 --app-id 1090 --app-secret demo-secret [--timezone Asia/Shanghai] [--seed demo|empty] [--latency 100|20-150] [--signature-order appIdTimestampNonce|appIdNonceTimestamp|timestampNonceAppId]`
// Starts the sandbox with one tenant (demo data by default) and runs until SIGINT/SIGTERM.
// --latency: every answer waits that many ms (or a random time in the range), as a hosted API's round trip.
// --signature-order: the order the API joins appId, timestamp and nonce in before signing (default
// appIdTimestampNonce), to try the credential test's diagnosis against an API that uses another.

import { requireToolingNode } from '../../tools/tooling-node';
import { startSandbox } from './index';
import { isSandboxSignatureOrder, SANDBOX_SIGNATURE_ORDERS } from './server/auth';

function option(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	if (i < 0) return fallback;
	const value = process.argv[i + 1];
	if (value === undefined || value.startsWith('--')) {
		console.error(`--${name} needs a value`);
		process.exit(2);
	}
	return value;
}

async function main(): Promise<void> {
	requireToolingNode('sandbox');
	const port = Number(option('port', '18080'));
	const appId = option('app-id', '1090');
	const appSecret = option('app-secret', 'demo-secret');
	const timezone = option('timezone', 'Asia/Shanghai');
	const seed = option('seed', 'demo');
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`--port ${port} is not a port number`);
	if (seed !== 'demo' && seed !== 'empty') throw new Error('--seed must be demo or empty');
	const latencyText = option('latency', '0');
	const latency = /^(\d+)(?:-(\d+))?$/.exec(latencyText);
	if (!latency) throw new Error('--latency must be milliseconds (100) or a range (20-150)');
	const [min, max] = [Number(latency[1]), Number(latency[2] ?? latency[1])];
	const signatureOrder = option('signature-order', 'appIdTimestampNonce');
	if (!isSandboxSignatureOrder(signatureOrder))
		throw new Error(`--signature-order must be one of ${SANDBOX_SIGNATURE_ORDERS.join(', ')}`);
	const sandbox = await startSandbox({
		port,
		tenants: [{ appId, appSecret, timezone, seed }],
		latencyMs: min === max ? min : { min, max },
		signatureOrder,
	});
	console.log(`Contact-center sandbox listening on ${sandbox.url}`);
	console.log(
		`  tenant: appId ${appId}, appSecret ${appSecret}, timezone ${timezone}, seed ${seed}`,
	);
	console.log(
		`  control API: ${sandbox.controlUrl} (e.g. GET ${sandbox.controlUrl}/state?appId=${appId})`,
	);
	console.log(`  signature order: ${signatureOrder}`);
	if (max > 0) console.log(`  latency: ${min === max ? min : `${min}-${max}`} ms per answer`);
	console.log('  stop with Ctrl+C');
	const stop = () => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(`sandbox: ${(error as Error).message}`);
	process.exit(1);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * Proves the real-n8n loop by hand and prints how long each phase takes:
 * install the runtime (once), build and pack the package, install it into a fresh n8n user folder,
 * start the sandbox in this process, import a credential pointing at it and two workflows (one
 * with only core nodes, one listing voice agents through our node), `n8n execute` them, start n8n,
 * sign in, test the credential through n8n's REST API, and list the node types.
 *
 *   npx ts-node --transpile-only test/e2e/smoke.ts [--keep]
 *
 * `--keep` leaves the user folder in place (its path is printed).
 */
import { ensureN8n } from '../tools/runtime';
import { startSandbox } from '../sandbox';
import { DEMO_TENANT, N8n, nodeOutput, packPackage, PACKAGE_NAME, sandboxCredential } from './lib';

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
	const started = Date.now();
	const result = await work();
	process.stdout.write(
		`[smoke] ${name.padEnd(34)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s\n`,
	);
	return result;
}

async function main(): Promise<void> {
	const runtime = await phase('ensure Node 24 + n8n', () => ensureN8n());
	const pack = await phase('build + pack the package', () =>
		packPackage((line) => process.stdout.write(`[smoke]   ${line}\n`)),
	);
	const n8n = await N8n.create({ runtime });
	process.stdout.write(`[smoke] user folder ${n8n.userFolder}\n`);
	// In this process on purpose: every n8n command is spawned asynchronously, so it keeps serving.
	const sandbox = await phase('start the sandbox (in-process)', () =>
		startSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] }),
	);
	const credential = sandboxCredential(sandbox.url);
	try {
		await phase('install the package', () => n8n.installPackage(pack));
		await phase('n8n import:credentials', () => n8n.importCredentials([credential]));
		await phase('n8n import:workflow', () =>
			n8n.importWorkflows([
				{
					id: 'smokeWorkflow001',
					name: 'Smoke: manual trigger and a Set node',
					nodes: [
						{
							id: 'a1',
							name: 'Start',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 'a2',
							name: 'Set',
							type: 'n8n-nodes-base.set',
							typeVersion: 3.4,
							position: [200, 0],
							parameters: {
								assignments: {
									assignments: [{ id: 'x', name: 'hello', value: 'world', type: 'string' }],
								},
								options: {},
							},
						},
					],
					connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
					settings: {},
				},
				{
					id: 'smokeWorkflow002',
					name: 'Smoke: list voice agents',
					nodes: [
						{
							id: 'b1',
							name: 'Start',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 'b2',
							name: 'Voice Agents',
							type: `${PACKAGE_NAME}.contactCenter`,
							typeVersion: 1,
							position: [200, 0],
							parameters: {
								resource: 'voiceAgent',
								operation: 'getAll',
								returnAll: false,
								limit: 5,
							},
							credentials: { contactCenterApi: { id: credential.id, name: credential.name } },
						},
					],
					connections: { Start: { main: [[{ node: 'Voice Agents', type: 'main', index: 0 }]] } },
					settings: {},
				},
			]),
		);
		const run = await phase('n8n execute', () => n8n.executeOk('smokeWorkflow001'));
		const items = nodeOutput(run, 'Set');
		if (items[0]?.json.hello !== 'world')
			throw new Error(`unexpected output ${JSON.stringify(items)}`);
		const agents = await phase('n8n execute (our node → sandbox)', () =>
			n8n.execute('smokeWorkflow002'),
		);
		if (agents.success && agents.run) {
			const list = nodeOutput(agents.run, 'Voice Agents');
			process.stdout.write(
				`[smoke] voice agents: ${list.length}, first ${JSON.stringify(list[0]?.json).slice(0, 160)}\n`,
			);
		} else {
			process.stdout.write(`[smoke] our node failed under n8n execute: ${agents.error}\n`);
		}
		await phase('n8n start (until ready)', () => n8n.start());
		await phase('sign in', () => n8n.login());
		const types = await phase('GET /types/nodes.json', () => n8n.nodeTypeNames());
		const ours = types.filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
		process.stdout.write(
			`[smoke] ${types.length} node types; ours: ${ours.join(', ') || 'none'}\n`,
		);
		const good = await phase('POST /rest/credentials/test', () => n8n.testCredential(credential));
		const bad = await n8n.testCredential({
			...credential,
			data: { ...credential.data, appSecret: 'wrong-secret' },
		});
		process.stdout.write(
			`[smoke] credential test: right secret ${JSON.stringify(good)}, wrong secret ${JSON.stringify(bad)}\n`,
		);
		const credentials = await n8n.credentialTypeNames();
		process.stdout.write(
			`[smoke] contactCenterApi credential type loaded: ${credentials.includes('contactCenterApi')}\n`,
		);
		const workflow = await phase('GET /api/v1/workflows/:id', () =>
			n8n.getWorkflow('smokeWorkflow001'),
		);
		process.stdout.write(
			`[smoke] workflow "${workflow.name}", staticData ${JSON.stringify(workflow.staticData)}\n`,
		);
		const executions = await n8n.getExecutions('smokeWorkflow001');
		process.stdout.write(
			`[smoke] executions listed through the public API: ${executions.length}\n`,
		);
		await phase('n8n stop', () => n8n.stop());
		if (!ours.includes(`${PACKAGE_NAME}.contactCenter`))
			throw new Error(`${PACKAGE_NAME}.contactCenter is not loaded`);
		if (!agents.success) throw new Error(`our node failed under n8n execute: ${agents.error}`);
	} catch (error) {
		process.stdout.write(`[smoke] n8n output (tail):\n${n8n.recentOutput(40)}\n`);
		throw error;
	} finally {
		if (process.argv.includes('--keep')) await n8n.stop();
		else await n8n.dispose();
		await sandbox.close();
	}
}

main().then(
	() => process.stdout.write('[smoke] ok\n'),
	(error: unknown) => {
		process.stderr.write(
			`[smoke] FAILED: ${error instanceof Error ? error.message : String(error)}\n`,
		);
		process.exit(1);
	},
);

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * `npm start`: the package running in a real n8n on this machine, with nothing to set up.
 *
 * Installs what is missing (Node 24 and the pinned n8n, into a cache folder), builds and packs the
 * package, installs it into a private n8n user folder the way the editor's community-node install
 * does, starts the sandbox API with its demo tenant, imports a credential pointing at it and the
 * example workflows, starts n8n on 127.0.0.1 and prints the editor URL and the login.
 * Ctrl-C stops everything it started. The user folder (and what you build in the editor) is kept
 * between runs; `--fresh` starts from an empty one.
 *
 *   npm start [-- --port 5678] [--sandbox-port 18080] [--fresh] [--verbose]
 *   npm start -- --queue     queue mode: PostgreSQL, Redis, n8n main and two workers (start-queue.ts)
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';

import {
	bindCredential,
	DEFAULT_OWNER,
	DEMO_TENANT,
	loadExamples,
	N8n,
	PACKAGE_NAME,
	packPackage,
	portInUse,
	sandboxCredential,
	type PackedPackage,
} from '../test/e2e/lib';
import { startSandbox } from '../test/sandbox';
import { cacheRoot, ensureN8n, N8N_VERSION, type Runtime } from './runtime';
import { prepareQueue } from './start-queue';
import { requireToolingNode } from './tooling-node';

interface Args {
	port: number;
	sandboxPort: number;
	fresh: boolean;
	verbose: boolean;
	queue: boolean;
}

function parseArgs(argv: string[]): Args {
	const args: Args = { port: 5678, sandboxPort: 18080, fresh: false, verbose: false, queue: false };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = (): number => {
			const raw = inline ?? argv[++i];
			const port = Number(raw);
			if (!Number.isInteger(port) || port < 1 || port > 65535)
				throw new Error(`${flag} needs a port number, got "${raw}"`);
			return port;
		};
		if (flag === '--port') args.port = value();
		else if (flag === '--sandbox-port') args.sandboxPort = value();
		else if (flag === '--fresh') args.fresh = true;
		else if (flag === '--verbose') args.verbose = true;
		else if (flag === '--queue') args.queue = true;
		else if (flag === '--help' || flag === '-h') {
			process.stdout.write(
				'npm start [-- --port 5678] [--sandbox-port 18080] [--fresh] [--verbose] [--queue]\n',
			);
			process.exit(0);
		} else throw new Error(`unknown option ${argv[i]} (try --help)`);
	}
	return args;
}

/** How often the demo tenant writes a new service record, so a published trigger has something to emit. */
const DEMO_FEED_SECONDS = 30;

const say = (line: string): void => {
	process.stdout.write(`[start] ${line}\n`);
};

async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
	const started = Date.now();
	const result = await work();
	say(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
	return result;
}

/** A key kept with the user folder, so the credentials stored in its database stay readable. */
async function encryptionKey(folder: string): Promise<string> {
	const file = path.join(folder, 'encryption-key');
	if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
	const key = randomBytes(24).toString('hex');
	await fs.mkdir(folder, { recursive: true });
	await fs.writeFile(file, `${key}\n`, { mode: 0o600 });
	return key;
}

/** n8n in the user folder kept between runs (`--fresh` empties it), the package installed into it. */
async function prepareAlone(runtime: Runtime, pack: PackedPackage, args: Args, home: string) {
	if (args.fresh) await fs.rm(home, { recursive: true, force: true });
	const userFolder = path.join(home, 'user');
	const main = await N8n.create({
		runtime,
		userFolder,
		port: args.port,
		encryptionKey: await encryptionKey(home),
		owner: DEFAULT_OWNER,
		onLog: args.verbose ? (line) => process.stdout.write(`[n8n] ${line}\n`) : undefined,
	});
	await step(`package installed into ${path.join(userFolder, '.n8n', 'nodes')}`, () =>
		main.installPackage(pack),
	);
	return {
		main,
		dispose: () => main.dispose(),
		start: () => step(`n8n started on ${main.baseUrl}`, () => main.start()),
		details: (): string[] => [],
		logs: path.join(userFolder, 'n8n.log'),
		folders: `${home} (kept between runs; --fresh starts from an empty one)`,
	};
}

async function main(): Promise<void> {
	requireToolingNode('npm start');
	const args = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const home = path.join(cacheRoot(), 'start');

	for (const [port, what, option] of [
		[args.port, 'n8n', 'port'],
		[args.sandboxPort, 'the sandbox', 'sandbox-port'],
	] as const) {
		if (await portInUse(port))
			throw new Error(
				`port ${port} (for ${what}) is taken on 127.0.0.1; stop what uses it or pick another with --${option}`,
			);
	}

	const runtime = await step(`Node 24 and n8n ${N8N_VERSION} ready`, () =>
		ensureN8n({ log: (line) => say(line) }),
	);
	const pack = await step('package built and packed', () => packPackage(say));
	const sandbox = await step(`sandbox listening on 127.0.0.1:${args.sandboxPort}`, () =>
		startSandbox({
			port: args.sandboxPort,
			tenants: [{ ...DEMO_TENANT, seed: 'demo' }],
			demoFeedSeconds: DEMO_FEED_SECONDS,
		}),
	);

	let n8n: Awaited<ReturnType<typeof prepareAlone | typeof prepareQueue>> | undefined;
	let stopping = false;
	const shutdown = async (signal: string): Promise<void> => {
		if (stopping) {
			say('stopping now');
			process.exit(130);
		}
		stopping = true;
		say(
			`${signal}: stopping ${args.queue ? 'n8n main, the workers, Redis, PostgreSQL' : 'n8n'} and the sandbox…`,
		);
		await n8n?.dispose().catch((error: unknown) => say(`n8n: ${String(error)}`));
		await sandbox.close().catch((error: unknown) => say(`sandbox: ${String(error)}`));
		say('stopped');
		process.exit(0);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
		process.on(signal, () => void shutdown(signal));

	try {
		n8n = args.queue
			? await prepareQueue(runtime, args, step)
			: await prepareAlone(runtime, pack, args, home);
		const { main } = n8n;
		const credential = sandboxCredential(sandbox.url);
		const examples = await loadExamples();
		const workflows = examples.map(({ workflow }) => bindCredential(workflow, credential));
		// Import only what changed since the last run into the kept user folder: each import costs n8n
		// several seconds. Queue mode starts fresh.
		const fingerprint = createHash('sha256')
			.update(JSON.stringify({ credential, workflows }))
			.digest('hex');
		const importedFile = path.join(home, 'imported.sha256');
		const imported = args.queue ? '' : await fs.readFile(importedFile, 'utf8').catch(() => '');
		if (imported.trim() !== fingerprint) {
			await step(`credential "${credential.name}" imported`, () =>
				main.importCredentials([credential]),
			);
			if (workflows.length > 0) {
				await step(`${workflows.length} example workflow(s) imported`, () =>
					main.importWorkflows(workflows),
				);
			}
			if (!args.queue) await fs.writeFile(importedFile, `${fingerprint}\n`);
		} else {
			say(`credential and ${workflows.length} example workflow(s) already imported`);
		}

		await n8n.start();

		// What the editor will offer: the node types n8n actually loaded from the package.
		const loaded = (await main.nodeTypeNames()).filter((name) =>
			name.startsWith(`${PACKAGE_NAME}.`),
		);
		if (loaded.length === 0) {
			const log = (await main.fullLog()).split('\n');
			const thisRun = log.lastIndexOf('$ n8n start');
			const at = log.findIndex(
				(line, index) =>
					index > thisRun && line.includes(`Failed to load package "${PACKAGE_NAME}"`),
			);
			say(`WARNING: n8n did not load ${PACKAGE_NAME}${at >= 0 ? `: ${log[at + 1]}` : ''}`);
		}

		const lines = [
			'',
			`  n8n ${N8N_VERSION}${args.queue ? ' in queue mode' : ''} is running with n8n-nodes-contact-center ${pack.version} installed${args.queue ? ' on main and every worker' : ''}`,
			'',
			`  Editor      ${main.baseUrl}`,
			`  Email       ${main.owner.email}`,
			`  Password    ${main.owner.password}`,
			'',
			...n8n.details(),
			`  Nodes       ${loaded.length > 0 ? loaded.join(', ') : 'NONE LOADED (see the warning above)'}`,
			`  Credential  "${credential.name}" → sandbox ${sandbox.url} (app id ${DEMO_TENANT.appId})`,
			`  Demo data   a new service record naming a demo customer every ${DEMO_FEED_SECONDS} s (publish the`,
			'              service-record example to watch its trigger path update customers)',
			...(examples.length > 0
				? ['  Workflows   ' + examples.map(({ workflow }) => `"${workflow.name}"`).join(', ')]
				: ['  Workflows   none yet (examples/*.json)']),
			`  Logs        ${n8n.logs}`,
			`  Folders     ${n8n.folders}`,
			'',
			`  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
			'',
		];
		process.stdout.write(`${lines.join('\n')}\n`);

		const how = await main.whenExited();
		if (!stopping) {
			say(`n8n stopped by itself (${how}); its last lines:\n${main.recentOutput(30)}`);
			await n8n.dispose();
			await sandbox.close();
			process.exit(1);
		}
		// Ctrl-C: shutdown() exits the process.
		await new Promise(() => undefined);
	} catch (error) {
		await n8n?.dispose().catch(() => undefined);
		await sandbox.close();
		throw error;
	}
}

main().catch((error: unknown) => {
	process.stderr.write(
		`[start] failed: ${error instanceof Error ? error.message : String(error)}\n`,
	);
	process.exit(1);
});

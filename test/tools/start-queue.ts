/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * `npm start -- --queue`: the package in n8n's queue mode on this machine. A private PostgreSQL
 * and Redis (Debian's `postgresql` and `redis-server`), n8n main in queue mode on 127.0.0.1 and two
 * `n8n worker` processes, each with the package installed in its own user folder, the sandbox API
 * with its demo tenant, the credential and the example workflows imported. Prints where everything
 * runs; Ctrl-C stops it all and removes its folders (it starts fresh every time).
 */
import * as path from 'node:path';

import {
	bindCredential,
	DEFAULT_OWNER,
	DEMO_TENANT,
	loadExamples,
	PACKAGE_NAME,
	sandboxCredential,
	type PackedPackage,
} from '../e2e/lib';
import { QueueStack, queuePrerequisitesMissing } from '../e2e/lib/queue';
import { startSandbox } from '../sandbox';
import { N8N_VERSION, type Runtime } from './runtime';

export interface QueueStartOptions {
	runtime: Runtime;
	pack: PackedPackage;
	port: number;
	sandboxPort: number;
	verbose: boolean;
	/** How often the demo tenant writes a new service record (0: never). */
	demoFeedSeconds?: number;
	say: (line: string) => void;
	step: <T>(label: string, work: () => Promise<T>) => Promise<T>;
}

/** Starts the queue-mode stack and resolves when it has stopped (Ctrl-C) or exits the process on failure. */
export async function startQueue(options: QueueStartOptions): Promise<void> {
	const { say, step } = options;
	const started = Date.now();
	const missing = queuePrerequisitesMissing();
	if (missing) throw new Error(`--queue needs PostgreSQL and Redis: ${missing}`);

	const sandbox = await step(`sandbox listening on 127.0.0.1:${options.sandboxPort}`, () =>
		startSandbox({
			port: options.sandboxPort,
			tenants: [{ ...DEMO_TENANT, seed: 'demo' }],
			demoFeedSeconds: options.demoFeedSeconds ?? 30,
		}),
	);
	let stack: QueueStack | undefined;
	let stopping = false;
	const shutdown = async (signal: string): Promise<void> => {
		if (stopping) {
			say('stopping now');
			process.exit(130);
		}
		stopping = true;
		say(`${signal}: stopping n8n main, the workers, Redis, PostgreSQL and the sandbox…`);
		await stack?.dispose().catch((error: unknown) => say(`queue stack: ${String(error)}`));
		await sandbox.close().catch((error: unknown) => say(`sandbox: ${String(error)}`));
		say('stopped');
		process.exit(0);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
		process.on(signal, () => void shutdown(signal));

	try {
		stack = await step(
			'PostgreSQL and Redis started, package installed for main and 2 workers',
			() =>
				QueueStack.start({
					runtime: options.runtime,
					workers: 2,
					port: options.port,
					owner: DEFAULT_OWNER,
					onLog: options.verbose ? (line) => process.stdout.write(`${line}\n`) : undefined,
				}),
		);
		const queue = stack;
		const credential = sandboxCredential(sandbox.url);
		const examples = await loadExamples();
		await step(`credential "${credential.name}" imported`, () =>
			queue.main.importCredentials([credential]),
		);
		if (examples.length > 0) {
			await step(`${examples.length} example workflow(s) imported`, () =>
				queue.main.importWorkflows(
					examples.map(({ workflow }) => bindCredential(workflow, credential)),
				),
			);
		}
		await step(`n8n main started on ${queue.main.baseUrl} (queue mode)`, () => queue.main.start());
		await step('2 workers started', () => queue.startWorkers());
		const loaded = (await queue.main.nodeTypeNames()).filter((name) =>
			name.startsWith(`${PACKAGE_NAME}.`),
		);

		const lines = [
			'',
			`  n8n ${N8N_VERSION} in queue mode with n8n-nodes-contact-center ${options.pack.version} on main and every worker`,
			'',
			`  Editor      ${queue.main.baseUrl}`,
			`  Email       ${queue.main.owner.email}`,
			`  Password    ${queue.main.owner.password}`,
			'',
			`  PostgreSQL  127.0.0.1:${queue.postgres.port}  database ${queue.postgres.database}, user ${queue.postgres.user} (trust)`,
			`              psql -h ${queue.postgres.socketDir} -p ${queue.postgres.port} -U ${queue.postgres.user} ${queue.postgres.database}`,
			`  Redis       127.0.0.1:${queue.redis.port}`,
			`  Main        ${queue.main.baseUrl}  (EXECUTIONS_MODE=queue; manual runs offloaded to the workers)`,
			...queue.workers.map((w) => `  ${w.name.padEnd(10)}  pid ${w.pid}, nodes in ${w.nodesDir}`),
			'',
			`  Nodes       ${loaded.length > 0 ? loaded.join(', ') : 'NONE LOADED (run with --verbose)'}`,
			`  Credential  "${credential.name}" → sandbox ${sandbox.url} (app id ${DEMO_TENANT.appId})`,
			...(examples.length > 0
				? ['  Workflows   ' + examples.map(({ workflow }) => `"${workflow.name}"`).join(', ')]
				: []),
			`  Logs        ${path.join(queue.main.userFolder, 'n8n.log')}, <worker folder>/n8n-worker.log`,
			`  Folders     ${queue.dir} and ${queue.postgres.dir} (removed on Ctrl-C)`,
			'',
			`  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
			'',
		];
		process.stdout.write(`${lines.join('\n')}\n`);

		const how = await queue.main.whenExited();
		if (!stopping) {
			say(`n8n main stopped by itself (${how}); its last lines:\n${queue.main.recentOutput(30)}`);
			await queue.dispose();
			await sandbox.close();
			process.exit(1);
		}
		// Ctrl-C: shutdown() exits the process.
		await new Promise(() => undefined);
	} catch (error) {
		await stack?.dispose().catch(() => undefined);
		await sandbox.close();
		throw error;
	}
}

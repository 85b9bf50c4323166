/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * `npm start -- --queue` (start.ts does the rest): n8n's queue mode on this machine. A private
 * PostgreSQL and Redis (Debian's `postgresql` and `redis-server`), n8n main in queue mode on
 * 127.0.0.1 and two `n8n worker` processes, each with the package installed in its own user folder.
 * It starts fresh every time; stopping it removes its folders.
 */
import * as path from 'node:path';

import { DEFAULT_OWNER } from '../test/e2e/lib';
import { QueueStack, queuePrerequisitesMissing } from '../test/e2e/lib/queue';
import type { Runtime } from './runtime';

/** PostgreSQL, Redis and main prepared (package installed), nothing of n8n running yet. */
export async function prepareQueue(
	runtime: Runtime,
	options: { port: number; verbose: boolean },
	step: <T>(label: string, work: () => Promise<T>) => Promise<T>,
) {
	const missing = queuePrerequisitesMissing();
	if (missing) throw new Error(`--queue needs PostgreSQL and Redis: ${missing}`);
	const stack = await step(
		'PostgreSQL and Redis started, package installed for main and 2 workers',
		() =>
			QueueStack.start({
				runtime,
				workers: 2,
				port: options.port,
				owner: DEFAULT_OWNER,
				onLog: options.verbose ? (line) => process.stdout.write(`${line}\n`) : undefined,
			}),
	);
	const { main, postgres } = stack;
	return {
		main,
		dispose: () => stack.dispose(),
		start: async () => {
			await step(`n8n main started on ${main.baseUrl} (queue mode)`, () => main.start());
			await step('2 workers started', () => stack.startWorkers());
		},
		details: () => [
			`  PostgreSQL  127.0.0.1:${postgres.port}  database ${postgres.database}, user ${postgres.user} (trust)`,
			`              psql -h ${postgres.socketDir} -p ${postgres.port} -U ${postgres.user} ${postgres.database}`,
			`  Redis       127.0.0.1:${stack.redis.port}`,
			`  Main        ${main.baseUrl}  (EXECUTIONS_MODE=queue; manual runs offloaded to the workers)`,
			...stack.workers.map((w) => `  ${w.name.padEnd(10)}  pid ${w.pid}, nodes in ${w.nodesDir}`),
			'',
		],
		logs: `${path.join(main.userFolder, 'n8n.log')}, <worker folder>/n8n-worker.log`,
		folders: `${stack.dir} and ${postgres.dir} (removed on Ctrl-C)`,
	};
}

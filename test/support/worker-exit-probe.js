/**
 * Shows what keeps jest's worker processes alive at the end of a run, and when each one exits.
 * Loaded into every Node process through NODE_OPTIONS; it acts only in jest's workers and in
 * jest's own process:
 *
 *   NODE_OPTIONS="--require $PWD/test/support/worker-exit-probe.js" npx jest --selectProjects default
 *   cat /tmp/jest-worker-exit.log    # or WORKER_EXIT_LOG=<file>
 *
 * Each worker logs the resources it holds when jest asks it to end, the resources still there
 * 100/300/450 ms later (only if it is still alive), and how long after the request it exited.
 * jest's process logs when it prints "A worker process has failed to exit gracefully". Lines
 * start with the time in ms, so the two sides can be compared.
 */
const fs = require('node:fs');

const LOG = process.env.WORKER_EXIT_LOG || '/tmp/jest-worker-exit.log';
const CHILD_MESSAGE_END = 2; // jest-worker's message asking a worker to end
const write = (line) => fs.appendFileSync(LOG, `${Date.now()} ${process.pid} ${line}\n`);
const describeHandle = (h) => {
	const name = (h && h.constructor && h.constructor.name) || typeof h;
	if (h && h.pid) return `${name}(pid ${h.pid}: ${(h.spawnargs || []).join(' ').slice(0, 120)})`;
	if (h && (h.remotePort || h.localPort))
		return `${name}(${h.localPort || ''}->${h.remotePort || ''})`;
	return name;
};
const held = () =>
	`${JSON.stringify(process.getActiveResourcesInfo())} handles: ${process._getActiveHandles().map(describeHandle).join(', ')}`;

if (process.env.JEST_WORKER_ID && typeof process.send === 'function') {
	const onMessage = (message) => {
		if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
		const asked = Date.now();
		write(`worker ${process.env.JEST_WORKER_ID} asked to end; holds ${held()}`);
		process.removeListener('message', onMessage);
		process.on('exit', () =>
			write(
				`worker ${process.env.JEST_WORKER_ID} exits ${Date.now() - asked} ms after the request`,
			),
		);
		process.on('SIGTERM', () => {
			write(
				`worker ${process.env.JEST_WORKER_ID} force-exited ${Date.now() - asked} ms after the request; holds ${held()}`,
			);
			process.exit(1);
		});
		for (const ms of [100, 300, 450]) {
			setTimeout(
				() =>
					write(`worker ${process.env.JEST_WORKER_ID} still alive after ${ms} ms; holds ${held()}`),
				ms,
			).unref();
		}
	};
	process.on('message', onMessage);
} else if (!process.env.JEST_WORKER_ID && /jest/.test(process.argv[1] || '')) {
	const consoleError = console.error;
	console.error = function (...args) {
		if (String(args[0]).includes('failed to exit gracefully'))
			write('jest prints "A worker process has failed to exit gracefully"');
		return consoleError.apply(this, args);
	};
}

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * Child processes for the real-n8n tooling: always spawned asynchronously (a process that also
 * serves the sandbox must never block its event loop), each in its own process group so that a
 * timeout or an interrupt takes the whole tree (n8n starts task runners; npm starts node-gyp),
 * and every one bounded in time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Hard limit; the process group is killed when it passes. */
	timeoutMs: number;
	/** Called with each output line (stdout and stderr) as it arrives. */
	onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
	/**
	 * Send stdout to this file instead of a pipe, and read it back once the process has exited: for
	 * commands that print a large result and then call `process.exit()` (`n8n execute`). Node drops
	 * what it has not yet written to a pipe at exit; writes to a file are synchronous.
	 */
	stdoutFile?: string;
}

export interface RunResult {
	command: string;
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	durationMs: number;
}

const liveGroups = new Set<ChildProcess>();
let handlersInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
	} catch {
		// already gone
	}
}

/**
 * Children live in their own process groups, so a Ctrl-C in the terminal does not reach them:
 * forward interrupts to them, and kill them when this process exits in any way.
 */
function installHandlers(): void {
	if (handlersInstalled) return;
	handlersInstalled = true;
	const killAll = (signal: NodeJS.Signals) =>
		liveGroups.forEach((child) => killGroup(child, signal));
	process.on('exit', () => killAll('SIGKILL'));
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		const handler = (): void => {
			killAll('SIGTERM');
			// Nobody else handles this signal: keep its default meaning (end this process).
			if (process.listenerCount(signal) === 1) {
				process.off(signal, handler);
				process.kill(process.pid, signal);
			}
		};
		process.on(signal, handler);
	}
}

/** Starts a long-running child in its own process group; it is killed when this process ends. */
export function spawnGroup(
	command: string,
	args: string[],
	options: Omit<RunOptions, 'timeoutMs' | 'stdoutFile'> & { stdoutFd?: number },
): ChildProcess {
	installHandlers();
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		stdio: ['ignore', options.stdoutFd ?? 'pipe', 'pipe'],
		detached: process.platform !== 'win32',
	});
	liveGroups.add(child);
	child.on('close', () => liveGroups.delete(child));
	child.on('error', () => liveGroups.delete(child));
	const onLine = options.onLine;
	for (const stream of onLine ? (['stdout', 'stderr'] as const) : []) {
		let pending = '';
		child[stream]?.on('data', (chunk: Buffer) => {
			const lines = (pending + chunk.toString('utf8')).split('\n');
			pending = lines.pop() ?? '';
			for (const line of lines) onLine!(line, stream);
		});
		child[stream]?.on('end', () => {
			if (pending) onLine!(pending, stream);
			pending = '';
		});
	}
	return child;
}

/** Sends SIGTERM to the child's group, then SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
	// A grace of 0 is `kill -9` of the group, sent before this returns (no shutdown at all).
	killGroup(child, graceMs > 0 ? 'SIGTERM' : 'SIGKILL');
	const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

/** Runs a command to completion (any exit code) and collects its output; rejects only on timeout or spawn failure. */
export function runCommand(
	command: string,
	args: string[],
	options: RunOptions,
): Promise<RunResult> {
	const label = [command, ...args].join(' ');
	const started = Date.now();
	const output = { stdout: [] as string[], stderr: [] as string[] };
	const onLine = (line: string, stream: 'stdout' | 'stderr'): void => {
		output[stream].push(line);
		options.onLine?.(line, stream);
	};
	const file = options.stdoutFile;
	const stdoutFd = file === undefined ? undefined : openSync(file, 'w');
	return new Promise((resolve, reject) => {
		const child = spawnGroup(command, args, { ...options, onLine, stdoutFd });
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, options.timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (stdoutFd !== undefined && file !== undefined) {
				closeSync(stdoutFd);
				const text = readFileSync(file, 'utf8');
				rmSync(file, { force: true });
				if (text !== '')
					text
						.replace(/\n$/, '')
						.split('\n')
						.forEach((line) => onLine(line, 'stdout'));
			}
			const res: RunResult = {
				command: label,
				code,
				signal,
				stdout: output.stdout.join('\n'),
				stderr: output.stderr.join('\n'),
				durationMs: Date.now() - started,
			};
			if (timedOut)
				reject(new Error(`${label} timed out after ${options.timeoutMs / 1000} s\n${tail(res)}`));
			else resolve(res);
		});
	});
}

/** As `runCommand`, but rejects unless the command exits 0. */
export async function runChecked(
	command: string,
	args: string[],
	options: RunOptions,
): Promise<RunResult> {
	const res = await runCommand(command, args, options);
	if (res.code !== 0)
		throw new Error(`${res.command} failed (${res.signal ?? `exit ${res.code}`}):\n${tail(res)}`);
	return res;
}

/** The last lines of a command's output, for error messages. */
export function tail(res: Pick<RunResult, 'stdout' | 'stderr'>, lines = 40): string {
	return `${res.stdout}\n${res.stderr}`
		.split('\n')
		.filter((line) => line.trim())
		.slice(-lines)
		.join('\n');
}

export interface WaitOptions {
	/** Milliseconds between probes (default 250). */
	every?: number;
	/** Added to the failure message: the state that explains the wait. */
	detail?: () => Promise<string> | string;
	/** A rejected probe fails the wait at once (default: it counts as no value, its error reported at the end). */
	failFast?: boolean;
}

/** Calls `probe` until it gives a value; rejects after `timeoutMs` naming `what`, the probe's last error and `detail()`. */
export async function waitFor<T>(
	what: string,
	timeoutMs: number,
	probe: () => Promise<T | undefined>,
	{ every = 250, detail, failFast = false }: WaitOptions = {},
): Promise<T> {
	const until = Date.now() + timeoutMs;
	let last: unknown;
	for (;;) {
		const value = await probe().catch((error: unknown) => {
			if (failFast) throw error;
			last = error;
			return undefined;
		});
		if (value !== undefined) return value;
		if (Date.now() > until) {
			const why = last === undefined ? '' : ` (last probe: ${String(last)})`;
			throw new Error(
				`${what}: not within ${timeoutMs / 1000} s${why}${detail ? `\n${await detail()}` : ''}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, every));
	}
}

/**
 * Waits until a child started with `spawnGroup` is ready (`probe` true); if it exits first or the
 * wait fails, kills its group and rejects with `output()` (its last lines).
 */
export async function untilReady(
	child: ChildProcess,
	what: string,
	timeoutMs: number,
	probe: () => Promise<boolean>,
	output: () => string,
): Promise<void> {
	const exited = new Promise<never>((_, reject) =>
		child.once('close', (code, signal) =>
			reject(new Error(`${what} exited (${signal ?? `exit ${code}`}) before it was ready`)),
		),
	);
	const ready = waitFor(`${what} ready`, timeoutMs, async () => (await probe()) || undefined);
	try {
		await Promise.race([ready, exited]);
	} catch (error) {
		await stopGroup(child, 5_000);
		throw new Error(`${(error as Error).message}:\n${output()}`);
	} finally {
		exited.catch(() => undefined);
		ready.catch(() => undefined);
	}
}

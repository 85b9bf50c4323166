/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * n8n in queue mode on this machine, started and stopped by a script: PostgreSQL (Debian's
 * `postgresql` binaries, a private data folder made by `initdb`, trust auth on loopback and a unix
 * socket inside that folder), Redis (Debian's `redis-server`, in memory only, on a private port),
 * n8n main (`EXECUTIONS_MODE=queue`, `DB_TYPE=postgresdb`) and `n8n worker` processes, each with
 * its own user folder (so each has its own `.n8n/nodes`), all sharing one encryption key.
 *
 *   const stack = await QueueStack.start({ workers: 2 });   // Postgres, Redis, main prepared
 *   await stack.main.importCredentials([...]);              // CLI commands: before main starts
 *   await stack.main.start(); await stack.startWorkers();
 *   const id = await stack.runManually(workflowId);         // offloaded to a worker
 *   stack.whoStarted(id);                                   // ['worker-1'] (more: a double run)
 *   await stack.postgres.psql('SELECT 1');
 *   await stack.dispose();                                   // stops everything, removes the folders
 *
 * Every process runs in its own process group and is killed when this process exits (process.ts);
 * Postgres runs in the foreground as a child for that reason (rather than daemonised by
 * `pg_ctl start`), and is stopped with `pg_ctl stop -m fast`. As root, Postgres runs as the
 * unprivileged `postgres` user (initdb refuses root) through `runuser`.
 */
import { randomBytes } from 'node:crypto';
import {
	createWriteStream,
	existsSync,
	promises as fs,
	readdirSync,
	type WriteStream,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';

import { installedRuntime, type Runtime } from '../../../tools/runtime';
import { N8n, N8nError, processEnv, type Owner } from './n8n';
import { type PackedPackage, packPackage, installPackage } from './package';
import { freePort } from './ports';
import { runChecked, runCommand, spawnGroup, stopGroup, untilReady, waitFor } from './process';
import type { PublicExecution } from './types';

/** Debian's PostgreSQL binaries (15 on Debian 12; the newest installed version wins), or N8N_E2E_PG_BIN. */
export const PG_BIN = process.env.N8N_E2E_PG_BIN ?? debianPostgresBin();

function debianPostgresBin(): string {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	return path.join(root, versions[0] ?? '15', 'bin');
}
export const REDIS_SERVER = process.env.N8N_E2E_REDIS_SERVER ?? '/usr/bin/redis-server';
const REDIS_CLI = path.join(path.dirname(REDIS_SERVER), 'redis-cli');

/** Why queue mode cannot run here, or undefined when Postgres and Redis are installed. */
export function queuePrerequisitesMissing(): string | undefined {
	const missing = [
		path.join(PG_BIN, 'initdb'),
		path.join(PG_BIN, 'postgres'),
		REDIS_SERVER,
		REDIS_CLI,
	].filter((file) => !existsSync(file));
	return missing.length === 0
		? undefined
		: `missing ${missing.join(', ')}: apt-get install -y --no-install-recommends postgresql redis-server`;
}

// ---------------------------------------------------------------- PostgreSQL

export class Postgres {
	readonly user = 'n8n';
	readonly database = 'n8n';

	private constructor(
		readonly dir: string,
		readonly port: number,
		private readonly child: ChildProcess,
		private readonly asUser: string | undefined,
		private readonly output: string[],
	) {}

	get socketDir(): string {
		return path.join(this.dir, 'run');
	}

	/** Commands run as the `postgres` user when this process is root (initdb and postgres refuse root). */
	private static wrap(asUser: string | undefined, bin: string, args: string[]): [string, string[]] {
		return asUser ? ['runuser', ['-u', asUser, '--', bin, ...args]] : [bin, args];
	}

	/** initdb into a fresh folder, start `postgres` on a free loopback port, create the `n8n` database. */
	static async start(options: { onLog?: (line: string) => void } = {}): Promise<Postgres> {
		const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-queue-pg-'));
		const [data, run] = [path.join(dir, 'data'), path.join(dir, 'run')];
		const bin = (name: string, args: string[]) =>
			Postgres.wrap(asUser, path.join(PG_BIN, name), args);
		const output: string[] = [];
		let child: ChildProcess | undefined;
		try {
			await fs.mkdir(run);
			if (asUser) await runChecked('chown', [`${asUser}:`, dir, run], { timeoutMs: 10_000 });
			const initdb = '-U n8n --auth=trust --encoding=UTF8 --locale=C --no-sync'.split(' ');
			await runChecked(...bin('initdb', ['-D', data, ...initdb]), { cwd: dir, timeoutMs: 120_000 });
			const port = await freePort();
			// A throw-away test database: durability off, fast.
			const settings =
				'-h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100';
			const args = ['-D', data, '-k', run, '-p', String(port), ...settings.split(' ')];
			child = spawnGroup(...bin('postgres', args), {
				cwd: dir,
				onLine: (line) => {
					output.push(line);
					if (output.length > 300) output.shift();
					options.onLog?.(`[postgres] ${line}`);
				},
			});
			const client = ['-h', run, '-p', String(port), '-U', 'n8n'];
			const probe = async () =>
				(await runCommand(path.join(PG_BIN, 'pg_isready'), client, { timeoutMs: 10_000 })).code ===
				0;
			await untilReady(child, 'postgres', 60_000, probe, () => output.slice(-30).join('\n'));
			await runChecked(path.join(PG_BIN, 'createdb'), [...client, 'n8n'], { timeoutMs: 30_000 });
			return new Postgres(dir, port, child, asUser, output);
		} catch (error) {
			if (child) await stopGroup(child, 5_000);
			await fs.rm(dir, { recursive: true, force: true });
			throw error;
		}
	}

	get n8nEnv(): Record<string, string> {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.port),
			DB_POSTGRESDB_DATABASE: this.database,
			DB_POSTGRESDB_USER: this.user,
			DB_POSTGRESDB_PASSWORD: '',
		};
	}

	/** Runs SQL with psql over the private unix socket; the rows, tab-separated, one a line. */
	async psql(sql: string): Promise<string> {
		const res = await runChecked(
			path.join(PG_BIN, 'psql'),
			[
				...['-h', this.socketDir, '-p', String(this.port), '-U', this.user, '-d', this.database],
				...['-X', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', sql],
			],
			{ timeoutMs: 30_000 },
		);
		return res.stdout.trim();
	}

	recentOutput(lines = 30): string {
		return this.output.slice(-lines).join('\n');
	}

	/** `pg_ctl stop -m fast`, then (if still there) the process group; removes the folder. */
	async stop(keep = false): Promise<void> {
		const args = ['stop', '-D', path.join(this.dir, 'data'), ...'-m fast -w -t 20'.split(' ')];
		if (this.child.exitCode === null && this.child.signalCode === null)
			await runCommand(...Postgres.wrap(this.asUser, path.join(PG_BIN, 'pg_ctl'), args), {
				timeoutMs: 30_000,
			}).catch(() => undefined);
		await stopGroup(this.child, 10_000);
		if (!keep) await fs.rm(this.dir, { recursive: true, force: true, maxRetries: 3 });
	}
}

// ---------------------------------------------------------------- Redis

export class Redis {
	private constructor(
		readonly port: number,
		private readonly child: ChildProcess,
		private readonly dir: string,
	) {}

	/** `redis-server` on a free loopback port, nothing persisted. */
	static async start(options: { onLog?: (line: string) => void } = {}): Promise<Redis> {
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-queue-redis-'));
		const port = await freePort();
		const output: string[] = [];
		const child = spawnGroup(
			REDIS_SERVER,
			[
				...['--port', String(port), '--save', '', '--dir', dir],
				...'--bind 127.0.0.1 --appendonly no --protected-mode yes --daemonize no'.split(' '),
			],
			{
				cwd: dir,
				onLine: (line) => {
					output.push(line);
					options.onLog?.(`[redis] ${line}`);
				},
			},
		);
		const tail = () => output.slice(-20).join('\n');
		const ping = ['-h', '127.0.0.1', '-p', String(port), 'ping'];
		const pong = async () =>
			(await runCommand(REDIS_CLI, ping, { timeoutMs: 5_000 })).stdout.trim() === 'PONG';
		await untilReady(child, 'redis-server', 30_000, pong, tail).catch(async (error: unknown) => {
			await fs.rm(dir, { recursive: true, force: true });
			throw error;
		});
		return new Redis(port, child, dir);
	}

	get n8nEnv(): Record<string, string> {
		return { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	async stop(): Promise<void> {
		await stopGroup(this.child, 5_000);
		await fs.rm(this.dir, { recursive: true, force: true });
	}
}

// ---------------------------------------------------------------- workers

const STARTED = /Worker started execution (\d+) \(job/;
const FINISHED = /Worker finished execution (\d+) \(job/;

export class N8nWorker {
	private child: ChildProcess | undefined;
	private lines: string[] = [];
	private logStream: WriteStream | undefined;
	/** Execution ids this worker started / finished (from its log), over all its runs. */
	readonly started = new Set<string>();
	readonly finished = new Set<string>();

	constructor(
		readonly name: string,
		readonly userFolder: string,
		private readonly runtime: Runtime,
		private readonly env: NodeJS.ProcessEnv,
		private readonly onLog: ((line: string) => void) | undefined,
	) {}

	get nodesDir(): string {
		return path.join(this.userFolder, '.n8n', 'nodes');
	}

	get running(): boolean {
		return this.child?.exitCode === null && this.child.signalCode === null;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	private record(line: string): void {
		this.lines.push(line);
		if (this.lines.length > 2_000) this.lines.splice(0, this.lines.length - 2_000);
		this.logStream?.write(`${line}\n`);
		const started = STARTED.exec(line);
		if (started) this.started.add(started[1]);
		const finished = FINISHED.exec(line);
		if (finished) this.finished.add(finished[1]);
		this.onLog?.(`[${this.name}] ${line}`);
	}

	recentOutput(lines = 40): string {
		return this.lines.slice(-lines).join('\n');
	}

	/** `n8n worker`; resolves once its `/healthz/readiness` answers 200 (Redis and the database connected). */
	async start(timeoutMs = 120_000): Promise<void> {
		if (this.running) return;
		this.logStream ??= createWriteStream(path.join(this.userFolder, 'n8n-worker.log'), {
			flags: 'a',
		});
		this.record(`$ n8n worker (${this.name})`);
		const healthPort = await freePort();
		const child = spawnGroup(
			this.runtime.nodeBin,
			[this.runtime.n8nBin, 'worker', '--concurrency=5'],
			{
				cwd: this.userFolder,
				env: {
					...this.env,
					N8N_RUNNERS_BROKER_PORT: String(await freePort()),
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(healthPort),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				},
				onLine: (line) => this.record(line),
			},
		);
		this.child = child;
		const url = `http://127.0.0.1:${healthPort}/healthz/readiness`;
		const probe = async () =>
			(await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200;
		await untilReady(child, `n8n worker ${this.name}`, timeoutMs, probe, () =>
			this.recentOutput(),
		).catch((error: unknown) => {
			this.child = undefined;
			throw error;
		});
	}

	/**
	 * SIGTERM (n8n waits for running jobs up to its shutdown timeout), SIGKILL after the grace period;
	 * `stop(0)` is `kill -9` of the worker's process group (worker and task runner), no shutdown at all.
	 */
	async stop(graceMs = 30_000): Promise<void> {
		const child = this.child;
		this.child = undefined;
		if (graceMs === 0) this.record(`$ kill -9 -${child?.pid}`);
		if (child) await stopGroup(child, graceMs);
	}

	async dispose(): Promise<void> {
		await this.stop(10_000);
		await new Promise<void>((resolve) =>
			this.logStream ? this.logStream.end(resolve) : resolve(),
		);
		this.logStream = undefined;
	}
}

// ---------------------------------------------------------------- the stack

/** Whether an execution is queued, running or waiting (not finished in any way). */
export const isRunning = (e: PublicExecution): boolean =>
	['running', 'new', 'waiting'].includes(e.status);

export interface QueueStackOptions {
	runtime?: Runtime;
	/** How many `n8n worker` processes `startWorkers()` starts (default 2). */
	workers?: number;
	/** Main's HTTP port (default a free one). */
	port?: number;
	owner?: Owner;
	/** Extra environment for main and the workers. */
	env?: Record<string, string>;
	/** Every process's output, prefixed with its name. */
	onLog?: (line: string) => void;
}

/** What every process of the stack shares: the queue, the database, one encryption key. */
function sharedEnv(
	postgres: Postgres,
	redis: Redis,
	encryptionKey: string,
	extra: Record<string, string>,
): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		...postgres.n8nEnv,
		...redis.n8nEnv,
		N8N_ENCRYPTION_KEY: encryptionKey,
		// The editor's "Execute workflow" and POST /rest/workflows/:id/run run on workers too (n8n 3's default).
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// Bull's job lock: n8n's default is 60 s, renewed every 10 s by a timer. A worker whose event
		// loop is busy longer than the lock (a 100,000-row import on a loaded machine) loses the job:
		// n8n fails the execution as stalled while the worker carries on. 180 s covers it here; a
		// killed worker's execution is then failed within about 3.5 minutes.
		QUEUE_WORKER_LOCK_DURATION: '180000',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		...extra,
	};
}

export class QueueStack {
	readonly workers: N8nWorker[] = [];
	private disposed = false;

	private constructor(
		readonly dir: string,
		readonly postgres: Postgres,
		readonly redis: Redis,
		readonly main: N8n,
		readonly pack: PackedPackage,
		private readonly shared: Record<string, string>,
		private readonly onLog: ((line: string) => void) | undefined,
	) {}

	/**
	 * Postgres and Redis running, main's user folder prepared (package installed), nothing of n8n
	 * running yet: import credentials and workflows through `main` first, then `main.start()`.
	 */
	static async start(options: QueueStackOptions = {}): Promise<QueueStack> {
		const runtime = options.runtime ?? installedRuntime();
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-queue-'));
		const encryptionKey = randomBytes(24).toString('hex');
		let postgres: Postgres | undefined;
		let redis: Redis | undefined;
		try {
			const pack = await packPackage();
			[postgres, redis] = await Promise.all([
				Postgres.start({ onLog: options.onLog }),
				Redis.start({ onLog: options.onLog }),
			]);
			const shared = sharedEnv(postgres, redis, encryptionKey, options.env ?? {});
			const main = await N8n.create({
				runtime,
				userFolder: path.join(dir, 'main'),
				removeUserFolder: false,
				port: options.port,
				encryptionKey,
				owner: options.owner,
				env: shared,
				onLog: options.onLog ? (line) => options.onLog?.(`[main] ${line}`) : undefined,
			});
			await main.installPackage(pack);
			const stack = new QueueStack(dir, postgres, redis, main, pack, shared, options.onLog);
			for (let i = 1; i <= (options.workers ?? 2); i++) await stack.addWorker(`worker-${i}`);
			return stack;
		} catch (error) {
			await redis?.stop().catch(() => undefined);
			await postgres?.stop().catch(() => undefined);
			if (!process.env.N8N_E2E_KEEP) await fs.rm(dir, { recursive: true, force: true });
			throw error;
		}
	}

	/** A worker with its own user folder (not started); `installPackage: false` leaves its nodes folder empty. */
	async addWorker(name: string, options: { installPackage?: boolean } = {}): Promise<N8nWorker> {
		const userFolder = path.join(this.dir, name);
		await fs.mkdir(userFolder, { recursive: true });
		const { runtime } = this.main;
		const env = { ...processEnv(runtime, userFolder), ...this.shared };
		const worker = new N8nWorker(name, userFolder, runtime, env, this.onLog);
		if (options.installPackage !== false) await installPackage(userFolder, this.pack);
		this.workers.push(worker);
		return worker;
	}

	worker(name: string): N8nWorker {
		const worker = this.workers.find((w) => w.name === name);
		if (!worker) throw new Error(`no worker ${name}`);
		return worker;
	}

	async startWorkers(): Promise<void> {
		await Promise.all(this.workers.filter((w) => !w.running).map((w) => w.start()));
	}

	/** The workers whose logs say they started the execution (more than one would be a double run). */
	whoStarted(executionId: string | number): string[] {
		return this.workers.filter((w) => w.started.has(String(executionId))).map((w) => w.name);
	}

	/**
	 * Runs a stored workflow from its Manual Trigger the way the editor's "Execute workflow" does
	 * (`POST /rest/workflows/:id/run`); in queue mode with OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS a
	 * worker runs it. Returns the execution id.
	 */
	async runManually(workflowId: string, trigger = 'Manual Trigger'): Promise<string> {
		const result = await this.main.rest<{ executionId?: string; waitingForWebhook?: boolean }>(
			'POST',
			`/workflows/${encodeURIComponent(workflowId)}/run`,
			{
				triggerToStartFrom: { name: trigger },
			},
		);
		if (!result.executionId)
			throw new N8nError(
				`POST /rest/workflows/${workflowId}/run started no execution: ${JSON.stringify(result)}`,
			);
		return String(result.executionId);
	}

	async getExecution(executionId: string): Promise<PublicExecution> {
		return this.main.publicApi<PublicExecution>(
			`/executions/${encodeURIComponent(executionId)}?includeData=true`,
		);
	}

	/** `waitFor` (a second apart), failing with the probe's last error, `detail()` and every process's recent output. */
	async until<T>(
		what: string,
		timeoutMs: number,
		probe: () => Promise<T | undefined>,
		detail = async () => '',
	): Promise<T> {
		try {
			return await waitFor(what, timeoutMs, probe, { every: 1_000, detail });
		} catch (error) {
			const why = String(error);
			// Said again after the processes' output, so that a log cut in the middle still shows it.
			throw new N8nError(why, `${this.recentOutput()}\n--- the wait that failed ---\n${why}`);
		}
	}

	/** Waits (bounded) until the execution has stopped (any final status) and returns it. */
	async waitForExecution(executionId: string, timeoutMs = 300_000): Promise<PublicExecution> {
		return this.until(`execution ${executionId} finished`, timeoutMs, async () => {
			const execution = await this.getExecution(executionId);
			return execution.stoppedAt && !isRunning(execution) ? execution : undefined;
		});
	}

	/** The last lines of every process, for failure messages. */
	recentOutput(lines = 25): string {
		return [
			`--- main ---\n${this.main.recentOutput(lines)}`,
			...this.workers.map((w) => `--- ${w.name} ---\n${w.recentOutput(lines)}`),
			`--- postgres ---\n${this.postgres.recentOutput(10)}`,
		].join('\n');
	}

	/** Stops main, the workers, Redis and Postgres; removes the folders (kept with N8N_E2E_KEEP=1). */
	async dispose(): Promise<void> {
		if (this.disposed) return;
		this.disposed = true;
		const keep = Boolean(process.env.N8N_E2E_KEEP);
		const errors: unknown[] = [];
		const attempt = async (work: () => Promise<void>): Promise<void> => {
			await work().catch((error: unknown) => {
				errors.push(error);
			});
		};
		await attempt(() => this.main.dispose());
		await Promise.all(this.workers.map((w) => attempt(() => w.dispose())));
		await attempt(() => this.redis.stop());
		await attempt(() => this.postgres.stop(keep));
		if (!keep)
			await attempt(() => fs.rm(this.dir, { recursive: true, force: true, maxRetries: 3 }));
		if (errors.length > 0)
			throw new Error(`stopping the queue stack: ${errors.map(String).join('; ')}`);
	}
}

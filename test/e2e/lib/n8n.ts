/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * A real n8n (the pinned version, on Node 24) with its own user folder and SQLite database,
 * driven through its CLI and its REST and public APIs.
 *
 *   const n8n = await N8n.create();            // fresh user folder, free ports
 *   await n8n.installPackage();                // npm pack of this repo, laid out as the editor installs it
 *   await n8n.importCredentials([...]); await n8n.importWorkflows([...]);
 *   const run = await n8n.execute('wf-id');    // `n8n execute --id`, parsed run data
 *   await n8n.start(); await n8n.login(); ...; await n8n.stop();
 *   await n8n.dispose();
 *
 * Every child is spawned asynchronously (the sandbox may live in this process), in its own
 * process group, with a time limit; failures carry the tail of n8n's output.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, promises as fs, type WriteStream } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';

import { installedRuntime, type Runtime } from '../../tools/runtime';
import { installPackage, packPackage, type PackedPackage } from './package';
import { freePort } from './ports';
import { runCommand, spawnGroup, stopGroup, tail, type RunResult } from './process';
import type {
	CredentialImport,
	CredentialTestResult,
	NodeExecutionItem,
	PublicExecution,
	PublicWorkflow,
	RunData,
	WorkflowImport,
} from './types';

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** The owner n8n creates from its environment (no setup screen). The password meets n8n's rules. */
export const DEFAULT_OWNER: Owner = {
	email: 'owner@example.com',
	password: 'Contact-Center-1',
	firstName: 'Ada',
	lastName: 'Operator',
};

export interface N8nOptions {
	/** The folder n8n keeps `.n8n/` (database, config, community nodes) in; default a fresh temp folder. */
	userFolder?: string;
	/** Remove the user folder in `dispose()`; default true for a temp folder made here, false otherwise. */
	removeUserFolder?: boolean;
	/** HTTP port on 127.0.0.1; default a free one. */
	port?: number;
	/** Default: random per instance. Pass a fixed one to reopen a user folder later. */
	encryptionKey?: string;
	owner?: Owner;
	/** Extra environment for every n8n process (wins over the defaults). */
	env?: Record<string, string>;
	/** Where n8n's own output goes line by line (besides `<userFolder>/n8n.log`). */
	onLog?: (line: string) => void;
	runtime?: Runtime;
}

export interface CliExecution {
	/**
	 * The run succeeded: the printed run is complete and has no error (or, without a printed run
	 * status, the command exited 0). The exit code alone does not decide: see `execute`.
	 */
	success: boolean;
	exitCode: number | null;
	/** The run data printed after the log lines, when there was any. */
	run: RunData | undefined;
	/** The workflow-level error message, if the run failed. */
	error: string | undefined;
	/** Everything the command printed, for failure messages. */
	output: string;
	durationMs: number;
}

export class N8nError extends Error {
	constructor(
		message: string,
		readonly output = '',
	) {
		super(output ? `${message}\n--- n8n output (tail) ---\n${output}` : message);
		this.name = 'N8nError';
	}
}

const DEFAULT_TIMEOUTS = {
	cli: 90_000,
	execute: 180_000,
	start: 120_000,
	stop: 20_000,
	http: 30_000,
};

/** n8n's bcryptjs, so the hash is one n8n itself accepts. */
async function bcryptHash(runtime: Runtime, password: string): Promise<string> {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const bcrypt = require(path.join(runtime.n8nDir, 'node_modules', 'bcryptjs')) as {
		hash(value: string, rounds: number): Promise<string>;
	};
	return bcrypt.hash(password, 10);
}

/**
 * Settings a pinned release needs to run workflows correctly (measured, see the README's
 * Compatibility section):
 * - n8n 1.123.x evaluates expressions in its `vm` engine (@n8n/expression-runtime 0.14, isolated-vm)
 *   by default, and that engine cannot read the output of a Code node through `$('Node')`: the
 *   bridge throws "#<Object> could not be cloned." and the expression silently evaluates to
 *   undefined (in every node, n8n's own Set node too). The example workflows read
 *   `$('Customer key').item.json…` after Code nodes, so 1.x runs with the `legacy` engine, which
 *   2.x (before the vm engine, e.g. 2.4) and 2.41 (a fixed vm engine) do not need.
 */
export function releaseEnv(version: string): Record<string, string> {
	return /^1\./.test(version) ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {};
}

/** The last `{ … }` block printed at the start of a line: the JSON that follows n8n's log lines. */
export function parseTrailingJson<T>(output: string): T | undefined {
	const lines = output.split('\n');
	for (let start = lines.length - 1; start >= 0; start--) {
		if (lines[start] !== '{') continue;
		for (let end = lines.length - 1; end > start; end--) {
			if (lines[end] !== '}') continue;
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n')) as T;
			} catch {
				// not this pair; keep looking
			}
		}
	}
	return undefined;
}

/** The message n8n prints after "Execution error:" when `n8n execute` fails before any run data. */
export function cliErrorMessage(output: string): string {
	const lines = output.split('\n').map((line) => line.trim());
	const at = lines.lastIndexOf('Execution error:');
	const message =
		at >= 0 ? lines.slice(at + 1).find((line) => line && !/^=+$/.test(line)) : undefined;
	return message ?? lines.filter(Boolean).slice(-15).join('\n');
}

/** The output items of one node in a run (its last run, first output unless told). */
export function nodeOutput(
	run: RunData,
	nodeName: string,
	output = 0,
	runIndex = -1,
): NodeExecutionItem[] {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) {
		const ran = Object.keys(run.data.resultData.runData).join(', ');
		throw new Error(`node "${nodeName}" did not run (nodes that ran: ${ran || 'none'})`);
	}
	const task = runs[runIndex < 0 ? runs.length + runIndex : runIndex];
	if (task.error) throw new Error(`node "${nodeName}" failed: ${task.error.message}`);
	return task.data?.main?.[output] ?? [];
}

export class N8n {
	readonly host = '127.0.0.1';
	readonly browserId = randomUUID();
	private child: ChildProcess | undefined;
	private logStream: WriteStream | undefined;
	private recent: string[] = [];
	private cookie: string | undefined;
	private apiKey: string | undefined;
	/** Whether a start of this instance has made sure the owner exists (ensureOwner). */
	private ownerReady = false;

	private constructor(
		readonly userFolder: string,
		readonly port: number,
		readonly owner: Owner,
		readonly runtime: Runtime,
		private readonly baseEnv: NodeJS.ProcessEnv,
		private readonly removeUserFolder: boolean,
		private readonly onLog: ((line: string) => void) | undefined,
	) {}

	static async create(options: N8nOptions = {}): Promise<N8n> {
		const runtime = options.runtime ?? installedRuntime();
		const madeHere = !options.userFolder;
		const userFolder = options.userFolder ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-e2e-')));
		await fs.mkdir(userFolder, { recursive: true });
		const port = options.port ?? (await freePort());
		const owner = options.owner ?? DEFAULT_OWNER;
		const env = await N8n.environment(runtime, userFolder, port, owner, options);
		return new N8n(
			userFolder,
			port,
			owner,
			runtime,
			env,
			options.removeUserFolder ?? madeHere,
			options.onLog,
		);
	}

	private static async environment(
		runtime: Runtime,
		userFolder: string,
		port: number,
		owner: Owner,
		options: N8nOptions,
	): Promise<NodeJS.ProcessEnv> {
		const inherited: NodeJS.ProcessEnv = {};
		for (const [key, value] of Object.entries(process.env)) {
			// Nothing from the caller's n8n, npm or jest settings leaks in (jest sets NODE_ENV=test).
			if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|npm_|NODE_ENV$|NODE_OPTIONS$|JEST_)/.test(key)) continue;
			inherited[key] = value;
		}
		return {
			...inherited,
			PATH: `${runtime.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
			NODE_ENV: 'production',
			N8N_USER_FOLDER: userFolder,
			N8N_ENCRYPTION_KEY: options.encryptionKey ?? randomBytes(24).toString('hex'),
			DB_TYPE: 'sqlite',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(port),
			N8N_PROTOCOL: 'http',
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}`,
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			// At `warn`, `n8n execute` prints no JSON.
			N8N_LOG_LEVEL: 'info',
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: await bcryptHash(runtime, owner.password),
			...releaseEnv(runtime.n8nVersion),
			...options.env,
		};
	}

	get baseUrl(): string {
		return `http://${this.host}:${this.port}`;
	}

	get running(): boolean {
		return (
			this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
		);
	}

	/** The last lines n8n printed (start and CLI commands), for failure messages. */
	recentOutput(lines = 60): string {
		return this.recent.slice(-lines).join('\n');
	}

	/** Everything every n8n process of this instance printed so far (`<userFolder>/n8n.log`). */
	async fullLog(): Promise<string> {
		return fs.readFile(path.join(this.userFolder, 'n8n.log'), 'utf8').catch(() => '');
	}

	private record(line: string): void {
		this.recent.push(line);
		if (this.recent.length > 400) this.recent.splice(0, this.recent.length - 400);
		this.logStream?.write(`${line}\n`);
		this.onLog?.(line);
	}

	private openLog(): void {
		this.logStream ??= createWriteStream(path.join(this.userFolder, 'n8n.log'), { flags: 'a' });
	}

	/** Runs an n8n CLI command (`n8n <args>`) to completion; resolves with its output whatever the exit code. */
	async cli(
		args: string[],
		timeoutMs = DEFAULT_TIMEOUTS.cli,
		env: Record<string, string> = {},
	): Promise<RunResult> {
		this.openLog();
		this.record(`$ n8n ${args.join(' ')}`);
		return runCommand(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], {
			cwd: this.userFolder,
			// Every process gets its own task-runner broker port, so instances never collide.
			env: { ...this.baseEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...env },
			timeoutMs,
			onLine: (line) => this.record(line),
			// `n8n execute` prints its (large) result and exits: through a file, none of it is lost.
			stdoutFile: path.join(
				this.userFolder,
				`cli-stdout-${process.pid}-${randomBytes(3).toString('hex')}.txt`,
			),
		});
	}

	private async cliChecked(args: string[], timeoutMs?: number): Promise<RunResult> {
		if (this.running) {
			throw new N8nError(
				`n8n ${args[0]} must run before \`n8n start\` or after stop(): they share one SQLite database`,
			);
		}
		const res = await this.cli(args, timeoutMs);
		if (res.code !== 0)
			throw new N8nError(`n8n ${args.join(' ')} exited ${res.code ?? res.signal}`, tail(res));
		return res;
	}

	/** Installs the packed package (default: this repository, built and packed) as a community package. */
	async installPackage(pack?: PackedPackage): Promise<string> {
		return installPackage(this.userFolder, pack ?? (await packPackage()));
	}

	private async writeInput(kind: string, value: unknown): Promise<string> {
		const file = path.join(
			this.userFolder,
			`import-${kind}-${Date.now()}-${randomBytes(3).toString('hex')}.json`,
		);
		await fs.writeFile(file, JSON.stringify(value, null, 2));
		return file;
	}

	/** `n8n import:credentials`: plain `data` objects are encrypted on import; an existing id is overwritten. */
	async importCredentials(credentials: CredentialImport[]): Promise<void> {
		const file = await this.writeInput('credentials', credentials);
		await this.cliChecked(['import:credentials', `--input=${file}`]);
	}

	/** `n8n import:workflow`: credentials are referenced by `{ id, name }`; all imported inactive. */
	async importWorkflows(workflows: WorkflowImport[]): Promise<void> {
		const file = await this.writeInput('workflows', workflows);
		await this.cliChecked(['import:workflow', `--input=${file}`]);
	}

	/** Whether this release's `n8n/dist` holds that file (what the CLI and start-up can do). */
	private distHas(...parts: string[]): boolean {
		return existsSync(path.join(this.runtime.n8nDir, 'node_modules', 'n8n', 'dist', ...parts));
	}

	/** Whether this release creates the owner from `N8N_INSTANCE_OWNER_*` as it starts (late 2.x). */
	private managesOwnerFromEnvironment(): boolean {
		return this.distHas('instance-settings-loader', 'loaders', 'owner.instance-settings-loader.js');
	}

	/** Whether this n8n's CLI has that command (`publish` came with 2.x; 1.x activates with `update`). */
	hasCommand(topic: string): boolean {
		return this.distHas('commands', topic);
	}

	/**
	 * Makes a workflow run its triggers under `n8n start`: `n8n publish:workflow` on 2.x,
	 * `n8n update:workflow --active=true` on 1.x, which has no publishing.
	 */
	async publish(workflowId: string): Promise<void> {
		// Releases without the env-managed owner get it from POST /rest/owner/setup after the start.
		// That must happen before any workflow is active: n8n records a workflow's first production
		// success with UserService.updateSettings, which reads the owner row and saves all of it back,
		// so a set-up landing between the read and the save is undone (email and password back to
		// empty; the next login answered 401 on n8n 2.4.8 in a full `npm test`). One start and stop
		// with nothing active sets the owner up first.
		if (!this.ownerReady && !this.managesOwnerFromEnvironment() && !this.running) {
			this.record('[e2e] setting up the owner before the first workflow is active');
			await this.start();
			await this.stop();
		}
		if (this.hasCommand('publish'))
			await this.cliChecked(['publish:workflow', `--id=${workflowId}`]);
		else await this.cliChecked(['update:workflow', `--id=${workflowId}`, '--active=true']);
	}

	/**
	 * `n8n execute --id --rawOutput`: runs a workflow whose start node is a Manual Trigger, and
	 * returns the run data n8n prints after its log lines. A node error is a result, not a throw:
	 * assert on `success`, or use `expectSuccess`.
	 */
	async execute(workflowId: string, timeoutMs = DEFAULT_TIMEOUTS.execute): Promise<CliExecution> {
		if (this.running)
			throw new N8nError('n8n execute must run while `n8n start` is stopped (one SQLite database)');
		const res = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], timeoutMs);
		const output = `${res.stdout}\n${res.stderr}`;
		const run = parseTrailingJson<RunData>(res.stdout) ?? parseTrailingJson<RunData>(output);
		const runError = run?.data?.resultData?.error?.message;
		// A complete run decides: n8n 1.x can exit non-zero after printing a successful run (its
		// shutdown after the command failed), and a failed run may still exit 0 on some releases.
		const complete = run !== undefined && (run.finished === true || run.status === 'success');
		const success = run === undefined ? res.code === 0 : !runError && (complete || res.code === 0);
		const error = runError ?? (success ? undefined : cliErrorMessage(output));
		if (success && res.code !== 0) {
			this.record(
				`[e2e] n8n execute exited ${res.code ?? res.signal} after printing a complete, successful run: the run counts`,
			);
		}
		return { success, exitCode: res.code, run, error, output, durationMs: res.durationMs };
	}

	/** As `execute`, but throws with n8n's error message unless the run succeeded. */
	async executeOk(workflowId: string, timeoutMs?: number): Promise<RunData> {
		const result = await this.execute(workflowId, timeoutMs);
		if (!result.success || !result.run) {
			throw new N8nError(
				`workflow ${workflowId} failed: ${result.error ?? 'no run data printed'}`,
				tail({ stdout: result.output, stderr: '' }),
			);
		}
		return result.run;
	}

	/** `n8n start` on 127.0.0.1:`port`; resolves once `/healthz/readiness` answers 200. */
	async start(timeoutMs = DEFAULT_TIMEOUTS.start): Promise<void> {
		if (this.running) return;
		this.openLog();
		this.record('$ n8n start');
		const started = Date.now();
		// `/healthz/readiness` answers 200 once the database is migrated, which on n8n 1.x is before
		// the REST routes exist (`GET /rest/settings` is a 404 then) and before active workflows are
		// activated. Every release prints this line once both are done: wait for it as well.
		let editorReady = false;
		const child = spawnGroup(this.runtime.nodeBin, [this.runtime.n8nBin, 'start'], {
			cwd: this.userFolder,
			env: { ...this.baseEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
			onLine: (line) => {
				if (line.includes('Editor is now accessible via')) editorReady = true;
				this.record(line);
			},
		});
		this.child = child;
		const exited = new Promise<string>((resolve) =>
			child.once('close', (code, signal) =>
				resolve(`n8n start exited (${signal ?? `exit ${code}`}) before it was ready`),
			),
		);
		let ready = false;
		const poll = (async (): Promise<string> => {
			while (!ready && Date.now() - started < timeoutMs) {
				try {
					const res = await fetch(`${this.baseUrl}/healthz/readiness`, {
						signal: AbortSignal.timeout(2_000),
					});
					if (res.status === 200 && editorReady) return 'ready';
				} catch {
					// not listening yet
				}
				await new Promise((r) => setTimeout(r, 250));
			}
			return `n8n was not ready within ${timeoutMs / 1000} s (${editorReady ? 'readiness never answered 200' : 'it never printed "Editor is now accessible via"'})`;
		})();
		const outcome = await Promise.race([poll, exited]);
		ready = true;
		if (outcome !== 'ready') {
			await this.stop();
			throw new N8nError(outcome, this.recentOutput());
		}
		await this.ensureOwner();
		this.ownerReady = true;
	}

	/**
	 * n8n releases before the env-managed owner (`N8N_INSTANCE_OWNER_*`, 2.x) show a set-up screen
	 * instead: create the same owner through it, once, so signing in works on every release.
	 */
	private async ensureOwner(): Promise<void> {
		const settings = await this.request<{
			data: { userManagement?: { showSetupOnFirstLoad?: boolean } };
		}>('GET', '/rest/settings');
		if (!settings.body.data.userManagement?.showSetupOnFirstLoad) {
			this.record('[e2e] the owner exists (from the environment or an earlier set-up)');
			return;
		}
		const { email, firstName, lastName, password } = this.owner;
		await this.request('POST', '/rest/owner/setup', {
			body: { email, firstName, lastName, password },
		});
		this.record(`[e2e] the owner ${email} was set up through POST /rest/owner/setup`);
	}

	/** Resolves when the running `n8n start` exits by itself or is stopped (at once if not running). */
	whenExited(): Promise<string> {
		const child = this.child;
		if (!child || child.exitCode !== null || child.signalCode !== null)
			return Promise.resolve('not running');
		return new Promise((resolve) =>
			child.once('close', (code, signal) => resolve(signal ?? `exit ${code}`)),
		);
	}

	/** Stops `n8n start` (SIGTERM to its process group, SIGKILL after a grace period). */
	async stop(graceMs = DEFAULT_TIMEOUTS.stop): Promise<void> {
		const child = this.child;
		this.child = undefined;
		this.cookie = undefined;
		if (child) await stopGroup(child, graceMs);
	}

	/** Stops n8n, closes the log, and removes the user folder if it was made here. */
	async dispose(): Promise<void> {
		await this.stop();
		await new Promise<void>((resolve) =>
			this.logStream ? this.logStream.end(resolve) : resolve(),
		);
		this.logStream = undefined;
		if (this.removeUserFolder && !process.env.N8N_E2E_KEEP) {
			await fs.rm(this.userFolder, { recursive: true, force: true, maxRetries: 3 });
		}
	}

	/** An HTTP request to n8n, bounded in time; the body is parsed as JSON when it is JSON. */
	async request<T = unknown>(
		method: string,
		urlPath: string,
		options: { body?: unknown; headers?: Record<string, string>; expectStatus?: number } = {},
	): Promise<{ status: number; body: T; headers: Headers }> {
		if (!this.running)
			throw new N8nError(`${method} ${urlPath}: n8n is not running (call start() first)`);
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				accept: 'application/json',
				'browser-id': this.browserId,
				...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
				...options.headers,
			},
			body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
			signal: AbortSignal.timeout(DEFAULT_TIMEOUTS.http),
		});
		const text = await res.text();
		let body: unknown = text;
		try {
			body = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON; keep the text
		}
		const expected = options.expectStatus ?? 200;
		if (res.status !== expected) {
			throw new N8nError(
				`${method} ${urlPath} answered ${res.status} (expected ${expected}): ${text.slice(0, 500)}`,
				this.recentOutput(40),
			);
		}
		return { status: res.status, body: body as T, headers: res.headers };
	}

	/** Signs in as the owner (`POST /rest/login`) and returns the auth cookie (`n8n-auth=…`). */
	async login(): Promise<string> {
		const res = await this.request('POST', '/rest/login', {
			body: { emailOrLdapLoginId: this.owner.email, password: this.owner.password },
		});
		const cookie = res.headers
			.getSetCookie()
			.map((value) => value.split(';')[0])
			.find((value) => value.startsWith('n8n-auth='));
		if (!cookie) throw new N8nError('POST /rest/login set no n8n-auth cookie');
		this.cookie = cookie;
		return cookie;
	}

	/** A request to n8n's internal REST API as the signed-in owner; returns the `data` it wraps. */
	async rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<T> {
		const cookie = this.cookie ?? (await this.login());
		const res = await this.request<{ data: T }>(method, `/rest${urlPath}`, {
			body,
			headers: { cookie },
		});
		return res.body.data;
	}

	/** Creates a public-API key for the owner (`POST /rest/api-keys`) and uses it for `publicApi`. */
	async createApiKey(
		scopes: string[] = ['workflow:read', 'execution:read', 'execution:list'],
	): Promise<string> {
		const created = await this.rest<{ rawApiKey: string }>('POST', '/api-keys', {
			label: `e2e ${Date.now()}`,
			scopes,
			expiresAt: null,
		});
		this.apiKey = created.rawApiKey;
		return created.rawApiKey;
	}

	/** A GET on n8n's public API (`/api/v1…`) with the key from `createApiKey` (made on first use). */
	async publicApi<T = unknown>(urlPath: string): Promise<T> {
		const key = this.apiKey ?? (await this.createApiKey());
		return (
			await this.request<T>('GET', `/api/v1${urlPath}`, { headers: { 'X-N8N-API-KEY': key } })
		).body;
	}

	/**
	 * Runs a credential's `test` request through n8n (`POST /rest/credentials/test`). Without an
	 * `id` the data is tested as a new, unsaved credential; with the id of a stored one, the given
	 * data is merged over the stored data as the editor does.
	 */
	async testCredential(credential: {
		id?: string;
		name?: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<CredentialTestResult> {
		return this.rest<CredentialTestResult>('POST', '/credentials/test', {
			credentials: {
				id: credential.id ?? '',
				name: credential.name ?? '',
				type: credential.type,
				data: credential.data,
			},
		});
	}

	/** Every execution of a workflow, newest first, with run data (`GET /api/v1/executions`, all pages). */
	async getExecutions(workflowId: string, includeData = true): Promise<PublicExecution[]> {
		const executions: PublicExecution[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 100; page++) {
			const query = new URLSearchParams({
				workflowId,
				includeData: String(includeData),
				limit: '100',
			});
			if (cursor) query.set('cursor', cursor);
			const res = await this.publicApi<{ data: PublicExecution[]; nextCursor: string | null }>(
				`/executions?${query}`,
			);
			executions.push(...res.data);
			if (!res.nextCursor) return executions;
			cursor = res.nextCursor;
		}
		throw new N8nError(`more than 100 pages of executions for workflow ${workflowId}`);
	}

	/** A workflow as the public API shows it, including `staticData` (a trigger's saved cursor). */
	async getWorkflow(workflowId: string): Promise<PublicWorkflow> {
		return this.publicApi<PublicWorkflow>(`/workflows/${encodeURIComponent(workflowId)}`);
	}

	/** The node type names n8n loaded (`GET /types/nodes.json`, as the editor reads it). */
	async nodeTypeNames(): Promise<string[]> {
		const cookie = this.cookie ?? (await this.login());
		const res = await this.request<Array<{ name: string }>>('GET', '/types/nodes.json', {
			headers: { cookie },
		});
		return res.body.map((type) => type.name);
	}

	/** The credential type names n8n loaded (`GET /types/credentials.json`). */
	async credentialTypeNames(): Promise<string[]> {
		const cookie = this.cookie ?? (await this.login());
		const res = await this.request<Array<{ name: string }>>('GET', '/types/credentials.json', {
			headers: { cookie },
		});
		return res.body.map((type) => type.name);
	}
}

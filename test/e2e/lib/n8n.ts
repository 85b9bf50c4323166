/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * A real n8n (a pinned release, on Node 24) with its own user folder and SQLite database, driven
 * through its CLI (before `start` or after `stop`: one database) and its REST and public APIs;
 * failures carry the tail of n8n's output. See test/e2e/README.md.
 */
import type { INodeCredentialTestResult } from 'n8n-workflow';

import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, promises as fs, type WriteStream } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';

import { ensureN8n, installedRuntime, type Runtime } from '../../../tools/runtime';
import { installPackage, packPackage, type PackedPackage } from './package';
import { freePort } from './ports';
import { runCommand, spawnGroup, stopGroup, tail, untilReady, type RunResult } from './process';
import type {
	CredentialImport,
	NodeExecutionItem,
	PublicExecution,
	PublicWorkflow,
	RunData,
	WorkflowImport,
} from './types';

/** The owner n8n creates from its environment (no setup screen). The password meets n8n's rules. */
export const DEFAULT_OWNER = {
	email: 'owner@example.com',
	password: 'Contact-Center-1',
	firstName: 'Ada',
	lastName: 'Operator',
};
export type Owner = typeof DEFAULT_OWNER;

export interface N8nOptions {
	/** The folder n8n keeps `.n8n/` in; default a fresh temp folder. */
	userFolder?: string;
	/** Remove the user folder in `dispose()`; default true for a temp folder made here. */
	removeUserFolder?: boolean;
	/** HTTP port on 127.0.0.1; default a free one. */
	port?: number;
	/** Default: random per instance. Pass a fixed one to reopen a user folder later. */
	encryptionKey?: string;
	owner?: Owner;
	/** Extra environment for every n8n process (wins over the defaults). */
	env?: Record<string, string>;
	/** Where n8n's output goes line by line (besides `<userFolder>/n8n.log`). */
	onLog?: (line: string) => void;
	runtime?: Runtime;
}

export class N8nError extends Error {
	constructor(message: string, output = '') {
		super(output ? `${message}\n--- n8n output (tail) ---\n${output}` : message);
		this.name = 'N8nError';
	}
}

/** n8n's failed calls to api.n8n.io: left out of failure messages with the stack frames after them. */
const OFFLINE_NOISE = /ENOTFOUND api\.n8n\.io|Strapi API|A system task run failed/;

/** Variables of the caller's n8n, npm or jest that never reach an n8n process (jest sets NODE_ENV). */
const NOT_INHERITED = /^(N8N_|DB_|EXECUTIONS_|QUEUE_|npm_|NODE_ENV$|NODE_OPTIONS$|JEST_)/;

/**
 * The same for every n8n here: loopback only, nothing phoned home, and `N8N_LOG_LEVEL=info` (at
 * `warn`, `n8n execute` prints no JSON).
 */
const FIXED_ENV =
	'NODE_ENV=production DB_TYPE=sqlite N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false N8N_TEMPLATES_ENABLED=false N8N_PERSONALIZATION_ENABLED=false N8N_HOST=127.0.0.1 N8N_LISTEN_ADDRESS=127.0.0.1 N8N_PROTOCOL=http N8N_RUNNERS_BROKER_LISTEN_ADDRESS=127.0.0.1 N8N_SECURE_COOKIE=false N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=false N8N_LOG_LEVEL=info';

/**
 * n8n 1.123's default `vm` expression engine cannot read a Code node's output through `$('Node')`
 * ("could not be cloned", the expression silently undefined), which the examples do: 1.x runs with
 * the `legacy` engine (README, Compatibility).
 */
const releaseEnv = (version: string) =>
	/^1\./.test(version) ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {};

/** The environment of every n8n process (main or worker) with that user folder, before its own settings. */
export function processEnv(runtime: Runtime, userFolder: string): NodeJS.ProcessEnv {
	const inherited = Object.entries(process.env).filter(([key]) => !NOT_INHERITED.test(key));
	return {
		...Object.fromEntries(inherited),
		...Object.fromEntries(FIXED_ENV.split(' ').map((setting) => setting.split('='))),
		PATH: `${runtime.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
	};
}

/** The last `{ … }` block printed at the start of a line: the JSON that follows n8n's log lines. */
function parseTrailingJson<T>(output: string): T | undefined {
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
function cliErrorMessage(output: string): string {
	const lines = output.split('\n').map((line) => line.trim());
	const at = lines.lastIndexOf('Execution error:');
	const message =
		at >= 0 ? lines.slice(at + 1).find((line) => line && !/^=+$/.test(line)) : undefined;
	return message ?? lines.filter(Boolean).slice(-15).join('\n');
}

/** The items of a node's first output in a run or an execution (its last run unless told). */
export function nodeOutput(
	run: { data?: RunData['data'] },
	node: string,
	runIndex = -1,
): NodeExecutionItem[] {
	const runData = run.data?.resultData.runData ?? {};
	const task = runData[node]?.at(runIndex);
	if (!task)
		throw new Error(`node "${node}" did not run (ran: ${Object.keys(runData).join(', ')})`);
	if (task.error) throw new Error(`node "${node}" failed: ${task.error.message}`);
	return task.data?.main?.[0] ?? [];
}

export const outputJson = (run: { data?: RunData['data'] }, node: string, runIndex = -1) =>
	nodeOutput(run, node, runIndex).map((item) => item.json);

/** The JSON of the items a node emitted in one of its runs (default the first) of an execution; none: []. */
export const itemsOf = (execution: { data?: RunData['data'] }, node: string, run = 0) =>
	(execution.data?.resultData.runData[node]?.[run]?.data?.main?.[0] ?? []).map((item) => item.json);

export class N8n {
	readonly browserId = randomUUID();
	private child: ChildProcess | undefined;
	private logStream: WriteStream | undefined;
	private recent: string[] = [];
	/** Whether the last line was offline noise or one of its stack frames. */
	private inNoise = false;
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
		const userFolder = options.userFolder ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-e2e-')));
		await fs.mkdir(userFolder, { recursive: true });
		const port = options.port ?? (await freePort());
		const owner = options.owner ?? DEFAULT_OWNER;
		// n8n's own bcryptjs, so the hash is one n8n accepts.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const bcrypt = require(path.join(runtime.n8nDir, 'node_modules', 'bcryptjs')) as {
			hash(value: string, rounds: number): Promise<string>;
		};
		const env: NodeJS.ProcessEnv = {
			...processEnv(runtime, userFolder),
			N8N_ENCRYPTION_KEY: options.encryptionKey ?? randomBytes(24).toString('hex'),
			N8N_PORT: String(port),
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}`,
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: await bcrypt.hash(owner.password, 10),
			...releaseEnv(runtime.n8nVersion),
			...options.env,
		};
		const remove = options.removeUserFolder ?? !options.userFolder;
		return new N8n(userFolder, port, owner, runtime, env, remove, options.onLog);
	}

	/** A fresh n8n (the pinned release, installed if needed) with this package and these imports, not started. */
	static async prepared(
		imports: { credentials?: CredentialImport[]; workflows?: WorkflowImport[] } = {},
		options: N8nOptions = {},
	): Promise<N8n> {
		const n8n = await N8n.create({ ...options, runtime: options.runtime ?? (await ensureN8n()) });
		await n8n.installPackage();
		if (imports.credentials) await n8n.importCredentials(imports.credentials);
		if (imports.workflows) await n8n.importWorkflows(imports.workflows);
		return n8n;
	}

	/** In a test file: an `afterAll` that disposes of its n8n (whatever `beforeAll` got to). */
	static disposeAfterAll(n8n: () => N8n | undefined): void {
		afterAll(() => n8n()?.dispose(), 60_000);
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	get running(): boolean {
		return this.child?.exitCode === null && this.child.signalCode === null;
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
		// n8n's calls home (api.n8n.io is unreachable here) print long stacks that would push the
		// lines that matter out of a failure message; the full log keeps them.
		if (OFFLINE_NOISE.test(line)) this.inNoise = true;
		else if (!/^\s+at /.test(line)) this.inNoise = false;
		if (!this.inNoise) this.recent.push(line);
		if (this.recent.length > 400) this.recent.splice(0, this.recent.length - 400);
		this.logStream ??= createWriteStream(path.join(this.userFolder, 'n8n.log'), { flags: 'a' });
		this.logStream.write(`${line}\n`);
		this.onLog?.(line);
	}

	/** Runs `n8n <args>` to completion; resolves with its output whatever the exit code. */
	async cli(args: string[], timeoutMs = 90_000, env = {}): Promise<RunResult> {
		this.record(`$ n8n ${args.join(' ')}`);
		return runCommand(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], {
			cwd: this.userFolder,
			// Every process gets its own task-runner broker port, so instances never collide.
			env: { ...this.baseEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...env },
			timeoutMs,
			onLine: (line) => this.record(line),
			// `n8n execute` prints its (large) result and exits: through a file, none of it is lost.
			stdoutFile: path.join(this.userFolder, `cli-stdout-${randomBytes(4).toString('hex')}.txt`),
		});
	}

	private async cliChecked(args: string[], timeoutMs?: number): Promise<RunResult> {
		if (this.running)
			throw new N8nError(`n8n ${args[0]} must run before \`n8n start\` or after stop()`);
		const res = await this.cli(args, timeoutMs);
		if (res.code !== 0)
			throw new N8nError(`n8n ${args.join(' ')} exited ${res.code ?? res.signal}`, tail(res));
		return res;
	}

	/** Installs the packed package (default: this repository, built and packed) as a community package. */
	async installPackage(pack?: PackedPackage): Promise<string> {
		return installPackage(this.userFolder, pack ?? (await packPackage()));
	}

	private async importFile(kind: string, value: unknown): Promise<void> {
		const file = path.join(
			this.userFolder,
			`import-${kind}-${randomBytes(4).toString('hex')}.json`,
		);
		await fs.writeFile(file, JSON.stringify(value, null, 2));
		await this.cliChecked([`import:${kind}`, `--input=${file}`]);
	}

	/** `n8n import:credentials`: plain `data` is encrypted on import; an existing id is overwritten. */
	importCredentials(credentials: CredentialImport[]): Promise<void> {
		return this.importFile('credentials', credentials);
	}

	/** `n8n import:workflow`: credentials referenced by `{ id, name }`; all imported inactive. */
	importWorkflows(workflows: WorkflowImport[]): Promise<void> {
		return this.importFile('workflow', workflows);
	}

	/** Whether this release's `n8n/dist` holds that file. */
	private distHas(...parts: string[]): boolean {
		return existsSync(path.join(this.runtime.n8nDir, 'node_modules', 'n8n', 'dist', ...parts));
	}

	/**
	 * Makes a workflow run its triggers under `n8n start`: `publish:workflow` on 2.x,
	 * `update:workflow --active=true` on 1.x.
	 */
	async publish(workflowId: string): Promise<void> {
		// Without the env-managed owner, set it up (one start and stop) before any workflow is active:
		// n8n records a workflow's first production success by saving back the whole owner row it
		// read, which undoes a set-up landing in between (a login then answered 401 on 2.4.8).
		const managed = this.distHas(
			'instance-settings-loader/loaders/owner.instance-settings-loader.js',
		);
		if (!this.ownerReady && !managed && !this.running) {
			this.record('[e2e] setting up the owner before the first workflow is active');
			await this.start();
			await this.stop();
		}
		await this.cliChecked(
			this.distHas('commands', 'publish')
				? ['publish:workflow', `--id=${workflowId}`]
				: ['update:workflow', `--id=${workflowId}`, '--active=true'],
		);
	}

	/**
	 * `n8n execute --id --rawOutput` of a workflow whose start node is a Manual Trigger: the run data
	 * n8n prints after its log lines; throws with n8n's error message unless the run succeeded.
	 */
	async executeOk(workflowId: string, timeoutMs = 180_000): Promise<RunData> {
		if (this.running) throw new N8nError('n8n execute must run while `n8n start` is stopped');
		const res = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], timeoutMs);
		const output = `${res.stdout}\n${res.stderr}`;
		const run = parseTrailingJson<RunData>(res.stdout) ?? parseTrailingJson<RunData>(output);
		const runError = run?.data?.resultData?.error?.message;
		// A complete run decides: n8n 1.x can exit non-zero after printing a successful run (its
		// shutdown after the command failed), and a failed run may still exit 0 on some releases.
		const complete = run?.finished === true || run?.status === 'success';
		if (run && !runError && (complete || res.code === 0)) return run;
		const error = runError ?? (run ? 'the run did not finish' : cliErrorMessage(output));
		throw new N8nError(`workflow ${workflowId} failed: ${error}`, tail(res));
	}

	/** `n8n start` on 127.0.0.1:`port`; resolves once it is ready and the owner exists. */
	async start(timeoutMs = 120_000): Promise<void> {
		if (this.running) return;
		this.record('$ n8n start');
		// `/healthz/readiness` answers 200 once the database is migrated, which on n8n 1.x is before
		// the REST routes exist and active workflows are activated; every release prints this line
		// once both are done: wait for it as well.
		let editorReady = false;
		this.child = spawnGroup(this.runtime.nodeBin, [this.runtime.n8nBin, 'start'], {
			cwd: this.userFolder,
			env: { ...this.baseEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
			onLine: (line) => {
				if (line.includes('Editor is now accessible via')) editorReady = true;
				this.record(line);
			},
		});
		const readiness = `${this.baseUrl}/healthz/readiness`;
		const ready = async () =>
			editorReady &&
			(await fetch(readiness, { signal: AbortSignal.timeout(2_000) })).status === 200;
		await untilReady(this.child, 'n8n start', timeoutMs, ready, () => this.recentOutput()).catch(
			async (error: unknown) => {
				await this.stop();
				throw error;
			},
		);
		await this.ensureOwner();
		this.ownerReady = true;
	}

	/** Releases before the env-managed owner (late 2.x) show a set-up screen: set it up once. */
	private async ensureOwner(): Promise<void> {
		const settings = await this.request<{
			data: { userManagement?: { showSetupOnFirstLoad?: boolean } };
		}>('GET', '/rest/settings');
		if (!settings.body.data.userManagement?.showSetupOnFirstLoad) return;
		const { email, firstName, lastName, password } = this.owner;
		await this.request('POST', '/rest/owner/setup', {
			body: { email, firstName, lastName, password },
		});
		this.record(`[e2e] the owner ${email} was set up through POST /rest/owner/setup`);
	}

	/** Resolves when the running `n8n start` exits by itself or is stopped (at once if not running). */
	whenExited(): Promise<string> {
		const child = this.child;
		if (!child || !this.running) return Promise.resolve('not running');
		return new Promise((resolve) =>
			child.once('close', (code, signal) => resolve(signal ?? `exit ${code}`)),
		);
	}

	/** Stops `n8n start` (SIGTERM to its process group, SIGKILL after a grace period). */
	async stop(graceMs = 20_000): Promise<void> {
		const child = this.child;
		this.child = undefined;
		this.cookie = undefined;
		if (child) await stopGroup(child, graceMs);
	}

	/** Stops n8n, closes the log, and removes the user folder if it was made here. */
	async dispose(): Promise<void> {
		await this.stop();
		const stream = this.logStream;
		this.logStream = undefined;
		if (stream) await new Promise<void>((resolve) => stream.end(resolve));
		if (this.removeUserFolder && !process.env.N8N_E2E_KEEP)
			await fs.rm(this.userFolder, { recursive: true, force: true, maxRetries: 3 });
	}

	/** An HTTP request to n8n, bounded in time; the body parsed as JSON when it is JSON. */
	async request<T = unknown>(
		method: string,
		urlPath: string,
		options: { body?: unknown; headers?: Record<string, string> } = {},
	): Promise<{ status: number; body: T; headers: Headers }> {
		if (!this.running) throw new N8nError(`${method} ${urlPath}: n8n is not running`);
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				accept: 'application/json',
				'browser-id': this.browserId,
				...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
				...options.headers,
			},
			body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
			signal: AbortSignal.timeout(30_000),
		});
		const text = await res.text();
		if (res.status !== 200) {
			throw new N8nError(
				`${method} ${urlPath} answered ${res.status}: ${text.slice(0, 500)}`,
				this.recentOutput(40),
			);
		}
		let body: unknown = text;
		try {
			body = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON; keep the text
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

	/** A request to n8n's internal REST API (`/rest…`) as the signed-in owner; the `data` it wraps. */
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
		scopes = ['workflow:read', 'execution:read', 'execution:list'],
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
	 * A credential's `test` request through n8n (`POST /rest/credentials/test`): without an `id` as a
	 * new credential; with a stored one's id, the given data merged over the stored as the editor does.
	 */
	testCredential(credential: CredentialImport): Promise<INodeCredentialTestResult> {
		const { id, name, type, data } = credential;
		return this.rest('POST', '/credentials/test', { credentials: { id, name, type, data } });
	}

	/** Every execution of a workflow, newest first, with run data (`GET /api/v1/executions`, all pages). */
	async getExecutions(workflowId: string, includeData = true): Promise<PublicExecution[]> {
		const executions: PublicExecution[] = [];
		const query = new URLSearchParams({
			workflowId,
			includeData: String(includeData),
			limit: '100',
		});
		for (let page = 0; page < 100; page++) {
			const res = await this.publicApi<{ data: PublicExecution[]; nextCursor: string | null }>(
				`/executions?${query}`,
			);
			executions.push(...res.data);
			if (!res.nextCursor) return executions;
			query.set('cursor', res.nextCursor);
		}
		throw new N8nError(`more than 100 pages of executions for workflow ${workflowId}`);
	}

	/** A workflow as the public API shows it, including `staticData` (a trigger's saved cursor). */
	async getWorkflow(workflowId: string): Promise<PublicWorkflow> {
		return this.publicApi<PublicWorkflow>(`/workflows/${encodeURIComponent(workflowId)}`);
	}

	nodeTypeNames(): Promise<string[]> {
		return this.typeNames('nodes');
	}

	/** The type names n8n loaded (`GET /types/<kind>.json`, as the editor reads them). */
	async typeNames(kind: 'credentials' | 'nodes'): Promise<string[]> {
		const headers = { cookie: this.cookie ?? (await this.login()) };
		const res = await this.request<Array<{ name: string }>>('GET', `/types/${kind}.json`, {
			headers,
		});
		return res.body.map((type) => type.name);
	}
}

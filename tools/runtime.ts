/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Installs, once, what running a real n8n needs and the package itself does not: the Node runtime
 * that n8n release needs (the official binary, published on npm as `node-<platform>-<arch>`) and the
 * pinned n8n from `test/e2e/n8n-host/<version>`, both into a cache folder outside the repository.
 *
 * A cache is only marked complete once a smoke test proved it works: n8n opens its SQLite database
 * and imports a credential in a throw-away user folder. A cache that is broken or half built (for
 * example sqlite3 never compiled) is found on the next run, said so, and repaired.
 *
 * Every step is idempotent and safe to interrupt: work happens in place or in a staging folder, and
 * the `.complete` marker is written last.
 *
 *   npx ts-node --transpile-only tools/runtime.ts                 # the default n8n (2.41.1)
 *   npx ts-node --transpile-only tools/runtime.ts --n8n 1.123.81  # another pinned release
 *   npx ts-node --transpile-only tools/runtime.ts --all           # every pinned release
 *   npx ts-node --transpile-only tools/runtime.ts --json          # paths as JSON on stdout
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, promises as fs, readdirSync, readFileSync, statfsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { withLock } from '../test/e2e/lib/lock';
import { runChecked, tail } from '../test/e2e/lib/process';

const REPO_ROOT = path.resolve(__dirname, '..');
const HOSTS_DIR = path.join(REPO_ROOT, 'test', 'e2e', 'n8n-host');
const MARKER = '.complete';
/** Bump when what a complete cache must contain changes, so old caches are checked again. */
const INSTALLER_REVISION = 'smoke-tested-1';

/** An n8n release the tests run, with the Node major it needs. */
export interface N8nRelease {
	version: string;
	nodeMajor: string;
}

/** Every pinned release, newest first; each has `test/e2e/n8n-host/<version>/`. */
export const N8N_RELEASES: readonly N8nRelease[] = [
	{ version: '2.41.1', nodeMajor: '24' },
	// The newest 1.x. Its expression engine's isolated-vm ships binaries for Node 22 and 24 only.
	{ version: '1.123.81', nodeMajor: '22' },
	// An early 2.x: its PollContext predates getPollBudgetMs (added in 2.38).
	{ version: '2.4.8', nodeMajor: '24' },
];

/** The release the end-to-end tests and `npm start` use: `CONTACT_CENTER_N8N_VERSION` or the newest. */
export function selectedRelease(
	version = process.env.CONTACT_CENTER_N8N_VERSION || N8N_RELEASES[0].version,
): N8nRelease {
	const release = N8N_RELEASES.find((r) => r.version === version);
	if (!release) {
		throw new Error(
			`n8n ${version} is not pinned here; pinned: ${N8N_RELEASES.map((r) => r.version).join(', ')}`,
		);
	}
	return release;
}

/** The version of the selected release (kept for callers that print it). */
export const N8N_VERSION = selectedRelease().version;

export interface Runtime {
	/** The n8n version installed. */
	n8nVersion: string;
	/** Folder holding the `node` binary n8n runs on; put it first on PATH. */
	nodeBinDir: string;
	/** That `node` binary itself. */
	nodeBin: string;
	/** Folder with that Node's `include/node` headers, for `npm_config_nodedir`. */
	nodeDir: string;
	/** Folder whose `node_modules` holds the pinned n8n. */
	n8nDir: string;
	/** n8n's CLI entry point, run as `<nodeBin> <n8nBin> <command>`. */
	n8nBin: string;
}

export interface EnsureOptions {
	/** Where progress goes; defaults to stderr so `--json` output stays clean. */
	log?: (line: string) => void;
	/** Which pinned n8n; default the selected release. */
	version?: string;
}

export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-contact-center');
}

function defaultLog(line: string): void {
	process.stderr.write(`[runtime] ${line}\n`);
}

/** Seconds since `started`, for progress lines. */
const secondsSince = (started: number): string => ((Date.now() - started) / 1000).toFixed(1);

/** A cache folder's `.complete` marker text, '' when there is none. */
const markerText = async (dir: string): Promise<string> =>
	(await fs.readFile(path.join(dir, MARKER), 'utf8').catch(() => '')).trim();

/** The npm package carrying the official Node binary for this machine. */
export function nodePackageName(): string {
	const platform = ({ linux: 'linux', darwin: 'darwin', win32: 'win' } as Record<string, string>)[
		process.platform
	];
	const arch = (
		{ x64: 'x64', arm64: 'arm64', ppc64: 'ppc64le', s390x: 's390x' } as Record<string, string>
	)[process.arch];
	if (!platform || !arch)
		throw new Error(`No Node package on npm for ${process.platform}/${process.arch}`);
	return `node-${platform}-${arch}`;
}

const nodeFolder = (major: string): string => path.join(cacheRoot(), `node${major}`);

function nodePaths(root: string): Pick<Runtime, 'nodeBinDir' | 'nodeBin' | 'nodeDir'> {
	const nodeDir = path.join(root, 'node_modules', nodePackageName());
	const nodeBinDir = path.join(nodeDir, 'bin');
	const nodeBin = path.join(nodeBinDir, process.platform === 'win32' ? 'node.exe' : 'node');
	return { nodeDir, nodeBinDir, nodeBin };
}

/** Where a release's Node and n8n live in the cache, installed or not. */
function runtimePaths(release: N8nRelease): Runtime {
	const n8nDir = path.join(cacheRoot(), `n8n-${release.version}`);
	const n8nBin = path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
	return {
		n8nVersion: release.version,
		...nodePaths(nodeFolder(release.nodeMajor)),
		n8nDir,
		n8nBin,
	};
}

const hostDir = (release: N8nRelease): string => path.join(HOSTS_DIR, release.version);

/** Paths of an installed runtime, without installing anything (throws if something is missing). */
export function installedRuntime(version?: string): Runtime {
	const release = selectedRelease(version);
	const runtime = runtimePaths(release);
	const fix = `run \`npm run runtime -- --n8n ${release.version}\``;
	if (!existsSync(path.join(nodeFolder(release.nodeMajor), MARKER)) || !existsSync(runtime.nodeBin))
		throw new Error(`Node ${release.nodeMajor} is not installed: ${fix}`);
	if (!existsSync(path.join(runtime.n8nDir, MARKER)) || !existsSync(runtime.n8nBin))
		throw new Error(`n8n ${release.version} is not installed: ${fix}`);
	return runtime;
}

interface InstallStep {
	cwd: string;
	env?: NodeJS.ProcessEnv;
	log: (line: string) => void;
	timeoutMs: number;
	/** Filters the command's output lines worth showing. */
	show?: (line: string) => boolean;
	/** Called every 10 s while the command runs, to say how far it got. */
	heartbeat?: () => string;
}

/** Runs an install command asynchronously with its output and a heartbeat shown; rejects on failure. */
async function run(command: string, args: string[], step: InstallStep): Promise<void> {
	const started = Date.now();
	const beat = setInterval(() => {
		const seconds = Math.round((Date.now() - started) / 1000);
		step.log(`  … ${seconds} s${step.heartbeat ? `, ${step.heartbeat()}` : ''}`);
	}, 10_000);
	try {
		await runChecked(command, args, {
			cwd: step.cwd,
			env: step.env ?? installEnv(),
			timeoutMs: step.timeoutMs,
			onLine: (line) => {
				// The machine's npmrc sets `nodedir`, which npm 11 warns about on every call.
				if (!line.trim() || /Unknown (user|env) config "nodedir"/.test(line)) return;
				if (!step.show || step.show(line)) step.log(`  ${line}`);
			},
		});
	} finally {
		clearInterval(beat);
	}
}

/**
 * The environment for npm commands run here. When this runs under `npm start`/`npm test`, npm has
 * put the project's settings into the environment as `npm_config_*` (this repository's `.npmrc`
 * sets `ignore-scripts`, which would turn `npm rebuild sqlite3` into a silent no-op) and its
 * `npm_package_*`/`npm_lifecycle_*` variables: none of them is meant for the cache folder, so they
 * are dropped, and every command below says explicitly whether scripts run.
 */
function installEnv(nodeMajor?: string): NodeJS.ProcessEnv {
	const callers =
		/^npm_(config_(ignore_scripts|local_prefix|prefix|global|workspaces?|include_workspace_root)|package_|lifecycle_)/i;
	const env: NodeJS.ProcessEnv = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !callers.test(key)),
	);
	if (nodeMajor) {
		const { nodeBinDir, nodeDir } = nodePaths(nodeFolder(nodeMajor));
		env.PATH = `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`;
		env.npm_config_nodedir = nodeDir;
	}
	return env;
}

/** Installs the official Node binary of that major from npm into the cache if missing; returns its bin folder. */
export async function ensureNode(major: string, options: EnsureOptions = {}): Promise<string> {
	const log = options.log ?? defaultLog;
	const root = nodeFolder(major);
	const done = (): boolean =>
		existsSync(path.join(root, MARKER)) && existsSync(nodePaths(root).nodeBin);
	if (done()) return nodePaths(root).nodeBinDir;
	return withLock(root, log, async () => {
		if (done()) return nodePaths(root).nodeBinDir;
		const started = Date.now();
		const spec = `${nodePackageName()}@${major}`;
		log(`installing Node ${major} (${spec}) into ${root}`);
		// Stage next to the target and swap in with a rename, so the target is never half there.
		const staging = `${root}.staging-${process.pid}`;
		await fs.rm(staging, { recursive: true, force: true });
		await fs.mkdir(staging, { recursive: true });
		await fs.writeFile(
			path.join(staging, 'package.json'),
			'{ "name": "node-runtime", "private": true }\n',
		);
		const install = ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'];
		await run('npm', [...install, spec], { cwd: staging, log, timeoutMs: 10 * 60_000 });
		const { nodeBin } = nodePaths(staging);
		if (!existsSync(nodeBin)) throw new Error(`${spec} installed no binary at ${nodeBin}`);
		await fs.chmod(nodeBin, 0o755);
		await runChecked(nodeBin, ['--version'], { cwd: staging, timeoutMs: 30_000 });
		await fs.writeFile(path.join(staging, MARKER), `${new Date().toISOString()}\n`);
		await fs.rm(root, { recursive: true, force: true });
		await fs.rename(staging, root);
		log(`Node ${major} ready in ${secondsSince(started)} s`);
		return nodePaths(root).nodeBinDir;
	});
}

/** Node 24, which n8n 2.x needs. */
export async function ensureNode24(options: EnsureOptions = {}): Promise<string> {
	return ensureNode('24', options);
}

/** The two files that pin an install: a host folder's package.json and its lockfile. */
const PIN_FILES = ['package.json', 'package-lock.json'] as const;

/** What a complete cache's marker holds: the installer revision, `extra`, and the pins of `hostFolder`. */
function pinsFingerprint(hostFolder: string, extra = ''): string {
	const hash = createHash('sha256').update(INSTALLER_REVISION).update(extra);
	for (const file of PIN_FILES) hash.update(file).update(readFileSync(path.join(hostFolder, file)));
	return hash.digest('hex');
}

/** Copies the pins of `from` into `to`. */
async function copyPins(from: string, to: string): Promise<void> {
	for (const file of PIN_FILES) await fs.copyFile(path.join(from, file), path.join(to, file));
}

/** Bytes written to the disk holding `dir` since `before` (npm gives no progress when not on a TTY). */
function diskGrowth(dir: string): () => string {
	const used = (): number => {
		const stats = statfsSync(dir);
		return (stats.blocks - stats.bfree) * stats.bsize;
	};
	const before = used();
	return () => `${((used() - before) / 1e9).toFixed(2)} GB of about 2.7 GB written`;
}

/** Every sqlite3 package in the install (n8n may nest one), with whether its native binding is built. */
export function sqliteBindings(n8nDir: string): Array<{ dir: string; built: boolean }> {
	const found: Array<{ dir: string; built: boolean }> = [];
	const visit = (modules: string, depth: number): void => {
		if (depth > 3 || !existsSync(modules)) return;
		for (const name of readdirSync(modules)) {
			if (name.startsWith('.')) continue;
			if (name.startsWith('@')) {
				visit(path.join(modules, name), depth);
				continue;
			}
			const dir = path.join(modules, name);
			if (name === 'sqlite3') {
				found.push({
					dir,
					built: existsSync(path.join(dir, 'build', 'Release', 'node_sqlite3.node')),
				});
			}
			visit(path.join(dir, 'node_modules'), depth + 1);
		}
	};
	visit(path.join(n8nDir, 'node_modules'), 0);
	return found;
}

/**
 * Proves an installed n8n works: in a throw-away user folder it opens its SQLite database (running
 * its migrations) and imports a credential, as `npm start` and the tests do first.
 */
async function smokeTest(runtime: Runtime, log: (line: string) => void): Promise<void> {
	const started = Date.now();
	const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-runtime-smoke-'));
	try {
		const input = path.join(folder, 'credentials.json');
		const data = { name: 'x-smoke', value: randomBytes(8).toString('hex') };
		const credential = {
			id: 'runtimeSmokeTest1',
			name: 'runtime smoke test',
			type: 'httpHeaderAuth',
			data,
		};
		await fs.writeFile(input, JSON.stringify([credential]));
		const env: NodeJS.ProcessEnv = {
			...installEnv(selectedRelease(runtime.n8nVersion).nodeMajor),
			N8N_USER_FOLDER: folder,
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			DB_TYPE: 'sqlite',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			// At info, import:credentials says what it imported; at warn it prints nothing to check.
			N8N_LOG_LEVEL: 'info',
		};
		// Nothing of the calling process's n8n, database, queue or test-runner settings: under jest,
		// NODE_ENV=test silences n8n's logger, and the result could not be checked.
		for (const key of Object.keys(env)) {
			if (/^(DB_POSTGRESDB_|EXECUTIONS_MODE$|QUEUE_|NODE_ENV$|NODE_OPTIONS$|JEST_)/.test(key))
				delete env[key];
		}
		const importing = [runtime.n8nBin, 'import:credentials', `--input=${input}`];
		const options = { cwd: folder, env, timeoutMs: 3 * 60_000 };
		const res = await runChecked(runtime.nodeBin, importing, options).catch((error: unknown) => {
			throw new Error(
				`n8n ${runtime.n8nVersion} failed its smoke test (import:credentials): ${error instanceof Error ? error.message : String(error)}`,
			);
		});
		if (!/imported 1 credential/i.test(`${res.stdout}\n${res.stderr}`)) {
			throw new Error(
				`n8n ${runtime.n8nVersion} smoke test: import:credentials did not report the import\n${tail(res)}`,
			);
		}
		log(
			`smoke test passed: n8n ${runtime.n8nVersion} opened SQLite and imported a credential (${secondsSince(started)} s)`,
		);
	} finally {
		await fs.rm(folder, { recursive: true, force: true });
	}
}

async function buildSqlite(
	release: N8nRelease,
	n8nDir: string,
	log: (line: string) => void,
): Promise<void> {
	const started = Date.now();
	log(`building sqlite3 against Node ${release.nodeMajor} (about 1–2 minutes)`);
	await run(
		'npm',
		['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts', '--loglevel=warn'],
		{
			cwd: n8nDir,
			env: { ...installEnv(release.nodeMajor), npm_config_ignore_scripts: 'false' },
			log,
			// node-gyp prints every compiler command and warning; show errors and the outcome only.
			show: (line) => /\berror\b|ERR!|rebuilt/i.test(line),
			timeoutMs: 15 * 60_000,
		},
	);
	const bindings = sqliteBindings(n8nDir);
	const missing = bindings.filter((b) => !b.built).map((b) => b.dir);
	if (bindings.length === 0) throw new Error(`no sqlite3 package found under ${n8nDir}`);
	if (missing.length > 0)
		throw new Error(
			`npm rebuild sqlite3 reported success but built nothing in ${missing.join(', ')}`,
		);
	log(`sqlite3 built in ${secondsSince(started)} s`);
}

/** Why a cache whose files match the pins cannot be trusted, or undefined when it can. */
function cacheProblem(
	n8nDir: string,
	n8nBin: string,
	fingerprint: string,
	markerText: string,
): string | undefined {
	if (!existsSync(n8nBin)) return 'n8n is not installed';
	if (markerText !== fingerprint)
		return markerText
			? 'it was built by an older installer or from other pins'
			: 'an earlier install did not finish';
	if (sqliteBindings(n8nDir).some((b) => !b.built)) return 'sqlite3 has no compiled binding';
	return undefined;
}

/**
 * Installs the pinned n8n (from the committed host package.json and lockfile) into the cache if
 * missing: `npm install --ignore-scripts` (one dependency's install script downloads a binary and
 * fails offline), then `npm rebuild sqlite3` against the right Node's headers with scripts on, then
 * a smoke test. A cache that fails any check is repaired rather than trusted.
 */
export async function ensureN8n(options: EnsureOptions = {}): Promise<Runtime> {
	const log = options.log ?? defaultLog;
	const release = selectedRelease(options.version);
	await ensureNode(release.nodeMajor, options);
	const runtime = runtimePaths(release);
	const { n8nDir, n8nBin } = runtime;
	const fingerprint = pinsFingerprint(hostDir(release), release.nodeMajor);
	if (!cacheProblem(n8nDir, n8nBin, fingerprint, await markerText(n8nDir)))
		return installedRuntime(release.version);
	return withLock(n8nDir, log, async () => {
		const problem = cacheProblem(n8nDir, n8nBin, fingerprint, await markerText(n8nDir));
		if (!problem) return installedRuntime(release.version);
		await fs.rm(path.join(n8nDir, MARKER), { force: true });
		await fs.mkdir(n8nDir, { recursive: true });
		// The pins this folder was installed from, kept apart from npm's own lockfile there (npm may
		// rewrite that one: on 2026-11-25 it moved three @aws-sdk packages up a patch version).
		const pinsDir = path.join(n8nDir, '.pins');
		const pinsChanged = PIN_FILES.some(
			(file) =>
				!existsSync(path.join(pinsDir, file)) ||
				!readFileSync(path.join(pinsDir, file)).equals(
					readFileSync(path.join(hostDir(release), file)),
				),
		);
		if (existsSync(n8nBin) && !pinsChanged) {
			log(
				`the cached n8n ${release.version} in ${n8nDir} cannot be trusted (${problem}): checking and repairing it`,
			);
		} else {
			await fs.rm(pinsDir, { recursive: true, force: true });
			await copyPins(hostDir(release), n8nDir);
			const started = Date.now();
			log(
				`installing n8n ${release.version} into ${n8nDir} (about 3 minutes, ~2,200 packages, 2.7 GB)`,
			);
			// --loglevel=error: the lockfile is known good and n8n's tree prints hundreds of peer warnings.
			await run(
				'npm',
				['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
				{
					cwd: n8nDir,
					env: installEnv(release.nodeMajor),
					log,
					timeoutMs: 20 * 60_000,
					heartbeat: diskGrowth(n8nDir),
				},
			);
			await fs.mkdir(pinsDir, { recursive: true });
			await copyPins(hostDir(release), pinsDir);
			log(`n8n installed in ${secondsSince(started)} s`);
		}
		if (sqliteBindings(n8nDir).some((b) => !b.built)) await buildSqlite(release, n8nDir, log);
		await smokeTest(runtime, log);
		await fs.writeFile(path.join(n8nDir, MARKER), `${fingerprint}\n`);
		return installedRuntime(release.version);
	});
}

/** The pinned Verdaccio: `test/e2e/registry-host/` (package.json with lockfile), installed as n8n is. */
const REGISTRY_HOST_DIR = path.join(REPO_ROOT, 'test', 'e2e', 'registry-host');

export interface RegistryRuntime {
	/** The Node that runs it (Verdaccio 6 needs Node 22 or newer). */
	nodeBin: string;
	/** Verdaccio's command-line script. */
	verdaccioBin: string;
}

/**
 * Installs the pinned Verdaccio (the local npm registry of the community-install test) into the
 * cache if missing, on Node 24: `npm ci` of the committed lockfile with scripts off, marked
 * complete (with a fingerprint of the pins) once `verdaccio --version` answers. Free when cached.
 */
export async function ensureVerdaccio(options: EnsureOptions = {}): Promise<RegistryRuntime> {
	const log = options.log ?? defaultLog;
	await ensureNode24(options);
	const { nodeBin } = nodePaths(nodeFolder('24'));
	const manifest = JSON.parse(
		readFileSync(path.join(REGISTRY_HOST_DIR, 'package.json'), 'utf8'),
	) as { dependencies: { verdaccio: string } };
	const version = manifest.dependencies.verdaccio;
	const dir = path.join(cacheRoot(), `verdaccio-${version}`);
	const result: RegistryRuntime = {
		nodeBin,
		verdaccioBin: path.join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
	};
	const fingerprint = pinsFingerprint(REGISTRY_HOST_DIR);
	const complete = async (): Promise<boolean> =>
		existsSync(result.verdaccioBin) && (await markerText(dir)) === fingerprint;
	if (await complete()) return result;
	return withLock(dir, log, async () => {
		if (await complete()) return result;
		const started = Date.now();
		log(`installing Verdaccio ${version} into ${dir} (about 30 s, ~320 packages)`);
		await fs.rm(path.join(dir, MARKER), { force: true });
		await fs.mkdir(dir, { recursive: true });
		await copyPins(REGISTRY_HOST_DIR, dir);
		await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: dir,
			env: installEnv('24'),
			log,
			timeoutMs: 10 * 60_000,
		});
		await runChecked(nodeBin, [result.verdaccioBin, '--version'], { cwd: dir, timeoutMs: 60_000 });
		await fs.writeFile(path.join(dir, MARKER), `${fingerprint}\n`);
		log(`Verdaccio ${version} ready in ${secondsSince(started)} s`);
		return result;
	});
}

function parseCli(argv: string[]): { json: boolean; versions: string[] } {
	const json = argv.includes('--json');
	if (argv.includes('--all')) return { json, versions: N8N_RELEASES.map((r) => r.version) };
	const at = argv.findIndex((a) => a === '--n8n' || a.startsWith('--n8n='));
	if (at < 0) return { json, versions: [selectedRelease().version] };
	const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
	return { json, versions: [selectedRelease(value).version] };
}

if (require.main === module) {
	const { json, versions } = parseCli(process.argv.slice(2));
	const started = Date.now();
	(async () => {
		const runtimes: Runtime[] = [];
		for (const version of versions) runtimes.push(await ensureN8n({ version }));
		if (json) {
			process.stdout.write(
				`${JSON.stringify(runtimes.length === 1 ? runtimes[0] : runtimes, null, 2)}\n`,
			);
			return;
		}
		defaultLog(`ready in ${secondsSince(started)} s`);
		for (const runtime of runtimes) {
			for (const [key, value] of Object.entries(runtime)) defaultLog(`${key.padEnd(10)} ${value}`);
		}
	})().catch((error: unknown) => {
		process.stderr.write(`[runtime] ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}

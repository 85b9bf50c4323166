/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Installs, once, what running a real n8n needs and the package itself does not: a Node 24 runtime
 * (the official binary, published on npm as `node-<platform>-<arch>`) and the pinned n8n from
 * `test/e2e/n8n-host`, both into a cache folder outside the repository.
 *
 * Every step is idempotent and safe to interrupt: work happens in place or in a staging folder,
 * and a `.complete` marker is written last, so a half-finished install is simply redone.
 *
 *   npx ts-node --transpile-only test/tools/runtime.ts          # install what is missing, print paths
 *   npx ts-node --transpile-only test/tools/runtime.ts --json   # same, paths as JSON on stdout
 */
import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync, statfsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { withLock } from '../e2e/lib/lock';
import { runChecked } from '../e2e/lib/process';

export const N8N_VERSION = '2.41.1';
const NODE_MAJOR = '24';
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HOST_DIR = path.join(REPO_ROOT, 'test', 'e2e', 'n8n-host');
const MARKER = '.complete';

export interface Runtime {
	/** Folder holding the `node` binary of Node 24; put it first on PATH. */
	nodeBinDir: string;
	/** The Node 24 binary itself. */
	nodeBin: string;
	/** Folder with Node 24's `include/node` headers, for `npm_config_nodedir`. */
	nodeDir: string;
	/** Folder whose `node_modules` holds the pinned n8n. */
	n8nDir: string;
	/** n8n's CLI entry point, run as `<nodeBin> <n8nBin> <command>`. */
	n8nBin: string;
}

export interface EnsureOptions {
	/** Where progress goes; defaults to stderr so `--json` output stays clean. */
	log?: (line: string) => void;
}

export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-contact-center');
}

function defaultLog(line: string): void {
	process.stderr.write(`[runtime] ${line}\n`);
}

/** The npm package carrying the official Node binary for this machine. */
export function nodePackageName(): string {
	const platform = ({ linux: 'linux', darwin: 'darwin', win32: 'win' } as Record<string, string>)[process.platform];
	const arch = ({ x64: 'x64', arm64: 'arm64', ppc64: 'ppc64le', s390x: 's390x' } as Record<string, string>)[process.arch];
	if (!platform || !arch) {
		throw new Error(`No Node ${NODE_MAJOR} package on npm for ${process.platform}/${process.arch}`);
	}
	return `node-${platform}-${arch}`;
}

function nodeFolder(): string {
	return path.join(cacheRoot(), `node${NODE_MAJOR}`);
}

function nodePaths(root: string): Pick<Runtime, 'nodeBinDir' | 'nodeBin' | 'nodeDir'> {
	const nodeDir = path.join(root, 'node_modules', nodePackageName());
	const nodeBinDir = path.join(nodeDir, 'bin');
	const nodeBin = path.join(nodeBinDir, process.platform === 'win32' ? 'node.exe' : 'node');
	return { nodeDir, nodeBinDir, nodeBin };
}

function n8nPaths(): Pick<Runtime, 'n8nDir' | 'n8nBin'> {
	const n8nDir = path.join(cacheRoot(), `n8n-${N8N_VERSION}`);
	return { n8nDir, n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n') };
}

/** Paths of an installed runtime, without installing anything (throws if something is missing). */
export function installedRuntime(): Runtime {
	const node = nodePaths(nodeFolder());
	const n8n = n8nPaths();
	if (!existsSync(path.join(nodeFolder(), MARKER)) || !existsSync(node.nodeBin)) {
		throw new Error('Node 24 is not installed: run `npx ts-node --transpile-only test/tools/runtime.ts`');
	}
	if (!existsSync(path.join(n8n.n8nDir, MARKER)) || !existsSync(n8n.n8nBin)) {
		throw new Error(`n8n ${N8N_VERSION} is not installed: run \`npx ts-node --transpile-only test/tools/runtime.ts\``);
	}
	return { ...node, ...n8n };
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
			env: step.env,
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

/** Installs the official Node 24 binary from npm into the cache if missing; returns its bin folder. */
export async function ensureNode24(options: EnsureOptions = {}): Promise<string> {
	const log = options.log ?? defaultLog;
	const root = nodeFolder();
	const done = (): boolean => existsSync(path.join(root, MARKER)) && existsSync(nodePaths(root).nodeBin);
	if (done()) return nodePaths(root).nodeBinDir;
	return withLock(root, log, async () => {
		if (done()) return nodePaths(root).nodeBinDir;
		const started = Date.now();
		const spec = `${nodePackageName()}@${NODE_MAJOR}`;
		log(`installing Node ${NODE_MAJOR} (${spec}) into ${root}`);
		// Stage next to the target and swap in with a rename, so the target is never half there.
		const staging = `${root}.staging-${process.pid}`;
		await fs.rm(staging, { recursive: true, force: true });
		await fs.mkdir(staging, { recursive: true });
		await fs.writeFile(path.join(staging, 'package.json'), '{ "name": "node-runtime", "private": true }\n');
		await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', spec], {
			cwd: staging,
			log,
			timeoutMs: 10 * 60_000,
		});
		const { nodeBin } = nodePaths(staging);
		if (!existsSync(nodeBin)) throw new Error(`${spec} installed no binary at ${nodeBin}`);
		await fs.chmod(nodeBin, 0o755);
		await fs.writeFile(path.join(staging, MARKER), `${new Date().toISOString()}\n`);
		await fs.rm(root, { recursive: true, force: true });
		await fs.rename(staging, root);
		log(`Node ${NODE_MAJOR} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		return nodePaths(root).nodeBinDir;
	});
}

/** An environment whose `node` and native-addon headers are Node 24's. */
export function node24Env(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const { nodeBinDir, nodeDir } = nodePaths(nodeFolder());
	return {
		...base,
		PATH: `${nodeBinDir}${path.delimiter}${base.PATH ?? ''}`,
		npm_config_nodedir: nodeDir,
	};
}

function hostFingerprint(): string {
	const hash = createHash('sha256');
	for (const file of ['package.json', 'package-lock.json']) {
		hash.update(file).update(readFileSync(path.join(HOST_DIR, file)));
	}
	return hash.digest('hex');
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

/**
 * Installs the pinned n8n (from the committed host package.json and lockfile) into the cache if
 * missing: `npm install --ignore-scripts` (one dependency's install script downloads a binary and
 * fails offline) then `npm rebuild sqlite3` against Node 24's headers. Returns the paths.
 */
export async function ensureN8n(options: EnsureOptions = {}): Promise<Runtime> {
	const log = options.log ?? defaultLog;
	await ensureNode24(options);
	const { n8nDir, n8nBin } = n8nPaths();
	const fingerprint = hostFingerprint();
	const marker = path.join(n8nDir, MARKER);
	const done = async (): Promise<boolean> =>
		existsSync(n8nBin) && (await fs.readFile(marker, 'utf8').catch(() => '')).trim() === fingerprint;
	if (await done()) return installedRuntime();
	return withLock(n8nDir, log, async () => {
		if (await done()) return installedRuntime();
		await fs.rm(marker, { force: true });
		await fs.mkdir(n8nDir, { recursive: true });
		for (const file of ['package.json', 'package-lock.json']) {
			await fs.copyFile(path.join(HOST_DIR, file), path.join(n8nDir, file));
		}
		const env = node24Env();
		let started = Date.now();
		log(`installing n8n ${N8N_VERSION} into ${n8nDir} (about 2–3 minutes, ~2,200 packages, 2.7 GB)`);
		// --loglevel=error: the lockfile is known good and n8n's tree prints hundreds of peer warnings.
		await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: n8nDir,
			env,
			log,
			timeoutMs: 20 * 60_000,
			heartbeat: diskGrowth(n8nDir),
		});
		log(`n8n installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		started = Date.now();
		log('building sqlite3 against Node 24 (about 1–2 minutes)');
		await run('npm', ['rebuild', 'sqlite3', '--foreground-scripts', '--loglevel=warn'], {
			cwd: n8nDir,
			env,
			log,
			// node-gyp prints every compiler command and warning; show errors and the outcome only.
			show: (line) => /\berror\b|ERR!|rebuilt/i.test(line),
			timeoutMs: 15 * 60_000,
		});
		log(`sqlite3 built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		await fs.writeFile(marker, `${fingerprint}\n`);
		return installedRuntime();
	});
}

if (require.main === module) {
	const json = process.argv.includes('--json');
	const started = Date.now();
	ensureN8n()
		.then((runtime) => {
			if (json) {
				process.stdout.write(`${JSON.stringify(runtime, null, 2)}\n`);
			} else {
				defaultLog(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
				for (const [key, value] of Object.entries(runtime)) defaultLog(`${key.padEnd(10)} ${value}`);
			}
		})
		.catch((error: unknown) => {
			process.stderr.write(`[runtime] ${error instanceof Error ? error.message : String(error)}\n`);
			process.exit(1);
		});
}

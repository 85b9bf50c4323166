/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The runtime installer as a new user meets it: an empty cache folder, run from inside an npm script
 * (so npm's `npm_config_ignore_scripts=true` from this repository's .npmrc is in the environment),
 * then a cache broken the way the old installer left it (sqlite3 never compiled, marker written),
 * which must be found and repaired. It runs once per pinned release (jest.config.js has one project
 * per release, and `--testMatch` applies to each): 2.41.1, 1.123.81 and 2.4.8, each from empty. Slow
 * (a full n8n install, about 5 minutes a release on 2 cores), so it is not part of `jest`'s default run:
 *
 *   npm run test:runtime-install                                  # into a new temp cache folder
 *   RUNTIME_INSTALL_CACHE=~/.cache npm run test:runtime-install   # into that (empty) cache folder
 *
 * `.ci/run` runs it when the machine has no cache yet, so the cache every later test uses is the
 * one this test built and checked.
 */
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { runCommand } from '../e2e/lib/process';
import { sqliteBindings } from '../../tools/runtime';

const REPO = path.resolve(__dirname, '..', '..');
const VERSION = process.env.CONTACT_CENTER_N8N_VERSION || '2.41.1';
let cacheHome: string;
let madeHere = false;

/** Runs the installer as `npm run runtime` would, with npm's environment for this repository. */
async function install(): Promise<{ code: number | null; output: string }> {
	const res = await runCommand(
		process.execPath,
		[
			require.resolve('ts-node/dist/bin.js'),
			'--transpile-only',
			'tools/runtime.ts',
			'--n8n',
			VERSION,
		],
		{
			cwd: REPO,
			env: {
				...process.env,
				XDG_CACHE_HOME: cacheHome,
				npm_config_ignore_scripts: 'true',
				npm_lifecycle_event: 'runtime',
			},
			timeoutMs: 25 * 60_000,
			onLine: (line) => process.stderr.write(`${line}\n`),
		},
	);
	return { code: res.code, output: `${res.stdout}\n${res.stderr}` };
}

/** The release's n8n folder in the cache. */
const n8nCache = () => path.join(cacheHome, 'n8n-nodes-contact-center', `n8n-${VERSION}`);
/** Its sqlite3 packages, each with whether its native binding is compiled. */
const sqlite = () => sqliteBindings(n8nCache());

beforeAll(async () => {
	if (process.env.RUNTIME_INSTALL_CACHE) {
		cacheHome = process.env.RUNTIME_INSTALL_CACHE;
		await fs.mkdir(cacheHome, { recursive: true });
	} else {
		cacheHome = await fs.mkdtemp(path.join(os.tmpdir(), 'runtime-install-'));
		madeHere = true;
	}
});

// Removing a 2.9 GB install took over a minute on a loaded 2-core machine.
afterAll(async () => {
	if (madeHere) await fs.rm(cacheHome, { recursive: true, force: true });
}, 5 * 60_000);

test(
	'an empty cache: Node and n8n install, sqlite3 is compiled although npm says ignore-scripts, the smoke test passes before the marker',
	async () => {
		expect(existsSync(path.join(n8nCache(), '.complete'))).toBe(false);
		const first = await install();
		expect(first.code).toBe(0);
		expect(first.output).toMatch(/installing n8n/);
		expect(first.output).toMatch(/sqlite3 built in/);
		expect(first.output).toMatch(
			new RegExp(
				`smoke test passed: n8n ${VERSION.replace(/\./g, '\\.')} opened SQLite and imported a credential`,
			),
		);
		expect(sqlite().length).toBeGreaterThanOrEqual(1);
		expect(sqlite().filter((b) => !b.built)).toEqual([]);
		expect(existsSync(path.join(n8nCache(), '.complete'))).toBe(true);

		// A second run trusts the verified cache and installs nothing.
		const second = await install();
		expect(second.code).toBe(0);
		expect(second.output).not.toMatch(/installing|building|repair/);
	},
	30 * 60_000,
);

test(
	'a cache left half built (no compiled sqlite3, marker present) is found, said so, repaired and verified',
	async () => {
		for (const { dir } of sqlite())
			await fs.rm(path.join(dir, 'build', 'Release', 'node_sqlite3.node'), { force: true });
		expect(sqlite().filter((b) => b.built)).toEqual([]);
		expect(existsSync(path.join(n8nCache(), '.complete'))).toBe(true);
		const repaired = await install();
		expect(repaired.code).toBe(0);
		expect(repaired.output).toMatch(
			/cannot be trusted \(sqlite3 has no compiled binding\): checking and repairing it/,
		);
		expect(repaired.output).not.toMatch(/installing n8n/);
		expect(repaired.output).toMatch(/smoke test passed/);
		expect(sqlite().length).toBeGreaterThanOrEqual(1);
		expect(sqlite().filter((b) => !b.built)).toEqual([]);
	},
	30 * 60_000,
);

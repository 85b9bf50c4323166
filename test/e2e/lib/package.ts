/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Builds and packs this package, and installs the tarball into an n8n user folder the way the
 * editor's community-node install lays it out (n8n 2.41 `CommunityPackagesService.downloadPackage`):
 * the tarball extracted into `.n8n/nodes/node_modules/<name>/`, its package.json stripped of
 * dev/peer/optional dependencies, and `.n8n/nodes/package.json` listing it.
 */
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';

import { cacheRoot } from '../../../tools/runtime';
import { withLock } from './lock';
import { runChecked } from './process';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-contact-center';

/** What goes into the tarball: it is rebuilt only when one of these changed. */
const BUILD_INPUTS =
	'package.json README.md CHANGELOG.md LICENSE tsconfig.json gulpfile.js index.js nodes credentials';

export interface PackedPackage {
	tarball: string;
	name: string;
	version: string;
}

async function hashInputs(): Promise<string> {
	const hash = createHash('sha256');
	const visit = async (relative: string): Promise<void> => {
		const absolute = path.join(REPO_ROOT, relative);
		const stat = await fs.stat(absolute).catch(() => undefined);
		if (!stat) return;
		if (stat.isDirectory()) {
			for (const entry of (await fs.readdir(absolute)).sort())
				await visit(path.join(relative, entry));
		} else {
			hash
				.update(`${relative}\0`)
				.update(await fs.readFile(absolute))
				.update('\0');
		}
	};
	for (const input of BUILD_INPUTS.split(' ')) await visit(input);
	return hash.digest('hex').slice(0, 16);
}

/**
 * `npm run build` then `npm pack` of the repository, once per source state: the tarball is kept
 * in the cache (keyed by a hash of the sources), so every test worker and every `npm start`
 * after the first reuses it. Safe when several processes ask at once.
 */
export async function packPackage(
	log: (line: string) => void = () => undefined,
): Promise<PackedPackage> {
	const packs = path.join(cacheRoot(), 'packs');
	const key = await hashInputs();
	const target = path.join(packs, `${key}.tgz`);
	const manifest = JSON.parse(await fs.readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		name: string;
		version: string;
	};
	const result = { tarball: target, name: manifest.name, version: manifest.version };
	if (existsSync(target)) return result;
	await fs.mkdir(packs, { recursive: true });
	return withLock(path.join(packs, 'build'), log, async () => {
		if (existsSync(target)) return result;
		log('building the package (npm run build)');
		await runChecked('npm', ['run', 'build'], { cwd: REPO_ROOT, timeoutMs: 5 * 60_000 });
		const staging = await fs.mkdtemp(path.join(packs, 'pack-'));
		try {
			const packed = await runChecked(
				'npm',
				['pack', '--json', '--ignore-scripts', '--pack-destination', staging],
				{ cwd: REPO_ROOT, timeoutMs: 2 * 60_000 },
			);
			const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
				filename: string;
			}>;
			await fs.rename(path.join(staging, path.basename(filename)), target);
		} finally {
			await fs.rm(staging, { recursive: true, force: true });
		}
		log(`packed ${manifest.name}@${manifest.version} → ${target}`);
		return result;
	});
}

/** Installs a packed tarball into `<userFolder>/.n8n/nodes` as n8n's community-node installer does. */
export async function installPackage(userFolder: string, pack: PackedPackage): Promise<string> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', pack.name);
	await fs.rm(packageDir, { recursive: true, force: true });
	await fs.mkdir(packageDir, { recursive: true });
	await runChecked('tar', ['-xzf', pack.tarball, '-C', packageDir, '--strip-components=1'], {
		timeoutMs: 60_000,
	});
	const manifestPath = path.join(packageDir, 'package.json');
	const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as Record<string, unknown>;
	// n8n drops these before its `npm install` in the package folder; a community package has no
	// runtime dependencies to install.
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies'])
		delete manifest[key];
	const runtimeDeps = Object.keys((manifest.dependencies as object | undefined) ?? {});
	if (runtimeDeps.length > 0)
		throw new Error(`${pack.name} declares runtime dependencies (${runtimeDeps.join(', ')})`);
	await fs.writeFile(manifestPath, JSON.stringify(manifest, null, 2), 'utf8');

	const listPath = path.join(nodesDir, 'package.json');
	const list = existsSync(listPath)
		? (JSON.parse(await fs.readFile(listPath, 'utf8')) as { dependencies?: Record<string, string> })
		: {};
	const installed = {
		name: 'installed-nodes',
		private: true,
		...list,
		dependencies: { ...(list.dependencies ?? {}), [pack.name]: pack.version },
	};
	await fs.writeFile(listPath, JSON.stringify(installed, null, 2), 'utf8');
	return packageDir;
}

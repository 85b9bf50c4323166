/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * What `npm pack` publishes: only the build (dist/), README, LICENSE, CHANGELOG and package.json,
 * no runtime dependencies, every file the `n8n` block names, and a size budget.
 *
 * Budget: measured with `npm pack` on 2026-11-25: 145,477 bytes packed and 667,820 unpacked at
 * commit 1e6b6d9 (191 files: 91 .js, 91 .js.map, 4 .svg, README 16 KB), 149,446 and 679,545 with
 * CHANGELOG and the user README (192 files, this branch). Version 2 of the node (Search, Simplify,
 * the trigger on customers and call tasks) lands in the same round; the budget leaves about 50 %
 * headroom on both so that a feature does not trip it, while the mistakes it is there to catch do:
 * test/ alone is 4.4 MB, the example screenshots 180 KB, node_modules far more.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { packPackage, type PackedPackage } from '../e2e/lib/package';
import { runChecked } from '../e2e/lib/process';
import { filesUnder } from '../support/sources';

const PACKED_BUDGET = 225 * 1024;
const UNPACKED_BUDGET = 1000 * 1024;

let pack: PackedPackage;
let unpacked: string;
let files: Array<{ path: string; bytes: number }>;

beforeAll(async () => {
	pack = await packPackage();
	const work = mkdtempSync(path.join(tmpdir(), 'cc-pack-'));
	await runChecked('tar', ['-xzf', pack.tarball, '-C', work], { timeoutMs: 60_000 });
	unpacked = path.join(work, 'package');
	files = filesUnder(unpacked).map((full) => ({
		path: path.relative(unpacked, full).split(path.sep).join('/'),
		bytes: statSync(full).size,
	}));
}, 5 * 60_000);

afterAll(() => {
	if (unpacked) rmSync(path.dirname(unpacked), { recursive: true, force: true });
});

test('only dist/, README, LICENSE, CHANGELOG and package.json are published', () => {
	const outside = files
		.map((f) => f.path)
		.filter((p) => !p.startsWith('dist/'))
		.sort();
	expect(outside).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
	const kinds = new Set(
		files.filter((f) => f.path.startsWith('dist/')).map((f) => path.extname(f.path)),
	);
	expect([...kinds].sort()).toEqual(['.js', '.json', '.map', '.svg']);
	// Nothing of the tests, the sandbox, the repository's tools or the examples inside dist/ either.
	const stray = /(^|\/)(test|tools|examples|node_modules)\//;
	expect(files.filter((f) => stray.test(f.path))).toEqual([]);
});

test('every file the n8n block names is there, and there are no runtime dependencies', () => {
	const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
		[key: string]: unknown;
	};
	const names = new Set(files.map((f) => f.path));
	for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
		expect(names.has(file)).toBe(true);
	expect(manifest.dependencies).toBeUndefined();
	expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	// What n8n's verification compares with the repository (package source verification).
	const repository = 'https://github.com/contact-center-nodes/n8n-nodes-contact-center';
	expect(manifest).toMatchObject({
		repository: { url: `git+${repository}.git` },
		homepage: `${repository}#readme`,
		bugs: { url: `${repository}/issues` },
		author: { email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) },
	});
});

test('the packed README and CHANGELOG are the repository’s current ones', () => {
	for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE'])
		expect(readFileSync(path.join(unpacked, file), 'utf8')).toBe(
			readFileSync(path.resolve(__dirname, '..', '..', file), 'utf8'),
		);
});

test('the tarball stays within its size budget', () => {
	const packed = statSync(pack.tarball).size;
	const total = files.reduce((sum, f) => sum + f.bytes, 0);
	expect(packed).toBeLessThanOrEqual(PACKED_BUDGET);
	expect(total).toBeLessThanOrEqual(UNPACKED_BUDGET);
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * What the package costs an n8n instance: the size of dist/ after `npm run build`, the tarball npm
 * would publish, and the cold `require` time of each node and of the credential, each in a fresh
 * process (n8n loads them at start-up), with and without n8n-workflow already loaded (n8n always has
 * it loaded; the difference is our own code).
 */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

import { runChecked, runCommand } from '../../test/e2e/lib/process';
import { log, median, REPO, round } from './util';

export const ENTRY_POINTS = [
	['Contact Center node', 'dist/nodes/ContactCenter/ContactCenter.node.js'],
	['Contact Center Trigger node', 'dist/nodes/ContactCenterTrigger/ContactCenterTrigger.node.js'],
	['Contact Center API credential', 'dist/credentials/ContactCenterApi.credentials.js'],
] as const;

export type PackageReport = Awaited<ReturnType<typeof measurePackage>>;

const REQUIRE_SCRIPT = (file: string, preload: boolean) =>
	`${preload ? "require('n8n-workflow');" : ''}const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));`;

export async function measurePackage(options: {
	build: boolean;
	runs: number;
	nodeBins: Array<{ label: string; bin: string }>;
}) {
	let buildMs: number | undefined;
	if (options.build) {
		log('npm run build …');
		const built = await runChecked('npm', ['run', 'build'], { cwd: REPO, timeoutMs: 5 * 60_000 });
		buildMs = built.durationMs;
	}
	// Files and bytes in all, and by kind (extension).
	const dist = {
		files: 0,
		bytes: 0,
		byKind: {} as Record<string, { files: number; bytes: number }>,
	};
	const folder = path.join(REPO, 'dist');
	for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
		const stat = statSync(path.join(folder, file));
		if (!stat.isFile()) continue;
		const name = path.basename(file);
		const entry = (dist.byKind[name.startsWith('.') ? name : path.extname(name) || '(none)'] ??= {
			files: 0,
			bytes: 0,
		});
		for (const counts of [dist, entry]) {
			counts.files++;
			counts.bytes += stat.size;
		}
	}
	const packed = await runCommand('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: REPO,
		timeoutMs: 120_000,
	});
	const [info] =
		packed.code === 0
			? (JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
					size: number;
					unpackedSize: number;
					entryCount: number;
				}>)
			: [];
	const runs = Math.max(3, Math.min(options.runs + 2, 15));
	const requires = [];
	for (const { label: node, bin } of options.nodeBins) {
		for (const [name, file] of ENTRY_POINTS) {
			const sample = async (preload: boolean) => {
				const times: number[] = [];
				for (let i = 0; i < runs; i++) {
					const script = REQUIRE_SCRIPT(path.join(REPO, file), preload);
					const res = await runChecked(bin, ['-e', script], { cwd: REPO, timeoutMs: 60_000 });
					times.push(Number(res.stdout));
				}
				return round(median(times), 1);
			};
			const coldMs = await sample(false);
			requires.push({ name, file, node, coldMs, withWorkflowLoadedMs: await sample(true), runs });
		}
	}
	return {
		built: options.build,
		buildMs,
		dist,
		...(info
			? { tarball: { bytes: info.size, unpackedBytes: info.unpackedSize, files: info.entryCount } }
			: {}),
		requires,
	};
}

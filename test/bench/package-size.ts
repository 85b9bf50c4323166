/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * What the package costs an n8n instance: the size of dist/ after `npm run build`, the tarball npm
 * would publish, and the cold `require` time of each node and of the credential, each in a fresh
 * process (n8n loads them at start-up), with and without n8n-workflow already loaded (n8n always has
 * it loaded; the difference is our own code).
 */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

import { log, median, REPO, round, runChild } from './util';

export const ENTRY_POINTS = [
	['Contact Center node', 'dist/nodes/ContactCenter/ContactCenter.node.js'],
	['Contact Center Trigger node', 'dist/nodes/ContactCenterTrigger/ContactCenterTrigger.node.js'],
	['Contact Center API credential', 'dist/credentials/ContactCenterApi.credentials.js'],
] as const;

export interface PackageReport {
	built: boolean;
	buildMs?: number;
	/** Files and bytes in all, and by kind (extension). */
	dist: { files: number; bytes: number; byKind: Record<string, { files: number; bytes: number }> };
	tarball?: { bytes: number; unpackedBytes: number; files: number };
	requires: Array<{
		name: string;
		file: string;
		node: string;
		coldMs: number;
		withWorkflowLoadedMs: number;
		runs: number;
	}>;
}

const REQUIRE_SCRIPT = (file: string, preload: boolean) =>
	`${preload ? "require('n8n-workflow');" : ''}const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));`;

export async function measurePackage(options: {
	build: boolean;
	runs: number;
	nodeBins: Array<{ label: string; bin: string }>;
}): Promise<PackageReport> {
	const report: PackageReport = {
		built: false,
		dist: { files: 0, bytes: 0, byKind: {} },
		requires: [],
	};
	if (options.build) {
		log('npm run build …');
		const built = await runChild('npm', ['run', 'build'], { timeoutMs: 5 * 60_000 });
		if (built.code !== 0)
			throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
		report.built = true;
		report.buildMs = Math.round(built.ms);
	}
	const dist = path.join(REPO, 'dist');
	for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
		const stat = statSync(path.join(dist, file));
		if (!stat.isFile()) continue;
		const bytes = stat.size;
		report.dist.files++;
		report.dist.bytes += bytes;
		const name = path.basename(file);
		const kind = name.startsWith('.') ? name : path.extname(name) || '(none)';
		const entry = (report.dist.byKind[kind] ??= { files: 0, bytes: 0 });
		entry.files++;
		entry.bytes += bytes;
	}
	const packed = await runChild('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		timeoutMs: 120_000,
	});
	if (packed.code === 0) {
		const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
			size: number;
			unpackedSize: number;
			entryCount: number;
		}>;
		report.tarball = { bytes: info.size, unpackedBytes: info.unpackedSize, files: info.entryCount };
	}
	const runs = Math.max(3, Math.min(options.runs + 2, 15));
	for (const { label: nodeLabel, bin } of options.nodeBins) {
		for (const [name, relative] of ENTRY_POINTS) {
			const file = path.join(REPO, relative);
			const sample = async (preload: boolean) => {
				const times: number[] = [];
				for (let i = 0; i < runs; i++) {
					const res = await runChild(bin, ['-e', REQUIRE_SCRIPT(file, preload)], {
						timeoutMs: 60_000,
					});
					if (res.code !== 0)
						throw new Error(`require ${relative} failed under ${nodeLabel}: ${res.stderr}`);
					times.push(Number(res.stdout));
				}
				return round(median(times), 1);
			};
			report.requires.push({
				name,
				file: relative,
				node: nodeLabel,
				coldMs: await sample(false),
				withWorkflowLoadedMs: await sample(true),
				runs,
			});
		}
	}
	return report;
}

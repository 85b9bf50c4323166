/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * `npm run bench`: every figure of the Performance section, measured against the sandbox on
 * 127.0.0.1 (in a process of its own) and written to tools/bench/results.md, results.json and
 * chart.svg. Not a test: nothing here fails on a missed target; the results say which were met.
 *
 *   npm run bench -- [--runs 5] [--skip-micro|items|memory|package|peer] [--skip-build]
 *                    [--only customers,records,...,micro,items,memory,package,peer] [--merge]
 *                    [--out tools/bench]
 *
 * --render rewrites results.md and chart.svg from results.json.
 * --merge keeps the existing results.json and replaces only what this run measured (for redoing
 * one part after a disturbed run); the results say which parts came from which run.
 *
 * Every loop is bounded in count (runs ≤ 20, polls ≤ 500) and every child process in time.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import { runChecked } from '../../test/e2e/lib/process';
import { installedRuntime } from '../runtime';
import { renderChart } from './chart';
import type { ItemsReport } from './items';
import type { MicroReport } from './micro';
import { measurePackage, type PackageReport } from './package-size';
import { measurePeer, type PeerReport } from './peer';
import { renderMarkdown } from './report';
import {
	IMPORTS,
	importRewriter,
	MAIN,
	recordDay,
	replayRaw,
	SCENARIOS,
	SINGLE_READ_IDS,
	SIZES,
	type Context,
	type NodeOutcome,
} from './scenarios';
import {
	benchChild,
	flag,
	loadavg,
	log,
	machine,
	numberOption,
	option,
	REPO,
	round,
	spread,
	startSandboxChild,
	type Machine,
} from './util';

export type FloorResult = Awaited<ReturnType<typeof measureFloor>>[number];

export interface MemoryResult {
	scenario: string;
	peakRssMB: number;
	loadedRssMB: number;
	ms?: number;
	staticDataBytes?: number;
	polls?: number;
	emitted?: number;
	requests?: number;
	error?: string;
	/** Peak RSS of every repeat (the figure is their median). */
	peaksMB?: number[];
}

export type RunInfo = Pick<Machine, 'date' | 'loadStart'> & {
	command: string;
	runs: number;
	loadEnd: number[];
};

export interface Results {
	command: string;
	machine: Machine;
	runs: number;
	durationS?: number;
	/** Which run measured each part (a --merge run replaces only its parts). */
	parts?: Record<string, RunInfo>;
	floor: FloorResult[];
	micro?: MicroReport;
	items?: ItemsReport;
	memory: MemoryResult[];
	package?: PackageReport;
	peer?: PeerReport;
	notes: string[];
}

/** The parts of the results, by the name results.md gives them. */
const PARTS = [
	['floor', 'requests and time'],
	['micro', 'CPU per request'],
	['items', 'CPU per item'],
	['memory', 'memory'],
	['package', 'package'],
	['peer', 'real n8n'],
] as const;

async function seed(ctx: Context): Promise<void> {
	const started = performance.now();
	const customers = await ctx.control.seedCustomers({ appId: MAIN.appId, count: SIZES.customers });
	SINGLE_READ_IDS.splice(0, SINGLE_READ_IDS.length, ...customers.filter((_, i) => i % 20 === 0));
	await ctx.control.seedAgents({ appId: MAIN.appId, count: 20 });
	await ctx.control.seedTasks({ appId: MAIN.appId, count: SIZES.tasks });
	const day = recordDay();
	await ctx.control.injectRecords({
		appId: MAIN.appId,
		channel: 'call',
		generate: { count: SIZES.records, from: day.from, to: day.to, pushType: 'mixed' },
	});
	await ctx.control.seedAgents({ appId: IMPORTS.appId, count: 1 });
	log(
		`seeded ${SIZES.customers} customers, ${SIZES.tasks} tasks, ${SIZES.records} call records (${day.from} … ${day.to}) in ${Math.round(performance.now() - started)} ms`,
	);
}

async function measureFloor(ctx: Context, runs: number, only: string[] | undefined) {
	const results = [];
	for (const scenario of SCENARIOS.filter((s) => !only || only.includes(s.id))) {
		log(`${scenario.label}: warm-up + ${runs} runs`);
		const [nodeMs, rawMs, rawNewMs, probeMs, counts]: number[][] = [[], [], [], [], []];
		let last: NodeOutcome | undefined;
		// Run 0 warms up (JIT, connections) and is not counted.
		for (let r = 0; r <= runs; r++) {
			const out = await scenario.node(ctx);
			let raw: number | undefined;
			if (scenario.replay !== false) {
				// The same requests by the raw client: on kept-alive connections, and (counted runs) new ones.
				const imports = scenario.id.startsWith('import');
				const replay = async (keepAlive: boolean) => {
					const rewrite = imports ? await importRewriter(ctx.control) : undefined;
					const tenant = imports ? IMPORTS : MAIN;
					return (await replayRaw(ctx.url, tenant, out.requests, rewrite, { keepAlive })).ms;
				};
				raw = await replay(true);
				if (r > 0) rawNewMs.push(await replay(false));
				await ctx.control.clearLog();
			}
			const probed = scenario.probe && r > 0 ? await scenario.probe() : undefined;
			if (r === 0) continue;
			if (probed !== undefined) probeMs.push(probed);
			nodeMs.push(out.ms);
			if (raw !== undefined) rawMs.push(raw);
			counts.push(out.requests.length);
			last = out;
			log(
				`  run ${r}: node ${Math.round(out.ms)} ms, raw ${raw === undefined ? '-' : Math.round(raw)} ms${probed === undefined ? '' : `, n8n parameter reads ${Math.round(probed)} ms`}, ${out.requests.length} requests, ${out.items} items`,
			);
		}
		if (!last) continue;
		const [node, raw, rawNew, probe] = [nodeMs, rawMs, rawNewMs, probeMs].map((v) => spread(v, 1));
		const rawMedianMs = rawMs.length ? raw.median : undefined;
		results.push({
			id: scenario.id,
			label: scenario.label,
			floor: scenario.floor,
			floorNote: scenario.floorNote,
			requests: last.requests.length,
			// They must not vary.
			requestCounts: counts,
			items: last.items,
			polls: last.polls,
			detail: last.detail,
			nodeMs: node.runs,
			rawMs: raw.runs,
			nodeMedianMs: node.median,
			rawMedianMs,
			ratio: rawMedianMs ? round(node.median / rawMedianMs, 2) : undefined,
			// The raw client with a new connection per request, as n8n's helper makes them.
			...(rawNewMs.length
				? { rawNewConnectionMs: rawNew.runs, rawNewConnectionMedianMs: rawNew.median }
				: {}),
			// n8n resolving the same per-item parameters, nothing else.
			...(probeMs.length ? { probeMs: probe.runs, probeMedianMs: probe.median } : {}),
			sentBytes: last.requests.reduce((sum, r) => sum + r.rawBody.length, 0),
		});
	}
	return results;
}

/**
 * The memory and micro-benchmark children run compiled JavaScript (tsc into .cache/bench-js,
 * ignored by git): under ts-node the TypeScript compiler itself would sit in every child's memory
 * and keep V8 busy. Resolves to the folder of tools/bench in it.
 */
async function compileChildren(): Promise<string> {
	const cache = path.join(REPO, '.cache');
	mkdirSync(cache, { recursive: true });
	const config = path.join(cache, 'bench-tsconfig.json');
	writeFileSync(
		config,
		JSON.stringify({
			extends: '../tsconfig.json',
			// tsconfig.json emits and has the node types; only where to and without source maps.
			compilerOptions: {
				outDir: './bench-js',
				rootDir: '..',
				sourceMap: false,
				noUnusedLocals: false,
				isolatedModules: true,
			},
			files: ['../tools/bench/memory-child.ts', '../tools/bench/micro.ts'],
			include: [],
		}),
	);
	const tsc = path.join(REPO, 'node_modules', '.bin', 'tsc');
	await runChecked(tsc, ['-p', config], { cwd: REPO, timeoutMs: 5 * 60_000 });
	return path.join(cache, 'bench-js', 'tools', 'bench');
}

async function measureMemory(url: string, js: string, repeats: number): Promise<MemoryResult[]> {
	const out: MemoryResult[] = [];
	for (const scenario of 'baseline import drain drain-raw drain-n8n drain-n8n-buffer'.split(' ')) {
		const samples: MemoryResult[] = [];
		let error: string | undefined;
		for (let i = 0; i < repeats && !error; i++) {
			log(`memory: ${scenario} in a fresh process (compiled JavaScript), ${i + 1} of ${repeats}…`);
			const res = await benchChild<MemoryResult>('memory-child', [scenario, url], 'MEMORY', js);
			if ('error' in res) error = res.error;
			else {
				samples.push(res.report);
				log(`  ${res.line}`);
			}
		}
		// The run with the median peak, with every peak listed.
		const sorted = [...samples].sort((a, b) => a.peakRssMB - b.peakRssMB);
		out.push(
			error
				? { scenario, peakRssMB: NaN, loadedRssMB: NaN, error }
				: { ...sorted[Math.floor(sorted.length / 2)], peaksMB: samples.map((s) => s.peakRssMB) },
		);
	}
	return out;
}

function write(outDir: string, results: Results): void {
	writeFileSync(path.join(outDir, 'chart.svg'), renderChart(results));
	writeFileSync(path.join(outDir, 'results.md'), renderMarkdown(results));
}

async function main(): Promise<void> {
	const started = Date.now();
	const outDir = path.resolve(REPO, option('out', 'tools/bench'));
	const json = path.join(outDir, 'results.json');
	const saved = () => JSON.parse(readFileSync(json, 'utf8')) as Results;
	if (flag('render')) {
		write(outDir, saved());
		return log('rendered results.md and chart.svg from results.json');
	}
	const runs = numberOption('runs', 5, 1, 20);
	const only = option('only', '') ? option('only', '').split(',') : undefined;
	const wanted = (part: string) => !flag(`skip-${part}`) && (!only || only.includes(part));
	mkdirSync(outDir, { recursive: true });
	const notes: string[] = [];

	const results: Results = {
		command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
		machine: machine(),
		runs,
		floor: [],
		memory: [],
		notes,
	};
	// --merge: measure only what --only names and keep the rest of the existing results.json.
	const previous = flag('merge') && existsSync(json) ? saved() : undefined;
	const m = results.machine;
	log(
		`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}, ${m.platform}; load average ${m.loadStart.join(' ')}`,
	);

	const sandbox = await startSandboxChild([MAIN, IMPORTS]);
	log(`sandbox child on ${sandbox.url} (pid ${sandbox.pid})`);
	try {
		await seed(sandbox);
		results.floor = await measureFloor(sandbox, runs, only);
		const js = wanted('micro') || wanted('memory') ? await compileChildren() : '';
		// The report of a child, or a note that its part was not measured.
		const reported = async <T>(part: string, name: string, prefix: string, js?: string) => {
			const res = await benchChild<T>(name, [sandbox.url], prefix, js);
			if ('report' in res) return res.report;
			notes.push(`${part}: not measured, the child failed (${res.error}).`);
			return undefined;
		};
		if (wanted('micro')) {
			log('microbenchmarks of our pure functions, in a process of their own (compiled)…');
			results.micro = await reported<MicroReport>('CPU per request', 'micro', 'MICRO', js);
		}
		if (wanted('items')) {
			// Under ts-node: it loads n8n-core through the harness.
			log('CPU per item of Customer → Create in n8n-core, in a process of its own…');
			results.items = await reported<ItemsReport>('CPU per item', 'items', 'ITEMS');
		}
		if (wanted('memory')) results.memory = await measureMemory(sandbox.url, js, Math.min(3, runs));
		if (wanted('package')) {
			const nodeBins = [{ label: `Node ${process.version}`, bin: process.execPath }];
			try {
				const runtime = installedRuntime();
				nodeBins.push({ label: 'Node 24 (the real-n8n runtime)', bin: runtime.nodeBin });
			} catch {
				notes.push('Cold require under Node 24: not measured, the runtime cache is not installed.');
			}
			results.package = await measurePackage({ build: !flag('skip-build'), runs, nodeBins });
		}
		if (wanted('peer'))
			results.peer = await measurePeer(sandbox.url, sandbox.control, Math.min(runs, 3));
	} finally {
		await sandbox.stop();
	}
	const loadEnd = (m.loadEnd = loadavg());
	results.durationS = Math.round((Date.now() - started) / 1000);
	const { command } = results;
	const thisRun: RunInfo = { command, date: m.date, runs, loadStart: m.loadStart, loadEnd };
	const measured = PARTS.filter(([key]) => {
		const value = results[key];
		return Array.isArray(value) ? value.length > 0 : value !== undefined;
	});
	results.parts = Object.fromEntries(measured.map(([, part]) => [part, thisRun]));
	if (previous) {
		const ids = new Set(results.floor.map((f) => f.id));
		const order = (id: string) => SCENARIOS.findIndex((s) => s.id === id);
		Object.assign(results, {
			parts: { ...previous.parts, ...results.parts },
			...Object.fromEntries(
				PARTS.filter((p) => !measured.includes(p)).map(([key]) => [key, previous[key]]),
			),
			floor: [...previous.floor.filter((f) => !ids.has(f.id)), ...results.floor].sort(
				(a, b) => order(a.id) - order(b.id),
			),
			notes: [...previous.notes, ...notes],
		});
	}
	writeFileSync(json, `${JSON.stringify(results, null, '\t')}\n`);
	write(outDir, results);
	log(`load average at the end ${loadEnd.join(' ')}; ${results.durationS} s in all`);
	log(`wrote ${path.relative(REPO, path.join(outDir, 'results.md'))}, results.json and chart.svg`);
	process.stdout.write(`\n${renderMarkdown(results)}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * `npm run bench`: every figure of the Performance section, measured against the sandbox on
 * 127.0.0.1 (in a process of its own) and written to test/bench/results.md, results.json and
 * chart.svg. Not a test: nothing here fails on a missed target; the results say which were met.
 *
 *   npm run bench -- [--runs 5] [--skip-peer] [--skip-memory] [--skip-package] [--skip-build]
 *                    [--only customers,records,...,micro,memory,package,peer] [--merge]
 *                    [--wait-quiet 300] [--out test/bench]
 *
 * --render rewrites results.md and chart.svg from results.json.
 * --merge keeps the existing results.json and replaces only what this run measured (for redoing
 * one part after a disturbed run); the results say which parts came from which run.
 *
 * Every loop is bounded in count (runs ≤ 20, polls ≤ 500) and every child process in time.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import { installedRuntime } from '../tools/runtime';
import { renderChart } from './chart';
import type { ItemsReport } from './items';
import { runMicro, type MicroReport } from './micro';
import { measurePackage, type PackageReport } from './package-size';
import { measurePeer, type PeerReport } from './peer';
import { renderMarkdown } from './report';
import {
	IMPORTS,
	importRewriter,
	loadTrigger,
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
	childReport,
	flag,
	loadavg,
	log,
	machine,
	median,
	option,
	REPO,
	round,
	runChild,
	startSandboxChild,
	tsNodeArgs,
	type Machine,
} from './util';

const TRIGGER_SOURCE = path.join(
	REPO,
	'nodes',
	'ContactCenterTrigger',
	'ContactCenterTrigger.node.ts',
);

export interface FloorResult {
	id: string;
	label: string;
	floor: number;
	floorNote: string;
	requests: number;
	/** Request counts of every run (they must not vary). */
	requestCounts: number[];
	items: number;
	polls?: number;
	detail?: string;
	nodeMs: number[];
	rawMs: number[];
	nodeMedianMs: number;
	rawMedianMs?: number;
	/** The raw client with a new connection per request, as n8n's helper makes them. */
	rawNewConnectionMs?: number[];
	rawNewConnectionMedianMs?: number;
	/** n8n resolving the same per-item parameters, nothing else (median). */
	probeMs?: number[];
	probeMedianMs?: number;
	ratio?: number;
	/** Bytes the node sent in its requests (bodies). */
	sentBytes: number;
}

export interface MemoryResult {
	scenario: string;
	peakRssMB: number;
	loadedRssMB: number;
	heapUsedMB?: number;
	ms?: number;
	staticDataBytes?: number;
	nodeStaticDataBytes?: number;
	polls?: number;
	emitted?: number;
	requests?: number;
	error?: string;
	/** Peak RSS of every repeat (the figure is their median). */
	peaksMB?: number[];
}

export interface RunInfo {
	command: string;
	date: string;
	runs: number;
	loadStart: number[];
	loadEnd: number[];
}

export interface Results {
	command: string;
	machine: Machine;
	runs: number;
	durationS?: number;
	/** Which run measured each part (a --merge run replaces only its parts). */
	parts?: Record<string, RunInfo>;
	floor: FloorResult[];
	micro?: MicroReport;
	/** The node's own CPU per item in n8n-core, requests excluded (items.ts). */
	items?: ItemsReport;
	memory: MemoryResult[];
	package?: PackageReport;
	peer?: PeerReport;
	notes: string[];
}

/** Waits (bounded) until the 1-minute load average is below the number of cores × 0.5. */
async function waitQuiet(maxSeconds: number): Promise<void> {
	const limit = machine().cores * 0.5;
	const deadline = Date.now() + maxSeconds * 1000;
	while (loadavg()[0] > limit && Date.now() < deadline) {
		log(`waiting for a quiet machine: load ${loadavg().join(' ')} (want < ${limit})`);
		await new Promise((r) => setTimeout(r, 15_000));
	}
}

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

async function measureFloor(
	ctx: Context,
	runs: number,
	only: string[] | undefined,
	notes: string[],
): Promise<FloorResult[]> {
	const results: FloorResult[] = [];
	for (const scenario of SCENARIOS) {
		if (only && !only.includes(scenario.id)) continue;
		if ((scenario.id === 'drain' || scenario.id === 'idle') && !ctx.trigger) {
			notes.push(
				`${scenario.label}: not measured, the trigger node does not exist in this checkout.`,
			);
			continue;
		}
		log(`${scenario.label}: warm-up + ${runs} runs`);
		const nodeMs: number[] = [];
		const rawMs: number[] = [];
		const counts: number[] = [];
		const probeMs: number[] = [];
		const rawNewMs: number[] = [];
		let last: NodeOutcome | undefined;
		// Run 0 warms up (JIT, connections) and is not counted.
		for (let r = 0; r <= runs; r++) {
			const out = await scenario.node(ctx);
			let raw: number | undefined;
			if (scenario.replay) {
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
		const ms = (values: number[]) => values.map((v) => round(v, 1));
		const med = (values: number[]) => round(median(values), 1);
		const nodeMedianMs = med(nodeMs);
		const rawMedianMs = rawMs.length ? med(rawMs) : undefined;
		results.push({
			id: scenario.id,
			label: scenario.label,
			floor: scenario.floor,
			floorNote: scenario.floorNote,
			requests: last.requests.length,
			requestCounts: counts,
			items: last.items,
			polls: last.polls,
			detail: last.detail,
			nodeMs: ms(nodeMs),
			rawMs: ms(rawMs),
			nodeMedianMs,
			rawMedianMs,
			ratio: rawMedianMs ? round(nodeMedianMs / rawMedianMs, 2) : undefined,
			...(rawNewMs.length
				? { rawNewConnectionMs: ms(rawNewMs), rawNewConnectionMedianMs: med(rawNewMs) }
				: {}),
			...(probeMs.length ? { probeMs: ms(probeMs), probeMedianMs: med(probeMs) } : {}),
			sentBytes: last.requests.reduce((sum, r) => sum + r.bodyBytes, 0),
		});
	}
	return results;
}

/**
 * The memory children and the micro-benchmark child run compiled JavaScript (tsc into
 * .cache/bench-js, ignored by git): under ts-node the TypeScript compiler itself would sit in every
 * child's memory and keep V8 busy. Falls back to ts-node. Returns the folder of test/bench in it.
 */
let compiledBench: Promise<string | undefined> | undefined;
function compileBenchChildren(notes: string[]): Promise<string | undefined> {
	compiledBench ??= compileChildren(notes);
	return compiledBench;
}

async function compileChildren(notes: string[]): Promise<string | undefined> {
	const cache = path.join(REPO, '.cache');
	mkdirSync(cache, { recursive: true });
	const config = path.join(cache, 'bench-tsconfig.json');
	writeFileSync(
		config,
		JSON.stringify({
			extends: '../tsconfig.json',
			compilerOptions: {
				noEmit: false,
				outDir: './bench-js',
				rootDir: '..',
				sourceMap: false,
				types: ['node'],
				noUnusedLocals: false,
				isolatedModules: true,
			},
			// The trigger is loaded at run time (it may not exist yet), so it is named here.
			files: [
				'../test/bench/memory-child.ts',
				'../test/bench/micro-child.ts',
				...(existsSync(TRIGGER_SOURCE)
					? ['../nodes/ContactCenterTrigger/ContactCenterTrigger.node.ts']
					: []),
			],
			include: [],
		}),
	);
	const compiled = await runChild(path.join(REPO, 'node_modules', '.bin', 'tsc'), ['-p', config], {
		timeoutMs: 5 * 60_000,
	});
	if (compiled.code !== 0) {
		notes.push(
			`Memory and micro-benchmark children ran under ts-node (compiling them failed: ${compiled.stdout.split('\n')[0]}); their figures include the TypeScript compiler.`,
		);
		return undefined;
	}
	return path.join(cache, 'bench-js', 'test', 'bench');
}

/** micro.ts in micro-child (compiled), so that nothing else the bench loads runs beside it. */
async function runMicroChild(url: string, notes: string[]): Promise<MicroReport> {
	const benchJs = await compileBenchChildren(notes);
	const args = benchJs
		? [path.join(benchJs, 'micro-child.js'), url]
		: tsNodeArgs(path.join(__dirname, 'micro-child.ts'), [url]);
	const res = await childReport<MicroReport>(args, 'MICRO', 20 * 60_000);
	if ('report' in res) return res.report;
	notes.push('The micro-benchmark child failed; its figures were measured in the bench process.');
	log(`micro-benchmark child failed: ${res.error}`);
	return await runMicro(url);
}

/** items.ts in a child under ts-node (it loads n8n-core through the harness). */
async function runItemsChild(url: string, notes: string[]): Promise<ItemsReport | undefined> {
	const args = tsNodeArgs(path.join(__dirname, 'items.ts'), [url]);
	const res = await childReport<ItemsReport>(args, 'ITEMS', 20 * 60_000);
	if ('report' in res) return res.report;
	notes.push(`CPU per item: not measured, the child failed (${res.error}).`);
	return undefined;
}

async function measureMemory(
	url: string,
	notes: string[],
	repeats: number,
): Promise<MemoryResult[]> {
	const out: MemoryResult[] = [];
	const benchJs = await compileBenchChildren(notes);
	for (const scenario of [
		'baseline',
		'import',
		'drain',
		'drain-raw',
		'drain-n8n',
		'drain-n8n-buffer',
	]) {
		if (scenario.startsWith('drain') && !loadTrigger()) continue;
		const samples: MemoryResult[] = [];
		let error: string | undefined;
		for (let i = 0; i < repeats && !error; i++) {
			log(
				`memory: ${scenario} in a fresh process (${benchJs ? 'compiled JavaScript' : 'ts-node'}), ${i + 1} of ${repeats}…`,
			);
			const args = benchJs
				? [path.join(benchJs, 'memory-child.js'), scenario, url]
				: tsNodeArgs(path.join(__dirname, 'memory-child.ts'), [scenario, url]);
			const res = await childReport<MemoryResult>(args, 'MEMORY', 10 * 60_000);
			if ('error' in res) error = res.error;
			else {
				samples.push(res.report);
				log(`  ${res.line}`);
			}
		}
		if (error) {
			out.push({ scenario, peakRssMB: NaN, loadedRssMB: NaN, error });
			continue;
		}
		// The run with the median peak, with every peak listed.
		const sorted = [...samples].sort((a, b) => a.peakRssMB - b.peakRssMB);
		out.push({
			...sorted[Math.floor(sorted.length / 2)],
			peaksMB: samples.map((s) => s.peakRssMB),
		});
	}
	return out;
}

/** --render: rewrite results.md and chart.svg from results.json without measuring anything. */
function renderOnly(outDir: string): void {
	const results = JSON.parse(readFileSync(path.join(outDir, 'results.json'), 'utf8')) as Results;
	writeFileSync(path.join(outDir, 'chart.svg'), renderChart(chartInput(results)));
	writeFileSync(path.join(outDir, 'results.md'), renderMarkdown(results));
	log('rendered results.md and chart.svg from results.json');
}

async function main(): Promise<void> {
	const started = Date.now();
	if (flag('render')) return renderOnly(path.resolve(REPO, option('out', 'test/bench')));
	const runs = Math.max(1, Math.min(20, Number(option('runs', '5'))));
	const only = option('only', '') ? option('only', '').split(',') : undefined;
	const outDir = path.resolve(REPO, option('out', 'test/bench'));
	mkdirSync(outDir, { recursive: true });
	const notes: string[] = [];
	if (flag('wait-quiet') || option('wait-quiet', ''))
		await waitQuiet(Math.min(1800, Number(option('wait-quiet', '300')) || 300));

	const results: Results = {
		command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
		machine: machine(),
		runs,
		floor: [],
		memory: [],
		notes,
	};
	// --merge: measure only what --only names and keep the rest of the existing results.json.
	const previous =
		flag('merge') && existsSync(path.join(outDir, 'results.json'))
			? (JSON.parse(readFileSync(path.join(outDir, 'results.json'), 'utf8')) as Results)
			: undefined;
	const m = results.machine;
	log(
		`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}, ${m.platform}; load average ${m.loadStart.join(' ')}`,
	);

	const sandbox = await startSandboxChild([
		{ appId: MAIN.appId, appSecret: MAIN.appSecret, timezone: MAIN.timezone },
		{ appId: IMPORTS.appId, appSecret: IMPORTS.appSecret, timezone: IMPORTS.timezone },
	]);
	log(`sandbox child on ${sandbox.url} (pid ${sandbox.child.pid})`);
	const ctx: Context = { url: sandbox.url, control: sandbox.control, trigger: loadTrigger() };
	try {
		await seed(ctx);
		results.floor = await measureFloor(ctx, runs, only, notes);
		if (!only || only.includes('micro')) {
			log('microbenchmarks of our pure functions, in a process of their own…');
			results.micro = await runMicroChild(sandbox.url, notes);
		}
		if (!only || only.includes('items')) {
			log('CPU per item of Customer → Create in n8n-core, in a process of its own…');
			results.items = await runItemsChild(sandbox.url, notes);
		}
		if (!flag('skip-memory') && (!only || only.includes('memory')))
			results.memory = await measureMemory(sandbox.url, notes, Math.min(3, runs));
		if (!flag('skip-package') && (!only || only.includes('package'))) {
			const nodeBins = [{ label: `Node ${process.version}`, bin: process.execPath }];
			try {
				const runtime = installedRuntime();
				nodeBins.push({ label: 'Node 24 (the real-n8n runtime)', bin: runtime.nodeBin });
			} catch {
				notes.push('Cold require under Node 24: not measured, the runtime cache is not installed.');
			}
			results.package = await measurePackage({ build: !flag('skip-build'), runs, nodeBins });
		}
		if (!flag('skip-peer') && (!only || only.includes('peer'))) {
			results.peer = await measurePeer(sandbox.url, sandbox.control, Math.min(runs, 3));
		}
	} finally {
		await sandbox.stop();
	}
	results.machine.loadEnd = loadavg();
	results.durationS = Math.round((Date.now() - started) / 1000);
	const thisRun: RunInfo = {
		command: results.command,
		date: results.machine.date,
		runs,
		loadStart: results.machine.loadStart,
		loadEnd: results.machine.loadEnd,
	};
	const measured = [
		...(results.floor.length ? ['requests and time'] : []),
		...(results.micro ? ['CPU per request'] : []),
		...(results.items ? ['CPU per item'] : []),
		...(results.memory.length ? ['memory'] : []),
		...(results.package ? ['package'] : []),
		...(results.peer ? ['real n8n'] : []),
	];
	results.parts = Object.fromEntries(measured.map((part) => [part, thisRun]));
	if (previous) {
		const ids = new Set(results.floor.map((f) => f.id));
		Object.assign(results, {
			parts: { ...previous.parts, ...results.parts },
			floor: [...previous.floor.filter((f) => !ids.has(f.id)), ...results.floor].sort(
				(a, b) =>
					SCENARIOS.findIndex((s) => s.id === a.id) - SCENARIOS.findIndex((s) => s.id === b.id),
			),
			micro: results.micro ?? previous.micro,
			items: results.items ?? previous.items,
			memory: results.memory.length ? results.memory : previous.memory,
			package: results.package ?? previous.package,
			peer: results.peer ?? previous.peer,
			notes: [...previous.notes, ...notes],
		});
	}
	writeFileSync(path.join(outDir, 'results.json'), `${JSON.stringify(results, null, '\t')}\n`);
	writeFileSync(path.join(outDir, 'chart.svg'), renderChart(chartInput(results)));
	writeFileSync(path.join(outDir, 'results.md'), renderMarkdown(results));
	log(
		`load average at the end ${results.machine.loadEnd.join(' ')}; ${results.durationS} s in all`,
	);
	log(`wrote ${path.relative(REPO, path.join(outDir, 'results.md'))}, results.json and chart.svg`);
	process.stdout.write(`\n${renderMarkdown(results)}\n`);
}

function chartInput(results: Results) {
	const short: Record<string, string> = {
		customers: 'Customers, Return All 10,000',
		tasks: 'Call tasks, Return All 2,000',
		records: 'Service records, Return All 100,000',
		import100k: 'Import 100,000 rows',
		import25k: 'Import 25,000 rows',
		import25kManual: 'Import 25,000 rows, per-item expressions',
		singleReads: 'Customer Get × 500 items',
		drain: 'Trigger: drain 100,000-record backlog',
		idle: 'Trigger: idle poll (2 channels)',
	};
	const m = results.machine;
	return {
		title: 'n8n-nodes-contact-center: requests and time against the floor',
		subtitle: `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node} (real n8n: Node 24); sandbox on 127.0.0.1; medians; ${m.date.slice(0, 10)}; load averages per part in results.md`,
		requests: results.floor.map((f) => ({
			label: short[f.id] ?? f.label,
			ours: f.requests,
			floor: f.floor,
		})),
		time: results.floor
			.filter((f) => f.rawMedianMs)
			.map((f) => ({
				label: short[f.id] ?? f.label,
				nodeMs: f.nodeMedianMs,
				rawMs: f.rawMedianMs as number,
			})),
		peer: (results.peer?.workloads ?? []).map((w) => ({
			label: w.workload,
			oursMs: w.ours.medianWorkMs,
			peerMs: w.peer.medianWorkMs,
			oursRequests: w.ours.requests,
			peerRequests: w.peer.requests,
		})),
		timeTarget: 1.5,
	};
}

main().catch((error: unknown) => {
	process.stderr.write(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});

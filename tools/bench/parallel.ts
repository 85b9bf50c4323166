/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Parallel Requests in a real n8n (the pinned 2.41.1, our package installed as a community package):
 * per-item operations on 300 items against the sandbox answering after 0, 20 and 100 ms, our node's
 * defaults and Parallel Requests 1 (one item after another) against the hand-built workflow (a Code
 * node signing each item + the HTTP Request node, which sends all items' requests at once). Times
 * are n8n's own node execution times from the run data; the sandbox reports the most requests it
 * had in flight during each run. Not a test: it measures and writes parallel-results.{md,json}.
 *
 *   npx ts-node --transpile-only tools/bench/parallel.ts [--runs 3] [--items 300]
 *       [--latencies 0,20,100] [--ops create,upsert,get] [--sweep 4,16] [--skip-serial] [--out tools/bench]
 *
 * --sweep adds Customer Create with those Parallel Requests values (to choose the default).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import { PARALLEL_REQUESTS_DEFAULT } from '../../nodes/ContactCenter/actions/parallel';
import { PACKAGE_NAME, type RunData, type WorkflowImport } from '../../test/e2e/lib';
import { benchN8n, code, http, install, signing, successfulRuns, timesOf, workflow } from './peer';
import { table } from './report';
import type { Tenant } from './tenants';
import {
	flag,
	listOption,
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

const TENANT: Tenant = {
	appId: '51003',
	appSecret: ['bench', 'parallel', '7e2a'].join('-'),
	timezone: 'Asia/Shanghai',
};
const CREDENTIAL = { id: 'benchParallelCr1', name: 'Bench parallel tenant' };

type Op = 'create' | 'upsert' | 'get';
const OP_LABEL: Record<Op, string> = {
	create: 'Customer → Create',
	upsert: 'Customer → Create or Update (every item updates an existing customer)',
	get: 'Customer → Get',
};

const customer = (op: Op, parallelRequests?: number) => ({
	name: 'Contact Center',
	type: `${PACKAGE_NAME}.contactCenter`,
	typeVersion: 1,
	position: [0, 0] as [number, number],
	parameters: {
		resource: 'customer',
		operation: op,
		...(op === 'get'
			? { customerId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }
			: {
					customerName: '={{ $json.name }}',
					mobile: { values: [{ value: '={{ $json.phone }}' }] },
					// Create or Update names the customer by a required Phone.
					...(op === 'upsert' ? { phone: '={{ $json.phone }}' } : {}),
				}),
		...(parallelRequests === undefined ? {} : { options: { parallelRequests } }),
	},
	credentials: { contactCenterApi: CREDENTIAL },
});

/** The 300 rows: new phones for Create (unique per execution), the seeded customers otherwise. */
function rows(op: Op, items: number, seeded: Array<{ id: string; phone: string }>): string {
	if (op === 'create')
		return `const base = 14000000000 + (Number($execution.id) % 9000) * 1000;
return Array.from({ length: ${items} }, (_, i) => ({ json: { name: 'Bench ' + $execution.id + '-' + i, phone: String(base + i) } }));`;
	const data = seeded
		.slice(0, items)
		.map((c, i) => ({ id: c.id, phone: c.phone, name: `Upd ${i}` }));
	return `return ${JSON.stringify(data)}.map((json) => ({ json }));`;
}

function peer(op: Op, url: string) {
	const sign = signing(url, TENANT);
	const signEach = (path: string, body = '') =>
		`${sign}\nreturn $input.all().map((item) => ({ json: { url: BASE + ${path}, headers: sign()${body} } }));`;
	if (op === 'get')
		return [code('Sign', signEach("'/openapi/crm/' + item.json.id")), http('Get', 'GET')];
	const add = [
		code(
			'Sign',
			signEach(
				"'/openapi/crm/add'",
				', body: { customerName: item.json.name, mobile: [{ value: item.json.phone }] }',
			),
		),
		http('Add'),
	];
	if (op === 'create') return add;
	// Create or Update by hand: an add, then an update of the customer the API names as the holder.
	return [
		...add,
		code(
			'Sign updates',
			`${sign}
const sent = $('Sign').all();
const out = [];
$input.all().forEach((answer, i) => {
  if (answer.json.code !== '03001004') return;
  const body = { ...sent[i].json.body, _id: String(answer.json.data.repeatId[0]) };
  out.push({ json: { url: BASE + '/openapi/crm/update', headers: sign(), body } });
});
return out;`,
		),
		http('Update'),
	];
}

function variants(
	url: string,
	ops: Op[],
	items: number,
	sweep: number[],
	seeded: Array<{ id: string; phone: string }>,
) {
	return ops.flatMap((op, o) => {
		const make = (key: string, label: string, nodes: ReturnType<typeof peer>) => ({
			key,
			op,
			workflow: workflow(
				`benchPar${o}${key.replace(/[^a-z0-9]/gi, '')}`.padEnd(16, '0').slice(0, 16),
				`Bench parallel: ${OP_LABEL[op]}, ${label}`,
				[code('Rows', rows(op, items, seeded)), ...nodes],
			),
		});
		return [
			make('default', `defaults (Parallel Requests ${PARALLEL_REQUESTS_DEFAULT})`, [customer(op)]),
			make('peer', 'hand-built Code + HTTP Request', peer(op, url)),
			...(flag('skip-serial')
				? []
				: [make('serial', 'Parallel Requests 1 (one item after another)', [customer(op, 1)])]),
			...(op === 'create' ? sweep : []).map((limit) =>
				make(`p${limit}`, `Parallel Requests ${limit}`, [customer(op, limit)]),
			),
		];
	});
}

interface Sample {
	variant: string;
	op: Op;
	latencyMs: number;
	ok: boolean;
	cliMs: number;
	requests: number;
	failedRequests: number;
	maxInFlight: number;
	/** First node start to last node end, and the nodes after the common rows (timesOf). */
	ms?: number;
	workMs?: number;
	error?: string;
}

/** The run's machine, command and options, as parallel-results.json starts. */
const settings = () => ({
	host: machine() as Machine,
	command:
		`npx ts-node --transpile-only tools/bench/parallel.ts ${process.argv.slice(2).join(' ')}`.trim(),
	runs: numberOption('runs', 3, 1, 20),
	items: numberOption('items', 300, 1, 5000),
	latencies: listOption('latencies', '0,20,100').map(Number),
	ops: listOption('ops', 'create,upsert,get') as Op[],
});

async function main(): Promise<void> {
	const meta = settings();
	const { host, command, runs, items, latencies, ops } = meta;
	log(`parallel bench: ${command}; load ${host.loadStart.join(' / ')}`);

	const sandbox = await startSandboxChild([TENANT]);
	const { n8n } = await benchN8n('bench-parallel-n8n');
	const done: Array<{ sample: Sample; workflow: WorkflowImport }> = [];
	try {
		const { control } = sandbox;
		const phone = (i: number) => String(13500000000 + i);
		const ids = await control.seedCustomers({
			appId: TENANT.appId,
			customers: Array.from({ length: items }, (_, i) => ({
				customerName: `Seeded ${i}`,
				mobile: [{ value: phone(i) }],
			})),
		});
		log('installing the package into n8n…');
		await install(n8n, sandbox.url, [{ ...CREDENTIAL, tenant: TENANT }]);
		const seeded = ids.map((id, i) => ({ id, phone: phone(i) }));
		const all = variants(sandbox.url, ops, items, listOption('sweep', '').map(Number), seeded);
		await n8n.importWorkflows(all.map((v) => v.workflow));

		for (const latencyMs of latencies) {
			await control.setLatency(latencyMs);
			for (let run = 0; run < runs; run++) {
				for (const { key, op, workflow } of all) {
					await control.clearLog();
					await control.resetTraffic();
					const res = await n8n.cli(['execute', `--id=${workflow.id}`], 10 * 60_000);
					const requests = await control.getLog();
					const sample = {
						variant: key,
						op,
						latencyMs,
						ok: res.code === 0,
						cliMs: Math.round(res.durationMs),
						requests: requests.length,
						failedRequests: requests.filter(
							(r) =>
								r.httpStatus !== 200 ||
								!r.signatureValid ||
								!['200', '03001004'].includes(String(r.code)),
						).length,
						maxInFlight: (await control.getTraffic()).maxInFlight,
						...(res.code === 0 ? {} : { error: res.stderr.split('\n').slice(-4).join(' ') }),
					};
					done.push({ sample, workflow });
					log(
						`  ${latencyMs} ms, ${op} ${key}, run ${run + 1}: exit ${res.code}, ${sample.requests} requests (${sample.failedRequests} failed), in flight ≤ ${sample.maxInFlight}, CLI ${sample.cliMs} ms`,
					);
				}
			}
		}

		const ok = (workflow: WorkflowImport) =>
			done.filter((d) => d.sample.ok && d.workflow === workflow).map((d) => d.sample);
		const workflows = all.map((v) => v.workflow);
		const history = await successfulRuns(n8n, workflows, (w) => ok(w).length);
		for (const workflow of workflows)
			ok(workflow).forEach((sample, i) =>
				Object.assign(sample, timesOf(history.get(workflow.id)?.[i] as RunData, ['Start', 'Rows'])),
			);
	} finally {
		await n8n.dispose();
		await sandbox.stop();
	}
	host.loadEnd = loadavg();
	report(
		done.map(({ sample }) => sample),
		meta,
	);
}

/** A row of the table: the runs of one workflow at one latency. */
function summary(mine: Sample[]) {
	const timed = mine.filter((s) => s.ms !== undefined);
	const ms = timed.map((s) => s.ms as number);
	const [time, work] = [ms, timed.map((s) => s.workMs as number)].map((v) => spread(v, 0));
	return {
		runs: time.runs,
		medianMs: time.median,
		minMs: round(Math.min(...ms), 0),
		maxMs: round(Math.max(...ms), 0),
		medianWorkMs: work.median,
		requests: Math.max(...mine.map((s) => s.requests)),
		failedRuns: mine.filter((s) => !s.ok).length,
		failedRequests: mine.reduce((sum, s) => sum + s.failedRequests, 0),
		maxInFlight: Math.max(...mine.map((s) => s.maxInFlight)),
	};
}

function report(samples: Sample[], meta: ReturnType<typeof settings>): void {
	const keys = [...new Set(samples.map((s) => s.variant))];
	const rows = meta.ops.flatMap((op) =>
		meta.latencies.flatMap((latencyMs) =>
			keys.flatMap((variant) => {
				const mine = samples.filter(
					(s) => s.op === op && s.latencyMs === latencyMs && s.variant === variant,
				);
				return mine.length ? [{ op, latencyMs, variant, ...summary(mine) }] : [];
			}),
		),
	);
	const out = path.resolve(REPO, option('out', 'tools/bench'));
	mkdirSync(out, { recursive: true });
	writeFileSync(
		path.join(out, 'parallel-results.json'),
		`${JSON.stringify({ ...meta, rows, samples }, null, '\t')}\n`,
	);
	const { host } = meta;
	const lines = [
		'# Parallel requests: benchmark results',
		'',
		`Produced by tools/bench/parallel.ts: \`${meta.command}\`. ${meta.items} items per run, ${meta.runs} runs per row (median, min–max, every run).`,
		'',
		`Date (UTC) ${host.date}; machine ${host.cpu}, ${host.cores} cores, ${host.memoryGB} GB, ${host.platform}; load average (1/5/15 min) ${host.loadStart.join(' / ')} at start, ${host.loadEnd?.join(' / ')} at end (other engineers shared the machine).`,
		'',
		'Real n8n 2.41.1 on Node 24 (`n8n execute`), our package installed as a community package; the sandbox in a process of its own answering every request after the latency shown. Time: first node start to last node end of the execution, from n8n\'s run data (the generated rows included, the same for all). "In flight" is the most requests the sandbox had open at once during a run.',
		'',
		...table(
			'| operation | latency | workflow | median | min–max | runs (ms) | vs hand-built | requests | in flight (max) |',
			rows.map((row) => {
				const p = rows.find(
					(r) => r.op === row.op && r.latencyMs === row.latencyMs && r.variant === 'peer',
				);
				const ratio = p && row.variant !== 'peer' ? `${round(row.medianMs / p.medianMs, 2)}×` : '–';
				const failed = row.failedRuns > 0 ? ` (${row.failedRuns} runs failed)` : '';
				return `| ${OP_LABEL[row.op]} | ${row.latencyMs} ms | ${row.variant}${failed} | ${row.medianMs.toLocaleString('en-US')} ms | ${row.minMs}–${row.maxMs} | ${row.runs.join(', ')} | ${ratio} | ${row.requests} | ${row.maxInFlight} |`;
			}),
		),
		'Workflows: default = our node with its defaults; serial = our node with Parallel Requests 1 (one item after another); peer = a Code node signing every item (node:crypto) and the HTTP Request node (v4.2, no batching: n8n sends all items at once); pN = our node with Parallel Requests N.',
		'',
	];
	writeFileSync(path.join(out, 'parallel-results.md'), lines.join('\n'));
	log(lines.join('\n'));
}

main().catch((error: unknown) => {
	log(`parallel bench failed: ${error instanceof Error ? error.stack : String(error)}`);
	process.exit(1);
});

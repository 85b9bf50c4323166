/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test code, not shipped */
// Measures the sandbox: signed requests per second on its one core, a 100,000-record store, a
// 10,000-row import. Starts the sandbox in a child process (so it has a core of its own) unless --url
// names a running one; talks to 127.0.0.1 only; bounded in connections, time and request count.
//
//   npx ts-node --transpile-only test/sandbox/load.ts [--connections 32] [--seconds 5] [--pin]
//       [--url http://127.0.0.1:18080 --app-id 1090 --app-secret demo-secret]
//
// --pin (Linux, taskset): the sandbox runs on CPU 1 only and this load generator on CPU 0 only.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';

import { SignedClient } from './client';
import { SandboxControl } from './control';

const MAX_CONNECTIONS = 256;
const MAX_SECONDS = 60;
const MAX_REQUESTS = 800_000; // the client's counting nonces repeat after 900,000

function option(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

function startChild(
	appId: string,
	appSecret: string,
	pin: boolean,
): Promise<{ url: string; child: ChildProcess }> {
	const cli = join(__dirname, 'cli.ts');
	const node = [
		process.execPath,
		'-r',
		'ts-node/register/transpile-only',
		cli,
		'--port',
		'0',
		'--app-id',
		appId,
		'--app-secret',
		appSecret,
		'--seed',
		'demo',
	];
	const [command, ...args] = pin ? ['taskset', '-c', '1', ...node] : node;
	const child = spawn(command, args, {
		cwd: join(__dirname, '..', '..'),
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	return new Promise((resolve, reject) => {
		let out = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
			if (m) resolve({ url: m[1], child });
		});
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${out}`)));
	});
}

interface Scenario {
	name: string;
	path: string;
	body: unknown;
	/** The answer is a success. */
	ok: (text: string) => boolean;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
	if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
		.replace(/^.*\) /, '')
		.split(' ');
	const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
	return (Number(fields[11]) + Number(fields[12])) / ticks; // utime and stime (fields 14 and 15)
}

async function measure(
	url: string,
	client: SignedClient,
	scenario: Scenario,
	connections: number,
	seconds: number,
	serverPid?: number,
): Promise<string> {
	const pool = new Pool(url, { connections, pipelining: 1 });
	const body = JSON.stringify(scenario.body);
	const deadline = performance.now() + seconds * 1000;
	let done = 0;
	let failed = 0;
	const latencies: number[] = [];
	const worker = async () => {
		while (performance.now() < deadline && done + failed < MAX_REQUESTS) {
			const started = performance.now();
			const res = await pool.request({
				method: 'POST',
				path: scenario.path,
				headers: client.signedHeaders(),
				body,
			});
			const text = await res.body.text();
			if (res.statusCode === 200 && scenario.ok(text)) done++;
			else failed++;
			latencies.push(performance.now() - started);
		}
	};
	const cpuBefore = cpuSeconds(serverPid);
	const started = performance.now();
	await Promise.all(Array.from({ length: connections }, worker));
	const elapsed = (performance.now() - started) / 1000;
	const cpuAfter = cpuSeconds(serverPid);
	const perCpuSecond =
		cpuBefore === null || cpuAfter === null
			? ''
			: `, ${Math.round(done / (cpuAfter - cpuBefore))} per server CPU-second`;
	await pool.close();
	latencies.sort((a, b) => a - b);
	const p = (q: number) =>
		latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
	if (failed > 0) throw new Error(`${scenario.name}: ${failed} requests failed`);
	return `${scenario.name.padEnd(34)} ${String(Math.round(done / elapsed)).padStart(7)} req/s  (${done} requests in ${elapsed.toFixed(1)} s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms${perCpuSecond})`;
}

async function main(): Promise<void> {
	const connections = Math.min(MAX_CONNECTIONS, Number(option('connections', '32')));
	const seconds = Math.min(MAX_SECONDS, Number(option('seconds', '5')));
	const appId = option('app-id', '1090');
	const appSecret = option('app-secret', 'demo-secret');
	const given = option('url', '');
	if (given && !/^http:\/\/127\.0\.0\.1:\d+$/.test(given))
		throw new Error('--url must be http://127.0.0.1:PORT');
	const pin = process.argv.includes('--pin');
	if (pin) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
	const { url, child } = given
		? { url: given, child: undefined }
		: await startChild(appId, appSecret, pin);
	try {
		const client = new SignedClient(url, appId, appSecret);
		const control = new SandboxControl(url);
		const window = { startTime: '2026-01-01 00:00:00', endTime: '2026-01-01 23:59:59', limit: 100 };
		const scenarios: Scenario[] = [
			{
				name: 'agent query (envelope B, Longs)',
				path: '/openapi/agent/web/v1/agent/query',
				body: { pageNo: 1, pageSize: 10 },
				ok: (t) => t.startsWith('{"code":200'),
			},
			{
				name: 'service-group list (envelope A)',
				path: '/openapi/platform/v1/group/list',
				body: {},
				ok: (t) => t.startsWith('{"success":true'),
			},
			{
				name: 'call records, 100 per answer',
				path: '/openapi/crm/service-record/call/query',
				body: window,
				ok: (t) => t.startsWith('{"success":true'),
			},
		];
		const where = child
			? `its own process${pin ? ' pinned to CPU 1 (load generator on CPU 0)' : ''}`
			: 'the process given by --url';
		console.log(
			`sandbox ${url}, ${connections} keep-alive connections, ${seconds} s per scenario, server in ${where}`,
		);

		let started = performance.now();
		await control.injectRecords({
			appId,
			channel: 'call',
			generate: { count: 100_000, from: window.startTime, to: window.endTime, pushType: 'mixed' },
		});
		console.log(
			`inject 100,000 call records (control API, over HTTP): ${(performance.now() - started).toFixed(0)} ms`,
		);
		started = performance.now();
		const res = await client.post('/openapi/crm/service-record/call/query', {
			startTime: '2026-01-01 12:00:00',
			endTime: window.endTime,
		});
		console.log(
			`query 1,000 of them from the middle of the store (over HTTP): ${(performance.now() - started).toFixed(1)} ms (${res.json.data.length} records)`,
		);

		const [taskId] = await control.seedTasks({ appId, tasks: [{}] });
		const customers = Array.from({ length: 10_000 }, (_, i) => ({
			customerNumber: String(13_000_000_000 + i),
			customerName: `客户${i}`,
			remark: 'load test',
			variables: { amount: String(i) },
		}));
		started = performance.now();
		const imported = await client.post('/openapi/agent/web/v1/callTask/import', {
			taskId,
			customers,
			dupStrategy: 'task',
		});
		console.log(
			`import 10,000 rows (one request, ${Buffer.byteLength(JSON.stringify({ taskId, customers }))} bytes): ${(performance.now() - started).toFixed(0)} ms (successCount ${imported.json.data.successCount})`,
		);

		for (const scenario of scenarios)
			console.log(await measure(url, client, scenario, connections, seconds, child?.pid));
	} finally {
		child?.kill('SIGTERM');
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});

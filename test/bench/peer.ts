/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Our node against what a user would build without it, both in a real n8n (the pinned 2.41.1 on
 * Node 24, our package installed as a community package) with `n8n execute`: an HTTP Request node
 * fed by Code nodes that compute the signature (node:crypto, allowed with NODE_FUNCTION_ALLOW_BUILTIN)
 * and do the batching and paging by hand. Two workloads: importing 25,000 rows into a call task and
 * a Return All of 10,000 customers. Requests are counted from the sandbox's log; times are n8n's own
 * node execution times from the run data (the CLI's start-up is reported separately).
 */
import * as path from 'node:path';

import type { SandboxControl } from '../sandbox/control';
import { ensureN8n } from '../tools/runtime';
import {
	N8n,
	nodeOutput,
	PACKAGE_NAME,
	type CredentialImport,
	type RunData,
	type WorkflowImport,
	type WorkflowNode,
} from '../e2e/lib';
import { IMPORTS, MAIN, SIZES, type Tenant } from './scenarios';
import { drainLog, log, median, REPO, round, runChild } from './util';

export interface PeerRun {
	workflow: string;
	ms: number;
	/** Execution time of the nodes after the common input (the import or listing itself). */
	workMs: number;
	cliMs: number;
	requests: number;
	items: number;
	note?: string;
}

export interface PeerReport {
	n8nVersion: string;
	nodeVersion: string;
	runs: number;
	workloads: Array<{
		workload: string;
		ours: PeerSummary;
		peer: PeerSummary;
		oursManual?: PeerSummary;
		correctness: string[];
	}>;
	error?: string;
}

export interface PeerSummary {
	requests: number;
	items: number;
	medianMs: number;
	medianWorkMs: number;
	medianCliMs: number;
	/** Whole execution of every run, and the work (nodes after the common input) of every run. */
	runs: number[];
	workRuns?: number[];
}

const CREDENTIALS: Record<string, { id: string; name: string; tenant: Tenant }> = {
	main: { id: 'benchMainCred001', name: 'Bench main tenant', tenant: MAIN },
	imports: { id: 'benchImportCred1', name: 'Bench import tenant', tenant: IMPORTS },
};

const OUR_TYPE = `${PACKAGE_NAME}.contactCenter`;
export const manual = (): WorkflowNode => ({
	id: 'n0',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
});
export const code = (id: string, name: string, jsCode: string, x: number): WorkflowNode => ({
	id,
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: [x, 0],
	parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
});
export const http = (id: string, name: string, x: number): WorkflowNode => ({
	id,
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: [x, 0],
	parameters: {
		method: 'POST',
		url: '={{ $json.url }}',
		sendHeaders: true,
		specifyHeaders: 'keypair',
		headerParameters: {
			parameters: ['appid', 'nonce', 'timestamp', 'signature'].map((header) => ({
				name: header,
				value: `={{ $json.headers.${header} }}`,
			})),
		},
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: '={{ $json.body }}',
		options: {},
	},
});
const ours = (
	id: string,
	name: string,
	x: number,
	parameters: Record<string, unknown>,
	credential: keyof typeof CREDENTIALS,
): WorkflowNode => ({
	id,
	name,
	type: OUR_TYPE,
	typeVersion: 1,
	position: [x, 0],
	parameters,
	credentials: {
		contactCenterApi: { id: CREDENTIALS[credential].id, name: CREDENTIALS[credential].name },
	},
});
export const chain = (...names: string[]): Record<string, unknown> =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);

/** The signing helper a user pastes into a Code node (the secret sits in the workflow in plain text). */
export const signing = (url: string, tenant: Tenant) => `
const crypto = require('crypto');
const BASE = ${JSON.stringify(url)};
const APP_ID = ${JSON.stringify(tenant.appId)};
const APP_SECRET = ${JSON.stringify(tenant.appSecret)};
function sign() {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(crypto.randomInt(0, 1000000)).padStart(6, '0');
  const signature = crypto.createHmac('sha256', APP_SECRET).update(APP_ID + timestamp + nonce).digest('base64');
  return { appid: APP_ID, nonce, timestamp, signature };
}`;

const GENERATE = `return Array.from({ length: ${SIZES.peerImportRows} }, (_, i) => ({ json: { phone: String(13000000000 + i), name: 'Customer ' + i } }));`;

export function workflows(url: string, taskId: string): WorkflowImport[] {
	const importOurs: WorkflowImport = {
		id: 'benchImportOurs1',
		name: 'Bench: import 25,000 rows (Contact Center node)',
		nodes: [
			manual(),
			code('n1', 'Rows', GENERATE, 200),
			ours(
				'n2',
				'Import',
				400,
				{
					resource: 'callTask',
					operation: 'import',
					taskId: { __rl: true, mode: 'id', value: taskId },
					mappingMode: 'autoMapInputData',
					options: { dupStrategy: 'none' },
				},
				'imports',
			),
		],
		connections: chain('Start', 'Rows', 'Import'),
		settings: { executionOrder: 'v1' },
	};
	const importManual: WorkflowImport = {
		...importOurs,
		id: 'benchImportMan01',
		name: 'Bench: import 25,000 rows (Contact Center node, mapped manually)',
		nodes: [
			manual(),
			code('n1', 'Rows', GENERATE, 200),
			ours(
				'n2',
				'Import',
				400,
				{
					resource: 'callTask',
					operation: 'import',
					taskId: { __rl: true, mode: 'id', value: taskId },
					customerNumber: '={{ $json.phone }}',
					additionalFields: { customerName: '={{ $json.name }}' },
					options: { dupStrategy: 'none' },
				},
				'imports',
			),
		],
	};
	const importPeer: WorkflowImport = {
		id: 'benchImportPeer1',
		name: 'Bench: import 25,000 rows (HTTP Request + Code)',
		nodes: [
			manual(),
			code('n1', 'Rows', GENERATE, 200),
			code(
				'n2',
				'Sign and batch',
				`${signing(url, IMPORTS)}
const rows = $input.all().map((item) => ({ customerNumber: item.json.phone, customerName: item.json.name }));
const out = [];
for (let i = 0; i < rows.length; i += 10000) {
  out.push({ json: { url: BASE + '/openapi/agent/web/v1/callTask/import', headers: sign(), body: { taskId: ${JSON.stringify(taskId)}, customers: rows.slice(i, i + 10000), dupStrategy: 'none' } } });
}
return out;`,
				400,
			),
			http('n3', 'Import', 600),
		],
		connections: chain('Start', 'Rows', 'Sign and batch', 'Import'),
		settings: { executionOrder: 'v1' },
	};
	const listOurs: WorkflowImport = {
		id: 'benchListOurs001',
		name: 'Bench: Return All of 10,000 customers (Contact Center node)',
		nodes: [
			manual(),
			ours(
				'n1',
				'Customers',
				200,
				{ resource: 'customer', operation: 'getAll', returnAll: true },
				'main',
			),
		],
		connections: chain('Start', 'Customers'),
		settings: { executionOrder: 'v1' },
	};
	const pageBody = (page: string) => `{ search: [], sortList: [], page: ${page}, limit: 1000 }`;
	const listPeer: WorkflowImport = {
		id: 'benchListPeer001',
		name: 'Bench: Return All of 10,000 customers (HTTP Request + Code)',
		nodes: [
			manual(),
			code(
				'n1',
				'Sign first page',
				`${signing(url, MAIN)}
return [{ json: { url: BASE + '/openapi/crm/list', headers: sign(), body: ${pageBody('1')} } }];`,
				200,
			),
			http('n2', 'First page', 400),
			code(
				'n3',
				'Sign other pages',
				`${signing(url, MAIN)}
const count = $input.first().json.data.count;
const out = [];
for (let page = 2; page <= Math.ceil(count / 1000); page++) {
  out.push({ json: { url: BASE + '/openapi/crm/list', headers: sign(), body: ${pageBody('page')} } });
}
return out;`,
				600,
			),
			http('n4', 'Other pages', 800),
			code(
				'n5',
				'Customers',
				`const first = $('First page').first().json.data.list;
const rest = $input.all().flatMap((item) => item.json.data.list);
return [...first, ...rest].map((json) => ({ json }));`,
				1000,
			),
		],
		connections: chain(
			'Start',
			'Sign first page',
			'First page',
			'Sign other pages',
			'Other pages',
			'Customers',
		),
		settings: { executionOrder: 'v1' },
	};
	return [importOurs, importPeer, listOurs, listPeer, importManual];
}

/** A real n8n (the pinned release) in a user folder of its own in the repository's ignored .cache (not /tmp, which others clean up). */
export async function benchN8n(name: string): Promise<{ n8n: N8n; nodeBin: string }> {
	const runtime = await ensureN8n({ log: (line) => log(`runtime: ${line}`) });
	const n8n = await N8n.create({
		runtime,
		userFolder: path.join(REPO, '.cache', `${name}-${process.pid}`),
		removeUserFolder: true,
		env: { NODE_FUNCTION_ALLOW_BUILTIN: 'crypto', N8N_LOG_LEVEL: 'info' },
	});
	return { n8n, nodeBin: runtime.nodeBin };
}

/** The successful executions of a workflow in n8n's history (n8n started), oldest first: its CLI runs in the order they ran. */
export async function successfulRuns(
	n8n: N8n,
	workflow: WorkflowImport,
	expected: number,
): Promise<RunData[]> {
	const executions = (await n8n.getExecutions(workflow.id, true))
		.filter((e) => e.status === 'success')
		.reverse();
	if (executions.length !== expected)
		throw new Error(
			`${workflow.name}: ${expected} runs executed, ${executions.length} found in n8n's history`,
		);
	return executions.map((e) => ({ data: e.data }) as RunData);
}

/** Wall time of the run (first node start to last node end) and of the nodes after `commonNodes`. */
export function timesOf(run: RunData, commonNodes: string[]): { ms: number; workMs: number } {
	let first = Infinity;
	let last = 0;
	let work = 0;
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		for (const task of tasks) {
			first = Math.min(first, task.startTime);
			last = Math.max(last, task.startTime + task.executionTime);
			if (!commonNodes.includes(name)) work += task.executionTime;
		}
	}
	return { ms: last - first, workMs: work };
}

function summary(runs: PeerRun[]): PeerSummary {
	return {
		requests: runs[runs.length - 1]?.requests ?? 0,
		items: runs[runs.length - 1]?.items ?? 0,
		medianMs: round(median(runs.map((r) => r.ms)), 0),
		medianWorkMs: round(median(runs.map((r) => r.workMs)), 0),
		medianCliMs: round(median(runs.map((r) => r.cliMs)), 0),
		runs: runs.map((r) => round(r.ms, 0)),
		workRuns: runs.map((r) => round(r.workMs, 0)),
	};
}

export async function measurePeer(
	url: string,
	control: SandboxControl,
	runs: number,
): Promise<PeerReport> {
	const { n8n, nodeBin } = await benchN8n('bench-n8n');
	const report: PeerReport = { n8nVersion: '2.41.1', nodeVersion: '', runs, workloads: [] };
	try {
		const version = await n8n.cli(['--version'], 60_000);
		report.n8nVersion = version.stdout.trim().split('\n').pop() ?? report.n8nVersion;
		report.nodeVersion = (
			await runChild(nodeBin, ['--version'], { timeoutMs: 30_000 })
		).stdout.trim();
		log(`real n8n ${report.n8nVersion} on Node ${report.nodeVersion}: installing the package…`);
		await n8n.installPackage();
		const credentials: CredentialImport[] = Object.values(CREDENTIALS).map((c) => ({
			id: c.id,
			name: c.name,
			type: 'contactCenterApi',
			data: {
				baseUrl: url,
				appId: c.tenant.appId,
				appSecret: c.tenant.appSecret,
				timezone: c.tenant.timezone,
				timeoutSeconds: 120,
			},
		}));
		await n8n.importCredentials(credentials);
		const [taskId] = await control.seedTasks({
			appId: IMPORTS.appId,
			tasks: [{ status: 'draft' }],
		});
		const [importOurs, importPeer, listOurs, listPeer, importManual] = workflows(url, taskId);
		await n8n.importWorkflows([importOurs, importPeer, listOurs, listPeer, importManual]);

		// `n8n execute --rawOutput` prints the run data of every node (25,000 generated rows), and n8n
		// exits before a pipe has taken all of it; so the CLI run only has to succeed here, and the
		// run data is read afterwards from n8n's own execution history through its public API.
		type Which = 'ours' | 'peer' | 'oursManual';
		interface Pending {
			pair: number;
			which: Which;
			workflow: WorkflowImport;
			cliMs: number;
			requests: number;
			run?: RunData;
		}
		const pending: Pending[] = [];
		const execute = async (pair: number, which: Which, workflow: WorkflowImport): Promise<void> => {
			await control.clearLog();
			const env: Record<string, string> = {};
			const res = await n8n.cli(
				['execute', `--id=${workflow.id}`, '--rawOutput'],
				10 * 60_000,
				env,
			);
			const result = {
				exitCode: res.code,
				durationMs: res.durationMs,
				error: res.code === 0 ? undefined : res.stderr.split('\n').slice(-5).join(' '),
			};
			const requests = await drainLog(control);
			if (result.exitCode !== 0)
				throw new Error(`${workflow.name} failed: ${result.error ?? `exit ${result.exitCode}`}`);
			const failed = requests.filter(
				(r) => r.httpStatus !== 200 || String(r.code) !== '200' || !r.signatureValid,
			);
			if (failed.length > 0)
				throw new Error(`${workflow.name}: ${failed.length} requests failed at the sandbox`);
			log(
				`  ${workflow.name}: ${requests.length} requests, n8n execute ${Math.round(result.durationMs)} ms`,
			);
			pending.push({ pair, which, workflow, cliMs: result.durationMs, requests: requests.length });
		};

		const pairs: Array<{
			workload: string;
			ours: WorkflowImport;
			peer: WorkflowImport;
			oursOut: string;
			peerOut: string;
			common: string[];
		}> = [
			{
				workload: `Import ${SIZES.peerImportRows.toLocaleString('en-US')} rows into a call task`,
				ours: importOurs,
				peer: importPeer,
				oursOut: 'Import',
				peerOut: 'Import',
				common: ['Start', 'Rows'],
			},
			{
				workload: `Return All of ${SIZES.customers.toLocaleString('en-US')} customers`,
				ours: listOurs,
				peer: listPeer,
				oursOut: 'Customers',
				peerOut: 'Customers',
				common: ['Start'],
			},
		];
		for (const [index, pair] of pairs.entries()) {
			for (let i = 0; i < runs; i++) {
				// Alternate, so that drift on a shared machine hits both alike.
				await execute(index, 'ours', pair.ours);
				await execute(index, 'peer', pair.peer);
				if (pair.ours === importOurs) await execute(index, 'oursManual', importManual);
			}
		}

		await n8n.start();
		const history = new Map<string, RunData[]>();
		for (const workflow of [importOurs, importPeer, listOurs, listPeer, importManual]) {
			const mine = pending.filter((p) => p.workflow.id === workflow.id);
			history.set(workflow.id, await successfulRuns(n8n, workflow, mine.length));
			mine.forEach((p, i) => (p.run = history.get(workflow.id)?.[i]));
		}
		await n8n.stop();

		for (const [index, pair] of pairs.entries()) {
			const correctness: string[] = [];
			const collect = (which: Which): PeerRun[] =>
				pending
					.filter((p) => p.pair === index && p.which === which)
					.map((p) => {
						const run = p.run as RunData;
						const { ms, workMs } = timesOf(run, pair.common);
						return {
							workflow: p.workflow.name,
							ms,
							workMs,
							cliMs: p.cliMs,
							requests: p.requests,
							items: nodeOutput(run, which === 'peer' ? pair.peerOut : pair.oursOut).length,
						};
					});
			const oursRuns = collect('ours');
			const peerRuns = collect('peer');
			const manualRuns = collect('oursManual');
			if (pair.ours === importOurs) {
				// The import answer carries importBatchId, an 18-digit Long: does it survive?
				const state = await control.getState(IMPORTS.appId);
				const batches = new Set(state.tasks.find((t) => t.id === taskId)?.importBatchIds ?? []);
				const oursIds = pending
					.filter((p) => p.workflow === importOurs || p.workflow === importManual)
					.map((p) => p.run as RunData)
					.flatMap((run) =>
						nodeOutput(run, 'Import').map((item) => String(item.json.importBatchId)),
					);
				const peerIds = (history.get(importPeer.id) ?? []).flatMap((run) =>
					nodeOutput(run, 'Import').map((item) =>
						String((item.json.data as { importBatchId?: unknown } | undefined)?.importBatchId),
					),
				);
				correctness.push(
					`our node: ${oursIds.filter((id) => batches.has(id)).length} of ${oursIds.length} importBatchIds in the output are the API's exact ids`,
				);
				correctness.push(
					`peer: ${peerIds.filter((id) => batches.has(id)).length} of ${peerIds.length} are (the HTTP Request node parses with JSON.parse, which rounds 18-digit Longs: e.g. ${peerIds[0]})`,
				);
				correctness.push(
					'peer: the app secret sits in plain text in the Code node that signs (and in every export of the workflow); the peer validates no row before sending',
				);
			}
			for (let i = 0; i < oursRuns.length; i++) {
				log(
					`  ${pair.workload} run ${i + 1}: ours ${Math.round(oursRuns[i].ms)} ms (${oursRuns[i].requests} requests), peer ${Math.round(peerRuns[i].ms)} ms (${peerRuns[i].requests} requests)`,
				);
			}
			report.workloads.push({
				workload: pair.workload,
				ours: summary(oursRuns),
				peer: summary(peerRuns),
				...(manualRuns.length ? { oursManual: summary(manualRuns) } : {}),
				correctness,
			});
		}
	} catch (error) {
		report.error =
			error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error);
		log(`peer comparison failed: ${report.error}`);
		log(n8n.recentOutput(30));
	} finally {
		await n8n.dispose();
	}
	return report;
}

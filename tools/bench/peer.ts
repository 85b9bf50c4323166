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

import type { IDataObject } from 'n8n-workflow';

import type { SandboxControl } from '../../test/sandbox/control';
import { ensureN8n } from '../runtime';
import { runCommand } from '../../test/e2e/lib/process';
import {
	chain,
	N8n,
	node,
	nodeOutput,
	PACKAGE_NAME,
	type RunData,
	type WorkflowImport,
	type WorkflowNode,
} from '../../test/e2e/lib';
import { importParameters, IMPORTS, MAIN, newTask, SIZES, type Tenant } from './scenarios';
import { log, REPO, spread } from './util';

export type PeerReport = {
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
};

export type PeerSummary = ReturnType<typeof summary>;

const CREDENTIALS: Record<string, { id: string; name: string; tenant: Tenant }> = {
	main: { id: 'benchMainCred001', name: 'Bench main tenant', tenant: MAIN },
	imports: { id: 'benchImportCred1', name: 'Bench import tenant', tenant: IMPORTS },
};

export const code = (name: string, jsCode: string) =>
	node(name, 'n8n-nodes-base.code', { mode: 'runOnceForAllItems', language: 'javaScript', jsCode });
export const http = (name: string, method = 'POST'): WorkflowNode => ({
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	position: [0, 0],
	parameters: {
		method,
		url: '={{ $json.url }}',
		sendHeaders: true,
		specifyHeaders: 'keypair',
		headerParameters: {
			parameters: ['appid', 'nonce', 'timestamp', 'signature'].map((header) => ({
				name: header,
				value: `={{ $json.headers.${header} }}`,
			})),
		},
		...(method === 'GET'
			? {}
			: {
					sendBody: true,
					contentType: 'json',
					specifyBody: 'json',
					jsonBody: '={{ $json.body }}',
				}),
		options: {},
	},
});
/** Our node, signed in with `credential`. */
export const ours = (
	name: string,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string },
) =>
	node(name, `${PACKAGE_NAME}.contactCenter`, parameters, 0, {
		typeVersion: 1,
		credentials: { contactCenterApi: { id: credential.id, name: credential.name } },
	});

/** A workflow of a Manual Trigger named Start and these nodes, one after another, left to right. */
export const workflow = (id: string, name: string, nodes: WorkflowNode[]): WorkflowImport =>
	chain(
		id,
		name,
		[node('Start', 'n8n-nodes-base.manualTrigger'), ...nodes].map((n, i) => ({
			...n,
			position: [200 * i, 0],
		})),
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

const ROWS = code(
	'Rows',
	`return Array.from({ length: ${SIZES.peerImportRows} }, (_, i) => ({ json: { phone: String(13000000000 + i), name: 'Customer ' + i } }));`,
);
const RETURN_ALL = { resource: 'customer', operation: 'getAll', returnAll: true };
const pageBody = (page: string) => `{ search: [], sortList: [], page: ${page}, limit: 1000 }`;

export const workflows = (url: string, taskId: string) => ({
	importOurs: workflow('benchImportOurs1', 'Bench: import 25,000 rows (Contact Center node)', [
		ROWS,
		ours('Import', importParameters(taskId), CREDENTIALS.imports),
	]),
	importPeer: workflow('benchImportPeer1', 'Bench: import 25,000 rows (HTTP Request + Code)', [
		ROWS,
		code(
			'Sign and batch',
			`${signing(url, IMPORTS)}
const rows = $input.all().map((item) => ({ customerNumber: item.json.phone, customerName: item.json.name }));
const out = [];
for (let i = 0; i < rows.length; i += 10000) {
  out.push({ json: { url: BASE + '/openapi/agent/web/v1/callTask/import', headers: sign(), body: { taskId: ${JSON.stringify(taskId)}, customers: rows.slice(i, i + 10000), dupStrategy: 'none' } } });
}
return out;`,
		),
		http('Import'),
	]),
	listOurs: workflow(
		'benchListOurs001',
		'Bench: Return All of 10,000 customers (Contact Center node)',
		[ours('Customers', RETURN_ALL, CREDENTIALS.main)],
	),
	listPeer: workflow(
		'benchListPeer001',
		'Bench: Return All of 10,000 customers (HTTP Request + Code)',
		[
			code(
				'Sign first page',
				`${signing(url, MAIN)}
return [{ json: { url: BASE + '/openapi/crm/list', headers: sign(), body: ${pageBody('1')} } }];`,
			),
			http('First page'),
			code(
				'Sign other pages',
				`${signing(url, MAIN)}
const count = $input.first().json.data.count;
const out = [];
for (let page = 2; page <= Math.ceil(count / 1000); page++) {
  out.push({ json: { url: BASE + '/openapi/crm/list', headers: sign(), body: ${pageBody('page')} } });
}
return out;`,
			),
			http('Other pages'),
			code(
				'Customers',
				`const first = $('First page').first().json.data.list;
const rest = $input.all().flatMap((item) => item.json.data.list);
return [...first, ...rest].map((json) => ({ json }));`,
			),
		],
	),
	importManual: workflow(
		'benchImportMan01',
		'Bench: import 25,000 rows (Contact Center node, mapped manually)',
		[ROWS, ours('Import', importParameters(taskId, true), CREDENTIALS.imports)],
	),
});

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

/** Our package and credentials for these tenants installed into `n8n`, against the sandbox at `url`. */
export async function install(
	n8n: N8n,
	url: string,
	credentials: Array<{ id: string; name: string; tenant: Tenant }>,
): Promise<void> {
	await n8n.installPackage();
	await n8n.importCredentials(
		credentials.map(({ tenant, ...credential }) => ({
			...credential,
			type: 'contactCenterApi',
			data: { baseUrl: url, ...tenant, timeoutSeconds: 120 },
		})),
	);
}

/**
 * The successful executions of each workflow in n8n's history (n8n started for it), oldest first:
 * its CLI runs in the order they ran; `expected(workflow)` of them.
 */
export async function successfulRuns(
	n8n: N8n,
	workflows: WorkflowImport[],
	expected: (workflow: WorkflowImport) => number,
): Promise<Map<string, RunData[]>> {
	const history = new Map<string, RunData[]>();
	await n8n.start();
	for (const workflow of workflows) {
		const executions = (await n8n.getExecutions(workflow.id, true))
			.filter((e) => e.status === 'success')
			.reverse();
		if (executions.length !== expected(workflow))
			throw new Error(
				`${workflow.name}: ${expected(workflow)} runs executed, ${executions.length} found in n8n's history`,
			);
		history.set(
			workflow.id,
			executions.map((e) => ({ data: e.data }) as RunData),
		);
	}
	await n8n.stop();
	return history;
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

/** `n8n execute` of a workflow whose every request must succeed at the sandbox: the CLI's time and the requests. */
async function execute(n8n: N8n, control: SandboxControl, workflow: WorkflowImport) {
	await control.clearLog();
	// `--rawOutput` prints the run data of every node (25,000 generated rows), and n8n exits before a
	// pipe has taken all of it; so the CLI run only has to succeed here, and the run data is read
	// afterwards from n8n's own execution history through its public API.
	const res = await n8n.cli(['execute', `--id=${workflow.id}`, '--rawOutput'], 10 * 60_000);
	const requests = await control.getLog();
	if (res.code !== 0)
		throw new Error(`${workflow.name} failed: ${res.stderr.split('\n').slice(-5).join(' ')}`);
	const failed = requests.filter(
		(r) => r.httpStatus !== 200 || String(r.code) !== '200' || !r.signatureValid,
	);
	if (failed.length > 0)
		throw new Error(`${workflow.name}: ${failed.length} requests failed at the sandbox`);
	log(
		`  ${workflow.name}: ${requests.length} requests, n8n execute ${Math.round(res.durationMs)} ms`,
	);
	return { cliMs: res.durationMs, requests: requests.length };
}

type Run = { ms: number; workMs: number; cliMs: number; requests: number; items: number };
function summary(runs: Run[]) {
	const last = runs[runs.length - 1];
	const [ms, work, cli] = (['ms', 'workMs', 'cliMs'] as const).map((key) =>
		spread(
			runs.map((r) => r[key]),
			0,
		),
	);
	return {
		requests: last?.requests ?? 0,
		items: last?.items ?? 0,
		medianMs: ms.median,
		medianWorkMs: work.median,
		medianCliMs: cli.median,
		runs: ms.runs,
		workRuns: work.runs,
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
			await runCommand(nodeBin, ['--version'], { timeoutMs: 30_000 })
		).stdout.trim();
		log(`real n8n ${report.n8nVersion} on Node ${report.nodeVersion}: installing the package…`);
		await install(n8n, url, Object.values(CREDENTIALS));
		const taskId = await newTask(control);
		const w = workflows(url, taskId);
		await n8n.importWorkflows(Object.values(w));
		const workloads = [
			{
				workload: `Import ${SIZES.peerImportRows.toLocaleString('en-US')} rows into a call task`,
				flows: { ours: w.importOurs, peer: w.importPeer, oursManual: w.importManual },
				out: 'Import',
				common: ['Start', 'Rows'],
			},
			{
				workload: `Return All of ${SIZES.customers.toLocaleString('en-US')} customers`,
				flows: { ours: w.listOurs, peer: w.listPeer },
				out: 'Customers',
				common: ['Start'],
			},
		];
		const cli = new Map<string, Array<{ cliMs: number; requests: number }>>();
		for (const { flows } of workloads)
			for (let i = 0; i < runs; i++)
				// Alternate, so that drift on a shared machine hits both alike.
				for (const flow of Object.values(flows))
					cli.set(flow.id, [...(cli.get(flow.id) ?? []), await execute(n8n, control, flow)]);

		const history = await successfulRuns(
			n8n,
			Object.values(w),
			(flow) => cli.get(flow.id)?.length ?? 0,
		);
		const runsOf = (flow: WorkflowImport) => history.get(flow.id) ?? [];
		for (const { workload, flows, out, common } of workloads) {
			const [oursRuns, peerRuns, manualRuns] = [flows.ours, flows.peer, flows.oursManual].map(
				(flow): Run[] =>
					flow === undefined
						? []
						: runsOf(flow).map((run, i) => ({
								...timesOf(run, common),
								...(cli.get(flow.id) ?? [])[i],
								items: nodeOutput(run, out).length,
							})),
			);
			const correctness: string[] = [];
			if (flows.oursManual) {
				// The import answer carries importBatchId, an 18-digit Long: does it survive?
				const state = await control.getState(IMPORTS.appId);
				const batches = new Set(state.tasks.find((t) => t.id === taskId)?.importBatchIds ?? []);
				const batchIds = (flow: WorkflowImport, pick: (json: IDataObject) => unknown) =>
					runsOf(flow).flatMap((run) =>
						nodeOutput(run, 'Import').map((item) => String(pick(item.json))),
					);
				const oursIds = [flows.ours, flows.oursManual].flatMap((flow) =>
					batchIds(flow, (json) => json.importBatchId),
				);
				const peerIds = batchIds(
					flows.peer,
					(json) => (json.data as { importBatchId?: unknown } | undefined)?.importBatchId,
				);
				correctness.push(
					`our node: ${oursIds.filter((id) => batches.has(id)).length} of ${oursIds.length} importBatchIds in the output are the API's exact ids`,
					`peer: ${peerIds.filter((id) => batches.has(id)).length} of ${peerIds.length} are (the HTTP Request node parses with JSON.parse, which rounds 18-digit Longs: e.g. ${peerIds[0]})`,
					'peer: the app secret sits in plain text in the Code node that signs (and in every export of the workflow); the peer validates no row before sending',
				);
			}
			report.workloads.push({
				workload,
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

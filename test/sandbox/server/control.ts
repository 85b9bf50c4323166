/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- test code, not shipped */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { TASK_STATUSES, progressRate } from '../api/callTasks';
import { parseJsonLossless, stringifyLongsAsStrings } from '../lib/json';
import { ControlError, Fields, failControl, isObject, present, type Json } from '../lib/validate';
import * as seed from '../seed/factories';
import { advanceTasks, startRun } from '../state/taskRunner';
import type { TaskEntry, Tenant } from '../state/tenant';
import type * as T from '../types';
import { isSandboxSignatureOrder, SANDBOX_SIGNATURE_ORDERS } from './auth';
import { FaultSpecError } from './faults';
import type { Sandbox } from './sandbox';
import { readLatency } from './traffic';

// The control API under /__control: JSON in and out, no authentication, never logged, never faulted.

type ControlHandler = (
	sb: Sandbox,
	body: Json,
	query: Record<string, string>,
	rest: string,
) => unknown;

function tenantOf(sb: Sandbox, body: Json): Tenant {
	const appId = body.appId;
	if (typeof appId !== 'string') throw new ControlError('appId is required');
	return sb.tenant(appId);
}

function seeder(seed: (tenant: Tenant, body: Json) => string[]): ControlHandler {
	return (sb, body) => ({ ids: seed(tenantOf(sb, body), body) });
}

function taskDump(entry: TaskEntry): T.TaskStateDump {
	return {
		...entry.task,
		progressRate: progressRate(entry.task),
		importedCustomers: entry.customers.length,
		importBatchIds: [...entry.importBatchIds],
	};
}

function taskEntry(sb: Sandbox, body: Json): { tenant: Tenant; entry: TaskEntry } {
	const tenant = tenantOf(sb, body);
	const taskId = body.taskId;
	const entry = typeof taskId === 'string' ? tenant.tasks.get(taskId) : undefined;
	if (!entry)
		throw new ControlError(`task ${String(taskId)} does not exist in tenant ${tenant.appId}`, 404);
	advanceTasks(tenant);
	return { tenant, entry };
}

function setProgress(sb: Sandbox, body: Json): T.TaskStateDump {
	const { tenant, entry } = taskEntry(sb, body);
	const task = entry.task;
	const f = new Fields(body, failControl);
	f.onlyKeys(['appId', 'taskId', 'completedCount', 'connectedCount', 'status']);
	const completedCount =
		f.integer('completedCount', { min: 0, max: task.totalCount }) ?? task.completedCount;
	const connectedCount = f.integer('connectedCount', { min: 0 }) ?? task.connectedCount;
	if (connectedCount > completedCount)
		failControl(`connectedCount ${connectedCount} exceeds completedCount ${completedCount}`);
	task.status = f.oneOf('status', TASK_STATUSES) ?? task.status;
	task.completedCount = completedCount;
	task.connectedCount = connectedCount;
	task.progressRate = progressRate(task);
	task.updateTime = tenant.now();
	// The dialler goes on from the progress set here (or stops, when the status is no longer running).
	if (task.status === 'running') startRun(entry, tenant.wallNow());
	else delete entry.run;
	return taskDump(entry);
}

function finishTask(sb: Sandbox, body: Json): T.TaskStateDump {
	const { tenant, entry } = taskEntry(sb, body);
	entry.task.status = 'done';
	entry.task.updateTime = tenant.now();
	delete entry.run;
	return taskDump(entry);
}

function stateOf(sb: Sandbox, appId: string | undefined): T.TenantStateDump {
	const t = sb.tenant(appId);
	advanceTasks(t);
	return {
		appId: t.appId,
		timezone: t.timezone,
		customers: [...t.customers.values()],
		fields: t.customFields,
		serviceGroups: [...t.serviceGroups.values()],
		displayNumberGroups: [...t.displayNumberGroups.values()],
		agents: [...t.agents.values()],
		callerNumberGroups: [...t.callerNumberGroups.values()],
		tasks: [...t.tasks.values()].map(taskDump),
		recordCounts: { call: t.records.call.size, im: t.records.im.size },
		nonceCount: t.nonces.count(sb.clock.nowMs()),
	};
}

function clockState(sb: Sandbox): T.ClockState {
	const frozenAt = sb.clock.frozenAtMs;
	return {
		offsetSeconds: sb.clock.offsetSeconds,
		frozenAt: frozenAt === null ? null : new Date(frozenAt).toISOString(),
		now: new Date(sb.clock.nowMs()).toISOString(),
	};
}

function setClock(sb: Sandbox, body: Json): T.ClockState {
	const f = new Fields(body, failControl);
	f.onlyKeys(['offsetSeconds', 'freezeAt']);
	const offset = f.integer('offsetSeconds');
	const freezeAt = f.string('freezeAt');
	if (offset === undefined && freezeAt === undefined && !('freezeAt' in body))
		failControl('give offsetSeconds and/or freezeAt');
	const frozenMs = freezeAt === undefined ? null : Date.parse(freezeAt);
	if (frozenMs !== null && Number.isNaN(frozenMs))
		failControl('freezeAt must be an ISO instant, e.g. 2026-01-01T00:00:00Z');
	if (offset !== undefined) sb.clock.offsetSeconds = offset;
	sb.clock.frozenAtMs = frozenMs;
	return clockState(sb);
}

function logQuery({ appId, pathContains, sinceSeq }: Record<string, string>): T.LogQuery {
	const seq = sinceSeq === undefined ? undefined : Number(sinceSeq);
	if (seq !== undefined && !Number.isInteger(seq)) failControl('sinceSeq must be an integer');
	return present({ appId, pathContains, sinceSeq: seq });
}

const tenantInfo = (t: Tenant) => ({ appId: t.appId, timezone: t.timezone });

const HANDLERS: Record<string, ControlHandler> = {
	'POST /reset': (sb, body) => {
		const tenants = body.tenants;
		if (tenants !== undefined && !Array.isArray(tenants))
			throw new ControlError('tenants must be an array');
		sb.reset(tenants as T.TenantConfig[] | undefined);
		return { tenants: [...sb.tenants.keys()] };
	},
	'GET /tenants': (sb) => ({ tenants: [...sb.tenants.values()].map(tenantInfo) }),
	'POST /tenants': (sb, body) => tenantInfo(sb.addTenant(body as unknown as T.TenantConfig)),
	'POST /customers': seeder(seed.seedCustomers),
	'POST /customers/changes': seeder(seed.changeCustomers),
	'POST /agents': seeder(seed.seedAgents),
	'POST /caller-number-groups': seeder(seed.seedCallerNumberGroups),
	'POST /fields': seeder(seed.seedFields),
	'POST /service-groups': seeder(seed.seedServiceGroups),
	'POST /display-number-groups': seeder(seed.seedDisplayNumberGroups),
	'POST /tasks': seeder(seed.seedTasks),
	'POST /tasks/progress': setProgress,
	'POST /tasks/finish': finishTask,
	'GET /tasks/customers': (sb, _body, query) => {
		const { entry } = taskEntry(sb, { appId: query.appId, taskId: query.taskId });
		return { customers: entry.customers };
	},
	'POST /records': (sb, body) => ({ eventUniqueIds: seed.injectRecords(tenantOf(sb, body), body) }),
	'POST /faults': (sb, body) => sb.faults.add(body),
	'GET /faults': (sb) => ({ faults: sb.faults.list() }),
	'DELETE /faults': (sb) => {
		const count = sb.faults.list().length;
		sb.faults.clear();
		return { cleared: count };
	},
	'DELETE /faults/*': (sb, _body, _query, id) => {
		if (!sb.faults.remove(id)) throw new ControlError(`fault ${id} does not exist`, 404);
		return { removed: id };
	},
	'GET /log': (sb, _body, query) => ({ entries: sb.log.query(logQuery(query)) }),
	'DELETE /log': (sb) => {
		sb.log.clear();
		return { cleared: true };
	},
	'GET /state': (sb, _body, query) => stateOf(sb, query.appId),
	'GET /traffic': (sb) => sb.traffic.state(),
	'DELETE /traffic': (sb) => sb.traffic.resetPeak(),
	'POST /latency': (sb, body) => {
		sb.traffic.setLatency(readLatency(body));
		return sb.traffic.state();
	},
	'GET /clock': (sb) => clockState(sb),
	'GET /auth': (sb): T.AuthState => ({ signatureOrder: sb.authSettings.signatureOrder }),
	'POST /auth': (sb, body): T.AuthState => {
		const { signatureOrder } = body;
		if (!isSandboxSignatureOrder(signatureOrder))
			throw new ControlError(
				`signatureOrder must be one of ${SANDBOX_SIGNATURE_ORDERS.join(', ')}`,
			);
		sb.authSettings.signatureOrder = signatureOrder;
		return { signatureOrder };
	},
	'POST /chat/script': (sb, body) => {
		if (!Array.isArray(body.turns)) throw new ControlError('turns must be an array');
		sb.chat.setScript(body.turns as unknown as T.ChatScriptTurn[]);
		return { turns: body.turns.length };
	},
	'GET /chat/requests': (sb) => ({ requests: sb.chat.requests }),
	'DELETE /chat/requests': (sb) => {
		sb.chat.requests = [];
		return { cleared: true };
	},
	'POST /clock': setClock,
};

function findHandler(
	method: string,
	path: string,
): { handler?: ControlHandler; rest: string; pathKnown: boolean } {
	const exact = HANDLERS[`${method} ${path}`];
	if (exact) return { handler: exact, rest: '', pathKnown: true };
	const slash = path.lastIndexOf('/');
	// The path, or its parent with `/*` (the last segment an id).
	const paths = slash > 0 ? [path, `${path.slice(0, slash)}/*`] : [path];
	return {
		handler: slash > 0 ? HANDLERS[`${method} ${paths[1]}`] : undefined,
		rest: decodeURIComponent(path.slice(slash + 1)),
		pathKnown: Object.keys(HANDLERS).some((k) => paths.some((p) => k.endsWith(` ${p}`))),
	};
}

export function handleControl(
	sb: Sandbox,
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	query: Record<string, string>,
	rawBody: string,
): void {
	let status = 200;
	let payload: unknown;
	try {
		const { handler, rest, pathKnown } = findHandler(req.method ?? 'GET', path || '/');
		if (!handler)
			throw new ControlError(
				`${pathKnown ? 'method not allowed' : 'unknown control endpoint'}: ${req.method} /__control${path}`,
				pathKnown ? 405 : 404,
			);
		let body: unknown = {};
		if (rawBody.trim() !== '') {
			try {
				body = parseJsonLossless(rawBody);
			} catch (error) {
				throw new ControlError(`malformed JSON body: ${(error as Error).message}`);
			}
		}
		if (!isObject(body)) throw new ControlError('the body must be a JSON object');
		payload = handler(sb, body, query, rest);
	} catch (error) {
		if (error instanceof ControlError) status = error.status;
		else if (error instanceof FaultSpecError) status = 400;
		else {
			status = 500;
			console.error('sandbox control:', error);
		}
		payload = { error: (error as Error).message };
	}
	const text = stringifyLongsAsStrings(payload);
	res.writeHead(status, {
		'Content-Type': 'application/json;charset=UTF-8',
		'Content-Length': String(Buffer.byteLength(text)),
	});
	res.end(text);
}

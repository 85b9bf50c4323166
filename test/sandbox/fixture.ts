// The one sandbox fixture of the test suites: a server per test file (started before the file's
// tests, closed after them), its control client, signed clients and the node credentials that point
// at it; plus assertions on the two envelopes.

import { SignedClient, type ApiResponse, type RequestOptions } from './client';
import { SandboxControl } from './control';
import { startSandbox, type RunningSandbox } from './index';
import type { SandboxOptions, TenantConfig } from './types';

export const TENANT_A: TenantConfig = { appId: '1090', appSecret: 'secret-a' };
export const TENANT_B: TenantConfig = { appId: '2077', appSecret: 'secret-b' };

/**
 * Starts a sandbox before the file's tests (tenants A and B unless told otherwise) and closes it
 * after them; with `resetEach`, resets it before each test. Call it at the top of a file, before the
 * file's own hooks (hooks run in the order they are registered, so that the file's beforeAll or
 * beforeEach can seed data through `control`). Its getters throw when read before that beforeAll
 * started the server.
 */
export function useSandbox({
	resetEach,
	...options
}: SandboxOptions & { resetEach?: boolean } = {}) {
	const tenants = options.tenants ?? [TENANT_A, TENANT_B];
	let running: RunningSandbox | undefined;
	let client: SignedClient | undefined;
	const started = (): RunningSandbox => {
		if (!running) throw new Error('the sandbox fixture is read before its beforeAll started it');
		return running;
	};
	const signed = (): SignedClient => {
		started();
		return client as SignedClient;
	};
	const clientFor = (t: TenantConfig) =>
		new SignedClient(started().url, t.appId, t.appSecret, options.signatureOrder);
	beforeAll(async () => {
		running = await startSandbox({ ...options, tenants });
		client = clientFor(tenants[0]);
	});
	afterAll(async () => {
		await running?.close();
		running = undefined;
	});
	const control = new SandboxControl(() => started().url);
	if (resetEach) beforeEach(() => control.reset());
	return {
		get sandbox() {
			return started();
		},
		/** `http://127.0.0.1:PORT` of the running server. */
		get url() {
			return started().url;
		},
		get port() {
			return started().port;
		},
		/** The control client: the same object for the whole file, usable once the server listens. */
		control,
		/** Signed as the first tenant. */
		get client() {
			return signed();
		},
		clientFor,
		/** A signed POST as the first tenant. */
		post: (path: string, body: unknown, opts?: RequestOptions): Promise<ApiResponse> =>
			signed().post(path, body, opts),
		/** `{ baseUrl, appId, appSecret }` of a tenant, plus any other credential fields given. */
		credentials<Extra extends object = object>(
			tenant: { appId: string; appSecret: string },
			extra?: Extra,
		): { baseUrl: string; appId: string; appSecret: string } & Extra {
			const { appId, appSecret } = tenant;
			return { baseUrl: started().url, appId, appSecret, ...(extra as Extra) };
		},
	};
}

/**
 * A valid call-task create body for an agent and a caller number group, with `changes` applied: each
 * key a dotted path such as `callStrategy.maxConcurrency`, an undefined value removing the field.
 */
export function taskBody(
	voiceAgentId: unknown,
	callerNumberGroupId: string,
	changes: Record<string, unknown> = {},
): Record<string, unknown> {
	const task: Record<string, unknown> = {
		taskName: 'Renewal calls',
		voiceAgentId,
		startType: 'manual',
		callStrategy: {
			callWindowRanges: [
				{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-12:00', '14:00-18:30'] },
			],
			maxConcurrency: 5,
			callerNumberGroupId,
		},
		retryStrategy: {
			retryEnabled: true,
			retryReasons: ['busy', 'no_answer'],
			maxRetryTimes: 2,
			retryIntervalValue: 30,
			retryIntervalUnit: 'minute',
		},
	};
	for (const [path, value] of Object.entries(changes)) {
		const keys = path.split('.');
		const last = keys.pop() as string;
		const target = keys.reduce((o, key) => o[key] as Record<string, unknown>, task);
		if (value === undefined) delete target[last];
		else target[last] = value;
	}
	return task;
}

/** A cell of a case table: JSON when it parses, `-` is undefined, anything else is text (an expected message). */
function cell(text: string): unknown {
	if (text === '-') return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- case cells and answers: any JSON shape
type Json = any;

/** A case table, one case a line, cells split on ` | `. */
export function cases(table: string): [Json, Json, Json, Json][] {
	const lines = table.trim().split('\n');
	return lines.map(
		(line) => line.trim().split(' | ').map(cell) as [unknown, unknown, unknown, unknown],
	);
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/** Asserts an HTTP-200 envelope holding `shape` and a trace id, and returns its body. */
function envelope(res: ApiResponse, shape: object, message?: string | RegExp): Json {
	expect(res.status).toBe(200);
	expect(res.json).toMatchObject(shape);
	expect(res.json.traceId).toMatch(TRACE_ID);
	if (message !== undefined) expect(res.json.message).toMatch(message);
	return res.json;
}

/** Asserts an envelope-A success and returns its data. */
export function okA(res: ApiResponse): Json {
	return envelope(res, { success: true, code: '200', message: 'success' }).data;
}

/** Asserts an envelope-A failure with this code (and message fragment) and returns the body. */
export function errA(res: ApiResponse, code: string, message?: string | RegExp): Json {
	return envelope(res, { success: false, code }, message);
}

/** Asserts an envelope-B success and returns its data. */
export function okB(res: ApiResponse): Json {
	return envelope(res, { code: 200, message: null }).data;
}

/** Asserts an envelope-B failure with this code (and message fragment) and returns the body. */
export function errB(res: ApiResponse, code: number, message?: string | RegExp): Json {
	return envelope(res, { code, data: null, message: expect.any(String) }, message);
}

export const PATHS = {
	crmAdd: '/openapi/crm/add',
	crmUpdate: '/openapi/crm/update',
	crmList: '/openapi/crm/list',
	crmDelete: '/openapi/crm/delete',
	crmFields: '/openapi/crm/config/field/list',
	crmGet: (id: string) => `/openapi/crm/${id}`,
	crmFindById: (id: string) => `/openapi/crm/findById/${id}`,
	groupList: '/openapi/platform/v1/group/list',
	groupCreate: '/openapi/platform/v1/group/create',
	groupUpdate: '/openapi/platform/v1/group/update',
	groupDelete: '/openapi/platform/v1/group/delete',
	numberGroupCreate: '/openapi/call/web/v1/number/group/create',
	numberGroupUpdate: '/openapi/call/web/v1/number/group/update',
	numberGroupQuery: '/openapi/call/web/v1/number/group/query',
	numberGroupDelete: '/openapi/call/web/v1/number/group/delete',
	callRecords: '/openapi/crm/service-record/call/query',
	imRecords: '/openapi/crm/service-record/im/query',
	agentQuery: '/openapi/agent/web/v1/agent/query',
	callerGroupQuery: '/openapi/agent/web/v1/number/group/query',
	taskCreate: '/openapi/agent/web/v1/callTask/create',
	taskImport: '/openapi/agent/web/v1/callTask/import',
	taskQuery: '/openapi/agent/web/v1/callTask/query',
	taskOperate: '/openapi/agent/web/v1/callTask/operate',
} as const;

/** `yyyy-MM-dd HH:mm:ss` of an instant in a zone (computed independently of the sandbox's code). */
export function wallTime(date: Date, timeZone = 'Asia/Shanghai'): string {
	return new Intl.DateTimeFormat('sv-SE', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hourCycle: 'h23',
	}).format(date);
}

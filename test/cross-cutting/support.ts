/**
 * Shared pieces of the reliability suite: one sandbox per test file with a recognisable secret,
 * a runNode shortcut bound to it, and small helpers for parameters and the sandbox's log.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type CredentialValues, type NodeRunner } from '../harness';
import type { RunningSandbox, SandboxOptions } from '../sandbox';
import type { SandboxControl } from '../sandbox/control';
import { PATHS as API_PATHS, useSandbox } from '../sandbox/fixture';
import type { FaultSpec, LogEntry } from '../sandbox/types';
import { TriggerRun } from '../trigger/driver';

/** A secret nobody could print by accident; every harness call searches its results for it. */
export const SECRET = ['RELIABILITY', 'canary', '9d41c7e2'].join('-');
export const APP_ID = '31337';

/**
 * The API paths: the one table of test/sandbox/fixture.ts, with Get customer as the prefix its
 * requests start with and the field list under the name these suites use.
 */
export const PATHS = {
	...API_PATHS,
	crmGet: '/openapi/crm/',
	fieldList: API_PATHS.crmFields,
} as const;

/** A read's attempts before it fails (1 + 3 retries): pinned here, not imported from the transport. */
export const READ_ATTEMPTS = 4;

/** Faults that one retry of a read gets past; `delayMs` is past the fixture's timeout. */
export const transientFaults = (
	delayMs: number,
): Array<[string, Omit<FaultSpec, 'pathPattern'>]> => [
	['HTTP 500', { kind: 'status', status: 500 }],
	['HTTP 502', { kind: 'status', status: 502 }],
	['HTTP 503 with Retry-After', { kind: 'status', status: 503, retryAfterSeconds: 0 }],
	['HTTP 429 with Retry-After', { kind: 'status', status: 429, retryAfterSeconds: 0 }],
	['a delay past the timeout', { kind: 'delay', delayMs }],
	['a truncated body', { kind: 'truncated' }],
	['an HTML error page', { kind: 'html', status: 502 }],
	['a body that is not JSON', { kind: 'nonjson' }],
];

/**
 * The error's message for a fault that replaces the answer (a read's retries add "(tried n times)").
 * Written out here, never taken from the transport.
 */
export function faultMessage(spec: Omit<FaultSpec, 'pathPattern'>): string {
	if (spec.kind === 'html')
		return `The server answered HTTP ${spec.status} with an HTML page instead of JSON`;
	if (spec.kind === 'status') return `The Contact Center API answered HTTP ${spec.status}`;
	if (spec.kind === 'truncated' || spec.kind === 'nonjson')
		return "The server's answer (HTTP 200) is not valid JSON";
	throw new Error(`no message written for a ${spec.kind} fault`);
}

/**
 * An HTTP error status answered without an API envelope comes as an HTML page or as JSON without a
 * `code` (a gateway's or Spring's error body).
 */
export const BARE_FORMS = [
	{ form: 'an HTML page', spec: (status: number) => ({ kind: 'html', status }) as const },
	{ form: 'JSON without a code', spec: (status: number) => ({ kind: 'status', status }) as const },
];

/** An envelope answer with a vendor code (envelope B's three-digit codes are JSON numbers). */
export const envelopeFault = (code: string, envelopeMessage: string) =>
	({
		kind: 'envelope',
		envelopeCode: /^\d{3}$/.test(code) ? Number(code) : code,
		envelopeMessage,
	}) as const;

const SIGNING =
	"Check the credential's App ID and App Secret, and that this server's clock is correct";
const UNAVAILABLE = 'probably temporarily unavailable (an outage or maintenance)';
/** What the error's description says for a status without an envelope, on reads and writes alike. */
export const BARE_ADVICE: Record<number, string> = {
	401: SIGNING,
	403: SIGNING,
	404: "Check the credential's Base URL",
	502: UNAVAILABLE,
	503: UNAVAILABLE,
	504: UNAVAILABLE,
};

/** A status without an envelope: its advice, the path for a 404, no Base URL hint past 500. */
export function expectBareAdvice(description: string, status: number, baseUrl: string): void {
	if (BARE_ADVICE[status]) expect(description).toContain(BARE_ADVICE[status]);
	if (status === 404) expect(description).toContain(`The path does not exist at ${baseUrl}`);
	if (status > 500) expect(description).not.toContain('Base URL');
}

export interface Fixture {
	sandbox: RunningSandbox;
	control: SandboxControl;
	credentials: CredentialValues;
	/** runNode on the Contact Center node with this file's credential and sandbox. */
	run: NodeRunner;
	/** `run`, expecting no error. */
	ok: NodeRunner;
	/** `spec` on the paths containing `path`, for their next `count` requests. */
	fault: (path: string, spec: Omit<FaultSpec, 'pathPattern'>, count: number) => Promise<unknown>;
	/** The trigger through the one driver, on both events of `channel`, with this file's sandbox. */
	trigger: (options?: INodeParameters, channel?: string) => TriggerRun;
}

/**
 * Starts one sandbox for the test file (tenant APP_ID / SECRET) and stops it afterwards.
 * `timeoutSeconds` 1 is the smallest the credential form accepts: delays past it are cheap to test.
 *
 * Replays are recognised by timestamp+nonce here: a file sends a few hundred signed requests, and
 * random 6-digit nonces repeat within the sandbox's default 5-minute nonce window with probability
 * about n²/2,000,000 (2 % at 200 requests), which would fail a test at random. What that means for
 * real workflows is in the report of issue 7. The trigger's chaos test keeps the default.
 */
export function useFixture(
	options: {
		timeoutSeconds?: number;
		sandbox?: SandboxOptions;
		/** Runs leave the sandbox's log alone (by default each run clears it and returns its requests). */
		keepLog?: boolean;
	} = {},
): Fixture {
	const fixture = {} as Fixture;
	const timezone = 'Asia/Shanghai';
	const tenant = { appId: APP_ID, appSecret: SECRET };
	const sandbox = useSandbox({
		tenants: [{ ...tenant, timezone }],
		nonceReplayKey: 'timestamp+nonce',
		...options.sandbox,
	});
	beforeAll(() => {
		fixture.sandbox = sandbox.sandbox;
		fixture.control = sandbox.control;
		const timeoutSeconds = options.timeoutSeconds ?? 1;
		fixture.credentials = sandbox.credentials(tenant, { timezone, timeoutSeconds });
		// The workflow's zone is the API's, so date-times in tests read as the sandbox's wall clock.
		// Output Raw: reads output the records as the API sends them, with no field-list request.
		fixture.run = nodeRunner(
			{ control: sandbox.control, credentials: () => fixture.credentials },
			tenant,
			{
				nodeType: ContactCenter,
				timezone,
				parameters: { output: 'raw' },
				...(options.keepLog && { sandbox: undefined }),
			},
		);
		fixture.ok = async (...args) => {
			const result = await fixture.run(...args);
			expect(result.error).toBeUndefined();
			return result;
		};
		fixture.fault = async (pathPattern, spec, count) =>
			await sandbox.control.addFault({ pathPattern, ...spec, count });
		const events = ['serviceNoteInsert', 'serviceNoteUpdate'];
		fixture.trigger = (trigger = {}, channel = 'all') =>
			new TriggerRun(
				fixture.control,
				fixture.credentials,
				{ channel, events, options: trigger },
				{ appId: APP_ID, timezone },
			);
	});
	return fixture;
}

/** A resource-locator value as the editor stores it. */
export const rl = (value: string, mode: 'id' | 'list' = 'id') => ({ __rl: true, mode, value });

/** The requests of a run that went to a path (a substring of the path). */
export const on = (requests: LogEntry[], path: string): LogEntry[] =>
	requests.filter((r) => r.path.includes(path));

/** The JSON of a run's output items. */
export const jsonOf = (items: INodeExecutionData[]): IDataObject[] =>
	items.map((item) => item.json);

/** A phone number of the import's shape (11 digits), unique per index. */
export const phone = (i: number): string => String(13_000_000_000 + i);

/** Valid call-task creation parameters for an agent and a caller number group of the tenant. */
export const taskCreateParameters = (
	agentId: string,
	groupId: string,
	name = 'Reliability task',
): INodeParameters => ({
	resource: 'callTask',
	operation: 'create',
	taskName: name,
	voiceAgentId: rl(agentId),
	options: { agentType: 'voicebot' },
	callerNumberGroupId: rl(groupId),
	maxConcurrency: 2,
	callWindows: {
		window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-12:00, 14:00-18:00' }],
	},
	startType: 'manual',
});

/** Import parameters reading the number from each item's `phone`. */
export const importParameters = (taskId: string): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: rl(taskId),
	customerNumber: '={{ $json.phone }}',
	options: { dupStrategy: 'none' },
});

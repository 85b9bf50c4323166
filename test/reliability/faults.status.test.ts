/**
 * HTTP error statuses answered without an API envelope (an HTML page, or JSON without a `code` such
 * as a gateway's or Spring's error body), on both interfaces, for reads and writes:
 * - 401/403/404 say what to check (App ID / App Secret / signing, or the Base URL), exactly as the
 *   customer paths always did, and are answers: never retried, and a write is known not applied;
 * - 502/503/504 say the service is probably temporarily unavailable (not "check the Base URL"); reads
 *   are retried up to the bound, writes never.
 */
import type { INodeParameters } from 'n8n-workflow';

import { MAX_READ_ATTEMPTS } from '../../nodes/ContactCenter/transport';
import type { FaultSpec } from '../sandbox/types';
import { APP_ID, PATHS, on, rl, taskCreateParameters, useFixture } from './support';

const fx = useFixture({ timeoutSeconds: 1 });

const seeded = { agent: '', group: '', task: '' };

interface Op {
	name: string;
	interface: 'customer (envelope A)' | 'voice agent (envelope B)';
	kind: 'read' | 'write';
	path: string;
	parameters: () => INodeParameters;
}

const OPERATIONS: Op[] = [
	{
		name: 'Customer → Get Many',
		interface: 'customer (envelope A)',
		kind: 'read',
		path: PATHS.crmList,
		parameters: () => ({ resource: 'customer', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'Customer → Create',
		interface: 'customer (envelope A)',
		kind: 'write',
		path: PATHS.crmAdd,
		parameters: () => ({ resource: 'customer', operation: 'create', customerName: 'Ada' }),
	},
	{
		name: 'Voice Agent → Get Many',
		interface: 'voice agent (envelope B)',
		kind: 'read',
		path: PATHS.agentQuery,
		parameters: () => ({ resource: 'voiceAgent', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'Caller Number Group → Get Many',
		interface: 'voice agent (envelope B)',
		kind: 'read',
		path: PATHS.callerGroupQuery,
		parameters: () => ({ resource: 'callerNumberGroup', operation: 'getAll', returnAll: true }),
	},
	{
		name: 'Call Task → Get',
		interface: 'voice agent (envelope B)',
		kind: 'read',
		path: PATHS.taskQuery,
		parameters: () => ({ resource: 'callTask', operation: 'get', taskId: rl(seeded.task) }),
	},
	{
		name: 'Call Task → Create',
		interface: 'voice agent (envelope B)',
		kind: 'write',
		path: PATHS.taskCreate,
		parameters: () => taskCreateParameters(seeded.agent, seeded.group),
	},
	{
		name: 'Call Task → Start',
		interface: 'voice agent (envelope B)',
		kind: 'write',
		path: PATHS.taskOperate,
		parameters: () => ({ resource: 'callTask', operation: 'start', taskId: rl(seeded.task) }),
	},
];

const FORMS = [
	{
		form: 'an HTML page',
		spec: (status: number): Omit<FaultSpec, 'pathPattern'> => ({ kind: 'html', status }),
		message: (status: number) =>
			`The server answered HTTP ${status} with an HTML page instead of JSON`,
	},
	{
		form: 'JSON without a code',
		spec: (status: number): Omit<FaultSpec, 'pathPattern'> => ({ kind: 'status', status }),
		message: (status: number) => `The Contact Center API answered HTTP ${status}`,
	},
] as const;

const REFUSALS = [
	{
		status: 401,
		says: "Check the credential's App ID and App Secret, and that this server's clock is correct",
	},
	{
		status: 403,
		says: "Check the credential's App ID and App Secret, and that this server's clock is correct",
	},
	{ status: 404, says: "Check the credential's Base URL" },
] as const;

beforeAll(async () => {
	await fx.control.reset();
	await fx.control.seedCustomers({ appId: APP_ID, count: 3 });
	[seeded.agent] = await fx.control.seedAgents({
		appId: APP_ID,
		agents: [{ agentType: 'voicebot', publishStatus: 'PUBLISHED' }],
	});
	[seeded.group] = await fx.control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
	[seeded.task] = await fx.control.seedTasks({ appId: APP_ID, count: 1 });
});

afterEach(async () => {
	await fx.control.clearFaults();
});

describe('401, 403 and 404 without an envelope: the same clear message on both interfaces, never retried', () => {
	const cases = OPERATIONS.flatMap((op) =>
		REFUSALS.flatMap((refusal) =>
			FORMS.map((form) => [op.name, refusal.status, form.form, op, refusal, form] as const),
		),
	);
	it.each(cases)('%s, HTTP %s as %s', async (_name, status, _form, op, refusal, form) => {
		await fx.control.addFault({
			pathPattern: op.path,
			...form.spec(status),
			count: MAX_READ_ATTEMPTS + 1,
		});
		const result = await fx.run(op.parameters());

		expect(result.error?.message).toBe(form.message(status));
		expect(result.error?.description).toContain(refusal.says);
		if (status === 404)
			expect(result.error?.description).toContain(`The path does not exist at ${fx.sandbox.url}`);
		expect(result.error?.description).not.toContain('may or may not have applied');
		expect(result.error?.message).not.toMatch(/error unknown|no message/);
		// An answer, not a transient fault: one request, whatever the kind of operation.
		expect(on(result.requests, op.path)).toHaveLength(1);
		expect(result.items).toEqual([]);
	});
});

describe('502, 503 and 504 without an envelope: the service is probably temporarily unavailable', () => {
	const cases = OPERATIONS.flatMap((op) =>
		[502, 503, 504].flatMap((status) =>
			FORMS.map((form) => [op.name, status, form.form, op, status, form] as const),
		),
	);
	it.each(cases)('%s, HTTP %s as %s', async (_name, _status, _form, op, status, form) => {
		await fx.control.addFault({
			pathPattern: op.path,
			...form.spec(status),
			count: MAX_READ_ATTEMPTS + 1,
		});
		const result = await fx.run(op.parameters());

		const attempts = op.kind === 'read' ? MAX_READ_ATTEMPTS : 1;
		expect(result.error?.message).toBe(
			`${form.message(status)}${attempts > 1 ? ` (tried ${attempts} times)` : ''}`,
		);
		expect(result.error?.description).toContain(
			'probably temporarily unavailable (an outage or maintenance)',
		);
		expect(result.error?.description).not.toContain('Base URL');
		if (op.kind === 'write')
			expect(result.error?.description).toContain('may or may not have applied it');
		expect(on(result.requests, op.path)).toHaveLength(attempts);
	});
});

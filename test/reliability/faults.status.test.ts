/**
 * HTTP error statuses answered without an API envelope (an HTML page, or JSON without a `code` such
 * as a gateway's or Spring's error body), on both interfaces, for reads and writes:
 * - 401/403/404 say what to check (App ID / App Secret / signing, or the Base URL), exactly as the
 *   customer paths always did, and are answers: never retried, and a write is known not applied;
 * - 502/503/504 say the service is probably temporarily unavailable (not "check the Base URL"); reads
 *   are retried up to the bound, writes never.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { FaultSpec } from '../sandbox/types';
import { APP_ID, PATHS, READ_ATTEMPTS, on, rl, taskCreateParameters, useFixture } from './support';

const fx = useFixture({ timeoutSeconds: 1 });

const seeded = { agent: '', group: '', task: '' };

const all = (resource: string) => () => ({ resource, operation: 'getAll', returnAll: true });
const onTask = (operation: string) => () => ({
	resource: 'callTask',
	operation,
	taskId: rl(seeded.task),
});

/** Name (customer paths: envelope A, the others: envelope B), kind, path, parameters. */
const OPERATIONS: Array<[string, 'read' | 'write', string, () => INodeParameters]> = [
	['Customer → Get Many', 'read', PATHS.crmList, all('customer')],
	[
		'Customer → Create',
		'write',
		PATHS.crmAdd,
		() => ({ resource: 'customer', operation: 'create', customerName: 'Ada' }),
	],
	['Voice Agent → Get Many', 'read', PATHS.agentQuery, all('voiceAgent')],
	['Caller Number Group → Get Many', 'read', PATHS.callerGroupQuery, all('callerNumberGroup')],
	['Call Task → Get', 'read', PATHS.taskQuery, onTask('get')],
	[
		'Call Task → Create',
		'write',
		PATHS.taskCreate,
		() => taskCreateParameters(seeded.agent, seeded.group),
	],
	['Call Task → Start', 'write', PATHS.taskOperate, onTask('start')],
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

const SIGNING =
	"Check the credential's App ID and App Secret, and that this server's clock is correct";
const REFUSALS = [
	{ status: 401, says: SIGNING },
	{ status: 403, says: SIGNING },
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
	const cases = OPERATIONS.flatMap(([name, , path, parameters]) =>
		REFUSALS.flatMap((refusal) =>
			FORMS.map(
				(form) => [name, refusal.status, form.form, path, parameters, refusal, form] as const,
			),
		),
	);
	it.each(cases)(
		'%s, HTTP %s as %s',
		async (_name, status, _form, path, parameters, refusal, form) => {
			await fx.control.addFault({
				pathPattern: path,
				...form.spec(status),
				count: READ_ATTEMPTS + 1,
			});
			const result = await fx.run(parameters());

			expect(result.error?.message).toBe(form.message(status));
			expect(result.error?.description).toContain(refusal.says);
			if (status === 404)
				expect(result.error?.description).toContain(`The path does not exist at ${fx.sandbox.url}`);
			expect(result.error?.description).not.toContain('may or may not have applied');
			expect(result.error?.message).not.toMatch(/error unknown|no message/);
			// An answer, not a transient fault: one request, whatever the kind of operation.
			expect(on(result.requests, path)).toHaveLength(1);
			expect(result.items).toEqual([]);
		},
	);
});

describe('502, 503 and 504 without an envelope: the service is probably temporarily unavailable', () => {
	const cases = OPERATIONS.flatMap(([name, kind, path, parameters]) =>
		[502, 503, 504].flatMap((status) =>
			FORMS.map((form) => [name, status, form.form, kind, path, parameters, form] as const),
		),
	);
	it.each(cases)(
		'%s, HTTP %s as %s',
		async (_name, status, _form, kind, path, parameters, form) => {
			await fx.control.addFault({
				pathPattern: path,
				...form.spec(status),
				count: READ_ATTEMPTS + 1,
			});
			const result = await fx.run(parameters());

			const attempts = kind === 'read' ? READ_ATTEMPTS : 1;
			expect(result.error?.message).toBe(
				`${form.message(status)}${attempts > 1 ? ` (tried ${attempts} times)` : ''}`,
			);
			expect(result.error?.description).toContain(
				'probably temporarily unavailable (an outage or maintenance)',
			);
			expect(result.error?.description).not.toContain('Base URL');
			if (kind === 'write')
				expect(result.error?.description).toContain('may or may not have applied it');
			expect(on(result.requests, path)).toHaveLength(attempts);
		},
	);
});

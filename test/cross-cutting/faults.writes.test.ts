/**
 * Faults on every kind of write (create, update, delete, import, start, pause): whatever the server
 * or the network does, the user gets a clear error with the HTTP status or the vendor code, the
 * write is sent exactly once (the sandbox's log), and the sandbox's state shows it applied at most
 * once: not at all when the fault replaced the answer, exactly once when the answer was lost after
 * the write (a delay past the timeout, a connection reset after the handler ran). The one exception
 * is HTTP 429: the API refused the write before applying it, so it is sent again after the
 * Retry-After, as a read is, and applied exactly once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { VENDOR_CODE_HELP } from '../../nodes/ContactCenter/transport/errors';
import type { FaultSpec, TaskStatus, TenantStateDump } from '../sandbox/types';
import {
	APP_ID,
	BARE_FORMS,
	PATHS,
	envelopeFault,
	expectBareAdvice,
	faultMessage,
	importParameters,
	on,
	phone,
	rl,
	taskCreateParameters,
	transientFaults,
	useFixture,
} from './support';

const fx = useFixture({ timeoutSeconds: 1 });

interface Prepared {
	parameters: INodeParameters;
	items?: IDataObject[];
	/** The value of the sandbox's state that the write changes. */
	read: (state: TenantStateDump) => unknown;
}

interface WriteOp {
	name: string;
	path: string;
	/** The vendor code the envelope fault answers with, one the spec lists for this endpoint. */
	vendorCode?: string;
	/** That value once the write applied exactly once, and while it has not. */
	states: [unknown, unknown];
	/** Seeds what the write needs. */
	prepare(): Promise<Prepared>;
}

const seedTask = async (status: TaskStatus, totalCount?: number) =>
	(await fx.control.seedTasks({ appId: APP_ID, tasks: [{ status, totalCount }] }))[0];
const onTask = async (operation: string, status: TaskStatus): Promise<Prepared> => {
	const taskId = await seedTask(status, 5);
	return {
		parameters: { resource: 'callTask', operation, taskId: rl(taskId) },
		read: (s) => s.tasks.find((t) => t.id === taskId)?.status,
	};
};

const PROBE = { customerName: 'Fault Probe', mobile: { values: [{ value: '13912345678' }] } };

const OPERATIONS: WriteOp[] = [
	{
		name: 'customer create',
		path: PATHS.crmAdd,
		states: [1, 0],
		prepare: async () => ({
			parameters: { resource: 'customer', operation: 'create', ...PROBE },
			read: (s) => s.customers.filter((c) => c.customerName === PROBE.customerName).length,
		}),
	},
	{
		name: 'call task create',
		path: PATHS.taskCreate,
		vendorCode: '803',
		states: [1, 0],
		prepare: async () => {
			const agents = [{ agentType: 'voicebot' as const, publishStatus: 'PUBLISHED' as const }];
			const [agentId] = await fx.control.seedAgents({ appId: APP_ID, agents });
			const [groupId] = await fx.control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
			return {
				parameters: taskCreateParameters(agentId, groupId, 'Fault task'),
				read: (s) => s.tasks.filter((t) => t.taskName === 'Fault task').length,
			};
		},
	},
	{
		name: 'customer update',
		path: PATHS.crmUpdate,
		states: ['After', 'Before'],
		prepare: async () => {
			const customers = [{ customerName: 'Before' }];
			const [id] = await fx.control.seedCustomers({ appId: APP_ID, customers });
			const update = { customerId: rl(id), updateFields: { customerName: 'After' } };
			return {
				parameters: { resource: 'customer', operation: 'update', ...update },
				read: (s) => s.customers.find((c) => c._id === id)?.customerName,
			};
		},
	},
	{
		name: 'service group update',
		path: PATHS.groupUpdate,
		states: ['After', 'Before'],
		prepare: async () => {
			const groups = [{ name: 'Before' }];
			const [queueNumber] = await fx.control.seedServiceGroups({ appId: APP_ID, groups });
			const update = { queueNumber: rl(queueNumber), updateFields: { name: 'After' } };
			return {
				parameters: { resource: 'serviceGroup', operation: 'update', ...update },
				read: (s) => s.serviceGroups.find((g) => g.queueNumber === queueNumber)?.name,
			};
		},
	},
	{
		name: 'customer delete',
		path: PATHS.crmDelete,
		states: [false, true],
		prepare: async () => {
			const customers = [{ customerName: 'Doomed' }];
			const [id] = await fx.control.seedCustomers({ appId: APP_ID, customers });
			return {
				parameters: { resource: 'customer', operation: 'delete', customerId: rl(id) },
				read: (s) => s.customers.some((c) => c._id === id),
			};
		},
	},
	{
		name: 'display-number group delete',
		path: PATHS.numberGroupDelete,
		states: [false, true],
		prepare: async () => {
			const [id] = await fx.control.seedDisplayNumberGroups({ appId: APP_ID, count: 1 });
			return {
				parameters: { resource: 'displayNumberGroup', operation: 'delete', groupId: rl(id) },
				read: (s) => s.displayNumberGroups.some((g) => g.id === id),
			};
		},
	},
	{
		name: 'call task import (25 rows)',
		path: PATHS.taskImport,
		vendorCode: '809',
		states: [
			[25, 1],
			[0, 0],
		],
		prepare: async () => {
			const taskId = await seedTask('draft');
			return {
				parameters: importParameters(taskId),
				items: Array.from({ length: 25 }, (_, i) => ({ phone: phone(i) })),
				read: (s) => {
					const task = s.tasks.find((t) => t.id === taskId);
					return [task?.importedCustomers, task?.importBatchIds?.length];
				},
			};
		},
	},
	{
		name: 'call task start',
		path: PATHS.taskOperate,
		vendorCode: '806',
		states: ['running', 'draft'],
		prepare: async () => await onTask('start', 'draft'),
	},
	{
		name: 'call task pause',
		path: PATHS.taskOperate,
		vendorCode: '807',
		states: ['pause', 'running'],
		prepare: async () => await onTask('pause', 'running'),
	},
];

/** Asserts the sandbox's state: the write applied exactly once (true) or not at all (false). */
async function expectApplied(op: WriteOp, prepared: Prepared, applied: boolean): Promise<void> {
	const state = prepared.read(await fx.control.getState(APP_ID));
	expect(state).toEqual(op.states[applied ? 0 : 1]);
}

interface WriteFault {
	label: string;
	/** Sent with count 3: a retry, if there were one, would meet the fault again. */
	spec: Omit<FaultSpec, 'pathPattern' | 'count'>;
	/** Default: faultMessage(spec). */
	message?: (vendorCode: string, baseUrl: string) => string;
	/** The sandbox's handler ran before the answer was lost. */
	applied?: true;
	/** The user is told the outcome (refused), not that it is unknown (check before running again). */
	known?: true;
	httpCode?: string;
}

const UNKNOWN = 'may or may not have applied it';
const ENVELOPE_MESSAGE = 'vendor refused this request';

const FAULTS: WriteFault[] = [
	// Statuses without an envelope: 401, 403 and 404 are refusals (nothing applied, and the user is
	// told so); a 5xx leaves the outcome unknown.
	...[401, 403, 404, 500, 502, 503, 504].flatMap((status) =>
		BARE_FORMS.map(
			(form): WriteFault => ({
				label: `HTTP ${status} as ${form.form}`,
				spec: form.spec(status),
				known: status < 500 ? true : undefined,
				httpCode: String(status),
			}),
		),
	),
	{
		label: 'a delay past the timeout (the write happened, the answer came too late)',
		spec: { kind: 'delay', delayMs: 1500 },
		applied: true,
		message: () => 'The request timed out',
	},
	// A truncated body and one that is not JSON: HTTP 200, the outcome unknown.
	...transientFaults(0)
		.filter(([, spec]) => spec.kind === 'truncated' || spec.kind === 'nonjson')
		.map(([label, spec]): WriteFault => ({ label, spec, httpCode: '200' })),
	{
		label: 'a connection reset after the write',
		spec: { kind: 'reset', runHandler: true },
		applied: true,
		message: (_code, baseUrl) => `Could not reach the Contact Center API at ${baseUrl}`,
	},
	{
		label: 'an envelope error (vendor code)',
		// The operation's vendor code and ENVELOPE_MESSAGE (envelopeFault) are set per case.
		spec: { kind: 'envelope' },
		message: (vendorCode) => `Contact Center error ${vendorCode}: ${ENVELOPE_MESSAGE}`,
		known: true,
	},
];

beforeEach(async () => {
	await fx.control.reset();
});

const cases = OPERATIONS.flatMap((op) =>
	FAULTS.map((fault) => [op.name, fault.label, op, fault] as const),
);

describe('every write kind under every fault: one request, a clear error, applied at most once', () => {
	it.each(cases)('%s, %s', async (_name, _label, op, fault) => {
		const prepared = await op.prepare();
		// The CRM's endpoints all list 00000400 (a parameter error).
		const { vendorCode = '00000400' } = op;
		const spec: FaultSpec = { pathPattern: op.path, ...fault.spec, count: 3 };
		if (spec.kind === 'envelope') Object.assign(spec, envelopeFault(vendorCode, ENVELOPE_MESSAGE));
		await fx.control.addFault(spec);

		const result = await fx.run(prepared.parameters, { items: prepared.items });

		// The user's error: what happened, with the status or vendor code.
		expect(result.status).toBe('error');
		const message = fault.message?.(vendorCode, fx.sandbox.url) ?? faultMessage(fault.spec);
		// A per-item write names its item; the import's request carries many items (its description lists them).
		const named = op.path === PATHS.taskImport ? '' : ' [item 0]';
		expect(result.error?.message).toBe(`${message}${named}`);
		const description = String(result.error?.description ?? '');
		if (fault.known) expect(description).not.toContain(UNKNOWN);
		else expect(description).toContain(UNKNOWN);
		if (fault.httpCode) expect(result.error?.httpCode).toBe(fault.httpCode);
		if (spec.status) expectBareAdvice(description, spec.status, fx.sandbox.url);
		if (spec.kind === 'envelope') {
			expect(result.error?.context?.vendorCode).toBe(vendorCode);
			expect(description).toContain(VENDOR_CODE_HELP[vendorCode]);
		}
		// An import applied before its answer was lost: the error never claims that nothing was imported.
		if (op.path === PATHS.taskImport && fault.applied) {
			expect(description).not.toContain('nothing was imported');
			expect(description).toContain('No earlier import request of this run had gone through.');
		}

		// Never repeated: exactly one request reached the sandbox, the faulted one, and nothing after it.
		expect(result.requests).toHaveLength(1);
		expect(on(result.requests, op.path)).toHaveLength(1);
		expect(result.requests[0].signatureValid).toBe(true);
		if (spec.kind !== 'envelope') expect(result.requests[0].fault).toBe(spec.kind);
		else expect(String(result.requests[0].code)).toBe(vendorCode);

		// And the state shows the write applied at most once.
		await expectApplied(op, prepared, fault.applied === true);
	});
});

describe('the same writes without a fault apply exactly once (the checks above can tell)', () => {
	it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
		const prepared = await op.prepare();
		const result = await fx.ok(prepared.parameters, { items: prepared.items });
		expect(on(result.requests, op.path)).toHaveLength(1);
		await expectApplied(op, prepared, true);
	});
});

describe('a write answered HTTP 429 was refused before it was applied: sent again, applied exactly once', () => {
	it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
		const prepared = await op.prepare();
		await fx.control.addFault({
			pathPattern: op.path,
			kind: 'status',
			status: 429,
			retryAfterSeconds: 0,
			count: 1,
		});
		const result = await fx.ok(prepared.parameters, { items: prepared.items });
		expect(on(result.requests, op.path).map((r) => r.httpStatus)).toEqual([429, 200]);
		await expectApplied(op, prepared, true);
	});

	it('answered 429 every time, a write is sent 4 times and fails saying the tenant is rate limited', async () => {
		const op = OPERATIONS[0];
		const prepared = await op.prepare();
		await fx.control.addFault({
			pathPattern: op.path,
			kind: 'status',
			status: 429,
			retryAfterSeconds: 0,
			count: 10,
		});
		const result = await fx.run(prepared.parameters, { items: prepared.items });
		expect(result.error?.message).toBe(
			'The Contact Center API answered HTTP 429 (tried 4 times) [item 0]',
		);
		const description = String(result.error?.description);
		expect(description).toContain('rate limiting this tenant: lower Options → Parallel Requests');
		expect(description).not.toContain(UNKNOWN);
		expect(on(result.requests, op.path)).toHaveLength(4);
		await expectApplied(op, prepared, false);
	});
});

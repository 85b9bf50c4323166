/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The app secret never leaves the signing function. The harness already checks every call's items,
 * errors, logs, static data and requests; this file runs a representative slice of the package
 * (credential test, dropdowns, reads, writes, imports, vendor errors, transport faults, a wrong
 * secret, continue-on-fail items, validation errors, a trigger poll) with a recognisable secret and
 * then also searches what the harness does not see: everything the sandbox logged (every header
 * and body it received, its state), everything printed to the console or to stdout/stderr while
 * the slice ran, and every snapshot file in the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { formatApiTime } from '../../nodes/ContactCenter/api/time';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { callMethod, poll, testCredential, type CredentialValues } from '../harness';
import { SignedClient } from '../sandbox/client';
import type { FaultSpec } from '../sandbox/types';
import { APP_ID, PATHS, SECRET, phone, rl, taskCreateParameters, useFixture } from './support';

const WRONG = `${SECRET}-but-wrong`;
const AGENTS = { resource: 'voiceAgent', operation: 'getAll', returnAll: true };
// The sandbox keeps its log across runs: the search covers every request of the file.
const fx = useFixture({ keepLog: true });

/** Everything printed while the slice runs: console methods and raw writes to stdout and stderr. */
const printed: string[] = [];
const restore: Array<() => void> = [];
/** While false, raw writes are recorded but not shown (the positive control prints nothing stray). */
let showWrites = true;

function capture(): void {
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		const text = (a: unknown) =>
			typeof a === 'string'
				? a
				: JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? `${v}` : v));
		const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			printed.push(args.map(text).join(' '));
		});
		restore.push(() => spy.mockRestore());
	}
	for (const stream of [process.stdout, process.stderr]) {
		const original = stream.write.bind(stream);
		stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
			printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
			return showWrites ? (original as (...a: unknown[]) => boolean)(chunk, ...rest) : true;
		}) as typeof stream.write;
		restore.push(() => {
			stream.write = original as typeof stream.write;
		});
	}
}

/** Files named like jest snapshots anywhere in the repository (node_modules and dist excluded). */
function snapshotFiles(dir: string, found: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		if (name === 'node_modules' || name === 'dist' || name === '.git') continue;
		const full = path.join(dir, name);
		const stat = statSync(full);
		if (stat.isDirectory()) snapshotFiles(full, found);
		else if (name.endsWith('.snap') || dir.endsWith('__snapshots__')) found.push(full);
	}
	return found;
}

const REPO = path.resolve(__dirname, '..', '..');
const searchAgents = async (values: CredentialValues) =>
	await callMethod({
		nodeType: ContactCenter,
		kind: 'listSearch',
		method: 'searchVoiceAgents',
		parameters: { resource: 'callTask', operation: 'create' },
		credentials: values,
	});
afterAll(async () => {
	for (const undo of restore.splice(0)) undo();
});

describe('the search itself can find a leak (positive controls)', () => {
	it('finds a string printed to the console, written to stdout, and received by the sandbox', async () => {
		capture();
		// eslint-disable-next-line no-console -- the positive control: a console line must be caught
		console.log('probe', 'POSITIVE-CONTROL-1');
		showWrites = false;
		try {
			process.stdout.write('POSITIVE-CONTROL-2\n');
		} finally {
			showWrites = true;
		}
		await new SignedClient(fx.sandbox.url, APP_ID, SECRET).post(PATHS.fieldList, {
			name: 'POSITIVE-CONTROL-3',
		});
		const all = printed.join('\n');
		expect(all).toContain('POSITIVE-CONTROL-1');
		expect(all).toContain('POSITIVE-CONTROL-2');
		expect(JSON.stringify(await fx.control.getLog())).toContain('POSITIVE-CONTROL-3');
		printed.length = 0;
		await fx.control.clearLog();
	});
});

describe('a representative slice of the package with a recognisable secret', () => {
	it('runs credential tests, dropdowns, reads, writes, imports, errors and faults', async () => {
		const { control, credentials, run, ok } = fx;
		await control.seedCustomers({
			appId: APP_ID,
			customers: [{ customerName: 'Existing', mobile: [{ value: '13700000000' }] }],
		});
		const agents = [{ agentType: 'voicebot' as const, publishStatus: 'PUBLISHED' as const }];
		const [agentId] = await control.seedAgents({ appId: APP_ID, agents });
		const [groupId] = await control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
		const tier = { field: 'tier', name: 'Tier', type: 'text' as const };
		await control.seedFields({ appId: APP_ID, fields: [tier] });
		const generate = { count: 20, from: '2026-03-01 00:00:00', to: '2026-03-01 01:00:00' };
		await control.injectRecords({ appId: APP_ID, channel: 'call', generate });

		// Saving the credential (right and wrong secret), and the editor's dropdowns.
		expect((await testCredential(credentials)).status).toBe('OK');
		expect((await testCredential({ ...credentials, appSecret: WRONG })).status).toBe('Error');
		expect((await searchAgents(credentials)).results.length).toBe(1);
		const method = { nodeType: ContactCenter, credentials };
		const customer = (operation: string) => ({ resource: 'customer', operation });
		const fields = { kind: 'loadOptions', method: 'getCustomerFields' } as const;
		await callMethod({ ...method, ...fields, parameters: customer('getAll') });
		const mapping = { kind: 'resourceMapping', method: 'getCustomerFieldMapping' } as const;
		await callMethod({ ...method, ...mapping, parameters: customer('create') });

		// Reads and writes that succeed.
		const created = await ok({
			...customer('create'),
			customerName: 'New',
			mobile: { values: [{ value: '13600000000' }] },
		});
		const id = String(created.items[0].json._id);
		const again = { customerName: 'Again', phone: '13700000000' };
		await ok({ ...customer('upsert'), ...again });
		await ok({ ...customer('get'), customerId: rl(id) });
		expect((await ok({ ...customer('getAll'), returnAll: true })).items).toHaveLength(2);
		const rename = { customerId: rl(id), updateFields: { customerName: 'Renamed' } };
		await ok({ ...customer('update'), ...rename });
		const window = { startTime: '2026-03-01T00:00:00', endTime: '2026-03-01T02:00:00' };
		const records = { resource: 'serviceRecord', operation: 'getAll', channel: 'call', ...window };
		expect((await ok({ ...records, returnAll: true })).items).toHaveLength(20);
		const task = await ok(taskCreateParameters(agentId, groupId));
		const taskId = String(task.items[0].json.taskId);
		const importing = { taskId: rl(taskId), customerNumber: '={{ $json.phone }}' };
		const rows = [0, 1, 2].map((i) => ({ phone: phone(i) }));
		await ok({ resource: 'callTask', operation: 'import', ...importing }, { items: rows });
		for (const operation of ['start', 'get', 'pause'])
			await ok({ resource: 'callTask', operation, taskId: rl(taskId) });

		const once = async (pathPattern: string, fault: Omit<FaultSpec, 'pathPattern'>) =>
			await control.addFault({ pathPattern, count: 1, ...fault });

		// The trigger: activation, a poll that emits, "Fetch Test Event", and a poll that fails.
		const staticData = {};
		const events = ['serviceNoteInsert', 'serviceNoteUpdate'];
		// Fail After Failed Polls 1: the call query's failure fails the poll (Channel All).
		const options = { startFrom: '2026-03-01T00:00:00', failAfterPolls: 1 };
		const parameters = { channel: 'all', events, options };
		const polling = { nodeType: ContactCenterTrigger, parameters, credentials, staticData };
		const pollAs = async (mode?: 'manual') =>
			await poll({ ...polling, timezone: 'Asia/Shanghai', mode });
		expect((await pollAs()).items).toHaveLength(20);
		const chat = formatApiTime(Date.now() - 60_000, 'Asia/Shanghai');
		await control.injectRecords({ appId: APP_ID, channel: 'im', records: [{ updateTime: chat }] });
		expect((await pollAs('manual')).items?.length).toBeGreaterThan(0);
		// Then a call before, and a call after, that chat: each channel's newest record, oldest first.
		const sample = async (secondsAgo: number) => {
			const call = formatApiTime(Date.now() - secondsAgo * 1000, 'Asia/Shanghai');
			const records = [{ updateTime: call }];
			await control.injectRecords({ appId: APP_ID, channel: 'call', records });
			const times = ((await pollAs('manual')).items ?? []).map(({ json }) => json.updateTime);
			expect(times).toEqual(secondsAgo > 60 ? [call, chat] : [chat, call]);
		};
		await sample(120);
		await sample(30);
		await once(PATHS.callRecords, { kind: 'status', status: 429, retryAfterSeconds: 0, count: 4 });
		expect((await pollAs()).error?.message).toMatch(/HTTP 429/);
		expect(JSON.stringify(staticData)).not.toContain(SECRET);

		// Failures: a vendor code, a server error on a write, a timeout on a read, a wrong secret,
		// continue-on-fail error items, a validation error.
		const failure = async (parameters: INodeParameters) => (await run(parameters)).error?.message;
		await once(PATHS.taskOperate, { kind: 'envelope', envelopeCode: 806 });
		const start = { resource: 'callTask', operation: 'start', taskId: rl(taskId) };
		expect(await failure(start)).toMatch(/^Contact Center error 806/);
		await once(PATHS.crmAdd, { kind: 'status', status: 500 });
		expect(await failure({ ...customer('create'), customerName: 'Fails' })).toMatch(/HTTP 500/);
		await once(PATHS.agentQuery, { kind: 'delay', delayMs: 1200 });
		await ok(AGENTS);
		await once(PATHS.crmUpdate, { kind: 'delay', delayMs: 1200 });
		const update = { ...customer('update'), customerId: rl(id), updateFields: { owner: 'u1' } };
		expect(await failure(update)).toMatch(/timed out/);
		const wrong = await run(AGENTS, { credentials: { ...credentials, appSecret: WRONG } });
		expect(wrong.error?.message).toMatch(/^Contact Center error 400/);
		const continued = await run(
			{ resource: 'customer', operation: 'get', customerId: rl('={{ $json.id }}') },
			{ items: [{ id: '' }, { id: 'missing-id' }], continueOnFail: true },
		);
		expect(continued.items.map((i) => typeof i.json.error)).toEqual(['string', 'string']);
		await ok({ resource: 'customer', operation: 'delete', customerId: rl(id) });
		const tooLong = taskCreateParameters(agentId, groupId, 'x'.repeat(51));
		expect(await failure({ ...tooLong, maxConcurrency: 1, callWindows: {} })).toMatch(
			/^Invalid input/,
		);
	}, 30_000);

	it('the secret is in nothing the sandbox logged or holds', async () => {
		const log = await fx.control.getLog();
		expect(log.length).toBeGreaterThanOrEqual(25);
		// Every request was signed with it, so it was really in use.
		expect(log.filter((entry) => entry.signatureValid).length).toBeGreaterThan(20);
		for (const entry of log) {
			expect(JSON.stringify(entry.headers)).not.toContain(SECRET);
			expect(entry.rawBody).not.toContain(SECRET);
		}
		expect(JSON.stringify(log)).not.toContain(SECRET);
		expect(JSON.stringify(await fx.control.getState(APP_ID))).not.toContain(SECRET);
		expect(JSON.stringify(await fx.control.listFaults())).not.toContain(SECRET);
	});

	it('the secret was never printed to the console, stdout or stderr', () => {
		const all = printed.join('\n');
		expect(all).not.toContain(SECRET);
		// Nor a recognisable part of it (a truncated or quoted copy).
		expect(all).not.toContain(SECRET.slice(7, 27));
	});

	it('no snapshot file in the repository holds it', () => {
		const files = snapshotFiles(REPO);
		for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
		// The search really walked the repository: this file was seen on the way.
		expect(existsSync(path.join(REPO, 'test', 'cross-cutting', 'secrets.test.ts'))).toBe(true);
	});
});

describe('a Base URL with a user name and password (https://user:secret@host)', () => {
	const PASSWORD = ['USERINFO', 'canary', '3b8e51f0'].join('-');

	it('is refused before any request by the credential test, the nodes, the dropdowns and the trigger, and never echoed', async () => {
		const withUserinfo = {
			...fx.credentials,
			baseUrl: fx.sandbox.url.replace('http://', `http://cc-user:${PASSWORD}@`),
		};
		const shown = fx.sandbox.url.replace('http://', 'http://***@');
		await fx.control.clearLog();
		const printedBefore = printed.length;

		const tested = await testCredential(withUserinfo);
		const read = await fx.run(AGENTS, { credentials: withUserinfo });
		const ada = { resource: 'customer', operation: 'create', customerName: 'Ada' };
		const write = await fx.run(ada, { credentials: withUserinfo });
		const dropdown = await searchAgents(withUserinfo).then(
			() => undefined,
			(error: unknown) => error as Error & { description?: string },
		);
		const polled = await poll({
			nodeType: ContactCenterTrigger,
			parameters: { channel: 'all', events: ['serviceNoteInsert'] },
			credentials: withUserinfo,
			timezone: 'Asia/Shanghai',
		});

		const message = `The credential's Base URL (${shown}) contains a user name and password`;
		expect(tested.status).toBe('Error');
		expect(tested.message.startsWith(`${message}. Remove the "user:password@" part`)).toBe(true);
		// The node's errors name the item they stopped at; the dropdown's and the trigger's have none.
		for (const error of [read.error, write.error])
			expect(error?.message).toBe(`${message} [item 0]`);
		for (const error of [dropdown, polled.error]) expect(error?.message).toBe(message);
		expect(read.error?.description).toContain('fix its Base URL');

		const exposed = (e?: { message: string; description?: string | null }) =>
			e && { message: e.message, description: e.description };
		const everything = JSON.stringify({
			tested,
			results: [read, write, polled].map((r) => ({ error: exposed(r.error), logs: r.logs })),
			dropdown: exposed(dropdown),
			printed: printed.slice(printedBefore),
		});
		expect(everything).toContain('***@');
		expect(everything).not.toContain(PASSWORD);
		// Nothing was sent: the sandbox received no request at all.
		expect(await fx.control.getLog()).toEqual([]);
	});
});

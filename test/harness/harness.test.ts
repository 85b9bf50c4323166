/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code, not shipped */
/**
 * The harness's own behaviour on a probe node. What the real node shows through it is asserted there:
 * per-item expressions (customer.write), node and HTTP errors (faults.*), continue on fail, n8n's
 * required-parameter check (callTask.create), cancelling (parallel), the credential test
 * (transport/connection, secrets). Every call also checks the secret appears nowhere (secret-guard).
 */
import { useSandbox } from '../sandbox/fixture';
import { ApiProbe, GROUP_LIST_PATH, HarnessGroupsTrigger } from './fixtures/ApiProbe.node';

import { callMethod, poll, runNode, staticDataKeyOf, type CredentialValues } from './index';

const APP_ID = '7001';
const APP_SECRET = 'harness-secret-7001';

const sandbox = useSandbox({ tenants: [{ appId: APP_ID, appSecret: APP_SECRET }] });
const { control } = sandbox;
let credentials: CredentialValues;
let queueNumbers: string[];

beforeEach(async () => {
	credentials = sandbox.credentials({ appId: APP_ID, appSecret: APP_SECRET });
	await control.reset();
	queueNumbers = await control.seedServiceGroups({
		appId: APP_ID,
		groups: [{ name: 'Sales' }, { name: 'Support' }],
	});
});

/** Polls the probe trigger with the right secret unless `options` says otherwise. */
const pollGroups = async (options: Partial<Parameters<typeof poll>[0]> = {}) =>
	await poll({ nodeType: HarnessGroupsTrigger, parameters: {}, credentials, ...options });
/** Runs the probe node with the right secret unless `options` says otherwise. */
const runGroups = async (options: Partial<Parameters<typeof runNode>[0]> = {}) =>
	await runNode({ nodeType: ApiProbe, parameters: {}, credentials, ...options });
/** What the probe node logged (at info) for each item it ran. */
const probeLogs = ({ logs }: Awaited<ReturnType<typeof runNode>>) =>
	logs
		.filter((log) => log.level === 'info' && log.message === 'api probe sent its request')
		.map((log) => log.meta);

describe('runNode', () => {
	it('runs the node in a real execution whose requests arrive signed and valid', async () => {
		const result = await runGroups({ items: [{ n: 1 }, { json: { n: 2 } }], sandbox: control });

		expect(result.error).toBeUndefined();
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(2);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json.data).toEqual([
			expect.objectContaining({ name: 'Sales', queueNumber: queueNumbers[0] }),
			expect.objectContaining({ name: 'Support', queueNumber: queueNumbers[1] }),
		]);
		expect(result.outputs).toEqual([result.items]);

		expect(result.requests).toHaveLength(2);
		// Header formats: transport.test. Here: signed by the credential, valid, answered.
		for (const request of result.requests) {
			expect(request).toMatchObject({ method: 'POST', path: GROUP_LIST_PATH, appId: APP_ID });
			expect(request).toMatchObject({ signatureValid: true, httpStatus: 200 });
			expect(request.authError).toBeUndefined();
		}
		// authenticate runs per request: a fresh nonce each time
		expect(result.requests[0].headers.nonce).not.toBe(result.requests[1].headers.nonce);
	});

	it('gives the node its version, the workflow timezone, a cancel signal and a logger', async () => {
		const latest = await runGroups({ timezone: 'Asia/Tokyo', typeVersion: 2 });
		// Without a version the node runs as a workflow saved before any version bump has it.
		const first = await runGroups({ nodeType: new ApiProbe() });

		expect(probeLogs(latest)).toEqual([
			{ itemIndex: 0, timezone: 'Asia/Tokyo', typeVersion: 2, cancelSignal: true },
		]);
		expect(probeLogs(first)[0]).toMatchObject({ typeVersion: 1, timezone: 'America/New_York' });
		// n8n-core's own engine logs come through LoggerProxy into the same capture
		expect(latest.logs).toContainEqual(
			expect.objectContaining({ level: 'debug', message: 'Workflow execution started' }),
		);
	});

	it('keeps the logs of overlapping runs apart', async () => {
		const [tokyo, paris] = await Promise.all([
			runGroups({ items: [{}, {}, {}], timezone: 'Asia/Tokyo' }),
			runGroups({ items: [{}, {}], timezone: 'Europe/Paris' }),
		]);

		expect(probeLogs(tokyo)).toEqual(
			[0, 1, 2].map((itemIndex) => expect.objectContaining({ itemIndex, timezone: 'Asia/Tokyo' })),
		);
		expect(probeLogs(paris)).toEqual(
			[0, 1].map((itemIndex) => expect.objectContaining({ itemIndex, timezone: 'Europe/Paris' })),
		);
	});

	it('reports a node without credentials the way n8n does', async () => {
		const result = await runNode({ nodeType: ApiProbe, parameters: {} });

		expect(result.error).toMatchObject({ message: 'Node does not have any credentials set' });
	});

	it('does not run the node on zero input items, as n8n does not', async () => {
		const result = await runGroups({ items: [], sandbox: control });

		expect(result).toMatchObject({ items: [], outputs: [], requests: [] });
		expect(result.error).toBeUndefined();
	});
});

describe('poll', () => {
	it('emits new records and keeps its static data across polls', async () => {
		const staticData = {};
		const first = await pollGroups({ staticData, sandbox: control });

		expect(first.error).toBeUndefined();
		expect(first.items?.map((item) => item.json.name)).toEqual(['Sales', 'Support']);
		expect(first.staticData).toBe(staticData);
		expect(first.nodeStaticData).toEqual({ seen: queueNumbers });
		expect(staticData).toEqual({ [staticDataKeyOf(HarnessGroupsTrigger)]: { seen: queueNumbers } });
		expect(first.requests.map((request) => request.signatureValid)).toEqual([true]);

		const second = await pollGroups({ staticData });
		expect(second.items).toBeNull();

		const [added] = await control.seedServiceGroups({
			appId: APP_ID,
			groups: [{ name: 'Billing' }],
		});
		const third = await pollGroups({ staticData });
		expect(third.items?.map((item) => item.json.queueNumber)).toEqual([added]);
		expect(third.nodeStaticData).toEqual({ seen: [...queueNumbers, added] });
	});

	it('passes mode, activation, poll budget and timezone to the node', async () => {
		const result = await pollGroups({ pollBudgetMs: 1234, timezone: 'Europe/Berlin' });

		expect(result.logs).toContainEqual({
			level: 'debug',
			message: 'harness fixture poll',
			meta: {
				mode: 'trigger',
				activation: 'activate',
				pollBudgetMs: 1234,
				timezone: 'Europe/Berlin',
			},
		});
	});

	it('manual mode runs the trigger as n8n does for "Fetch Test Event"', async () => {
		const staticData = { [staticDataKeyOf(HarnessGroupsTrigger)]: { seen: ['1'] } };
		const before = structuredClone(staticData);

		const result = await pollGroups({ staticData, mode: 'manual' });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: expect.objectContaining({ name: 'Sales', mode: 'manual' }), pairedItem: { item: 0 } },
		]);
		expect(staticData).toEqual(before);
		expect(result.logs).toContainEqual(
			expect.objectContaining({
				meta: expect.objectContaining({ mode: 'manual', activation: 'manual' }),
			}),
		);
	});

	it('reports a failing poll as its error, with nothing emitted', async () => {
		const staticData = {};
		const result = await pollGroups({
			credentials: { ...credentials, appSecret: 'not-the-secret' },
			staticData,
		});

		expect(result.items).toBeNull();
		expect(result.error?.message).toMatch(/^Contact Center error 00000400: /);
		expect(staticData).toEqual({});
	});
});

describe('callMethod', () => {
	it('runs a loadOptions method in n8n-core LoadOptionsContext', async () => {
		await control.clearLog();

		const options = await callMethod({
			nodeType: ApiProbe,
			kind: 'loadOptions',
			method: 'getGroups',
			parameters: {},
			credentials,
		});

		expect(options).toEqual([
			{ name: 'Sales', value: queueNumbers[0] },
			{ name: 'Support', value: queueNumbers[1] },
		]);
		const log = await control.getLog();
		expect(log.map((entry) => [entry.path, entry.signatureValid])).toEqual([
			[GROUP_LIST_PATH, true],
		]);
	});

	it('fails clearly for a method the node does not have', async () => {
		await expect(
			callMethod({
				nodeType: ApiProbe,
				kind: 'listSearch',
				method: 'nope',
				parameters: {},
				credentials,
			}),
		).rejects.toThrow('Node type has no listSearch method "nope"');
	});
});

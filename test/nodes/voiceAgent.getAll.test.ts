import type { IDataObject } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, nodeRunner, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';

// One tenant with exactly 1,100 agents (paging), one with a few named ones.
const MANY = { appId: '3090', appSecret: 'many-secret' };
const FEW = { appId: '1090', appSecret: 'demo-secret' };
const AGENT_PATH = '/openapi/agent/web/v1/agent/query';

const sandbox = useSandbox({ tenants: [{ ...MANY }, { ...FEW }] });
const { control } = sandbox;
let statuses: Map<string, string>;

beforeAll(async () => {
	await control.seedAgents({ appId: MANY.appId, count: 1_100 });
	statuses = new Map(
		(await control.getState(MANY.appId)).agents.map((agent) => [agent.id, agent.publishStatus]),
	);
	await control.seedAgents({
		appId: FEW.appId,
		agents: [
			{
				id: '987654321098765432',
				name: 'Renewal reminder',
				publishStatus: 'PUBLISHED',
				description: 'Calls customers before renewal',
			},
			{ id: '987654321098765433', name: 'Renewal survey', publishStatus: 'NEVER_PUBLISHED' },
			{ id: '987654321098765434', name: 'Billing', publishStatus: 'OFFLINE' },
		],
	});
});

const defaults = {
	nodeType: ContactCenter,
	parameters: { resource: 'voiceAgent', operation: 'getAll' },
};
const getAll = nodeRunner(sandbox, MANY, defaults);
const getFew = nodeRunner(sandbox, FEW, defaults);

const bodies = (result: RunNodeResult) => result.requests.map((r) => r.body as IDataObject);

describe('voiceAgent getAll: POST /openapi/agent/web/v1/agent/query', () => {
	test('Return All reads 1,100 agents in exactly 3 signed pages of 500; 18-digit ids arrive as exact strings', async () => {
		const result = await getAll({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.method, r.path, r.signatureValid])).toEqual([
			['POST', AGENT_PATH, true],
			['POST', AGENT_PATH, true],
			['POST', AGENT_PATH, true],
		]);
		expect(bodies(result)).toEqual([
			{ pageNo: 1, pageSize: 500 },
			{ pageNo: 2, pageSize: 500 },
			{ pageNo: 3, pageSize: 500 },
		]);
		expect(result.items).toHaveLength(1_100);
		const ids = result.items.map((item) => item.json.id as string);
		expect(new Set(ids)).toEqual(new Set(statuses.keys()));
		expect(ids.every((id) => /^\d{18}$/.test(id))).toBe(true);
		expect(result.items[0]).toEqual({
			json: expect.objectContaining({
				name: expect.any(String),
				publishStatus: expect.any(String),
				version: expect.any(String),
			}),
			pairedItem: { item: 0 },
		});
	});

	test('Limit: one page of just that size', async () => {
		const result = await getAll({ limit: 20 });
		expect(bodies(result)).toEqual([{ pageNo: 1, pageSize: 20 }]);
		expect(result.items).toHaveLength(20);
	});

	test('Publish Status is filtered by the node over pages of 500, up to the limit', async () => {
		const neverPublished = [...statuses.values()].filter(
			(status) => status === 'NEVER_PUBLISHED',
		).length;
		const all = await getAll({ returnAll: true, filters: { publishStatus: ['NEVER_PUBLISHED'] } });
		expect(bodies(all)).toHaveLength(3);
		expect(all.items).toHaveLength(neverPublished);
		expect(all.items.every((item) => item.json.publishStatus === 'NEVER_PUBLISHED')).toBe(true);

		const five = await getAll({
			limit: 5,
			filters: { publishStatus: ['OFFLINE', 'NEVER_PUBLISHED'] },
		});
		expect(bodies(five)).toEqual([{ pageNo: 1, pageSize: 500 }]);
		expect(
			five.items
				.map((item) => item.json.publishStatus)
				.every((s) => s === 'OFFLINE' || s === 'NEVER_PUBLISHED'),
		).toBe(true);
		expect(five.items).toHaveLength(5);
	});

	test('Publish Status from an expression may be text; an unknown state sends nothing', async () => {
		const text = await getFew({
			returnAll: true,
			filters: { publishStatus: '={{ "OFFLINE, NEVER_PUBLISHED" }}' },
		});
		expect(text.items.map((item) => item.json.name)).toEqual(['Renewal survey', 'Billing']);
		const wrong = await getFew({
			returnAll: true,
			filters: { publishStatus: '={{ ["PUBLISHED", "LIVE"] }}' },
		});
		expect(wrong.requests).toEqual([]);
		expect(wrong.error?.message).toBe(
			'Invalid input [item 0]: "Filters → Publish Status" must be one of NEVER_PUBLISHED, OFFLINE, PUBLISHED (got "LIVE")',
		);
	});

	test('Name is sent to the API (fuzzy match there)', async () => {
		const result = await getFew({ returnAll: true, filters: { name: ' Renewal ' } });
		expect(bodies(result)).toEqual([{ pageNo: 1, pageSize: 500, name: 'Renewal' }]);
		expect(result.items.map((item) => [item.json.id, item.json.name])).toEqual([
			['987654321098765432', 'Renewal reminder'],
			['987654321098765433', 'Renewal survey'],
		]);
	});

	test('a read hit by an HTTP 503 is retried and succeeds', async () => {
		await control.addFault({
			pathPattern: AGENT_PATH,
			kind: 'status',
			status: 503,
			count: 1,
			retryAfterSeconds: 0,
		});
		const result = await getFew({ returnAll: true });
		expect(result.requests.map((r) => r.httpStatus)).toEqual([503, 200]);
		expect(result.items).toHaveLength(3);
	});

	test('an envelope failure (code 400) surfaces as a node error, or an error item with continueOnFail', async () => {
		await control.addFault({
			pathPattern: AGENT_PATH,
			kind: 'envelope',
			envelopeCode: 400,
			envelopeMessage: 'appId is empty',
			count: 2,
		});
		const failed = await getFew({ returnAll: true });
		expect(failed.requests).toHaveLength(1);
		expect(failed.error?.message).toBe('Contact Center error 400: appId is empty');
		const kept = await getFew({ returnAll: true }, { continueOnFail: true });
		expect(kept.items).toEqual([
			{
				json: expect.objectContaining({
					error: 'Contact Center error 400: appId is empty',
					code: '400',
				}),
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('voiceAgent picker: searchVoiceAgents', () => {
	const search = async (tenant: typeof MANY, filter?: string, paginationToken?: string) =>
		await callMethod({
			nodeType: ContactCenter,
			kind: 'listSearch',
			method: 'searchVoiceAgents',
			parameters: { resource: 'callTask', operation: 'create' },
			credentials: sandbox.credentials(tenant),
			filter,
			paginationToken,
		});

	test('names carry the publish state when not published; ids are exact', async () => {
		await control.clearLog();
		const found = await search(FEW, 'Renewal');
		expect(found).toEqual({
			results: [
				{
					name: 'Renewal reminder',
					value: '987654321098765432',
					description: 'Calls customers before renewal',
				},
				{ name: 'Renewal survey (never published)', value: '987654321098765433', description: '' },
			],
			paginationToken: undefined,
		});
		const [request] = await control.getLog();
		expect(request).toMatchObject({
			path: AGENT_PATH,
			signatureValid: true,
			body: { pageNo: 1, pageSize: 500, name: 'Renewal' },
		});
	});

	test('pages with a token', async () => {
		const first = await search(MANY);
		expect(first.results).toHaveLength(500);
		expect(first.paginationToken).toBe('2');
		const third = await search(MANY, undefined, '3');
		expect(third.results).toHaveLength(100);
		expect(third.paginationToken).toBeUndefined();
	});
});

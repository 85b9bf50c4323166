/**
 * Get Many of voice agents, caller-number groups (both paged by pageNo/pageSize up to 500, with a
 * picker) and customer fields (one unpaged list).
 */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import type { VoiceAgent } from '../sandbox/types';
import { bodies, envelopeFault, expectRefused, picker } from './run-checks';

// One tenant with exactly 1,100 agents and 1,100 caller-number groups (paging), one with a few named ones.
const MANY = { appId: '3090', appSecret: 'many-secret' };
const FEW = { appId: '1090', appSecret: 'demo-secret' };

const sandbox = useSandbox({ tenants: [{ ...MANY }, { ...FEW }] });
const { control } = sandbox;

beforeAll(async () => {
	await control.seedAgents({ appId: MANY.appId, count: 1_100 });
	await control.seedCallerNumberGroups({ appId: MANY.appId, count: 1_100 });
	const appId = FEW.appId;
	await control.seedAgents({ appId, agents: [...RENEWAL, { ...BILLING, id: ID.billing }] });
	await control.seedCallerNumberGroups({ appId, groups: [...HANGZHOU, BEIJING] });
	await control.seedFields({ appId, fields: [LEVEL, HOBBY, LEGACY] });
});

const ID = {
	reminder: '987654321098765432',
	survey: '987654321098765433',
	billing: '987654321098765434',
};
const BILLING: Partial<VoiceAgent> = { name: 'Billing', publishStatus: 'OFFLINE' };
const RENEWAL: Array<Partial<VoiceAgent>> = [
	{
		id: ID.reminder,
		name: 'Renewal reminder',
		publishStatus: 'PUBLISHED',
		description: 'Calls customers before renewal',
	},
	{ id: ID.survey, name: 'Renewal survey', publishStatus: 'NEVER_PUBLISHED' },
];
const HANGZHOU = [
	{
		id: '876543210987654321',
		groupName: 'Hangzhou numbers',
		status: 1,
		displayNumbers: '["057188880001"]',
	},
	{ id: '876543210987654322', groupName: 'Hangzhou backup', status: 0 },
];
const BEIJING = { id: '876543210987654323', groupName: 'Beijing numbers', status: 1 };
const choices = [{ key: 'gold', value: 'Gold', isDefault: false }];
const LEVEL = { field: 'level', name: 'Level', type: 'select', required: true, choices };
const HOBBY = { field: 'hobby', name: 'Hobby', type: 'text' };
const LEGACY = { field: 'legacy', name: 'Legacy level', type: 'text', status: 0 };

const runner = (tenant: typeof MANY, resource: string) =>
	nodeRunner(sandbox, tenant, {
		nodeType: ContactCenter,
		parameters: { resource, operation: 'getAll' },
	});
const pages = (...pageNos: number[]) => pageNos.map((pageNo) => ({ pageNo, pageSize: 500 }));

const PAGED = [
	{
		resource: 'voiceAgent',
		path: PATHS.agentQuery,
		method: 'searchVoiceAgents',
		ids: async () => (await control.getState(MANY.appId)).agents.map((a) => a.id),
		fields: ['name', 'publishStatus', 'version'],
		filter: { key: 'name', typed: ' Renewal ', sent: 'Renewal' },
		named: RENEWAL.map((a) => expect.objectContaining(a)),
		picked: [
			{
				name: 'Renewal reminder',
				value: ID.reminder,
				description: 'Calls customers before renewal',
			},
			{ name: 'Renewal survey (never published)', value: ID.survey, description: '' },
		],
	},
	{
		resource: 'callerNumberGroup',
		path: PATHS.callerGroupQuery,
		method: 'searchCallerNumberGroups',
		ids: async () => (await control.getState(MANY.appId)).callerNumberGroups.map((g) => g.id),
		fields: ['groupName', 'status'],
		filter: { key: 'groupName', typed: 'Hangzhou', sent: 'Hangzhou' },
		named: HANGZHOU.map((g) => expect.objectContaining(g)),
		picked: [
			{ name: 'Hangzhou numbers', value: '876543210987654321' },
			{ name: 'Hangzhou backup (disabled)', value: '876543210987654322' },
		],
	},
];

describe.each(PAGED)('$resource getAll and picker', (kind) => {
	const getMany = runner(MANY, kind.resource);
	const getFew = runner(FEW, kind.resource);
	const search = (tenant: typeof MANY) =>
		picker(sandbox, tenant, kind.method, { resource: 'callTask', operation: 'create' });

	test('Return All reads 1,100 in exactly 3 signed pages of 500; 18-digit ids arrive as exact strings', async () => {
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid])).toEqual(
			pages(1, 2, 3).map((body) => ['POST', kind.path, body, true]),
		);
		expect(result.items).toHaveLength(1_100);
		const ids = result.items.map((item) => item.json.id as string);
		expect(new Set(ids)).toEqual(new Set(await kind.ids()));
		expect(ids.every((id) => /^\d{18}$/.test(id))).toBe(true);
		expect(Object.keys(result.items[0].json)).toEqual(expect.arrayContaining(kind.fields));
		const pairs = new Set(result.items.map((item) => JSON.stringify(item.pairedItem)));
		expect(pairs).toEqual(new Set(['{"item":0}']));
	});

	test('the name filter is sent to the API (fuzzy match there)', async () => {
		const { key, typed, sent } = kind.filter;
		const result = await getFew({ returnAll: true, filters: { [key]: typed } });
		expect(bodies(result)).toEqual([{ ...pages(1)[0], [key]: sent }]);
		expect(result.items.map((item) => item.json)).toEqual(kind.named);
	});

	test('picker: names carry the state, ids are exact, the filter is sent; pages with a token', async () => {
		await control.clearLog();
		const { key, sent } = kind.filter;
		expect(await search(FEW)(sent)).toEqual({ results: kind.picked, paginationToken: undefined });
		expect((await control.getLog())[0]).toMatchObject({
			path: kind.path,
			signatureValid: true,
			body: { ...pages(1)[0], [key]: sent },
		});
		const tokens = [];
		for (const token of [undefined, '2', '3']) {
			const page = await search(MANY)(undefined, token);
			tokens.push([page.results.length, page.paginationToken]);
		}
		expect(tokens).toEqual([
			[500, '2'],
			[500, '3'],
			[100, undefined],
		]);
	});
});

describe('voiceAgent getAll: Publish Status and failures', () => {
	const getAll = runner(MANY, 'voiceAgent');
	const getFew = runner(FEW, 'voiceAgent');

	test('Publish Status is filtered by the node over pages of 500, up to the limit', async () => {
		const statuses = (await control.getState(MANY.appId)).agents.map((a) => a.publishStatus);
		const neverPublished = statuses.filter((status) => status === 'NEVER_PUBLISHED').length;
		const all = await getAll({ returnAll: true, filters: { publishStatus: ['NEVER_PUBLISHED'] } });
		expect(bodies(all)).toHaveLength(3);
		expect(all.items).toHaveLength(neverPublished);
		expect(all.items.every((item) => item.json.publishStatus === 'NEVER_PUBLISHED')).toBe(true);

		const filters = { publishStatus: ['OFFLINE', 'NEVER_PUBLISHED'] };
		const five = await getAll({ limit: 5, filters });
		expect(bodies(five)).toEqual(pages(1));
		expect(five.items).toHaveLength(5);
		expect(
			five.items.every((item) => filters.publishStatus.includes(item.json.publishStatus as string)),
		).toBe(true);
	});

	test('Publish Status from an expression may be text', async () => {
		const text = await getFew({
			returnAll: true,
			filters: { publishStatus: '={{ "OFFLINE, NEVER_PUBLISHED" }}' },
		});
		expect(text.items.map((item) => item.json.name)).toEqual(['Renewal survey', 'Billing']);
	});

	test('a read hit by an HTTP 503 is retried and succeeds', async () => {
		await control.addFault({
			pathPattern: PATHS.agentQuery,
			kind: 'status',
			status: 503,
			count: 1,
			retryAfterSeconds: 0,
		});
		const result = await getFew({ returnAll: true });
		expect(result.requests.map((r) => r.httpStatus)).toEqual([503, 200]);
		expect(result.items).toHaveLength(3);
	});
});

describe('customerField getAll: POST /openapi/crm/config/field/list', () => {
	const run = runner(FEW, 'customerField');
	const names = (result: RunNodeResult) => result.items.map((i) => i.json.field);

	test('Return All: one signed request with an empty body, one item per field (preset and custom); Limit cuts that answer', async () => {
		const result = await run({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid, r.code]),
		).toEqual([['POST', PATHS.crmFields, {}, true, '200']]);
		expect(names(result)).toEqual(
			expect.arrayContaining(['customerName', 'mobile', 'createTime', 'level', 'hobby', 'legacy']),
		);
		expect(result.items.find((i) => i.json.field === 'level')).toEqual({
			json: expect.objectContaining({ ...LEVEL, isSystem: false, status: 1 }),
			pairedItem: { item: 0 },
		});
		const limited = await run({ returnAll: false, limit: 3 });
		expect(limited.requests).toHaveLength(1);
		expect(names(limited)).toEqual(names(result).slice(0, 3));
	});

	test('filters are sent as the API takes them (the name trimmed) and the API filters', async () => {
		const filters = { category: ['custom'], enabled: true, editable: true };
		const typed = { ...filters, name: ' level ', type: 'select, text' };
		const result = await run({ returnAll: true, filters: typed });
		expect(bodies(result)).toEqual([{ ...filters, name: 'level', type: ['select', 'text'] }]);
		expect(names(result)).toEqual(['level']);
		const disabled = await run({ returnAll: true, filters: { enabled: false } });
		expect(bodies(disabled)).toEqual([{ enabled: false }]);
		expect(names(disabled)).toEqual(['legacy']);
	});
});

test.each([
	[
		'voiceAgent',
		{ publishStatus: '={{ ["PUBLISHED", "LIVE"] }}' },
		'"Filters → Publish Status" must be one of NEVER_PUBLISHED, OFFLINE, PUBLISHED (got "LIVE")',
	],
	[
		'customerField',
		{ category: '={{ ["preset"] }}' },
		'"Filters → Category" must be one of custom, system (got "preset")',
	],
])(
	'%s: a filter value outside its options is refused before sending',
	async (resource, filters, message) => {
		const result = await runner(FEW, resource)({ returnAll: true, filters });
		expectRefused(result, `Invalid input [item 0]: ${message}`);
	},
);

test.each([
	[PATHS.agentQuery, 'voiceAgent', 400, 'appId is empty'],
	[PATHS.crmFields, 'customerField', '00000400', 'app id parameter error'],
])(
	'%s (%s): an envelope failure surfaces as a node error, or an error item with continueOnFail',
	async (pathPattern, resource, envelopeCode, envelopeMessage) => {
		await control.addFault({
			...envelopeFault(pathPattern, envelopeCode, envelopeMessage),
			count: 2,
		});
		const run = runner(FEW, resource);
		const failed = await run({ returnAll: true });
		expect(failed.requests).toHaveLength(1);
		const message = `Contact Center error ${envelopeCode}: ${envelopeMessage} [item 0]`;
		expect(failed.error?.message).toBe(message);
		const kept = await run({ returnAll: true }, { continueOnFail: true });
		expect(kept.items).toEqual([
			{
				json: expect.objectContaining({ error: message, code: String(envelopeCode) }),
				pairedItem: { item: 0 },
			},
		]);
	},
);

/**
 * The sandbox of the Get Many tests of voice agents, caller-number groups (both paged by pageNo/pageSize
 * up to 500, with a picker) and customer fields (one unpaged list), and what the two paged lists share
 * (`pagedKind`, run per resource in test/nodes/voiceAgent/ and test/nodes/callerNumberGroup/).
 */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import type { VoiceAgent } from '../sandbox/types';
import { bodies, envelopeFault, picker } from './run-checks';

// One tenant with exactly 1,100 agents and 1,100 caller-number groups (paging), one with a few named ones.
export const MANY = { appId: '3090', appSecret: 'many-secret' };
export const FEW = { appId: '1090', appSecret: 'demo-secret' };

export const ID = {
	reminder: '987654321098765432',
	survey: '987654321098765433',
	billing: '987654321098765434',
};
export const BILLING: Partial<VoiceAgent> = { name: 'Billing', publishStatus: 'OFFLINE' };
export const RENEWAL: Array<Partial<VoiceAgent>> = [
	{
		id: ID.reminder,
		name: 'Renewal reminder',
		publishStatus: 'PUBLISHED',
		description: 'Calls customers before renewal',
	},
	{ id: ID.survey, name: 'Renewal survey', publishStatus: 'NEVER_PUBLISHED' },
];
export const HANGZHOU = [
	{
		id: '876543210987654321',
		groupName: 'Hangzhou numbers',
		status: 1,
		displayNumbers: '["057188880001"]',
	},
	{ id: '876543210987654322', groupName: 'Hangzhou backup', status: 0 },
];
export const BEIJING = { id: '876543210987654323', groupName: 'Beijing numbers', status: 1 };
const choices = [{ key: 'gold', value: 'Gold', isDefault: false }];
export const LEVEL = { field: 'level', name: 'Level', type: 'select', required: true, choices };
export const HOBBY = { field: 'hobby', name: 'Hobby', type: 'text' };
export const LEGACY = { field: 'legacy', name: 'Legacy level', type: 'text', status: 0 };

export function listsSandbox() {
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

	const runner = (tenant: typeof MANY, resource: string) =>
		nodeRunner(sandbox, tenant, {
			nodeType: ContactCenter,
			parameters: { resource, operation: 'getAll' },
		});
	return { sandbox, control, runner };
}

export const pages = (...pageNos: number[]) => pageNos.map((pageNo) => ({ pageNo, pageSize: 500 }));

/** What the two paged lists share, with each one's names: the one of `resource`. */
export function pagedKind(
	{ control }: ReturnType<typeof listsSandbox>,
	resource: 'voiceAgent' | 'callerNumberGroup',
) {
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
	return PAGED.filter((kind) => kind.resource === resource);
}

/** Get Many and the picker of both paged lists, run for `list`. */
export function pagedListTests(
	world: ReturnType<typeof listsSandbox>,
	list: 'voiceAgent' | 'callerNumberGroup',
): void {
	const { sandbox, control, runner } = world;
	const PAGED = pagedKind(world, list);

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
}

/** A list whose read the API refuses in its envelope: a node error, or an error item with continueOnFail. */
export function envelopeFailureTest(
	world: ReturnType<typeof listsSandbox>,
	pathPattern: string,
	resource: string,
	envelopeCode: string | number,
	envelopeMessage: string,
): void {
	const { control, runner } = world;
	test.each([[pathPattern, resource]])(
		'%s (%s): an envelope failure surfaces as a node error, or an error item with continueOnFail',
		async () => {
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
}

import type { IDataObject } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, nodeRunner, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const MANY = { appId: '4090', appSecret: 'many-secret' };
const FEW = { appId: '1090', appSecret: 'demo-secret' };
const GROUP_PATH = '/openapi/agent/web/v1/number/group/query';

const sandbox = useSandbox({ tenants: [{ ...MANY }, { ...FEW }] });
const { control } = sandbox;

beforeAll(async () => {
	await control.seedCallerNumberGroups({ appId: MANY.appId, count: 1_100 });
	await control.seedCallerNumberGroups({
		appId: FEW.appId,
		groups: [
			{
				id: '876543210987654321',
				groupName: 'Hangzhou numbers',
				status: 1,
				displayNumbers: '["057188880001"]',
			},
			{ id: '876543210987654322', groupName: 'Hangzhou backup', status: 0 },
			{ id: '876543210987654323', groupName: 'Beijing numbers', status: 1 },
		],
	});
});

const defaults = {
	nodeType: ContactCenter,
	parameters: { resource: 'callerNumberGroup', operation: 'getAll' },
};
const getAll = nodeRunner(sandbox, MANY, defaults);
const getFew = nodeRunner(sandbox, FEW, defaults);

const bodies = (result: RunNodeResult) => result.requests.map((r) => r.body as IDataObject);

describe('callerNumberGroup getAll: POST /openapi/agent/web/v1/number/group/query', () => {
	test('Return All reads 1,100 groups in exactly 3 signed pages of 500', async () => {
		const result = await getAll({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.every(
				(r) => r.path === GROUP_PATH && r.method === 'POST' && r.signatureValid,
			),
		).toBe(true);
		expect(bodies(result)).toEqual([
			{ pageNo: 1, pageSize: 500 },
			{ pageNo: 2, pageSize: 500 },
			{ pageNo: 3, pageSize: 500 },
		]);
		expect(result.items).toHaveLength(1_100);
		const expected = (await control.getState(MANY.appId)).callerNumberGroups.map(
			(group) => group.id,
		);
		expect(new Set(result.items.map((item) => item.json.id))).toEqual(new Set(expected));
		expect(result.items[1_099].pairedItem).toEqual({ item: 0 });
	});

	test('Limit and Group Name', async () => {
		const limited = await getAll({ limit: 7 });
		expect(bodies(limited)).toEqual([{ pageNo: 1, pageSize: 7 }]);
		expect(limited.items).toHaveLength(7);

		const named = await getFew({ returnAll: true, filters: { groupName: 'Hangzhou' } });
		expect(bodies(named)).toEqual([{ pageNo: 1, pageSize: 500, groupName: 'Hangzhou' }]);
		expect(named.items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				id: '876543210987654321',
				groupName: 'Hangzhou numbers',
				status: 1,
				displayNumbers: '["057188880001"]',
			}),
			expect.objectContaining({
				id: '876543210987654322',
				groupName: 'Hangzhou backup',
				status: 0,
			}),
		]);
	});
});

describe('callerNumberGroup picker: searchCallerNumberGroups', () => {
	test('disabled groups are marked; ids are exact; the filter is sent as groupName', async () => {
		await control.clearLog();
		const found = await callMethod({
			nodeType: ContactCenter,
			kind: 'listSearch',
			method: 'searchCallerNumberGroups',
			parameters: { resource: 'callTask', operation: 'create' },
			credentials: sandbox.credentials(FEW),
			filter: 'Hangzhou',
		});
		expect(found).toEqual({
			results: [
				{ name: 'Hangzhou numbers', value: '876543210987654321' },
				{ name: 'Hangzhou backup (disabled)', value: '876543210987654322' },
			],
			paginationToken: undefined,
		});
		expect((await control.getLog())[0]).toMatchObject({
			path: GROUP_PATH,
			body: { pageNo: 1, pageSize: 500, groupName: 'Hangzhou' },
		});
	});

	test('pages with a token', async () => {
		const page2 = await callMethod({
			nodeType: ContactCenter,
			kind: 'listSearch',
			method: 'searchCallerNumberGroups',
			parameters: { resource: 'callTask', operation: 'create' },
			credentials: sandbox.credentials(MANY),
			paginationToken: '2',
		});
		expect(page2.results).toHaveLength(500);
		expect(page2.paginationToken).toBe('3');
	});
});

import { cases, errB, okB, PATHS, TENANT_A, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;

describe.each([PATHS.agentQuery, PATHS.callerGroupQuery])('%s paging', (path) => {
	it.each(
		cases(`
		{"pageSize":10} | pageNo is required
		{"pageNo":1} | pageSize is required
		{"pageNo":0,"pageSize":10} | pageNo must be an integer greater than 0
		{"pageNo":1,"pageSize":0} | pageSize must be an integer from 1 to 500
		{"pageNo":1,"pageSize":501} | pageSize must be an integer from 1 to 500
		{"pageNo":1.5,"pageSize":10} | pageNo must be an integer
		{"pageNo":"1","pageSize":10} | pageNo must be an integer
		{"pageNum":1,"pageSize":10} | unknown parameter: pageNum
	`),
	)('refuses %j with code 400', async (body, message) => {
		errB(await sb.post(path, body), 400, message);
	});
});

describe('POST /openapi/agent/web/v1/agent/query', () => {
	it('pages {pageNum, pageSize, total, list, hasNext} with every agent field', async () => {
		await sb.control.seedAgents({ appId: APP, count: 7 });
		const first = okB(await sb.post(PATHS.agentQuery, { pageNo: 1, pageSize: 5 }));
		expect(first).toMatchObject({ pageNum: 1, pageSize: 5, total: 7, hasNext: true });
		expect(first.list).toHaveLength(5);
		expect(Object.keys(first.list[0])).toEqual(
			'id name answerSource description callInOut voice language wakeUpEnabled followUpInterval maxFollowUpCount publishStatus version createTime updateTime'.split(
				' ',
			),
		);
		const second = okB(await sb.post(PATHS.agentQuery, { pageNo: 2, pageSize: 5 }));
		expect(second).toMatchObject({ pageNum: 2, total: 7, hasNext: false });
		expect(second.list).toHaveLength(2);
		expect(okB(await sb.post(PATHS.agentQuery, { pageNo: 3, pageSize: 5 })).list).toEqual([]);
	});
});

describe('POST /openapi/agent/web/v1/number/group/query', () => {
	it('pages caller number groups; displayNumbers and defaultNumbers are strings holding JSON arrays', async () => {
		const hangzhou = {
			groupName: 'Hangzhou outbound',
			strategy: 'AREA_CODE' as const,
			displayNumbers: '["057188880001"]',
			defaultNumbers: '["4008001234"]',
			status: 0,
		};
		await sb.control.seedCallerNumberGroups({ appId: APP, count: 3, groups: [hangzhou] });
		const data = okB(await sb.post(PATHS.callerGroupQuery, { pageNo: 1, pageSize: 2 }));
		expect(data).toMatchObject({ pageNum: 1, pageSize: 2, total: 4, hasNext: true });
		expect(data.list[0]).toMatchObject({ ...hangzhou, strategyName: 'By home location' });
		for (const g of data.list) {
			expect(typeof g.displayNumbers).toBe('string');
			expect(Array.isArray(JSON.parse(g.displayNumbers))).toBe(true);
			expect([0, 1]).toContain(g.status);
		}
	});
});

it.each([
	[PATHS.agentQuery, 'name', 'RENEWAL', ['Renewal Reminder', 'renewal check']],
	[PATHS.agentQuery, 'name', '回访', ['售后回访']],
	[PATHS.agentQuery, 'name', '', ['Renewal Reminder', 'renewal check', '售后回访']],
	[PATHS.callerGroupQuery, 'groupName', '外呼', ['杭州外呼', '北京外呼']],
	[PATHS.callerGroupQuery, 'groupName', 'SHANG', ['Shanghai']],
])('%s matches %s %j fuzzily and case-insensitively', async (path, key, needle, expected) => {
	const names = ['Renewal Reminder', 'renewal check', '售后回访'];
	await sb.control.seedAgents({ appId: APP, agents: names.map((name) => ({ name })) });
	const groupNames = ['杭州外呼', '北京外呼', 'Shanghai'];
	const groups = groupNames.map((groupName) => ({ groupName }));
	await sb.control.seedCallerNumberGroups({ appId: APP, groups });
	const data = okB(await sb.post(path, { pageNo: 1, pageSize: 10, [key]: needle }));
	expect(data.list.map((row: Record<string, string>) => row[key])).toEqual(expected);
	expect(data.total).toBe(expected.length);
});

describe('big numbers (Java Long in envelope B)', () => {
	it('gives every generated Long id 18 digits above 2^53', async () => {
		await sb.control.seedAgents({ appId: APP, count: 20 });
		const res = await sb.post(PATHS.agentQuery, { pageNo: 1, pageSize: 20 });
		const literals = [...res.text.matchAll(/"id":(\d+)/g)].map((m) => m[1]);
		expect(literals).toHaveLength(20);
		for (const id of literals) {
			expect(id).toMatch(/^\d{18}$/);
			expect(BigInt(id) > 2n ** 53n).toBe(true);
			expect(String(JSON.parse(id))).not.toBe(id); // never ends in 0, so plain JSON.parse always loses it
		}
	});
});

/**
 * Call Task → Get Many.
 */
import type { INodeParameters } from 'n8n-workflow';

import { PATHS } from '../../sandbox/fixture';
import { bodies, expectInvalid } from '../run-checks';
import { callTasks, pages } from './fixture';

const { taskQuery: QUERY_PATH } = PATHS;
const { run, runMany, seedTasks } = callTasks();

describe('callTask getAll: POST /openapi/agent/web/v1/callTask/query', () => {
	test('Return All reads 1,200 tasks in exactly 3 pages of 500 (Output Raw: the API records)', async () => {
		const result = await runMany({ operation: 'getAll', returnAll: true, output: 'raw' });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.signatureValid, r.body])).toEqual(
			pages(3).map((body) => [QUERY_PATH, true, body]),
		);
		expect(result.items).toHaveLength(1_200);
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(1_200);
		expect(result.items.every((item) => /^\d{18}$/.test(item.json.id as string))).toBe(true);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const keys =
			'status totalCount completedCount connectedCount progressRate callStrategy retryStrategy';
		expect(Object.keys(result.items[0].json)).toEqual(expect.arrayContaining(keys.split(' ')));
	});

	test('Limit 700: the fewest pages (at most 500), each as small as that allows (one page: node/limit)', async () => {
		const many = await runMany({ operation: 'getAll', limit: 700 });
		expect(bodies(many)).toEqual(pages(2, 350));
		expect(many.items).toHaveLength(700);
	});

	test('filters go in `query`; dates become yyyy-MM-dd in the API zone', async () => {
		await seedTasks(
			{ taskName: 'Filter spring A', status: 'draft', createTime: '2026-03-01 09:00:00' },
			{ taskName: 'Filter spring B', status: 'done', createTime: '2026-03-02 23:30:00' },
			{ taskName: 'Filter summer', status: 'draft', createTime: '2026-06-01 09:00:00' },
		);
		const result = await run(
			{
				operation: 'getAll',
				returnAll: true,
				// 2026-03-01 17:00 in Los Angeles is 2026-03-02 09:00 in Shanghai.
				filters: {
					taskName: 'Filter',
					startDate: '2026-02-28',
					endDate: '2026-03-01T17:00:00',
					statusList: ['draft', 'done'],
				},
			},
			{ timezone: 'America/Los_Angeles' },
		);
		expect(result.error).toBeUndefined();
		expect(bodies(result)).toEqual([
			{
				pageNum: 1,
				pageSize: 500,
				query: {
					taskName: 'Filter',
					startDate: '2026-02-28',
					endDate: '2026-03-02',
					statusList: ['draft', 'done'],
				},
			},
		]);
		expect(result.items.map((item) => item.json.taskName).sort()).toEqual([
			'Filter spring A',
			'Filter spring B',
		]);
	});

	test.each<[string, INodeParameters]>([
		[
			'"Filters → Task Name" must be at most 50 characters (it has 51)',
			{ taskName: 'x'.repeat(51) },
		],
		[
			'"Filters → Created To" must not be earlier than Created From (2026-03-01 is before 2026-03-02',
			{ startDate: '2026-03-02', endDate: '2026-03-01' },
		],
		[
			'"Filters → Status" has "stopped", which is not a task state',
			{ statusList: '={{ ["running", "stopped"] }}' },
		],
		['"Filters → Created From" is not a date', { startDate: '={{ "last week" }}' }],
	])('invalid filter sends nothing: %s', async (message, filters) => {
		expectInvalid(await run({ operation: 'getAll', returnAll: true, filters }), message);
	});
});

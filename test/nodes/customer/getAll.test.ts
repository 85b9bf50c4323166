/**
 * Customer → Get Many.
 */

import {
	buildListQuery,
	conditionValues,
} from '../../../nodes/ContactCenter/actions/customer/search';
import { PATHS } from '../../sandbox/fixture';
import { bodies, expectRefused } from '../run-checks';
import { ZONES, customerReads } from './fixture';

const { crmList: LIST } = PATHS;
const { BULK, bulk, run, runBulk } = customerReads();
let bulkIds: string[];
beforeAll(() => {
	bulkIds = bulk.ids;
});

describe('customer getAll: POST /openapi/crm/list', () => {
	test('Return All over 2,500 customers: exactly 3 signed requests of 1,000, every customer once', async () => {
		const result = await runBulk({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => [r.path, r.method, r.signatureValid, r.appId, r.body]),
		).toEqual(
			[1, 2, 3].map((page) => [
				LIST,
				'POST',
				true,
				BULK.appId,
				{ search: [], sortList: [], page, limit: 1000 },
			]),
		);
		// The 2,500 seeded ids (distinct strings), each once.
		const returned = result.items.map((i) => i.json._id);
		expect([...returned].sort()).toEqual([...bulkIds].sort());
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('conditions, sort and a creation range from the workflow zone (New York) in the API zone (Shanghai)', async () => {
		const result = await run(
			{
				operation: 'getAll',
				returnAll: true,
				filters: {
					conditions: {
						values: [
							{ field: 'callingNumber', operator: 'between', value: '1,9' },
							{ field: 'email', operator: 'empty' },
						],
					},
					// midnight in New York = 13:00 in Shanghai: Amy (08:00) is before, Ben (14:00) after
					createTimeBegin: '2026-01-10T00:00:00',
					createTimeEnd: '2026-01-11T23:59:59',
				},
				sort: { values: [{ field: 'customerName', orderBy: 'desc' }] },
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(bodies(result)).toEqual([
			{
				search: [
					{ field: 'callingNumber', operator: 'between', value: ['1', '9'] },
					{ field: 'email', operator: 'empty', value: [] },
				],
				sortList: [{ field: 'customerName', orderBy: 'desc' }],
				createTimeBegin: '2026-01-10 13:00:00',
				createTimeEnd: '2026-01-12 12:59:59',
				page: 1,
				limit: 1000,
			},
		]);
		// Cal has an email; Amy was created before the range. API dates are returned untouched.
		expect(result.items.map((i) => [i.json.customerName, i.json.createTime])).toEqual([
			['Ben', '2026-01-10 14:00:00'],
		]);
	});

	test('validation: between with one value, a value on "empty", an operator or sort order outside the API list, a reversed range; nothing is sent', async () => {
		const result = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				conditions: {
					values: [
						{ field: 'callingNumber', operator: 'between', value: '3' },
						{ field: 'email', operator: '={{ "empty" }}', value: 'x' },
						{ field: 'customerName', operator: '={{ "like" }}', value: 'A' },
					],
				},
				updateTimeBegin: '2026-02-02T00:00:00',
				updateTimeEnd: '2026-02-01T00:00:00',
			},
			sort: { values: [{ field: 'customerName', orderBy: '={{ "up" }}' }] },
		});
		expectRefused(
			result,
			'Invalid input [item 0]: "Filters → Conditions → Value (condition 1)" needs exactly two values for the operator "between" (got 1) (and 4 more problems)',
		);
		for (const problem of [
			'"Filters → Conditions → Value (condition 2)" must be empty for the operator "empty"',
			'"Filters → Conditions → Operator (condition 3)" must be one of eq, neq, empty, nempty, in, nin, gt, gte, lt, lte, between (got "like")',
			'"Sort → Order (sort rule 1)" must be one of asc, desc (got "up")',
			'"Filters → Updated From" is later than "Filters → Updated To" (2026-02-02 13:00:00 > 2026-02-01 13:00:00 in Asia/Shanghai)',
		])
			expect(result.error?.description).toContain(problem);
	});
});

describe('customer list query (between, empty, one sort rule and a zoneless range: customer/getAll)', () => {
	test('conditions, sorting and time ranges with offsets in API form', () => {
		const sortList = [
			{ field: 'createTime', orderBy: 'desc' },
			{ field: 'customerName', orderBy: 'asc' },
		];
		const query = buildListQuery(
			{
				conditions: {
					values: [
						{ field: 'customerName', operator: 'eq', value: 'Doe, Jane' },
						{ field: 'mobile', operator: 'in', value: '138,139' },
						{ field: 'level', operator: 'nin', value: ['a', 2] },
					],
				},
				createTimeEnd: '2026-01-31T23:59:59-05:00',
				updateTimeBegin: '2026-02-01T00:00:00Z',
			},
			{ values: sortList },
			ZONES,
		);
		expect(query).toEqual({
			issues: [],
			body: {
				search: [
					{ field: 'customerName', operator: 'eq', value: ['Doe, Jane'] },
					{ field: 'mobile', operator: 'in', value: ['138', '139'] },
					{ field: 'level', operator: 'nin', value: ['a', 2] },
				],
				sortList,
				createTimeEnd: '2026-02-01 12:59:59',
				updateTimeBegin: '2026-02-01 08:00:00',
			},
		});
	});

	test('value counts of gt and in, and a missing field, are issues (the others: customer/getAll)', () => {
		const values = [
			{ field: 'c', operator: 'gt', value: ['1', '2'] },
			{ field: '', operator: 'eq', value: 'x' },
			{ field: 'e', operator: 'in', value: ' , ' },
		];
		const query = buildListQuery({ conditions: { values } }, {}, ZONES);
		expect(query.issues.map((i) => `${i.field} ${i.problem}`)).toEqual([
			'filters.conditions.values[0].value needs exactly one value for the operator "gt" (got 2)',
			'filters.conditions.values[1].field is required',
			'filters.conditions.values[2].value needs at least one value for the operator "in"',
		]);
	});

	test('condition values: commas split only for between and in/nin; numbers stay numbers', () => {
		expect(conditionValues('between', '2026-01-01 00:00:00,2026-01-02 00:00:00')).toEqual([
			'2026-01-01 00:00:00',
			'2026-01-02 00:00:00',
		]);
		expect(conditionValues('gte', 3)).toEqual([3]);
		expect(conditionValues('nempty', '')).toEqual([]);
	});
});

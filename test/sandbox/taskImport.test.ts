import { cases, errB, okB, PATHS, TENANT_A, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
let taskId: string;

beforeEach(async () => {
	[taskId] = await sb.control.seedTasks({ appId: APP, tasks: [{ taskName: 'Import target' }] });
});

async function importRows(customers: unknown[], extra: Record<string, unknown> = {}) {
	return okB(await sb.post(PATHS.taskImport, { taskId, customers, ...extra }));
}
const rows = (...numbers: string[]) => numbers.map((customerNumber) => ({ customerNumber }));

describe('POST /openapi/agent/web/v1/callTask/import', () => {
	it('imports rows, answers the batch id as a bare Long and stores the rows; the task total grows', async () => {
		const vip = { ...rows('13800138000')[0], customerName: '王伟', remark: 'VIP' };
		const full = { ...vip, variables: { name: '王先生', amount: '300' } };
		const res = await sb.post(PATHS.taskImport, {
			taskId,
			customers: [full, ...rows('+86-571-8888')],
		});
		const data = okB(res);
		expect(res.text).toContain(`"importBatchId":${data.importBatchId},`);
		expect(String(JSON.parse(res.text).data.importBatchId)).not.toBe(data.importBatchId);
		const state = await sb.control.getState(APP);
		expect(state.tasks[0]).toMatchObject({
			totalCount: 2,
			importedCustomers: 2,
			importBatchIds: [data.importBatchId],
		});
		const none = { customerName: null, remark: null, variables: null };
		expect(await sb.control.getTaskCustomers(APP, taskId)).toEqual([
			{ ...full, importBatchId: data.importBatchId },
			{ customerNumber: '+86-571-8888', ...none, importBatchId: data.importBatchId },
		]);
		const second = await importRows(rows('13900000000'));
		expect(second.importBatchId).not.toBe(data.importBatchId);
		const { list } = okB(await sb.post(PATHS.taskQuery, { pageNum: 1, pageSize: 10 }));
		expect(list[0].totalCount).toBe(3);
	});

	it('counts empty, invalid and duplicate rows, lists the reasons with row numbers', async () => {
		const data = await importRows([
			{ customerNumber: '13800000001' },
			{ customerNumber: '' },
			{ customerName: 'no number' },
			{ customerNumber: '1234' },
			{ customerNumber: '123456789012345678901' },
			{ customerNumber: '1380000000a' },
			{ customerNumber: 13800000002 },
			{ customerNumber: '13800000003', customerName: 'x'.repeat(101) },
			{ customerNumber: '13800000004', remark: 'x'.repeat(501) },
			{
				customerNumber: '13800000005',
				variables: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`v${i}`, 'x'])),
			},
			{ customerNumber: '13800000006', variables: { ['n'.repeat(51)]: 'x' } },
			{ customerNumber: '13800000007', variables: { n: 'x'.repeat(501) } },
			{ customerNumber: '13800000008', variables: { n: 5 } },
			{ customerNumber: '13800000009', variables: ['x'] },
			{ customerNumber: '13800000010', phone: 'x' },
			'13800000011',
			{ customerNumber: '13800000001' },
			{
				customerNumber: '12345',
				customerName: 'y'.repeat(100),
				remark: 'z'.repeat(500),
				variables: Object.fromEntries(
					Array.from({ length: 20 }, (_, i) => [`${'v'.repeat(48)}${i}`, 'w'.repeat(500)]),
				),
			},
		]);
		expect(data).toMatchObject({
			totalCount: 18,
			successCount: 2,
			emptyCount: 2,
			invalidCount: 13,
			failureCount: 16,
		});
		const reasons = data.failureReasons.split('; ');
		expect(reasons).toEqual([
			'row 2: customerNumber is empty',
			'row 3: customerNumber is empty',
			'row 4: customerNumber must be 5 to 20 characters of digits, + and -',
			'row 5: customerNumber must be 5 to 20 characters of digits, + and -',
			'row 6: customerNumber must be 5 to 20 characters of digits, + and -',
			'row 7: customerNumber must be 5 to 20 characters of digits, + and -',
			'row 8: customerName must be a string of at most 100 characters',
			'row 9: remark must be a string of at most 500 characters',
			'row 10: at most 20 variables are allowed',
			`row 11: variable name "${'n'.repeat(51)}" must have 1 to 50 characters`,
			'row 12: variable n must be a string of at most 500 characters',
			'row 13: variable n must be a string of at most 500 characters',
			'row 14: variables must be an object of name → value',
			'row 15: unknown field phone',
			'row 16: not an object',
			'row 17: duplicate customerNumber 13800000001 (dupStrategy batch)',
		]);
	});

	it('lists at most 20 reasons, then how many more', async () => {
		const data = await importRows(Array.from({ length: 50 }, () => ({ customerNumber: 'bad' })));
		expect(data).toMatchObject({
			totalCount: 50,
			successCount: 0,
			invalidCount: 50,
			failureCount: 50,
		});
		const parts = data.failureReasons.split('; ');
		expect(parts).toHaveLength(21);
		expect(parts[19]).toBe('row 20: customerNumber must be 5 to 20 characters of digits, + and -');
		expect(parts[20]).toBe('and 30 more');
	});

	it('deduplicates per dupStrategy: batch (default), task, none', async () => {
		await importRows(rows('13800000001', '13800000002'));
		const batch = await importRows(rows('13800000001', '13800000003', '13800000003'), {
			dupStrategy: 'batch',
		});
		expect(batch).toMatchObject({
			totalCount: 3,
			successCount: 2,
			failureCount: 1,
			failureReasons: 'row 3: duplicate customerNumber 13800000003 (dupStrategy batch)',
		});
		const task = await importRows(rows('13800000001', '13800000004', '13800000004'), {
			dupStrategy: 'task',
		});
		expect(task).toMatchObject({ successCount: 1, failureCount: 2 });
		expect(task.failureReasons).toBe(
			'row 1: duplicate customerNumber 13800000001 (dupStrategy task); row 3: duplicate customerNumber 13800000004 (dupStrategy task)',
		);
		const none = await importRows(rows('13800000001', '13800000001'), { dupStrategy: 'none' });
		expect(none).toMatchObject({ successCount: 2, failureCount: 0, failureReasons: null });
		expect((await sb.control.getState(APP)).tasks[0].totalCount).toBe(2 + 2 + 1 + 2);
	});

	it.each(
		cases(`
		{"customers":[{"customerNumber":"13800000000"}]} | taskId is required
		{"taskId":5,"customers":[{"customerNumber":"13800000000"}]} | taskId must be a string
		{"taskId":"0","customers":[{"customerNumber":"13800000000"}]} | taskId must be a numeric string greater than 0
		{"taskId":"abc","customers":[{"customerNumber":"13800000000"}]} | taskId must be a numeric string greater than 0
		{"taskId":"TASK"} | customers must be an array of 1 to 10000 elements
		{"taskId":"TASK","customers":[]} | customers must be an array of 1 to 10000 elements
		{"taskId":"TASK","customers":{}} | customers must be an array of 1 to 10000 elements
		{"taskId":"TASK","customers":[{"customerNumber":"13800000000"}],"dupStrategy":"global"} | dupStrategy must be one of task, batch, none
	`),
	)('refuses %j with code 400', async (body: Record<string, unknown>, message) => {
		errB(
			await sb.post(PATHS.taskImport, { ...body, ...(body.taskId === 'TASK' && { taskId }) }),
			400,
			message,
		);
		expect((await sb.control.getState(APP)).tasks[0].totalCount).toBe(0);
	});

	it('refuses 10,001 rows with code 400 and accepts 10,000', async () => {
		const rows = Array.from({ length: 10_001 }, (_, i) => ({
			customerNumber: String(13_000_000_000 + i),
		}));
		errB(
			await sb.post(PATHS.taskImport, { taskId, customers: rows }),
			400,
			'customers must be an array of 1 to 10000 elements',
		);
		expect((await importRows(rows.slice(0, 10_000))).successCount).toBe(10_000);
	});

	it('answers 801 for an unknown task', async () => {
		const unknown = { taskId: '182739465018279999', customers: rows('13800000000') };
		errB(await sb.post(PATHS.taskImport, unknown), 801, 'task.not.exist');
	});
});

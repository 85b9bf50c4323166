import type { IDataObject, INodeParameters, IPairedItemData } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../harness';
import { useSandbox } from '../sandbox/fixture';

// Call Task → Import Customers with Mapping "Map Automatically": rows read straight from the items'
// fields by name, checked by the same rules as the manual mapping, no per-item expressions.
/** A 20-digit phone number that reached the node as a JSON number: already rounded. */
const UNSAFE_PHONE = Number('12345678901234567890');
const APP = { appId: '1090', appSecret: 'auto-map-secret' };

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

const newTask = async (): Promise<string> =>
	(await control.seedTasks({ appId: APP.appId, tasks: [{ status: 'draft' }] }))[0];
const taskLocator = (value: string) => ({ __rl: true, mode: 'id', value });
const pairs = (p: IPairedItemData | IPairedItemData[] | number | undefined): number[] =>
	(Array.isArray(p) ? p : [p]).map((pair) => (typeof pair === 'object' ? pair.item : (pair ?? -1)));

async function autoImport(
	items: IDataObject[],
	parameters: INodeParameters,
	options: Partial<RunNodeOptions> = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: ContactCenter,
		parameters: {
			resource: 'callTask',
			operation: 'import',
			mappingMode: 'autoMapInputData',
			...parameters,
		},
		items,
		credentials: sandbox.credentials(APP),
		sandbox: control,
		...options,
	});
}

describe('callTask import, Map Automatically', () => {
	test('the default field names find the number, name, remark and variables under their common names', async () => {
		const taskId = await newTask();
		const result = await autoImport(
			[
				{
					mobile: '13800000001',
					name: 'Ann',
					note: 'VIP',
					variables: { plan: 'gold' },
					other: 'ignored',
				},
				{ phone: 13800000002, customerName: 'Bo', remark: 'call after 6' },
				{
					customerNumber: '+86-138-0000-0003',
					phone: '13899999999',
					variables: [{ name: 'plan', value: 'silver' }],
				},
				{ telephone: ' 13800000004 ', fullName: 'Di', comment: '' },
			],
			{ taskId: taskLocator(taskId) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0].body).toEqual({
			taskId,
			customers: [
				{
					customerNumber: '13800000001',
					customerName: 'Ann',
					remark: 'VIP',
					variables: { plan: 'gold' },
				},
				{ customerNumber: '13800000002', customerName: 'Bo', remark: 'call after 6' },
				// customerNumber comes before phone in Number Fields: the first field an item has wins.
				{ customerNumber: '+86-138-0000-0003', variables: { plan: 'silver' } },
				{ customerNumber: '13800000004', customerName: 'Di' },
			],
		});
		expect(result.items).toHaveLength(1);
		expect(pairs(result.items[0].pairedItem)).toEqual([0, 1, 2, 3]);
		expect(result.items[0].json).toMatchObject({ taskId, rowCount: 4, successCount: 4 });
	});

	test('field names of your own, and item fields sent as variables', async () => {
		const taskId = await newTask();
		const result = await autoImport(
			[{ Tel: '13700000001', Who: 'Ed', plan: 'gold', amount: 120, vars: { region: 'north' } }],
			{
				taskId: taskLocator(taskId),
				numberFields: 'Tel',
				nameFields: 'Who',
				remarkFields: '',
				variablesFields: 'vars',
				fieldsAsVariables: 'plan, amount',
			},
		);
		expect(result.error).toBeUndefined();
		expect((result.requests[0].body as IDataObject).customers).toEqual([
			{
				customerNumber: '13700000001',
				customerName: 'Ed',
				variables: { region: 'north', plan: 'gold', amount: '120' },
			},
		]);
	});

	test('version 2: the number fields stay on top, the other field names sit under Options', async () => {
		const taskId = await newTask();
		const item = { Tel: '13700000002', Who: 'Flo', plan: 'gold', vars: { region: 'south' } };
		const result = await autoImport(
			[item],
			{
				taskId: taskLocator(taskId),
				numberFields: 'Tel',
				options: {
					nameFields: 'Who',
					remarkFields: '',
					variablesFields: 'vars',
					fieldsAsVariables: 'plan',
					dupStrategy: 'none',
				},
			},
			{ typeVersion: 2 },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests[0].body).toMatchObject({
			dupStrategy: 'none',
			customers: [
				{
					customerNumber: '13700000002',
					customerName: 'Flo',
					variables: { region: 'south', plan: 'gold' },
				},
			],
		});
		// Version 2 reads no top-level name fields: a stale one changes nothing.
		const stale = await autoImport(
			[{ phone: '13700000003', name: 'Gus', Who: 'not this' }],
			{ taskId: taskLocator(taskId), nameFields: 'Who' },
			{ typeVersion: 2 },
		);
		expect((stale.requests[0].body as IDataObject).customers).toEqual([
			{ customerNumber: '13700000003', customerName: 'Gus' },
		]);
		const form = new ContactCenter().description.properties.filter((p) =>
			p.displayOptions?.show?.operation?.includes('import'),
		);
		const options = form.find((p) => p.name === 'options')?.options ?? [];
		expect(options.map((o) => ('displayName' in o ? o.displayName : o.name))).toEqual([
			'Deduplication',
			'Fields as Variables',
			'Name Fields',
			'Remark Fields',
			'Variables Fields',
		]);
		// Version 1 keeps them on top, under the same names.
		const v1Top = form.filter((p) => p.displayOptions?.show?.['@version']?.[0] === 1);
		expect(v1Top.map((p) => p.name)).toEqual([
			'nameFields',
			'remarkFields',
			'variablesFields',
			'fieldsAsVariables',
		]);
	});

	test('every row is checked as in the manual mapping; the error names the item and the item field, and nothing is sent', async () => {
		const taskId = await newTask();
		const result = await autoImport(
			[
				{ phone: '13800000001' },
				{ phone: '138 0000' },
				{ name: 'no number' },
				{ phone: UNSAFE_PHONE },
				{ phone: '13800000005', name: 'n'.repeat(101) },
			],
			{ taskId: taskLocator(taskId) },
		);
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toMatch(
			/item 1\]?: "Customer Number \(from the item field "phone"\)" must be 5 to 20 characters of digits, \+ and - \(got "138 0000"\)/,
		);
		expect(result.error?.description).toContain('4 items are invalid: 1-4. Nothing was imported.');
		expect((await control.getTaskCustomers(APP.appId, taskId)).length).toBe(0);

		const each = await autoImport(
			[
				{ name: 'no number' },
				{ phone: UNSAFE_PHONE },
				{ phone: '13800000005', name: 'n'.repeat(101) },
			],
			{ taskId: taskLocator(taskId) },
			{ continueOnFail: true },
		);
		expect(each.requests).toEqual([]);
		const errors = each.items.map((item) => String(item.json.error));
		expect(errors[0]).toContain(
			'"Customer Number (from none of the item fields "customerNumber", "phone"',
		);
		expect(errors[1]).toContain(
			'"Customer Number (from the item field "phone")" is the number 12345678901234567000, which cannot hold a phone number exactly',
		);
		expect(errors[2]).toContain(
			'"Customer Name (item field customerName / name / fullName / full_name / contactName)" must be at most 100 characters (it has 101)',
		);
		expect(each.items.map((item) => pairs(item.pairedItem))).toEqual([[0], [1], [2]]);
	});

	test('the task id is read once; an expression that reads the item is still honoured per item', async () => {
		const [a, b] = await control.seedTasks({
			appId: APP.appId,
			tasks: [{ status: 'draft' }, { status: 'draft' }],
		});
		const once = await autoImport([{ phone: '13500000001' }, { phone: '13500000002' }], {
			taskId: taskLocator(`={{ "${a}" }}`),
		});
		expect(once.requests.map((r) => (r.body as IDataObject).taskId)).toEqual([a]);
		const perItem = await autoImport(
			[
				{ phone: '13500000003', task: a },
				{ phone: '13500000004', task: b },
			],
			{ taskId: taskLocator('={{ $json.task }}') },
		);
		expect(
			perItem.requests.map((r) => [
				(r.body as IDataObject).taskId,
				(r.body as { customers: unknown[] }).customers.length,
			]),
		).toEqual([
			[a, 1],
			[b, 1],
		]);
	});

	test('the manual fields are not evaluated at all in this mode (an expression that would fail is never run)', async () => {
		const taskId = await newTask();
		const result = await autoImport([{ phone: '13400000001' }], {
			taskId: taskLocator(taskId),
			customerNumber: '={{ $json.missing.deeper }}',
			additionalFields: { customerName: '={{ $json.missing.deeper }}' },
		});
		expect(result.error).toBeUndefined();
		expect((result.requests[0].body as IDataObject).customers).toEqual([
			{ customerNumber: '13400000001' },
		]);
	});

	test('a saved workflow without the Mapping parameter keeps mapping each field manually', async () => {
		const taskId = await newTask();
		const result = await runNode({
			nodeType: ContactCenter,
			parameters: {
				resource: 'callTask',
				operation: 'import',
				taskId: taskLocator(taskId),
				customerNumber: '={{ $json.cell }}',
			},
			items: [{ cell: '13300000001', phone: '13399999999' }],
			credentials: sandbox.credentials(APP),
			sandbox: control,
		});
		expect(result.error).toBeUndefined();
		expect((result.requests[0].body as IDataObject).customers).toEqual([
			{ customerNumber: '13300000001' },
		]);
	});

	test('20,001 rows in 3 requests (the floor), repeats across requests dropped and reported', async () => {
		const taskId = await newTask();
		const input = Array.from({ length: 20_002 }, (_, i) => ({
			phone: `132${String(i).padStart(8, '0')}`,
			name: `C${i}`,
		}));
		input[15_000].phone = input[3].phone;
		const result = await autoImport(input, {
			taskId: taskLocator(taskId),
			options: { dupStrategy: 'batch' },
		});
		expect(result.error).toBeUndefined();
		expect(
			result.requests.map((r) => (r.body as { customers: unknown[] }).customers.length),
		).toEqual([10_000, 10_000, 1]);
		expect(result.items[0].json).toMatchObject({
			rowCount: 10_000,
			successCount: 10_000,
			duplicatesDropped: 1,
			droppedItems: '15000',
		});
		expect(new Set(result.items.flatMap((item) => pairs(item.pairedItem))).size).toBe(20_002);
		expect((await control.getTaskCustomers(APP.appId, taskId)).length).toBe(20_001);
	}, 60_000);
});

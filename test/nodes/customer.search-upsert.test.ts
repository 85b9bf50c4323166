/**
 * Customer: Search, Customer ID as a resource locator, Output, Create or Update by Phone with
 * Contact Lists on Match, and the Contacts Input switch (more of Create or Update: customer.write). Real
 * HTTP against the sandbox; requests from its log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { SIMPLIFIED_FIELDS } from '../../nodes/ContactCenter/actions/customer/simplify';
import { nodeRunner, type RunNodeResult } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import { calls, expectRefused, locator, picker } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const { crmAdd: ADD, crmUpdate: UPDATE, crmList: LIST, crmFields: FIELDS } = PATHS;

const sandbox = useSandbox({ tenants: [{ ...APP, timezone: 'Asia/Shanghai' }] });
const { control } = sandbox;
const defaults = { nodeType: ContactCenter, parameters: { resource: 'customer' } };
const run = nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, defaults);

const paths = (result: RunNodeResult) => result.requests.map((r) => r.path);
const stored = async (id: string) =>
	(await control.getState(APP.appId)).customers.find((c) => c._id === id);
const seed = async (customer: IDataObject) =>
	(await control.seedCustomers({ appId: APP.appId, customers: [customer] }))[0];

/** A customer holding two numbers with memos, the case that Create or Update used to cut down to one. */
async function seedTwoNumbers(prefix: string): Promise<{ id: string; a: string; b: string }> {
	const a = `138${prefix}0001`;
	const b = `139${prefix}0002`;
	const id = await seed({
		customerName: `Two numbers ${prefix}`,
		mobile: [
			{ value: a, memo: 'mobile' },
			{ value: b, memo: 'office' },
		],
	});
	return { id, a, b };
}

beforeAll(async () => {
	await control.seedFields({
		appId: APP.appId,
		fields: [
			{ field: 'cf_level', name: 'Level', type: 'text' },
			// A display name that is a simplified field's name: the field keeps its id.
			{ field: 'cf_owner', name: 'owner', type: 'text' },
		],
	});
});

describe('Customer → Search', () => {
	test('a phone finds the customer by its second number: one list request, in on mobile with its stored forms; simplified by default', async () => {
		const { id, b } = await seedTwoNumbers('1001');
		const result = await run({ operation: 'search', phone: b });
		expect(result.error).toBeUndefined();
		// The field configuration gives the custom fields' names: one request for the whole run.
		expect(paths(result)).toEqual([LIST, FIELDS]);
		expect(result.requests[0].body).toMatchObject({
			search: [{ field: 'mobile', operator: 'in', value: [b, `+86${b}`, `0086${b}`] }],
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			_id: id,
			customerName: 'Two numbers 1001',
			phones: ['13810010001', b],
		});
		expect(Object.keys(result.items[0].json).slice(0, 10)).toEqual([...SIMPLIFIED_FIELDS]);
	});

	test('several criteria must all match (no match: no item, no error); a name matches in part; Output Raw gives the API record', async () => {
		const id = await seed({
			customerName: 'Zhao Minghui',
			mobile: [{ value: '13711112222', memo: '' }],
			email: [{ value: 'zmh@example.com', memo: '' }],
			cf_level: 'gold',
		});
		const both = await run({
			operation: 'search',
			phone: '13711112222',
			name: 'Minghui',
			output: 'raw',
		});
		expect(both.items.map((i) => i.json)).toEqual([await stored(id)]);
		expect(paths(both)).toEqual([LIST]);
		const wrongName = await run({ operation: 'search', phone: '13711112222', name: 'Nobody' });
		// No match: no item, no error, and (simplified by default) no field list read for nothing.
		expect([wrongName.status, wrongName.items, paths(wrongName)]).toEqual(['success', [], [LIST]]);
		const byEmail = await run({ operation: 'search', email: 'zmh@example.com' });
		expect(byEmail.items.map((i) => [i.json._id, i.json.cf_level, i.json.emails])).toEqual([
			[id, 'gold', ['zmh@example.com']],
		]);
	});

	test('one request per item, each item its own phone, outputs paired to their items', async () => {
		const first = await seedTwoNumbers('2001');
		const second = await seedTwoNumbers('2002');
		const result = await run(
			{ operation: 'search', phone: '={{ $json.number }}' },
			{ items: [{ number: first.a }, { number: '10000000000' }, { number: second.b }] },
		);
		expect(result.error?.message).toBeUndefined();
		expect(result.requests.filter((r) => r.path === LIST)).toHaveLength(3);
		expect(result.requests.filter((r) => r.path === FIELDS)).toHaveLength(1);
		expect(result.items.map((i) => [i.json._id, i.pairedItem])).toEqual([
			[first.id, { item: 0 }],
			[second.id, { item: 2 }],
		]);
	});
});

describe('Customer ID as a resource locator', () => {
	test('Get, Update and Delete take a locator from the list or by ID, and plain text from an expression', async () => {
		const id = await seed({
			customerName: 'Locator',
			mobile: [{ value: '13522220000', memo: '' }],
		});
		const got = await run({ operation: 'get', customerId: locator(id), output: 'raw' });
		expect(got.items.map((i) => i.json)).toEqual([await stored(id)]);
		expect(paths(got)).toEqual([`/openapi/crm/${id}`]);

		const updated = await run(
			{
				operation: 'update',
				customerId: '={{ $json.id }}',
				updateFields: { customerName: 'Locator (renamed)' },
			},
			{ items: [{ id }] },
		);
		expect(updated.error).toBeUndefined();
		expect(updated.requests[0].body).toEqual({ _id: id, customerName: 'Locator (renamed)' });

		const deleted = await run({ operation: 'delete', customerId: locator(id, 'id') });
		expect(deleted.items.map((i) => i.json)).toEqual([{ deleted: true, id }]);
		expect(await stored(id)).toBeUndefined();
	});

	test('an empty locator sends nothing and says how to fix it', async () => {
		const result = await run(
			{ operation: 'get', customerId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: ' ' }] },
		);
		expectRefused(result, 'Invalid input [item 0]: "Customer ID" is required');
		expect(result.error?.description).toContain('Pick the customer from the list');
	});

	test('the list: newest first, searched by part of a name or of a phone number, paged', async () => {
		const id = await seed({
			customerName: 'Listed Person',
			mobile: [
				{ value: '13644440000', memo: '' },
				{ value: '13655550000', memo: '' },
			],
		});
		const parameters = { resource: 'customer', operation: 'get' };
		const searchCustomers = picker(sandbox, APP, 'searchCustomers', parameters);
		const search = async (filter?: string) => await searchCustomers(filter, undefined, 2);
		expect((await search('Listed Pers')).results).toEqual([
			{
				name: 'Listed Person (13644440000)',
				value: id,
				description: 'Phones: 13644440000, 13655550000',
			},
		]);
		expect((await search('1365555')).results.map((r) => r.value)).toEqual([id]);
		expect((await search('no such customer')).results).toEqual([]);
		const all = await search();
		expect(all.results[0].value).toBe(id);
		const total = (await control.getState(APP.appId)).customers.length;
		expect(all.results).toHaveLength(Math.min(total, 50));
		expect(all.paginationToken).toBe(total > 50 ? '2' : undefined);
	});
});

describe('Output Simplified and Raw on Get and Get Many', () => {
	test('Get, three items: simplified records, custom fields by field id, the field configuration read once', async () => {
		const ids = await control.seedCustomers({
			appId: APP.appId,
			customers: [1, 2, 3].map((n) => ({
				customerName: `Simple ${n}`,
				cf_level: `L${n}`,
				cf_owner: 'x',
			})),
		});
		const result = await run(
			{ operation: 'get', customerId: locator('={{ $json.id }}', 'id') },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.filter((r) => r.path === FIELDS)).toHaveLength(1);
		expect(result.requests.filter((r) => r.path.startsWith('/openapi/crm/18'))).toHaveLength(3);
		expect(
			result.items.map((i) => [i.json._id, i.json.customerName, i.json.cf_level, i.json.cf_owner]),
		).toEqual(ids.map((id, n) => [id, `Simple ${n + 1}`, `L${n + 1}`, 'x']));
		for (const item of result.items)
			expect(Object.keys(item.json).filter((k) => !['cf_level', 'cf_owner'].includes(k))).toEqual([
				...SIMPLIFIED_FIELDS,
			]);
	});

	test('Get Many: simplified by default, the API records with Output Raw', async () => {
		const simple = await run({ operation: 'getAll', limit: 3 });
		expect(simple.items).toHaveLength(3);
		expect(simple.items.every((i) => Array.isArray(i.json.phones))).toBe(true);
		const raw = await run({ operation: 'getAll', limit: 3, output: 'raw' });
		const state = await control.getState(APP.appId);
		const byId = new Map(state.customers.map((c) => [c._id, c]));
		expect(paths(raw)).toEqual([LIST]);
		expect(raw.items.map((i) => i.json)).toEqual(
			raw.items.map((i) => byId.get(i.json._id as string)),
		);
	});
});

describe('Create or Update never deletes a number', () => {
	const added = (prefix: string) => ({ value: `1500000${prefix}`, memo: 'new' });
	test.each([
		[
			'Add to Existing (default): both numbers kept, the new one added',
			'4002',
			{},
			[
				{ value: '13840020001', memo: 'mobile' },
				{ value: '13940020002', memo: 'office' },
				added('4002'),
			],
		],
		[
			'Replace: the customer ends with exactly the numbers given',
			'4003',
			{ listsOnMatch: 'replace' },
			[{ value: '13840030001', memo: '' }, added('4003')],
		],
	])('%s; found by Phone with one list request', async (_, prefix, options, mobile) => {
		const { id, a } = await seedTwoNumbers(prefix);
		const result = await run({
			operation: 'upsert',
			customerName: `Two numbers ${prefix} (updated)`,
			phone: a,
			mobile: { values: [added(prefix)] },
			options,
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[UPDATE, '200'],
		]);
		expect(result.requests[0].body).toMatchObject({
			search: [{ field: 'mobile', operator: 'in', value: [a, `+86${a}`, `0086${a}`] }],
			limit: 11,
		});
		expect((await stored(id))?.mobile).toEqual(mobile);
	});

	test('no customer has the phone: one list request, then the add, Phone in the phone list', async () => {
		const result = await run({
			operation: 'upsert',
			customerName: 'Brand new',
			phone: '15000004004',
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[ADD, '200'],
		]);
		expect(result.requests[1].body).toEqual({
			customerName: 'Brand new',
			mobile: [{ value: '15000004004' }],
		});
		expect(result.items[0].json).toMatchObject({ customerName: 'Brand new' });
	});

	test('another number given belongs to someone else: the add is refused and the error names that customer', async () => {
		const other = await seed({
			customerName: 'Holder',
			mobile: [{ value: '15000004005', memo: '' }],
		});
		const result = await run({
			operation: 'upsert',
			customerName: 'Newcomer',
			phone: '15000004006',
			mobile: { values: [{ value: '15000004005' }] },
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[ADD, '03001004'],
			[LIST, '200'],
		]);
		expect(result.error?.description).toContain(`Existing customer ID: ${other}`);
	});

	test('a number shared with another customer: the fields are written, the phone list is left as it was and the output says why', async () => {
		const twin = (memo: string, day: number) => ({
			customerName: `Twin ${memo.toUpperCase()}`,
			mobile: [{ value: '15000004007', memo }],
			createTime: `2026-01-0${day} 00:00:00`,
		});
		const customers = [twin('a', 1), twin('b', 2)];
		const [first, second] = await control.seedCustomers({ appId: APP.appId, customers });
		const result = await run({
			operation: 'upsert',
			customerName: 'Twin A (updated)',
			phone: '15000004007',
		});
		expect(result.error).toBeUndefined();
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[UPDATE, '03001004'],
			[UPDATE, '200'],
		]);
		expect(result.items[0].json).toMatchObject({
			_id: first,
			customerName: 'Twin A (updated)',
			phonesNotUpdated: { numbers: ['15000004007'], customerId: first, alsoHeldBy: [second] },
		});
		expect((await stored(first))?.mobile).toEqual([{ value: '15000004007', memo: 'a' }]);
	});
});

describe('Contacts Input', () => {
	test('Using JSON or a List: each list from its own field, entries one by one ignored', async () => {
		const result = await run({
			operation: 'create',
			customerName: 'From data',
			contactsInput: 'data',
			mobileList: '[{"value": "15000005001", "memo": "work"}, "15000005002"]',
			emailList: 'a@example.com, b@example.com',
		});
		expect(result.error).toBeUndefined();
		expect(result.requests[0].body).toEqual({
			customerName: 'From data',
			mobile: [{ value: '15000005001', memo: 'work' }, { value: '15000005002' }],
			email: [{ value: 'a@example.com' }, { value: 'b@example.com' }],
		});
	});
});

test.each<[INodeParameters, string | RegExp]>([
	[
		{ operation: 'search', phone: '', email: '', name: '' },
		'Invalid input [item 0]: "Phone" is empty, and so are Email and Name: Search needs at least one of them',
	],
	[
		{ operation: 'search', phone: '=138{{ "abc" }}' },
		/^Invalid input \[item 0\]: "Phone" must be a phone number: digits with an optional leading \+, separated by spaces, dashes, dots or parentheses if you like \(got "138abc"\)/,
	],
	[
		{
			operation: 'upsert',
			customerName: 'X',
			phone: '15000004008',
			options: { listsOnMatch: '={{ "merge" }}' },
		},
		'Invalid input [item 0]: "Options → Contact Lists on Match" must be one of add, replace (got "merge")',
	],
	[
		{ operation: 'upsert', customerName: 'X', phone: '={{ "" }}' },
		'Invalid input [item 0]: "Phone" is required',
	],
	// A bad JSON list is named by its field (Using Fields Below, the default: the Create or Update tests).
	[
		{
			operation: 'update',
			customerId: locator('1', 'id'),
			contactsInput: 'data',
			mobileList: '[not json',
		},
		/^Invalid input \[item 0\]: "Phones \(JSON or List\)" is not a valid JSON array/,
	],
])('bad input sends nothing: %j', async (parameters, message) => {
	expectRefused(await run(parameters), message);
});

/**
 * Customer → Get: the record, the Customer ID locator and its list, Output, the editor's custom-field methods.
 */

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import {
	SIMPLIFIED_FIELDS,
	simplifyCustomer,
} from '../../../nodes/ContactCenter/actions/customer/simplify';
import { callMethod } from '../../harness';
import { PATHS } from '../../sandbox/fixture';
import {
	customerFieldMapping,
	expectRefused,
	locator,
	mapperField,
	picker,
	signed,
} from '../run-checks';
import { APP, customerReads, customerSearches } from './fixture';

const { crmList: LIST, crmFields: FIELDS } = PATHS;
/** The field-list path, as the Get tests name it. */
const FIELD_LIST = FIELDS;
const { BULK, sandbox, control, ids, run } = customerReads();

describe('customer get: GET /openapi/crm/{id}', () => {
	test('the customer record as the item, _id a string, paired', async () => {
		const result = await run({ operation: 'get', customerId: locator(ids.amy, 'id') });
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([['GET', `/openapi/crm/${ids.amy}`, true, '200']]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					_id: ids.amy,
					accountId: APP.appId,
					customerName: 'Amy',
					createTime: '2026-01-10 08:00:00',
					level: 'gold',
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('an unknown id surfaces 00000400; with continueOnFail the other items still come', async () => {
		const failed = await run({ operation: 'get', customerId: locator('nope', 'id') });
		expect(failed.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 00000400: customer does not exist [item 0]',
		});
		expect(failed.error?.context).toMatchObject({ itemIndex: 0, vendorCode: '00000400' });

		const result = await run(
			{ operation: 'get', customerId: locator('={{ $json.id }}', 'id') },
			{ items: [{ id: ids.ben }, { id: 'nope' }, { id: ids.cal }], continueOnFail: true },
		);
		expect(result.requests.map((r) => r.path)).toEqual([
			`/openapi/crm/${ids.ben}`,
			'/openapi/crm/nope',
			`/openapi/crm/${ids.cal}`,
		]);
		expect(result.items.map((i) => [i.json.customerName ?? i.json.code, i.pairedItem])).toEqual([
			['Ben', { item: 0 }],
			['00000400', { item: 1 }],
			['Cal', { item: 2 }],
		]);
		expect(result.items[1].json.error).toBe(
			'Contact Center error 00000400: customer does not exist [item 1]',
		);
	});
});

describe('editor methods', () => {
	test('loadOptions getCustomerFields: enabled preset and custom fields, by name, from one signed field-list request', async () => {
		await control.clearLog();
		const options = await callMethod({
			nodeType: ContactCenter,
			kind: 'loadOptions',
			method: 'getCustomerFields',
			parameters: { resource: 'customer', operation: 'getAll' },
			credentials: sandbox.credentials(APP),
		});
		const log = await control.getLog();
		expect(log.map((r) => [r.method, r.path, r.body, r.signatureValid])).toEqual([
			['POST', FIELD_LIST, {}, true],
		]);
		const values = options.map((o) => o.value);
		expect(values).toEqual(
			expect.arrayContaining(['customerName', 'mobile', 'createTime', 'level']),
		);
		expect(values).not.toContain('archived');
		expect(options.find((o) => o.value === 'level')).toEqual({
			name: 'Level (custom)',
			value: 'level',
			description: 'Field ID level, type select',
		});
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	test('resourceMapping getCustomerFieldMapping: custom fields only, required in create, choices as options', async () => {
		const options = [{ name: 'Gold (gold)', value: 'gold' }];
		expect((await customerFieldMapping(sandbox, APP, 'upsert')).fields).toEqual([
			mapperField('level', 'Level', 'options', { required: true, options }),
		]);
		expect(await customerFieldMapping(sandbox, BULK, 'create')).toEqual({
			fields: [],
			emptyFieldsNotice: 'This tenant has no enabled custom customer fields.',
		});
	});
});

describe('Customer ID as a resource locator', () => {
	const { sandbox, run, control, seed, paths, stored } = customerSearches();
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
	const { run, control, paths } = customerSearches();
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

describe('simplify (pure)', () => {
	test('simplify: ten fields, null (phones and e-mails empty) when the record lacks them; only the custom fields named, by field id', () => {
		const nulls = SIMPLIFIED_FIELDS.slice(4).map((field) => [field, null]);
		expect(SIMPLIFIED_FIELDS).toHaveLength(10);
		expect(
			simplifyCustomer({ _id: '1', customerName: 'Li', cf_x: 'x', cf_y: null, qq: [] }, ['cf_y']),
		).toEqual({
			cf_y: null,
			_id: '1',
			customerName: 'Li',
			phones: [],
			emails: [],
			...Object.fromEntries(nulls),
		});
	});
});

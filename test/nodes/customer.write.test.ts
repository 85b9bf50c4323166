import type { IDataObject, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import {
	cascadeHint,
	toFieldConfig,
} from '../../nodes/ContactCenter/actions/customer/customFields';
import { nodeRunner } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import type { CascadeChild } from '../sandbox/types';
import { customerFieldMapping, expectRefused, locator, mapperField, signed } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const { crmAdd: ADD, crmUpdate: UPDATE, crmList: LIST } = PATHS;

// A second tenant holds only a cascade custom field.
const CASCADE = { appId: '1095', appSecret: 'cascade-secret' };
/** A cascade option: its key, its label and the options under it. */
const node = (key: string, value: string, children: CascadeChild[] = []): CascadeChild => ({
	key,
	value,
	children,
});
const REGION = {
	level: 2,
	fillLevel: 1,
	children: [
		node('zj', '浙江', [node('hz', '杭州'), node('nb', '宁波')]),
		node('bj', '北京', [node('cy', '朝阳')]),
	],
};

const sandbox = useSandbox({
	tenants: [
		{ ...APP, timezone: 'Asia/Shanghai' },
		{ ...CASCADE, timezone: 'Asia/Shanghai' },
	],
});
const { control } = sandbox;
let addSchema: ResourceMapperField[];
let updateSchema: ResourceMapperField[];

beforeAll(async () => {
	await control.seedFields({
		appId: APP.appId,
		fields: [
			{
				field: 'level',
				name: 'Level',
				type: 'select',
				required: true,
				choices: [
					{ key: 'gold', value: 'Gold', isDefault: false },
					{ key: 'silver', value: 'Silver', isDefault: true },
				],
			},
			{ field: 'score', name: 'Score', type: 'number' },
			{ field: 'visitAt', name: 'Visit at', type: 'datetime' },
		],
	});
	await control.seedFields({
		appId: CASCADE.appId,
		fields: [{ field: 'cf_region', name: 'Region', type: 'cascade', options: REGION }],
	});
	// The schema as the editor saves it with the node: loaded through the resource-mapper method.
	addSchema = (await customerFieldMapping(sandbox, APP, 'create')).fields;
	updateSchema = (await customerFieldMapping(sandbox, APP, 'update')).fields;
});

function customFields(
	value: ResourceMapperValue['value'],
	schema = addSchema,
): ResourceMapperValue {
	return {
		mappingMode: 'defineBelow',
		value,
		schema,
		matchingColumns: [],
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

const defaults = { nodeType: ContactCenter, parameters: { resource: 'customer' } };
const run = nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, defaults);

const customerInSandbox = async (id: string) =>
	(await control.getState(APP.appId)).customers.find((c) => c._id === id);
const seedCustomer = async (customer: IDataObject) =>
	(await control.seedCustomers({ appId: APP.appId, customers: [customer] }))[0];

describe('customer create: POST /openapi/crm/add', () => {
	test('every field converted: contacts as lists, assignTime from the workflow zone to the API zone, custom fields as top-level keys', async () => {
		const result = await run(
			{
				operation: 'create',
				customerName: 'Jane Doe',
				mobile: { values: [{ value: '13800000001', memo: 'work' }] },
				email: { values: [{ value: 'jane@example.com', memo: '' }] },
				wechat: { values: [{ value: 'wx_jane' }] },
				additionalFields: {
					owner: 'agent-7',
					assignTime: '2026-03-01T09:30:00',
					createMethod: 'WEBCHAT',
					customerOrigin: 'busOpportunity',
					customerSource: 'web, fair',
					visitorId: 'visitor-1',
				},
				customFields: customFields({ level: 'gold', score: 7, visitAt: '2026-07-01T08:00:00' }),
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([['POST', ADD, true, '200']]);
		expect(result.requests[0].appId).toBe(APP.appId);
		const sent = {
			customerName: 'Jane Doe',
			owner: 'agent-7',
			visitorId: 'visitor-1',
			// 09:30 EST (UTC-5) = 22:30 in Shanghai (UTC+8)
			assignTime: '2026-03-01 22:30:00',
			createMethod: 'WEBCHAT',
			customerOrigin: 'busOpportunity',
			customerSource: ['web', 'fair'],
			mobile: [{ value: '13800000001', memo: 'work' }],
			email: [{ value: 'jane@example.com' }],
			wechat: [{ value: 'wx_jane' }],
			level: 'gold',
			score: '7',
			// 08:00 EDT (UTC-4) = 20:00 in Shanghai
			visitAt: '2026-07-01 20:00:00',
		};
		expect(result.requests[0].body).toEqual(sent);
		// The output is the customer created, and every field round-trips: stored and read back as sent.
		expect(result.items).toMatchObject([
			{ json: { _id: expect.any(String), accountId: APP.appId, ...sent }, pairedItem: { item: 0 } },
		]);
		expect(await customerInSandbox(result.items[0].json._id as string)).toMatchObject(sent);
	});

	test('one request per item, parameters read per item from expressions, each output paired to its input', async () => {
		const items = [
			{ name: 'Ann', phone: '13900000001', level: 'gold' },
			{ name: 'Bob', phone: '13900000002', level: 'silver' },
			{ name: 'Cid', phone: '13900000003', level: 'gold' },
		];
		const result = await run(
			{
				operation: 'create',
				customerName: '={{ $json.name }}',
				mobile: { values: [{ value: '={{ $json.phone }}', memo: '' }] },
				customFields: customFields({ level: '={{ $json.level }}' }),
			},
			{ items },
		);
		expect(result.error).toBeUndefined();
		const sent = items.map(({ name, phone, level }) => ({
			customerName: name,
			mobile: [{ value: phone }],
			level,
		}));
		expect(result.requests.map((r) => [r.path, r.body])).toEqual(sent.map((body) => [ADD, body]));
		expect(result.items).toMatchObject(sent.map((json, item) => ({ json, pairedItem: { item } })));
	});

	test('a phone number that exists fails with 03001004, naming the existing customer', async () => {
		const existing = await seedCustomer({
			customerName: 'Old',
			mobile: [{ value: '13700000001', memo: '' }],
		});
		const result = await run({
			operation: 'create',
			customerName: 'New',
			mobile: { values: [{ value: '13700000001' }] },
			customFields: customFields({ level: 'gold' }),
		});
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0]).toMatchObject({ path: ADD, code: '03001004' });
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 03001004: phone number already exists [item 0]',
		});
		expect(result.error?.description).toContain('Create or Update');
		expect(result.error?.description).toContain(`Existing customer ID: ${existing}.`);
		expect(result.error?.context).toMatchObject({
			itemIndex: 0,
			vendorCode: '03001004',
			repeatId: [existing],
		});
	});

	test('validation: a missing name, a bad enum, a bad time, an empty phone, a missing required custom field and a wrong choice send nothing', async () => {
		// Values from expressions: n8n checks fixed values itself before the node runs; these it cannot.
		const result = await run({
			operation: 'create',
			customerName: '={{ $json.name }}',
			mobile: { values: [{ value: '', memo: 'work' }] },
			additionalFields: { createMethod: '={{ "FAX" }}', assignTime: '={{ "someday" }}' },
			customFields: customFields({ level: '={{ $json.level }}', score: '={{ "high" }}' }),
		});
		expectRefused(
			result,
			'Invalid input [item 0]: "Customer Name" is required (and 5 more problems)',
		);
		const description = String(result.error?.description);
		for (const field of [
			'Additional Fields → Assign Time',
			'Additional Fields → Create Method',
			'Phones → Phone Number (phone 1)',
			'Custom Fields → Level',
			'Custom Fields → Score',
		]) {
			expect(description).toContain(`"${field}"`);
		}
		expect(description).toContain(
			'must be one of INSERT, WORKORDER, WEBCHAT, API, IMPORT, AUTOSAVE, USERREGISTRATION (got "FAX")',
		);
		expect(description).toContain('Fill in the custom field "Level" under Custom Fields.');
		expect(result.error?.context).toMatchObject({ itemIndex: 0 });

		const badChoice = await run({
			operation: 'create',
			customerName: 'X',
			customFields: customFields({ level: '={{ "platinum" }}' }),
		});
		expectRefused(
			badChoice,
			'Invalid input [item 0]: "Custom Fields → Level" must be one of the choices gold, silver (got "platinum")',
		);
	});
});

describe('customer upsert: find by Phone, then update or add (more cases: customer.search-upsert)', () => {
	/** Create or Update of a gold customer with this name and Phone (also given with memo "mobile"). */
	const upsert = (name: string, phone: string, more = {}, options?: Parameters<typeof run>[1]) =>
		run(
			{
				operation: 'upsert',
				customerName: name,
				phone,
				mobile: { values: [{ value: phone, memo: 'mobile' }] },
				customFields: customFields({ level: 'gold' }),
				...more,
			},
			options,
		);

	test('a new phone number: one list request, one add request, the created customer is returned', async () => {
		const result = await upsert('Fay', '13600000001');
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([
			['POST', LIST, true, '200'],
			['POST', ADD, true, '200'],
		]);
		expect(result.items).toMatchObject([
			{ json: { customerName: 'Fay', level: 'gold' }, pairedItem: { item: 0 } },
		]);
		expect(await customerInSandbox(result.items[0].json._id as string)).toMatchObject({
			customerName: 'Fay',
		});
	});

	test('an existing phone number: the customer found by Phone is updated with the same fields, every number it had kept', async () => {
		const existing = await seedCustomer({
			customerName: 'Gus (old)',
			mobile: [
				{ value: '13600000002', memo: 'old' },
				{ value: '13600000012', memo: 'office' },
			],
			level: 'silver',
		});
		const before = (await control.getState(APP.appId)).customers.length;
		const result = await upsert(
			'Gus',
			'13600000002',
			{
				additionalFields: { assignTime: '2026-01-15T10:00:00+01:00', owner: 'agent-9' },
				customFields: customFields({ level: 'gold', score: 3 }),
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.code, r.signatureValid])).toEqual([
			[LIST, '200', true],
			[UPDATE, '200', true],
		]);
		const kept = [
			{ value: '13600000002', memo: 'mobile' },
			{ value: '13600000012', memo: 'office' },
		];
		expect(result.requests[1].body).toEqual({
			_id: existing,
			customerName: 'Gus',
			owner: 'agent-9',
			assignTime: '2026-01-15 17:00:00',
			mobile: kept,
			level: 'gold',
			score: '3',
		});
		expect(result.items).toMatchObject([
			{
				json: { _id: existing, customerName: 'Gus', level: 'gold', score: '3', owner: 'agent-9' },
				pairedItem: { item: 0 },
			},
		]);
		expect((await control.getState(APP.appId)).customers).toHaveLength(before);
		expect(await customerInSandbox(existing)).toMatchObject({ customerName: 'Gus', mobile: kept });
	});

	test('another vendor error on add is surfaced as it is (no update)', async () => {
		await control.addFault({
			pathPattern: ADD,
			kind: 'envelope',
			envelopeCode: '00000400',
			envelopeMessage: 'owner does not exist',
		});
		const result = await upsert('Hal', '13600000003');
		expect(result.requests.map((r) => r.path)).toEqual([LIST, ADD]);
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 00000400: owner does not exist [item 0]',
		});
	});

	test('a bad Phone is refused before the first request: nothing is sent', async () => {
		const result = await upsert('Ida', '136-0000-000x');
		expectRefused(result, /^Invalid input \[item 0\]: "Phone" must be a phone number/);
	});
});

describe('customer update: POST /openapi/crm/update', () => {
	test('only the fields given are sent, with _id; phones replace the list; custom fields optional in update mode', async () => {
		const id = await seedCustomer({
			customerName: 'Jo',
			mobile: [{ value: '13500000001', memo: '' }],
			level: 'silver',
			score: '1',
		});
		const result = await run(
			{
				operation: 'update',
				customerId: locator(id, 'id'),
				mobile: { values: [{ value: '13500000009', memo: 'new' }] },
				updateFields: {
					customerName: 'Joanna',
					assignTime: '2026-05-05T12:00:00',
					customerOrigin: 'openSeaCustom',
				},
				customFields: customFields({ score: '42' }, updateSchema),
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([['POST', UPDATE, true, '200']]);
		expect(result.requests[0].body).toEqual({
			_id: id,
			customerName: 'Joanna',
			// 12:00 EDT = 00:00 next day in Shanghai
			assignTime: '2026-05-06 00:00:00',
			customerOrigin: 'openSeaCustom',
			mobile: [{ value: '13500000009', memo: 'new' }],
			score: '42',
		});
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					_id: id,
					customerName: 'Joanna',
					level: 'silver',
					score: '42',
					mobile: [{ value: '13500000009', memo: 'new' }],
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(updateSchema.find((f) => f.id === 'level')?.required).toBe(false);
	});

	test('a missing customer id or a blank new name sends nothing', async () => {
		const noId = await run(
			{
				operation: 'update',
				customerId: locator('={{ $json.id }}', 'id'),
				updateFields: { owner: 'x', customerOrigin: '={{ "street" }}' },
			},
			{ items: [{ id: '' }] },
		);
		expectRefused(noId, 'Invalid input [item 0]: "Customer ID" is required (and 1 more problem)');
		expect(noId.error?.description).toContain(
			'"Update Fields → Customer Origin" must be one of busOpportunity, openSeaCustom, selfDevelop (got "street")',
		);
		const blankName = await run({
			operation: 'update',
			customerId: locator('abc', 'id'),
			updateFields: { customerName: '={{ "" }}' },
		});
		expectRefused(blankName, 'Invalid input [item 0]: "Update Fields → Customer Name" is required');
	});
});

/**
 * A cascade custom field (e.g. Region) says in the Custom Fields mapper how its value is written
 * (the keys of each level joined by /, e.g. zj/hz) and which paths are valid, as select fields list
 * their choices; the value is text, sent as written like any text custom field (customer.rules).
 */
describe('a cascade custom field', () => {
	test('the mapper names its value format and its valid paths', async () => {
		const paths = 'zj/hz (浙江/杭州), zj/nb (浙江/宁波), bj/cy (北京/朝阳)';
		expect((await customerFieldMapping(sandbox, CASCADE, 'create')).fields).toEqual([
			mapperField('cf_region', `Region (key path such as zj/hz: ${paths})`, 'string'),
		]);
	});

	test('a long list names the first six paths and how many more there are', () => {
		const cities = [0, 1, 2].map((c) => node(`c${c}`, `City ${c}`));
		const children = [0, 1, 2].map((p) => node(`p${p}`, `Province ${p}`, cities));
		const config = toFieldConfig({
			field: 'cf_area',
			name: 'Area',
			type: 'cascade',
			options: { level: 2, fillLevel: 2, children },
		});
		expect(config && cascadeHint(config)).toBe(
			'key path such as p0/c0: p0/c0 (Province 0/City 0), p0/c1 (Province 0/City 1), p0/c2 (Province 0/City 2), ' +
				'p1/c0 (Province 1/City 0), p1/c1 (Province 1/City 1), p1/c2 (Province 1/City 2), and 3 more',
		);
		// A cascade without options still says how its value is written; other types get no cascade hint.
		expect(cascadeHint({ ...config!, cascade: [] })).toBe('key path, levels joined by /');
		expect(cascadeHint({ ...config!, type: 'text', cascade: undefined })).toBeUndefined();
	});
});

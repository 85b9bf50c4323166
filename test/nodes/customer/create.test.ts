/**
 * Customer → Create: the request, custom fields (a cascade one too), the Contacts Input switch.
 */

import {
	cascadeHint,
	toFieldConfig,
} from '../../../nodes/ContactCenter/actions/customer/customFields';
import { PATHS } from '../../sandbox/fixture';
import { customerFieldMapping, expectRefused, mapperField, signed } from '../run-checks';
import { APP, customerSearches, customerWrites, node } from './fixture';

const { crmAdd: ADD } = PATHS;
const { CASCADE, sandbox, customFields, run, customerInSandbox, seedCustomer } = customerWrites();

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

/**
 * A cascade custom field (e.g. Region) says in the Custom Fields mapper how its value is written
 * (the keys of each level joined by /, e.g. zj/hz) and which paths are valid, as select fields list
 * their choices; the value is text, sent as written like any text custom field (customer/rules.test).
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

describe('Contacts Input', () => {
	const { run } = customerSearches();
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

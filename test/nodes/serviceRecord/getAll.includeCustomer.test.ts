/**
 * Service Record → Get Many with Options → Include Customer (issue #36 item 2): each item gains
 * `customer`, the customer holding the phone number of the record's form field, simplified exactly
 * as Customer → Search outputs it, or null. Phone matching as Search (formatting, country code, the
 * `in` condition checked number by number); the oldest holder wins; ONE customer-list request per
 * 200 distinct numbers (never one per record) and one field-configuration read, from the sandbox's
 * request log.
 */
import type { IDataObject } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { NUMBERS_PER_LOOKUP } from '../../../nodes/ContactCenter/actions/customer/phoneLookup';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import type { InjectRecordsRequest } from '../../sandbox/types';
import { expectInvalid } from '../run-checks';

const APP = { appId: '1091', appSecret: 'enrich-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;
const run = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: {
		resource: 'serviceRecord',
		operation: 'getAll',
		channel: 'call',
		returnAll: true,
		options: { includeCustomer: true },
	},
	timezone: 'Asia/Shanghai',
});
const search = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: { resource: 'customer', operation: 'search', returnAll: true },
});

const inject = async (records: InjectRecordsRequest['records']) =>
	await control.injectRecords({ appId: APP.appId, channel: 'call', records });
/** Records of one minute (Shanghai) `m` of 2026-11-24 10:mm, one a second, naming these phones. */
const recordsNaming = (minute: string, phones: unknown[]) =>
	phones.map((phone, i) => ({
		updateTime: `2026-11-24 ${minute}:${String(i % 60).padStart(2, '0')}`,
		eventUniqueId: `${minute}-${i}`,
		data: phone === undefined ? { note: 'no phone' } : { customerPhone: phone, note: 'n' },
	}));
const window = (from: string, to: string) => ({
	startTime: `2026-11-24T${from}:00+08:00`,
	endTime: `2026-11-24T${to}:59+08:00`,
});
const paths = (result: RunNodeResult) => result.requests.map((r) => r.path);
const lists = (result: RunNodeResult) => result.requests.filter((r) => r.path === PATHS.crmList);

let ids: Record<string, string>;

beforeAll(async () => {
	const [a, b, older, younger] = await control.seedCustomers({
		appId: APP.appId,
		customers: [
			// Stored with the country code: found by the national number, typed in any format.
			{ customerName: 'Ann', mobile: [{ value: '+8613800001001', memo: 'mobile' }] },
			{ customerName: 'Bob', mobile: [{ value: '13800001002', memo: '' }] },
			// Two holders of one number: the oldest (by createTime) is the customer.
			{
				customerName: 'Cid (older)',
				mobile: [{ value: '008613800001003', memo: '' }],
				createTime: '2026-01-01 09:00:00',
			},
			{
				customerName: 'Cid (younger)',
				mobile: [{ value: '13800001003', memo: '' }],
				createTime: '2026-06-01 09:00:00',
			},
		],
	});
	ids = { a, b, older, younger };
	await inject(
		recordsNaming('10:00', [
			'13800001001',
			'+86 13800001002',
			'138-0000-1003',
			'(138) 0000 1001', // Ann again: the same lookup
			'19900000009', // nobody holds it
			undefined, // no phone in the record
			'call me later', // not a phone number
			13800001002, // a number, not a string
		]),
	);
});

beforeEach(async () => {
	await control.clearFaults();
});

describe('Service Record → Get Many, Include Customer', () => {
	test("each record gets its customer (Search's simplified shape) or null; one list request for all, one field read", async () => {
		const plain = await run({ ...window('10:00', '10:00'), options: {} });
		const result = await run(window('10:00', '10:00'));
		expect(result.error).toBeUndefined();
		const customerIds = result.items.map(
			(i) => (i.json.customer as IDataObject | null)?._id ?? null,
		);
		expect(customerIds).toEqual([ids.a, ids.b, ids.older, ids.a, null, null, null, ids.b]);
		// Beyond the run without it: exactly one customer-list request and one field-configuration read.
		expect(paths(result)).toEqual([...paths(plain), PATHS.crmList, PATHS.crmFields]);
		const [list] = lists(result);
		expect(list.body).toEqual({
			search: [
				{
					field: 'mobile',
					operator: 'in',
					value: [
						...['13800001001', '+8613800001001', '008613800001001'],
						...['13800001002', '+8613800001002', '008613800001002'],
						...['13800001003', '+8613800001003', '008613800001003'],
						...['19900000009', '+8619900000009', '008619900000009'],
					],
				},
			],
			sortList: [{ field: 'createTime', orderBy: 'asc' }],
			page: 1,
			limit: 1000,
		});
		// The record itself is unchanged; `customer` is added.
		expect(result.items[0].json).toMatchObject({ eventUniqueId: '10:00-0', channel: 'call' });
		expect(plain.items.every((i) => !('customer' in i.json))).toBe(true);
		// Exactly what Customer → Search outputs for the number.
		const bob = await search({ phone: '13800001002' });
		expect(result.items[1].json.customer).toEqual(bob.items[0].json);
		expect(bob.items[0].json).toMatchObject({ customerName: 'Bob', phones: ['13800001002'] });
	});

	test(`${NUMBERS_PER_LOOKUP * 2 + 50} distinct numbers over 600 records: ⌈D / ${NUMBERS_PER_LOOKUP}⌉ = 3 list requests`, async () => {
		const distinct = NUMBERS_PER_LOOKUP * 2 + 50;
		const numbers = Array.from(
			{ length: distinct },
			(_, i) => `1570000${String(i).padStart(4, '0')}`,
		);
		const seeded = await control.seedCustomers({
			appId: APP.appId,
			customers: numbers.map((n, i) => ({ customerName: `Bulk ${i}`, mobile: [{ value: n }] })),
		});
		const phones = Array.from({ length: 600 }, (_, i) => numbers[i % distinct]);
		const minutes = [
			'11:00',
			'11:01',
			'11:02',
			'11:03',
			'11:04',
			'11:05',
			'11:06',
			'11:07',
			'11:08',
			'11:09',
		];
		for (const [m, minute] of minutes.entries())
			await inject(recordsNaming(minute, phones.slice(m * 60, m * 60 + 60)));
		const result = await run(window('11:00', '11:09'));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(600);
		expect(lists(result)).toHaveLength(Math.ceil(distinct / NUMBERS_PER_LOOKUP));
		expect(result.requests.filter((r) => r.path === PATHS.crmFields)).toHaveLength(1);
		const want = new Map(numbers.map((n, i) => [n, seeded[i]]));
		for (const item of result.items) {
			const phone = (item.json.data as IDataObject).customerPhone as string;
			expect((item.json.customer as IDataObject)._id).toBe(want.get(phone));
		}
	});

	test("a full answer page (1,000 near misses of 'contains') is paged: the holder is on page 2", async () => {
		// 1,001 older customers whose numbers contain 16600001234 but are not it.
		await control.seedCustomers({
			appId: APP.appId,
			customers: Array.from({ length: 1001 }, (_, i) => ({
				customerName: `Near ${i}`,
				mobile: [{ value: `${i + 1}16600001234` }],
				createTime: '2025-01-01 00:00:00',
			})),
		});
		const [holder] = await control.seedCustomers({
			appId: APP.appId,
			customers: [{ customerName: 'Holder', mobile: [{ value: '16600001234' }] }],
		});
		await inject(recordsNaming('12:00', ['166 0000 1234']));
		const result = await run(window('12:00', '12:00'));
		expect(result.error).toBeUndefined();
		expect(lists(result).map((r) => (r.body as IDataObject).page)).toEqual([1, 2]);
		expect((result.items[0].json.customer as IDataObject)._id).toBe(holder);
	});

	test('a failing lookup fails the run (no item without its customer)', async () => {
		await control.addFault({
			pathPattern: PATHS.crmList,
			kind: 'envelope',
			envelopeCode: '00000500',
			count: 100,
		});
		const result = await run(window('10:00', '10:00'));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.items).toEqual([]);
	});

	test('Customer Phone Field empty: refused before any request', async () => {
		const result = await run({
			...window('10:00', '10:00'),
			options: { includeCustomer: true, customerPhoneField: ' ' },
		});
		expectInvalid(result, '"Options → Customer Phone Field" is empty');
	});

	test('another form field: the name given', async () => {
		await inject([
			{
				updateTime: '2026-11-24 13:00:00',
				eventUniqueId: 'other-field',
				data: { caller: '13800001001' },
			},
		]);
		const result = await run({
			...window('13:00', '13:00'),
			options: { includeCustomer: true, customerPhoneField: 'caller' },
		});
		expect((result.items[0].json.customer as IDataObject)._id).toBe(ids.a);
	});
});

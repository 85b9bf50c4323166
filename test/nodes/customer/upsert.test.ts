/**
 * Customer → Create or Update (upsert): find by Phone, then update or add; the contact lists on a match.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { repeatIdsOf } from '../../../nodes/ContactCenter/api/customers';
import {
	addEntries,
	entryKey,
	listsForMatch,
	withPhone,
} from '../../../nodes/ContactCenter/actions/customer/contactLists';
import { PATHS } from '../../sandbox/fixture';
import { calls, expectRefused, signed } from '../run-checks';
import { APP, customerPhones, customerSearches, customerWrites, typedForms } from './fixture';

const { crmAdd: ADD, crmUpdate: UPDATE, crmList: LIST } = PATHS;
const { control, customFields, run, customerInSandbox, seedCustomer } = customerWrites();

describe('customer upsert: find by Phone, then update or add (more cases below)', () => {
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

describe('Create or Update never deletes a number', () => {
	const { run, control, seed, seedTwoNumbers, stored } = customerSearches();
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

describe('Create or Update: the contact lists on a match', () => {
	const { run, runIn, seed, stored } = customerPhones();
	/** A customer with two phones, two e-mails, a QQ and a WeChat entry, each with a memo. */
	const full = (n: string, tag: string) => ({
		customerName: `Lists ${tag}`,
		mobile: [
			{ value: n, memo: 'mobile' },
			{ value: `158${n.slice(3)}`, memo: 'office' },
		],
		email: [
			{ value: `${tag}@work.example`, memo: 'work' },
			{ value: `${tag}@home.example`, memo: 'home' },
		],
		qq: [{ value: `1${n.slice(-6)}`, memo: 'qq' }],
		wechat: [{ value: `wx_${tag}`, memo: 'wechat' }],
	});
	/** One new entry of each kind. */
	const added = (tag: string) => ({
		mobile: { values: [{ value: `17700${tag}`, memo: 'new' }] },
		email: { values: [{ value: `${tag}@new.example`, memo: 'new' }] },
		qq: { values: [{ value: `2${tag}`, memo: 'new' }] },
		wechat: { values: [{ value: `wx_new_${tag}`, memo: 'new' }] },
	});
	const entry = (value: string, memo = 'new') => ({ value, memo });

	/** One customer per typed form: [form, Phone as typed, its national number, a tag for its entries]. */
	const forms = typedForms('13900400017').map(([typed], index) => {
		const n = `139004${String(index).padStart(2, '0')}017`;
		return [typed, typedForms(n)[index][1], n, `50${index}01`];
	});
	test.each(forms)(
		'matched by Phone typed %s (%s), with an empty name: every entry and memo kept, one new of each added, the name kept; list + update',
		async (_typed, phone, n, tag) => {
			const before = full(n, tag);
			const [id] = await seed(before);
			const result = await run({ operation: 'upsert', customerName: '', phone, ...added(tag) });
			expect(result.error).toBeUndefined();
			expect(calls(result)).toEqual([
				[LIST, '200'],
				[UPDATE, '200'],
			]);
			expect(result.requests[1].body).not.toHaveProperty('customerName');
			expect(await stored(id)).toMatchObject({
				customerName: before.customerName,
				mobile: [...before.mobile, entry(`17700${tag}`)],
				email: [...before.email, entry(`${tag}@new.example`)],
				qq: [...before.qq, entry(`2${tag}`)],
				wechat: [...before.wechat, entry(`wx_new_${tag}`)],
			});
		},
	);

	test('a memo given for an entry the customer has replaces its memo; the same entry typed otherwise is not added twice', async () => {
		const n = '13900500017';
		const before = full(n, '60501');
		const [id] = await seed(before);
		const result = await run({
			operation: 'upsert',
			phone: `+86 ${n}`,
			mobile: { values: [{ value: `0086-${n}`, memo: 'cell' }] },
			email: {
				values: [{ value: '60501@WORK.example' }, { value: '60501@home.example', memo: 'private' }],
			},
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[UPDATE, '200'],
		]);
		expect(await stored(id)).toMatchObject({
			mobile: [entry(n, 'cell'), before.mobile[1]],
			email: [before.email[0], entry('60501@home.example', 'private')],
			qq: before.qq,
			wechat: before.wechat,
		});
	});

	test('Replace: each list given becomes exactly the entries given (Phone without its formatting)', async () => {
		const n = '13900600017';
		const [id] = await seed(full(n, '60601'));
		const result = await run({
			operation: 'upsert',
			phone: `+86 (139) 0060-0017`,
			...added('60601'),
			options: { listsOnMatch: 'replace' },
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[UPDATE, '200'],
		]);
		expect(await stored(id)).toMatchObject({
			mobile: [entry(`+86${n}`, ''), entry('1770060601')],
			email: [entry('60601@new.example')],
			qq: [entry('260601')],
			wechat: [entry('wx_new_60601')],
		});
	});

	test('a list not given is not sent and stays as it is', async () => {
		const n = '13900700017';
		const before = full(n, '60701');
		const [id] = await seed(before);
		for (const listsOnMatch of ['add', 'replace']) {
			const result = await run({
				operation: 'upsert',
				customerName: 'Renamed',
				phone: n,
				email: { values: [{ value: '60701@work.example', memo: 'work' }] },
				options: { listsOnMatch },
			});
			expect(Object.keys(result.requests[1].body as IDataObject).sort()).toEqual(
				['_id', 'customerName', 'email', 'mobile'].sort(),
			);
		}
		expect(await stored(id)).toMatchObject({
			customerName: 'Renamed',
			qq: before.qq,
			wechat: before.wechat,
		});
	});

	test('no name and no customer with the Phone: the lookup only, then an error naming the item, the field and the rule; no add', async () => {
		const result = await run({
			operation: 'upsert',
			customerName: '  ',
			phone: '+86 139 0080 0017',
		});
		expect(calls(result)).toEqual([[LIST, '200']]);
		expect(result.requests.some((r) => r.path === ADD)).toBe(false);
		expect(result.error?.message).toBe(
			'Invalid input [item 0]: "Customer Name" is empty, and no customer has the phone number +8613900800017: Create or Update needs a name to create the customer',
		);
		expect(result.error?.description).toMatch(/Enter the customer name/);
	});

	test('a new customer gets Phone as typed without its formatting: list + add', async () => {
		const result = await run({
			operation: 'upsert',
			customerName: 'Formatted',
			phone: '+86 (139) 0090-0017',
		});
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[ADD, '200'],
		]);
		expect(result.requests[1].body).toEqual({
			customerName: 'Formatted',
			mobile: [{ value: '+8613900900017' }],
		});
	});

	test("the credential's Country Code: with 44, +44 20 7946 0019 updates the customer stored as 2079460019", async () => {
		const [id] = await seed({
			customerName: 'London',
			mobile: [{ value: '2079460019', memo: 'desk' }],
		});
		const result = await runIn('44', { operation: 'upsert', phone: '+44 20 7946 0019' });
		expect(calls(result)).toEqual([
			[LIST, '200'],
			[UPDATE, '200'],
		]);
		expect((await stored(id))?.mobile).toEqual([entry('2079460019', 'desk')]);
	});
});

describe('what the forms say about the contact lists', () => {
	const property = (operation: string, name: string) =>
		new ContactCenter().description.properties.find(
			(p) => p.name === name && p.displayOptions?.show?.operation?.includes(operation) === true,
		);
	test.each([
		['mobile', 'phones'],
		['email', 'emails'],
		['qq', 'qq accounts'],
		['wechat', 'wechat accounts'],
		['mobileList', 'phones'],
	])('Update: %s replaces the customer’s list', (name, plural) => {
		expect(property('update', name)?.description).toContain(
			`Replaces the customer's ${plural}: it ends with exactly the entries given`,
		);
	});

	test('Create or Update: Customer Name optional; Contact Lists on Match says what happens to each list', () => {
		expect(property('upsert', 'customerName')?.required).toBe(false);
		expect(property('create', 'customerName')?.required).toBe(true);
		const rule = property('upsert', 'options')?.options?.[0] as INodeProperties | undefined;
		expect(rule).toMatchObject({ name: 'listsOnMatch', default: 'add' });
		expect(rule?.description).toMatch(
			/phones, e-mails, QQ and WeChat accounts.*left empty is not sent/,
		);
		expect(property('upsert', 'email')?.description).toContain(
			'added to its emails, none removed (unless Options → Contact Lists on Match is Replace)',
		);
	});
});

test('upsert: the existing customer ids of data.repeatId as strings; empty when the API named none', () => {
	expect(repeatIdsOf({ repeatId: ['a1', 'b2'] })).toEqual(['a1', 'b2']);
	expect(repeatIdsOf({ repeatId: [123, ''] })).toEqual(['123']);
	expect(repeatIdsOf({ repeatId: [] })).toEqual([]);
	expect(repeatIdsOf({ repeatId: 'a1' })).toEqual([]);
	expect(repeatIdsOf(null)).toEqual([]);
});

describe('contact lists on a match (pure)', () => {
	test('lists on a match: the customer keeps its entries and memos, new ones are appended once, a given memo wins', () => {
		const phones = entryKey('mobile', '86');
		const existing = [
			{ value: '1', memo: 'home' },
			{ value: '2', memo: '' },
		];
		expect(addEntries(existing, [{ value: '1' }], phones)).toEqual([
			{ value: '1', memo: 'home' },
			{ value: '2' },
		]);
		expect(
			addEntries(
				existing,
				[{ value: '3', memo: 'new' }, { value: '2', memo: 'work' }, { value: '3' }],
				phones,
			),
		).toEqual([
			{ value: '1', memo: 'home' },
			{ value: '2', memo: 'work' },
			{ value: '3', memo: 'new' },
		]);
		expect(addEntries(undefined, [{ value: '3' }], phones)).toEqual([{ value: '3' }]);
		// A number however formatted, an e-mail address in any case, is the entry the customer has.
		expect(
			addEntries([{ value: '+8613800000017', memo: 'm' }], [{ value: '138-0000-0017' }], phones),
		).toEqual([{ value: '+8613800000017', memo: 'm' }]);
		expect(
			addEntries(
				[{ value: 'Li@Example.com' }],
				[{ value: 'li@example.com' }],
				entryKey('email', '86'),
			),
		).toEqual([{ value: 'Li@Example.com' }]);
		expect(withPhone([{ value: '2' }], '1', phones)).toEqual([{ value: '1' }, { value: '2' }]);
		expect(withPhone([{ value: '1', memo: 'm' }], '1', phones)).toEqual([
			{ value: '1', memo: 'm' },
		]);
		expect(withPhone([{ value: '0086 1', memo: 'm' }], '+861', phones)).toEqual([
			{ value: '0086 1', memo: 'm' },
		]);
		const customer = { mobile: [{ value: '1', memo: 'a' }], qq: [{ value: '9', memo: 'q' }] };
		const body = { customerName: 'X', mobile: [{ value: '2' }], email: [{ value: 'e@x' }] };
		expect(listsForMatch(customer, body, 'add', '86')).toEqual({
			customerName: 'X',
			mobile: [{ value: '1', memo: 'a' }, { value: '2' }],
			email: [{ value: 'e@x' }],
		});
		expect(listsForMatch(customer, body, 'replace', '86')).toEqual(body);
	});
});

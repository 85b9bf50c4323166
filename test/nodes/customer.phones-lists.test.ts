/**
 * Phone numbers as people type them (Search, Create or Update, the Customer ID list) and Create or
 * Update's contact lists on a match (issue #33 items 2 and 3). Real HTTP against the sandbox through
 * n8n-core; what was sent is read from the sandbox's request log.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { KEEP_HEADROOM } from '../../nodes/ContactCenter/api/customers';
import { nodeRunner, type RunNodeResult } from '../harness';
import { PATHS, useSandbox } from '../sandbox/fixture';
import { calls, expectRefused, picker } from './run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const TIMEZONE = 'Asia/Shanghai';
const { crmAdd: ADD, crmUpdate: UPDATE, crmList: LIST } = PATHS;

const sandbox = useSandbox({ tenants: [{ ...APP, timezone: TIMEZONE }] });
const { control } = sandbox;
const defaults = { nodeType: ContactCenter, parameters: { resource: 'customer' } };
const run = nodeRunner(sandbox, { ...APP, timezone: TIMEZONE }, defaults);
/** A run with the credential's Country Code set. */
const runIn = (countryCode: string, parameters: INodeParameters) =>
	run(parameters, { credentials: sandbox.credentials(APP, { timezone: TIMEZONE, countryCode }) });

const lists = (result: RunNodeResult) => result.requests.filter((r) => r.path === LIST);
const stored = async (id: string) =>
	(await control.getState(APP.appId)).customers.find((c) => c._id === id);
const seed = async (...customers: IDataObject[]) =>
	await control.seedCustomers({ appId: APP.appId, customers });

/** The ways people type the national number `n` (11 digits, e.g. 13800000017). */
const typedForms = (n: string): Array<[string, string]> => {
	const [a, b, c] = [n.slice(0, 3), n.slice(3, 7), n.slice(7)];
	return [
		['national', n],
		['+86 with spaces', `+86 ${a} ${b} ${c}`],
		['parentheses', `(${a}) ${b} ${c}`],
		['0086 and a space', `0086 ${n}`],
		['dashes', `${a}-${b}-${c}`],
		['+86 with dashes', `+86-${a}-${b}-${c}`],
		['dots', `${a}.${b}.${c}`],
	];
};
/** The forms a number is stored in. */
const storedForms = (n: string): Array<[string, string]> => [
	['national', n],
	['+86', `+86${n}`],
	['0086', `0086${n}`],
];

describe('Customer → Search by a phone number as people type it', () => {
	// Three customers, one per stored form; decoys whose numbers contain the national number.
	const national = ['13900100017', '13900100027', '13900100037'];
	const ids: string[] = [];
	beforeAll(async () => {
		const customers = storedForms('').map(([form], index) => ({
			customerName: `Stored ${form}`,
			mobile: [
				{ value: '15900000000', memo: 'other' },
				{ value: storedForms(national[index])[index][1], memo: 'main' },
			],
			createTime: '2026-01-01 00:00:00',
		}));
		ids.push(...(await seed(...customers)));
		await seed(
			{ customerName: 'Decoy longer', mobile: [{ value: `9${national[0]}`, memo: '' }] },
			{ customerName: 'Decoy suffix', mobile: [{ value: `${national[1]}5`, memo: '' }] },
		);
	});

	const table = national.flatMap((n, index) =>
		typedForms(n).map(([typed, text]): [string, string, string, number] => [
			storedForms(n)[index][0],
			typed,
			text,
			index,
		]),
	);
	test.each(table)(
		'stored %s, typed %s (%s): found with one list request; numbers that only contain it are not',
		async (_stored, _typed, text, index) => {
			const result = await run({ operation: 'search', phone: text });
			expect(result.error).toBeUndefined();
			expect(lists(result)).toHaveLength(1);
			expect(lists(result)[0].body).toMatchObject({
				search: [
					{
						field: 'mobile',
						operator: 'in',
						value: [national[index], `+86${national[index]}`, `0086${national[index]}`],
					},
				],
			});
			expect(result.items.map((i) => i.json._id)).toEqual([ids[index]]);
		},
	);

	test('letters are refused naming the item, the field and the rule; nothing is sent', async () => {
		expectRefused(
			await run({ operation: 'search', phone: '138-abcd-0017' }),
			'Invalid input [item 0]: "Phone" must be a phone number: digits with an optional leading +, separated by spaces, dashes, dots or parentheses if you like (got "138-abcd-0017")',
		);
	});

	test('Limit: rows dropped by the check do not shorten the result; another page only when they fill the first', async () => {
		const n = '13900200017';
		const [target] = await seed({
			customerName: 'Under decoys',
			mobile: [{ value: n, memo: '' }],
			createTime: '2026-01-01 00:00:00',
		});
		// Newer than the target (Search lists newest first), each holding a number that contains n.
		const decoy = (d: number) => ({
			customerName: `Decoy ${d}`,
			mobile: [{ value: d < 10 ? `${d}${n}` : `${n}${d - 10}`, memo: '' }],
			createTime: '2026-02-01 00:00:00',
		});
		await seed(...Array.from({ length: KEEP_HEADROOM }, (_, d) => decoy(d + 1)));
		const within = await run({ operation: 'search', phone: n, limit: 1 });
		expect(within.items.map((i) => i.json._id)).toEqual([target]);
		expect(lists(within).map((r) => (r.body as IDataObject).limit)).toEqual([1 + KEEP_HEADROOM]);

		await seed(decoy(KEEP_HEADROOM + 1));
		const beyond = await run({ operation: 'search', phone: n, limit: 1 });
		expect(beyond.items.map((i) => i.json._id)).toEqual([target]);
		expect(lists(beyond).map((r) => (r.body as IDataObject).page)).toEqual([1, 2]);
		const all = await run({ operation: 'search', phone: n, returnAll: true });
		expect([all.items.map((i) => i.json._id), lists(all).length]).toEqual([[target], 1]);
	});

	test("the credential's Country Code: with 44, +44 20 7946 0018 finds 2079460018", async () => {
		const [london] = await seed({
			customerName: 'London',
			mobile: [{ value: '2079460018', memo: '' }],
		});
		const result = await runIn('44', { operation: 'search', phone: '+44 20 7946 0018' });
		expect(result.items.map((i) => i.json._id)).toEqual([london]);
		expect(lists(result)[0].body).toMatchObject({
			search: [
				{
					field: 'mobile',
					operator: 'in',
					value: ['2079460018', '+442079460018', '00442079460018'],
				},
			],
		});
		// With the default 86 the number is a foreign one: it matches only stored +44 / 0044 forms.
		const default86 = await run({ operation: 'search', phone: '+44 20 7946 0018' });
		expect(default86.items).toEqual([]);
	});

	test('a Country Code that is not one is refused before anything is sent', async () => {
		const result = await runIn('8 6', { operation: 'search', phone: '13800000017' });
		expectRefused(
			result,
			`The credential's Country Code "8 6" is not a country calling code [item 0]`,
		);
		expect(result.error?.description).toContain('for example 86 for China');
	});

	test('the Customer ID list finds a customer by a formatted number', async () => {
		const [id] = await seed({
			customerName: 'Listed by phone',
			mobile: [{ value: '13900300017', memo: '' }],
		});
		const search = picker(sandbox, APP, 'searchCustomers', {
			resource: 'customer',
			operation: 'get',
		});
		for (const text of ['+86 139-0030-0017', '(139) 0030 0017', '0086 13900300017'])
			expect([text, (await search(text)).results.map((r) => r.value)]).toEqual([text, [id]]);
	});
});

describe('Create or Update: the contact lists on a match', () => {
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

/**
 * Customer → Search: by phone (as people type it), e-mail and name.
 */
import type { IDataObject } from 'n8n-workflow';

import { KEEP_HEADROOM } from '../../../nodes/ContactCenter/api/customers';
import { buildSearch } from '../../../nodes/ContactCenter/actions/customer/criteria';
import { SIMPLIFIED_FIELDS } from '../../../nodes/ContactCenter/actions/customer/simplify';
import {
	cleanPhone,
	holdsNumber,
	keyOfNumber,
	phoneKey,
} from '../../../nodes/ContactCenter/actions/customer/phoneNumbers';
import { PATHS } from '../../sandbox/fixture';
import { expectRefused, picker } from '../run-checks';
import { APP, customerPhones, customerSearches, typedForms } from './fixture';

const { crmList: LIST, crmFields: FIELDS } = PATHS;
const { run, seed, seedTwoNumbers, paths, stored } = customerSearches();

/** The forms a number is stored in. */
const storedForms = (n: string): Array<[string, string]> => [
	['national', n],
	['+86', `+86${n}`],
	['0086', `0086${n}`],
];

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

describe('Customer → Search by a phone number as people type it', () => {
	const { sandbox, run, runIn, seed, lists } = customerPhones();
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

describe('search criteria and phone numbers (pure)', () => {
	test('Search criteria: a phone is one in condition on mobile with its three stored forms, email eq, name contains', () => {
		const search = buildSearch({
			phone: 13800000001,
			email: 'a@b.c',
			name: 'Li',
			countryCode: '86',
		});
		expect(search).toMatchObject({
			issues: [],
			body: {
				search: [
					{
						field: 'mobile',
						operator: 'in',
						value: ['13800000001', '+8613800000001', '008613800000001'],
					},
					{ field: 'email', operator: 'eq', value: ['a@b.c'] },
					{ field: 'customerName', operator: 'in', value: ['Li'] },
				],
				sortList: [],
			},
		});
		// The answer is checked: a number that merely contains the one typed is not a match.
		expect(search.keep?.({ mobile: [{ value: '+86 138-0000-0001' }] })).toBe(true);
		expect(search.keep?.({ mobile: [{ value: '913800000001' }] })).toBe(false);
		expect(
			buildSearch({ phone: ' +86 (138) 0000.0001 ', email: '', name: undefined, countryCode: '86' })
				.body,
		).toEqual({
			search: [
				{
					field: 'mobile',
					operator: 'in',
					value: ['13800000001', '+8613800000001', '008613800000001'],
				},
			],
			sortList: [],
		});
		expect(buildSearch({ phone: '', email: 'a@b.c', name: '', countryCode: '86' }).keep).toBe(
			undefined,
		);
	});

	test('phone numbers: formatting ignored, +<code> and 00<code> are the national number, other countries keep their prefix', () => {
		const typed = [
			'13800000017',
			'+86 138 0000 0017',
			'(138) 0000 0017',
			'0086 13800000017',
			'138-0000-0017',
			'+86-138-0000-0017',
			'138.0000.0017',
		];
		for (const text of typed)
			expect([text, keyOfNumber(text, '86')]).toEqual([text, '13800000017']);
		expect(cleanPhone('+86 (138) 0000-0017')).toBe('+8613800000017');
		expect(['138abc', '+', 'tel:138', '86+138', ''].map(cleanPhone)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		expect(phoneKey('+442079460018', '86')).toBe('+442079460018');
		expect(phoneKey('00442079460018', '86')).toBe('+442079460018');
		expect(phoneKey('+442079460018', '44')).toBe('2079460018');
		expect(phoneKey('+86', '86')).toBe('+86');
		expect(holdsNumber({ mobile: [{ value: '008613800000017' }] }, '13800000017', '86')).toBe(true);
		expect(holdsNumber({ mobile: 'x' }, '13800000017', '86')).toBe(false);
	});
});

import type { IDataObject } from 'n8n-workflow';

import {
	mapperFields,
	readCustomFieldValues,
	toFieldConfig,
	type CustomerFieldConfig,
} from '../../nodes/ContactCenter/actions/customer/customFields';
import {
	buildCustomerBody,
	readContacts,
	type WriteInput,
} from '../../nodes/ContactCenter/actions/customer/rules';
import { buildListQuery, conditionValues } from '../../nodes/ContactCenter/actions/customer/search';
import { repeatIdsOf } from '../../nodes/ContactCenter/api/customers';
import { parseList } from '../../nodes/ContactCenter/input/lists';
import { buildSearch } from '../../nodes/ContactCenter/actions/customer/criteria';
import {
	addEntries,
	entryKey,
	listsForMatch,
	withPhone,
} from '../../nodes/ContactCenter/actions/customer/contactLists';
import {
	cleanPhone,
	holdsNumber,
	keyOfNumber,
	phoneKey,
} from '../../nodes/ContactCenter/actions/customer/phoneNumbers';
import {
	SIMPLIFIED_FIELDS,
	simplifyCustomer,
} from '../../nodes/ContactCenter/actions/customer/simplify';

const ZONES = { workflow: 'America/New_York', api: 'Asia/Shanghai' };

/** A saved resource-mapper schema entry, shown and not used for matching, as the editor saves it. */
const column = (id: string, displayName: string, type: string, more: IDataObject = {}) => ({
	id,
	displayName,
	required: false,
	type,
	display: true,
	defaultMatch: false,
	...more,
});
const choices = (...names: string[][]) => names.map(([name, value]) => ({ name, value }));
const SCHEMA = [
	column('level', 'Level', 'options', {
		required: true,
		options: choices(['Gold', 'gold'], ['Silver', 'silver']),
	}),
	column('score', 'Score', 'number'),
	column('visitAt', 'Visit at', 'dateTime'),
	column('tags', 'Tags (comma-separated keys)', 'string', {
		options: choices(['a', 'a'], ['b', 'b']),
	}),
	column('note', 'Note', 'string'),
];

const mapper = (value: IDataObject | null, schema: unknown[] = SCHEMA) => ({
	mappingMode: 'defineBelow',
	value,
	schema,
	matchingColumns: [],
});

function write(partial: Partial<WriteInput>): ReturnType<typeof buildCustomerBody> {
	return buildCustomerBody({
		mode: 'add',
		customerName: 'Jane',
		optionalParameter: 'additionalFields',
		optionalFields: {},
		contacts: {},
		customFields: undefined,
		zones: ZONES,
		contactLists: {},
		...partial,
	});
}

describe('customer write body (create, upsert, update)', () => {
	test('values trimmed; blank memos, empty contact lists and empty sources left out (the other fields: customer.write)', () => {
		const built = write({
			optionalFields: { owner: ' u-7 ', mobileDecrypt: 'MODE', customerSource: 'web, fair ,' },
			contacts: {
				mobile: {
					values: [
						{ value: ' 13800000001 ', memo: 'work' },
						{ value: '13800000002', memo: '' },
					],
				},
				qq: {},
			},
		});
		expect(built.issues).toEqual([]);
		expect(built.body).toEqual({
			customerName: 'Jane',
			owner: 'u-7',
			mobileDecrypt: 'MODE',
			customerSource: ['web', 'fair'],
			mobile: [{ value: '13800000001', memo: 'work' }, { value: '13800000002' }],
		});
	});

	test('contacts from data follow the ones entered one by one (lists as text: customer.search-upsert)', () => {
		const built = write({
			contactLists: {
				mobile: {
					field: 'mobileList',
					value: '["13800000001", {"value": "13800000002", "memo": "work"}]',
				},
			},
			contacts: { mobile: { values: [{ value: '13800000000' }] } },
			customFields: {},
		});
		expect(built).toEqual({
			issues: [],
			body: {
				customerName: 'Jane',
				mobile: [
					{ value: '13800000000' },
					{ value: '13800000001' },
					{ value: '13800000002', memo: 'work' },
				],
			},
		});
	});

	test('a custom key that is a standard field is refused (custom values as top-level keys: customer.write)', () => {
		const clash = write({ customFields: mapper({ level: 'gold', owner: 'x' }) });
		expect(clash.issues).toEqual([
			expect.objectContaining({
				field: 'customFields.owner',
				problem: 'is a standard customer field, not a custom one',
			}),
		]);
	});

	test('contact rows also come from an expression array; parseList takes text or arrays', () => {
		expect(readContacts('mobile', [{ value: '1' }, '2']).value).toEqual([
			{ value: '1' },
			{ value: '2' },
		]);
		expect(parseList(['a', ' ', 'b'])).toEqual(['a', 'b']);
		expect(parseList('a,,b ')).toEqual(['a', 'b']);
		expect(parseList(undefined)).toEqual([]);
	});
});

describe('custom fields: configuration to resource-mapper fields', () => {
	test('types map to n8n types, choices become options, only enabled custom fields in the tenant order (the field flags, and none required in update: customer.read/write)', () => {
		// The field list as the API sends it: enabled (status 1) unless said otherwise.
		const raw = (field: string, name: string, type: string, sort: number, more: IDataObject = {}) =>
			toFieldConfig({ field, name, type, status: 1, sort, ...more });
		const configs = [
			raw('customerName', 'Customer name', 'text', 0, { isSystem: true, required: true }),
			raw('cf_b', 'Birthday', 'date', 3),
			raw('cf_l', 'Level', 'select', 1, {
				required: true,
				choices: [
					{ key: 'g', value: 'Gold' },
					{ key: 's', value: 's' },
				],
			}),
			raw('cf_n', 'Score', 'number', 2),
			raw('cf_t', 'Visit', 'datetime', 4),
			raw('cf_m', 'Tags', 'multiSelect', 5, { choices: [{ key: 'a', value: 'A' }] }),
			raw('cf_off', 'Old', 'text', 6, { status: 0 }),
			toFieldConfig({ field: '', name: 'broken' }),
		].filter((c): c is CustomerFieldConfig => c !== undefined);
		expect(configs).toHaveLength(7);
		const add = mapperFields(configs, 'add');
		expect(add.map((f) => [f.id, f.displayName, f.type, f.required])).toEqual([
			['cf_l', 'Level', 'options', true],
			['cf_n', 'Score', 'number', false],
			['cf_b', 'Birthday (yyyy-MM-dd)', 'string', false],
			['cf_t', 'Visit', 'dateTime', false],
			['cf_m', 'Tags (comma-separated keys)', 'string', false],
		]);
		expect(add[0].options).toEqual([
			{ name: 'Gold (g)', value: 'g' },
			{ name: 's', value: 's' },
		]);
	});

	test('null choices and missing flags are read safely', () => {
		expect(toFieldConfig({ field: 'x', choices: null })).toEqual({
			field: 'x',
			name: 'x',
			type: 'text',
			status: 1,
			isSystem: false,
			required: false,
			searchable: true,
			choices: [],
			sort: 0,
		});
	});
});

describe('custom fields: values checked against the saved schema and converted', () => {
	test('numbers and multi-choices become API text, unknown keys are kept, empty values are not sent (date-times: customer.write)', () => {
		const values = { level: 'silver', score: 12.5, tags: 'a, b', note: 42, unknownKey: 'kept' };
		expect(readCustomFieldValues(mapper(values), 'add', ZONES)).toEqual({
			issues: [],
			value: { ...values, score: '12.5', tags: 'a,b', note: '42' },
		});
		expect(
			readCustomFieldValues(mapper({ level: 'gold', note: '', score: null }), 'add', ZONES).value,
		).toEqual({ level: 'gold' });
	});

	test('required (add only), choice, multi-choice, number and date-time rules each give a named issue', () => {
		const { issues } = readCustomFieldValues(
			mapper({ score: 'many', visitAt: 'soon', tags: 'a,z' }),
			'add',
			ZONES,
		);
		expect(issues.map((i) => [i.field, i.problem])).toEqual([
			['customFields.level', 'is required'],
			['customFields.score', 'must be a number (got "many")'],
			['customFields.visitAt', 'must be a date and time (got "soon")'],
			['customFields.tags', 'has values that are not choices: z (allowed: a, b)'],
		]);
		const update = readCustomFieldValues(mapper({ level: 'bronze' }), 'update', ZONES);
		expect(update.issues).toEqual([
			expect.objectContaining({
				field: 'customFields.level',
				problem: 'must be one of the choices gold, silver (got "bronze")',
			}),
		]);
	});

	test('no mapper value (the default) sends nothing', () => {
		expect(readCustomFieldValues(undefined, 'add', ZONES)).toEqual({ value: {}, issues: [] });
		expect(readCustomFieldValues(mapper(null, []), 'add', ZONES)).toEqual({
			value: {},
			issues: [],
		});
	});
});

describe('customer list query (between, empty, one sort rule and a zoneless range: customer.read)', () => {
	test('conditions, sorting and time ranges with offsets in API form', () => {
		const sortList = [
			{ field: 'createTime', orderBy: 'desc' },
			{ field: 'customerName', orderBy: 'asc' },
		];
		const query = buildListQuery(
			{
				conditions: {
					values: [
						{ field: 'customerName', operator: 'eq', value: 'Doe, Jane' },
						{ field: 'mobile', operator: 'in', value: '138,139' },
						{ field: 'level', operator: 'nin', value: ['a', 2] },
					],
				},
				createTimeEnd: '2026-01-31T23:59:59-05:00',
				updateTimeBegin: '2026-02-01T00:00:00Z',
			},
			{ values: sortList },
			ZONES,
		);
		expect(query).toEqual({
			issues: [],
			body: {
				search: [
					{ field: 'customerName', operator: 'eq', value: ['Doe, Jane'] },
					{ field: 'mobile', operator: 'in', value: ['138', '139'] },
					{ field: 'level', operator: 'nin', value: ['a', 2] },
				],
				sortList,
				createTimeEnd: '2026-02-01 12:59:59',
				updateTimeBegin: '2026-02-01 08:00:00',
			},
		});
	});

	test('value counts of gt and in, and a missing field, are issues (the others: customer.read)', () => {
		const values = [
			{ field: 'c', operator: 'gt', value: ['1', '2'] },
			{ field: '', operator: 'eq', value: 'x' },
			{ field: 'e', operator: 'in', value: ' , ' },
		];
		const query = buildListQuery({ conditions: { values } }, {}, ZONES);
		expect(query.issues.map((i) => `${i.field} ${i.problem}`)).toEqual([
			'filters.conditions.values[0].value needs exactly one value for the operator "gt" (got 2)',
			'filters.conditions.values[1].field is required',
			'filters.conditions.values[2].value needs at least one value for the operator "in"',
		]);
	});

	test('condition values: commas split only for between and in/nin; numbers stay numbers', () => {
		expect(conditionValues('between', '2026-01-01 00:00:00,2026-01-02 00:00:00')).toEqual([
			'2026-01-01 00:00:00',
			'2026-01-02 00:00:00',
		]);
		expect(conditionValues('gte', 3)).toEqual([3]);
		expect(conditionValues('nempty', '')).toEqual([]);
	});
});

test('upsert: the existing customer ids of data.repeatId as strings; empty when the API named none', () => {
	expect(repeatIdsOf({ repeatId: ['a1', 'b2'] })).toEqual(['a1', 'b2']);
	expect(repeatIdsOf({ repeatId: [123, ''] })).toEqual(['123']);
	expect(repeatIdsOf({ repeatId: [] })).toEqual([]);
	expect(repeatIdsOf({ repeatId: 'a1' })).toEqual([]);
	expect(repeatIdsOf(null)).toEqual([]);
});

describe('search criteria, contact lists on match, simplify', () => {
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

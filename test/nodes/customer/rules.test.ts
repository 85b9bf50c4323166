/**
 * Customer rules over several operations (pure): the write body of Create, Create or Update and Update; custom fields; and the refusals of bad input.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	mapperFields,
	readCustomFieldValues,
	toFieldConfig,
	type CustomerFieldConfig,
} from '../../../nodes/ContactCenter/actions/customer/customFields';
import {
	buildCustomerBody,
	readContacts,
	type WriteInput,
} from '../../../nodes/ContactCenter/actions/customer/rules';
import { parseList } from '../../../nodes/ContactCenter/input/lists';
import { expectRefused, locator } from '../run-checks';
import { ZONES, customerSearches } from './fixture';

const { run } = customerSearches();

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
	test('values trimmed; blank memos, empty contact lists and empty sources left out (the other fields: customer/create)', () => {
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

	test('contacts from data follow the ones entered one by one (lists as text: customer/create, Contacts Input)', () => {
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

	test('a custom key that is a standard field is refused (custom values as top-level keys: customer/create)', () => {
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
	test('types map to n8n types, choices become options, only enabled custom fields in the tenant order (the field flags, and none required in update: customer/get, create and update)', () => {
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
	test('numbers and multi-choices become API text, unknown keys are kept, empty values are not sent (date-times: customer/create)', () => {
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

import type { IDataObject } from 'n8n-workflow';

import {
	autoRowInput,
	DEFAULT_FIELDS,
	fieldList,
	type AutoFields,
} from '../../nodes/ContactCenter/actions/callTask/importAuto';
import { EMPTY_TEXT_ONLY, isBlank } from '../../nodes/ContactCenter/helpers/values';

/**
 * Map Automatically reads each item with one pass over its own fields (importAuto.ts chosenPlaces).
 * The reference below is the rule as the node describes it, one look-up per candidate name in list
 * order: the first name the item has a value for wins.
 */
function reference(json: IDataObject, fields: AutoFields) {
	const first = (names: string[]) => {
		for (const name of names) {
			if (!Object.prototype.hasOwnProperty.call(json, name)) continue;
			if (!isBlank(json[name], EMPTY_TEXT_ONLY)) return name;
		}
		return undefined;
	};
	const number = first(fields.number);
	const name = first(fields.name);
	const remark = first(fields.remark);
	const variables = first(fields.variables);
	return {
		customerNumber: number === undefined ? undefined : json[number],
		numberField: number,
		customerName: fields.name.length > 0 ? (name === undefined ? undefined : json[name]) : 'absent',
		remark: fields.remark.length > 0 ? (remark === undefined ? undefined : json[remark]) : 'absent',
		variables: variables === undefined ? undefined : json[variables],
	};
}

/** A small deterministic generator (xorshift), so a failure names a reproducible case. */
function rng(seed: number) {
	let x = seed;
	return (n: number) => {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		return (x >>> 0) % n;
	};
}

const NAMES = [
	'phone',
	'mobile',
	'tel',
	'name',
	'fullName',
	'remark',
	'note',
	'variables',
	'vars',
	'x',
	'0',
	'a b',
];
const VALUES: unknown[] = [
	undefined,
	null,
	'',
	' ',
	'13800000000',
	'Ann',
	0,
	42,
	[],
	{},
	{ a: 1 },
	false,
];

describe('Map Automatically: which item field fills each column', () => {
	it('gives what one look-up per candidate name in list order gives, on 20,000 random items and field lists', () => {
		const next = rng(20_261_124);
		const pick = (n: number) => Array.from({ length: next(n) }, () => NAMES[next(NAMES.length)]);
		let compared = 0;
		for (let round = 0; round < 200; round++) {
			// Lists may repeat a name and share names with each other, as a user can type them.
			const fields: AutoFields = {
				number: pick(5),
				name: pick(4),
				remark: pick(3),
				variables: pick(2),
				asVariables: [],
			};
			for (let item = 0; item < 100; item++) {
				const json: IDataObject = {};
				for (let k = next(7); k > 0; k--)
					json[NAMES[next(NAMES.length)]] = VALUES[next(VALUES.length)] as IDataObject[string];
				const { input, numberField } = autoRowInput(json, fields, '1', undefined);
				const want = reference(json, fields);
				expect({
					customerNumber: input.customerNumber,
					numberField,
					customerName: fields.name.length > 0 ? input.additionalFields.customerName : 'absent',
					remark: fields.remark.length > 0 ? input.additionalFields.remark : 'absent',
					variables: isBlank(want.variables, EMPTY_TEXT_ONLY)
						? undefined
						: input.additionalFields.variables,
				}).toEqual(want);
				compared++;
			}
		}
		expect(compared).toBe(20_000);
	});

	it('takes the first name of the list, not the first field of the item', () => {
		const fields: AutoFields = {
			number: fieldList(DEFAULT_FIELDS.number),
			name: fieldList(DEFAULT_FIELDS.name),
			remark: fieldList(DEFAULT_FIELDS.remark),
			variables: fieldList(DEFAULT_FIELDS.variables),
			asVariables: [],
		};
		const { input, numberField } = autoRowInput(
			{ tel: '1', mobile: '2', phone: '', customerNumber: null, note: 'n', remark: 'r', name: 'A' },
			fields,
			'1',
			undefined,
		);
		expect(numberField).toBe('mobile');
		expect(input.customerNumber).toBe('2');
		expect(input.additionalFields).toEqual({ customerName: 'A', remark: 'r' });
	});

	it('reads only the item own fields: a field list naming "constructor" or "toString" finds nothing inherited', () => {
		const fields: AutoFields = {
			number: ['constructor', 'toString'],
			name: ['hasOwnProperty'],
			remark: [],
			variables: [],
			asVariables: [],
		};
		const { input, numberField } = autoRowInput({ phone: '13800000000' }, fields, '1', undefined);
		expect(numberField).toBeUndefined();
		expect(input.customerNumber).toBeUndefined();
		expect(input.additionalFields).toEqual({ customerName: undefined });
		const own = autoRowInput({ constructor: '13800000000' }, fields, '1', undefined);
		expect(own.input.customerNumber).toBe('13800000000');
	});
});

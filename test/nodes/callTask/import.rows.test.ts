import type { IDataObject } from 'n8n-workflow';

import {
	autoRowInput,
	DEFAULT_FIELDS,
	fieldList,
	type AutoFields,
} from '../../../nodes/ContactCenter/actions/callTask/importAuto';
import {
	checkImportRow,
	planImportRequests,
	type DupStrategy,
	type ImportRow,
} from '../../../nodes/ContactCenter/actions/callTask/importRows';

describe('a row check keeps the task id check for the next row, never its result for another id', () => {
	test('valid, invalid, valid again and other types in turn each get their own verdict', () => {
		const check = (taskId: unknown) =>
			checkImportRow(0, {
				taskId,
				customerNumber: '13800000000',
				additionalFields: {},
				dupStrategy: undefined,
			});
		const bad = (got: string) => `taskId: must be a numeric ID greater than 0 (got "${got}")`;
		// In this order: each id's verdict must not depend on the ids checked before it.
		const cases: Array<[unknown, unknown]> = [
			['12', 'ok 12'],
			['12', 'ok 12'],
			['abc', bad('abc')],
			['abc', bad('abc')],
			[12, 'ok 12'],
			['12', 'ok 12'],
			[0, bad('0')],
			[2 ** 60, expect.stringMatching(/^taskId: /)],
			['9223372036854775808', bad('9223372036854775808')],
			['9223372036854775807', 'ok 9223372036854775807'],
			[{ value: '5' }, 'ok 5'],
		];
		const verdicts = cases.map(([taskId]) => {
			const { value, issues } = check(taskId);
			return value
				? `ok ${value.taskId}`
				: issues.map((i) => `${i.field}: ${i.problem}`).join('; ');
		});
		expect(verdicts).toEqual(cases.map(([, verdict]) => verdict));
	});
});

describe('the import plan: requests and run-wide deduplication in one pass', () => {
	const row = (
		itemIndex: number,
		number: string,
		dupStrategy?: DupStrategy,
		taskId = 'A',
	): ImportRow => ({
		itemIndex,
		taskId,
		dupStrategy,
		customer: { customerNumber: number },
	});
	const summary = (rows: ImportRow[], maxRows?: number) =>
		planImportRequests(rows, maxRows).map((plan) => [
			plan.taskId,
			plan.dupStrategy,
			plan.rows.map((r) => r.itemIndex),
			plan.dropped?.map((r) => r.itemIndex),
		]);

	test('no repeat: every row kept, in order, nothing dropped', () => {
		const rows = [row(0, '1'), row(1, '2', 'none'), row(2, '3', 'task')];
		expect(summary(rows)).toEqual([
			['A', undefined, [0], undefined],
			['A', 'none', [1], undefined],
			['A', 'task', [2], undefined],
		]);
	});

	test('a repeat is left out and filed with the request that sends the first row, also across requests', () => {
		const rows = [row(0, '1'), row(1, '2'), row(2, '3'), row(3, '1'), row(4, '3'), row(5, '4')];
		expect(summary(rows, 2)).toEqual([
			['A', undefined, [0, 1], [3]],
			['A', undefined, [2, 5], [4]],
		]);
	});

	test('no strategy and Within This Import share the numbers seen but not the request; None, Within the Task and other tasks do not', () => {
		const rows = [
			row(0, '1'),
			row(1, '1', 'batch'),
			row(2, '1', 'none'),
			row(3, '1', 'none'),
			row(4, '1', 'task'),
			row(5, '1', undefined, 'B'),
			row(6, '2', 'batch'),
		];
		// The Within-This-Import request comes after None's: its first kept row (6) comes later.
		expect(summary(rows)).toEqual([
			['A', undefined, [0], [1]],
			['A', 'none', [2, 3], undefined],
			['A', 'task', [4], undefined],
			['B', undefined, [5], undefined],
			['A', 'batch', [6], undefined],
		]);
	});
});

describe('Map Automatically: which item field fills each column', () => {
	const defaults: AutoFields = {
		number: fieldList(DEFAULT_FIELDS.number),
		name: fieldList(DEFAULT_FIELDS.name),
		remark: fieldList(DEFAULT_FIELDS.remark),
		variables: fieldList(DEFAULT_FIELDS.variables),
		asVariables: [],
	};
	const read = (json: IDataObject, fields: Partial<AutoFields> = {}) => {
		const { input, numberField } = autoRowInput(json, { ...defaults, ...fields }, '1', 'none');
		return { numberField, number: input.customerNumber, ...input.additionalFields };
	};

	test('the first name of the list the item has a value for (undefined, null and empty text are none), not the first field of the item', () => {
		const json = {
			tel: '1',
			mobile: '2',
			phone: '',
			customerNumber: null,
			note: 'n',
			remark: 'r',
			name: 'A',
		};
		expect(read(json)).toEqual({
			numberField: 'mobile',
			number: '2',
			customerName: 'A',
			remark: 'r',
		});
		// Text of spaces is a value (the row checks report it); so are 0, false and lists.
		expect(read({ phone: ' ', tel: '3', name: 0, remark: false, variables: [] })).toEqual({
			numberField: 'phone',
			number: ' ',
			customerName: 0,
			remark: false,
			variables: [],
		});
		expect(fieldList(['a ', ' ', 7])).toEqual(['a', '7']);
		expect(fieldList(undefined)).toEqual([]);
	});

	test('only the item own fields count: a list naming "constructor" or "toString" finds nothing inherited', () => {
		const fields = { number: ['constructor', 'toString'], name: ['hasOwnProperty'], remark: [] };
		expect(read({ phone: '13800000000' }, fields)).toEqual({
			numberField: undefined,
			number: undefined,
			customerName: undefined,
		});
		expect(read({ constructor: '13800000000' }, fields)).toMatchObject({ number: '13800000000' });
	});

	test('a name in two lists fills both; empty lists send no name or remark; fields sent as variables join the variables field', () => {
		const fields = { number: ['x'], name: ['x'], remark: [], asVariables: ['plan', 'missing'] };
		expect(read({ x: '5', variables: { a: '1' }, plan: 'gold' }, fields)).toEqual({
			numberField: 'x',
			number: '5',
			customerName: '5',
			variables: [
				{ name: 'a', value: '1' },
				{ name: 'plan', value: 'gold' },
			],
		});
		expect(
			read(
				{ x: '5', variables: [{ name: 'a', value: 1 }, 'loose'] },
				{ ...fields, asVariables: ['plan'] },
			).variables,
		).toEqual([
			{ name: 'a', value: 1 },
			{ name: undefined, value: 'loose' },
		]);
		expect(
			read({ x: '5', variables: 'text' }, { ...fields, asVariables: ['x'] }).variables,
		).toEqual([
			{ name: undefined, value: 'text' },
			{ name: 'x', value: '5' },
		]);
	});
});

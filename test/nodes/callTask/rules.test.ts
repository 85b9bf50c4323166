/** Call task rules (pure); the call task form and its pickers are in test/cross-cutting/contract.test.ts. */
import { hasExpression } from '../../../nodes/ContactCenter/actions/callTask/common';
import { toApiDateFilter } from '../../../nodes/ContactCenter/actions/callTask/getAll.operation';
import { describeItems } from '../../../nodes/ContactCenter/actions/errors';
import {
	checkImportRow,
	variablePairs,
} from '../../../nodes/ContactCenter/actions/callTask/importRows';
import {
	checkRetry,
	checkTaskName,
	checkTimeRanges,
	checkWeekdays,
	weekdayNumber,
} from '../../../nodes/ContactCenter/actions/callTask/taskRules';

describe('task rules (the refusals and the shapes sent: callTask/create)', () => {
	test('weekdays: numbers, digit strings and day names become 1..7, sorted', () => {
		expect(checkWeekdays('w', [5, '1', 'wednesday', 'Sun']).value).toEqual([1, 3, 5, 7]);
		expect(checkWeekdays('w', 'Mon, Tue,fri').value).toEqual([1, 2, 5]);
		expect(weekdayNumber('mo')).toBeUndefined();
		expect(weekdayNumber(0)).toBeUndefined();
	});

	test('time ranges: spaces around the dash; commas, semicolons and new lines between ranges', () => {
		expect(checkTimeRanges('t', '09:00-12:00, 14:00 - 18:30').value).toEqual([
			'09:00-12:00',
			'14:00-18:30',
		]);
		expect(checkTimeRanges('t', '08:00-09:00;10:00-11:00\n12:00-13:00').value).toHaveLength(3);
		// Empty entries (a doubled or trailing separator) are dropped, not reported.
		expect(checkTimeRanges('t', '09:00-12:00,, 14:00-15:00;\n')).toEqual({
			value: ['09:00-12:00', '14:00-15:00'],
			issues: [],
		});
	});

	test('retry off sends no retry values, even ones left over', () => {
		expect(checkRetry({ retryEnabled: false, maxRetryTimes: 3 }).value.maxRetryTimes).toBeNull();
	});

	test('task name: blank is refused (the node reads it as required text first), 50 characters inside spaces pass, not required in the filters', () => {
		expect(checkTaskName('taskName', '  ', true)?.problem).toBe('is required');
		expect(checkTaskName('taskName', ` ${'x'.repeat(50)} `, true)).toBeUndefined();
		expect(checkTaskName('filters.taskName', '', false)).toBeUndefined();
	});
});

describe('import rows', () => {
	const base = {
		taskId: '187000000000000001',
		customerNumber: '13800000000',
		additionalFields: {},
		dupStrategy: undefined,
	};

	test('a valid item becomes a row: ids and numbers as text, names trimmed, variables as text', () => {
		const full = checkImportRow(0, {
			taskId: 42,
			customerNumber: 8613800000000,
			additionalFields: {
				customerName: ' Ann ',
				remark: 'vip',
				variables: {
					variable: [
						{ name: 'plan', value: 'gold' },
						{ name: 'age', value: 30 },
					],
				},
			},
			dupStrategy: 'none',
		});
		expect(full.value).toEqual({
			itemIndex: 0,
			taskId: '42',
			dupStrategy: 'none',
			customer: {
				customerNumber: '8613800000000',
				customerName: 'Ann',
				remark: 'vip',
				variables: { plan: 'gold', age: '30' },
			},
		});
	});

	const variables = (variables: unknown) => ({ additionalFields: { variables } });
	const has = (text: string): unknown => expect.stringContaining(text);
	test.each<[Partial<Record<keyof typeof base, unknown>>, unknown]>([
		[{ taskId: 'abc' }, has('taskId must be a numeric ID')],
		[{ customerNumber: '1'.repeat(21) }, has('must be 5 to 20 characters')],
		[variables([{ name: '', value: '1' }]), 'additionalFields.variables[0].name is required'],
		[{ dupStrategy: 'all' }, has('options.dupStrategy must be one of task, batch, none')],
	])(
		'a row breaking rule %# gets exactly that issue (the rules callTask/import refuses are not repeated: spaces in a number, a long name, 21 variables, an object as a value)',
		(input, issue) => {
			const row = { ...base, ...input } as Parameters<typeof checkImportRow>[1];
			expect(checkImportRow(0, row).issues.map((i) => `${i.field} ${i.problem}`)).toEqual([issue]);
		},
	);

	test('variables come from the fixed collection, a list or an object', () => {
		expect(variablePairs({ variable: [{ name: 'a', value: '1' }] })).toEqual([['a', '1']]);
		expect(variablePairs([{ name: 'b', value: 2 }])).toEqual([['b', 2]]);
		expect(variablePairs({ c: '3' })).toEqual([['c', '3']]);
		expect(variablePairs({})).toEqual([]);
		expect(variablePairs(undefined)).toEqual([]);
	});
});

test('errors describe item lists as ranges (the request plan: callTask/import)', () => {
	expect(describeItems([3, 0, 1, 2, 7, 9, 10])).toBe('0-3, 7, 9-10');
	expect(describeItems([0, 2, 4, 6, 8, 10, 12], 3)).toBe('0, 2, 4 and 4 more ranges');
});

test('getAll date filters: a plain date is a calendar day; a date-time is its day in the API zone', () => {
	// Auckland (UTC+13 in November) is 5 hours ahead of Shanghai: 05:00 there is midnight in Shanghai.
	for (const [value, zone, day] of [
		['2026-11-22T05:00:00', 'Pacific/Auckland', '2026-11-22'],
		['2026-11-22T04:59:59', 'Pacific/Auckland', '2026-11-21'],
		['2026-11-21T20:00:00Z', 'America/New_York', '2026-11-22'],
		['yesterday', 'UTC', undefined],
	] as const)
		expect(toApiDateFilter(value, zone, 'Asia/Shanghai')).toBe(day);
});

test('parameters with expressions anywhere are read per item', () => {
	expect(hasExpression('={{ $json.phone }}')).toBe(true);
	expect(hasExpression({ __rl: true, mode: 'id', value: '={{ $json.taskId }}' })).toBe(true);
	expect(hasExpression({ variables: { variable: [{ name: 'a', value: '={{ $json.a }}' }] } })).toBe(
		true,
	);
	expect(hasExpression({ __rl: true, mode: 'list', value: '187000000000000001' })).toBe(false);
	expect(hasExpression(undefined)).toBe(false);
});

import {
	buildCreateBody,
	buildUpdateBody,
} from '../../nodes/ContactCenter/actions/displayNumberGroup/rules';
import {
	duplicates,
	isPhoneNumber,
	listIssues,
	locatorValue,
	parseList,
} from '../../nodes/ContactCenter/helpers/lists';

const fields = (issues: Array<{ field: string }>) => issues.map((i) => i.field);

describe('display-number group fields (pure)', () => {
	describe('lists', () => {
		it('parses comma- and newline-separated text and arrays, dropping blanks', () => {
			expect(parseList('010-1234, +8613800000000\n\n 02087654321 ,')).toEqual([
				'010-1234',
				'+8613800000000',
				'02087654321',
			]);
			expect(parseList('a\r\nb')).toEqual(['a', 'b']);
			expect(parseList(['1', 2, ' ', '3 '])).toEqual(['1', '2', '3']);
			expect(parseList(13800000000)).toEqual(['13800000000']);
			expect(parseList(undefined)).toEqual([]);
			expect(parseList('')).toEqual([]);
		});

		it('accepts loose phone-number shapes only', () => {
			for (const ok of ['01012345678', '+86-10-12345678', '400-800-1234'])
				expect(isPhoneNumber(ok)).toBe(true);
			for (const bad of ['', 'abc', '010 1234', '+', '-123', '12+3', '(010)1234'])
				expect(isPhoneNumber(bad)).toBe(false);
		});

		it('names each duplicate once', () => {
			expect(duplicates(['1', '2', '1', '1', '3', '2'])).toEqual(['1', '2']);
		});

		it('reports non-list input, empty required lists, bad entries and duplicates', () => {
			expect(
				listIssues(
					'numberList',
					{ a: 1 },
					{ required: true, phoneNumbers: true, what: 'phone numbers' },
				)[0].problem,
			).toContain('an object');
			expect(
				listIssues('numberList', '', { required: true, what: 'phone numbers' })[0].problem,
			).toBe('needs at least one phone number');
			const issues = listIssues('numberList', '123, abc, 123', {
				required: true,
				phoneNumbers: true,
				what: 'phone numbers',
			});
			expect(issues.map((i) => i.problem)).toEqual([
				'has entries that are not phone numbers: "abc"',
				'lists "123" more than once',
			]);
		});

		it('reads resource locators and plain values', () => {
			expect(locatorValue({ __rl: true, mode: 'list', value: ' 42 ' })).toBe('42');
			expect(locatorValue('7')).toBe('7');
			expect(locatorValue(7)).toBe('7');
			expect(locatorValue({ mode: 'id', value: null })).toBe('');
			expect(locatorValue(undefined)).toBe('');
		});
	});

	describe('create', () => {
		it('builds the body, leaving empty optional fields out', () => {
			const { issues, body } = buildCreateBody(' Sales ', '3', '01011111111\n01022222222', {
				remark: '',
				city: 'Beijing',
				areaCode: '010',
				defaultNumberList: ['01033333333'],
				overflowGroupId: { mode: 'list', value: '' },
			});
			expect(issues).toEqual([]);
			expect(body).toEqual({
				groupName: 'Sales',
				strategy: '3',
				numberList: ['01011111111', '01022222222'],
				city: 'Beijing',
				areaCode: '010',
				defaultNumberList: ['01033333333'],
			});
		});

		it('requires name, a strategy of 1, 2 or 3 and at least one number', () => {
			expect(fields(buildCreateBody('', '4', '', {}).issues)).toEqual([
				'groupName',
				'strategy',
				'numberList',
			]);
			expect(buildCreateBody('A', 2, '1', {}).body.strategy).toBe('2');
		});

		it('accepts default numbers with the By Home Location strategy only', () => {
			const issues = buildCreateBody('A', '1', '0101', { defaultNumberList: '0102' }).issues;
			expect(fields(issues)).toEqual(['defaultNumberList']);
			expect(issues[0].problem).toContain('"By Home Location" strategy (3)');
			expect(buildCreateBody('A', '3', '0101', { defaultNumberList: '0102' }).issues).toEqual([]);
		});
	});

	describe('update', () => {
		it('sends id and numbers, plus the fields added (an added empty text clears it)', () => {
			const { issues, body } = buildUpdateBody('77', ['0101'], {
				remark: '',
				strategy: '2',
				overflowGroupId: { mode: 'id', value: '' },
			});
			expect(issues).toEqual([]);
			expect(body).toEqual({
				id: '77',
				numberList: ['0101'],
				strategy: '2',
				remark: '',
				overflowGroupId: '',
			});
		});

		it('checks the group, numbers, name, strategy, default numbers and self-overflow', () => {
			expect(fields(buildUpdateBody('', 'x', {}).issues)).toEqual(['groupId', 'numberList']);
			expect(
				fields(buildUpdateBody('77', '0101', { groupName: ' ', strategy: '9' }).issues),
			).toEqual(['groupName', 'strategy']);
			expect(
				fields(buildUpdateBody('77', '0101', { strategy: '2', defaultNumberList: '0102' }).issues),
			).toEqual(['defaultNumberList']);
			// Without a strategy in the update the current one is unknown: default numbers are sent as given.
			expect(buildUpdateBody('77', '0101', { defaultNumberList: '0102' }).issues).toEqual([]);
			expect(
				fields(
					buildUpdateBody('77', '0101', { overflowGroupId: { mode: 'id', value: '77' } }).issues,
				),
			).toEqual(['overflowGroupId']);
		});
	});
});

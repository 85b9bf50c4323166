/** The list helpers of the input kit (nodes/ContactCenter/input/lists.ts) the group, customer and call-task operations share (pure). */
import { duplicates, isPhoneNumber, parseList } from '../../../nodes/ContactCenter/input/lists';
import { idString } from '../../../nodes/ContactCenter/input/parameters';

describe('list helpers (pure)', () => {
	it('parses comma- and newline-separated text and arrays, dropping blanks', () => {
		const text = '010-1234, +8613800000000\n\n 02087654321 ,';
		expect(parseList(text)).toEqual(['010-1234', '+8613800000000', '02087654321']);
		expect(parseList('a\r\nb')).toEqual(['a', 'b']);
		expect(parseList(['1', 2, ' ', '3 '])).toEqual(['1', '2', '3']);
		expect(parseList(13800000000)).toEqual(['13800000000']);
		expect([undefined, ''].map(parseList)).toEqual([[], []]);
	});

	it('accepts loose phone-number shapes only; names each duplicate once', () => {
		const shapes = ['01012345678', '+86-10-12345678', '400-800-1234', '', 'abc', '010 1234'];
		const more = ['+', '-123', '12+3', '(010)1234'];
		const valid = [...shapes, ...more].map(isPhoneNumber);
		expect(valid).toEqual([true, true, true, ...Array(7).fill(false)]);
		expect(duplicates(['1', '2', '1', '1', '3', '2'])).toEqual(['1', '2']);
	});

	it('reads resource locators and plain values', () => {
		const values = [
			{ __rl: true, mode: 'list', value: ' 42 ' },
			'7',
			7,
			{ mode: 'id', value: null },
		];
		expect([...values, undefined].map(idString).join('|')).toBe('42|7|7||');
		// What readId refuses is no id: an integer past 2^53 (digits lost), a fraction, a list, a switch.
		expect([2 ** 53 + 2, 7.5, ['7'], true].map(idString)).toEqual(['', '', '', '']);
	});
});

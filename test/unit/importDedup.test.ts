import {
	checkImportRow,
	dedupeRows,
	type ImportRow,
} from '../../nodes/ContactCenter/actions/callTask/importRows';

function row(
	itemIndex: number,
	customerNumber: string,
	additionalFields: Record<string, unknown> = {},
	dupStrategy?: string,
): ImportRow {
	const checked = checkImportRow(itemIndex, {
		taskId: '182739465018279001',
		customerNumber,
		additionalFields,
		dupStrategy,
	});
	if (!checked.value)
		throw new Error(`row ${itemIndex} is invalid: ${JSON.stringify(checked.issues)}`);
	return checked.value;
}

describe('run-wide deduplication without a repeated number', () => {
	it('keeps every row, in order, when no number repeats (the sorted check), and still drops repeats', () => {
		const unique = [
			row(0, '13800138000'),
			row(1, '13800138001', {}, 'none'),
			row(2, '13800138002', {}, 'task'),
		];
		expect(dedupeRows(unique)).toEqual({ rows: unique, dropped: [] });

		// The same number under `none` and under another strategy is not a repeat.
		const acrossStrategies = [
			row(0, '13800138000', {}, 'none'),
			row(1, '13800138000', {}, 'task'),
			row(2, '13800138000', {}, 'none'),
		];
		expect(dedupeRows(acrossStrategies).dropped).toEqual([]);

		const repeated = [row(0, '13800138000'), row(1, '13800138001'), row(2, '13800138000')];
		const result = dedupeRows(repeated);
		expect(result.rows).toEqual([repeated[0], repeated[1]]);
		expect(result.dropped).toEqual([{ row: repeated[2], first: repeated[0] }]);
	});
});

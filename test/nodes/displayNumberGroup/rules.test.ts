/** The pure rules of display-number groups (Create and Update; every field through the node: create/update.test). */
import * as numberGroup from '../../../nodes/ContactCenter/actions/displayNumberGroup/rules';

const fields = (issues: Array<{ field: string }>) => issues.map((i) => i.field);

describe('display-number group fields (pure)', () => {
	const { buildCreateBody: create, buildUpdateBody: update } = numberGroup;

	it('create: the name trimmed, empty optional fields left out (every field: create.test)', () => {
		const overflowGroupId = { mode: 'list', value: '' };
		const fields = { remark: '', defaultNumberList: ['0102'], overflowGroupId };
		expect(create(' Sales ', '3', '0101', fields)).toEqual({
			issues: [],
			body: {
				groupName: 'Sales',
				strategy: '3',
				numberList: ['0101'],
				defaultNumberList: ['0102'],
			},
		});
	});

	it('create requires name, a strategy of 1, 2 or 3 and at least one number; default numbers with By Home Location (the refusals with other strategies, and of lists: create.test)', () => {
		expect(fields(create('', '4', '', {}).issues)).toEqual(['groupName', 'strategy', 'numberList']);
		expect(create('A', 2, '1', {}).body.strategy).toBe('2');
		expect(create('A', '3', '0101', { defaultNumberList: '0102' }).issues).toEqual([]);
	});

	it('update sends id and numbers, plus the fields added (an added empty text clears it)', () => {
		const overflowGroupId = { mode: 'id', value: '' };
		expect(update('77', ['0101'], { remark: '', strategy: '2', overflowGroupId })).toEqual({
			issues: [],
			body: { id: '77', numberList: ['0101'], strategy: '2', remark: '', overflowGroupId: '' },
		});
	});

	it('update checks the group, numbers, name, strategy and default numbers (self-overflow: update.test)', () => {
		const issues = (numbers: unknown, added: Parameters<typeof update>[2], id = '77') =>
			fields(update(id, numbers, added).issues).join();
		expect(issues('x', {}, '')).toBe('groupId,numberList');
		expect(issues('0101', { groupName: ' ', strategy: '9' })).toBe('groupName,strategy');
		expect(issues('0101', { strategy: '2', defaultNumberList: '0102' })).toBe('defaultNumberList');
		// Without a strategy in the update the current one is unknown: default numbers are sent as given.
		expect(issues('0101', { defaultNumberList: '0102' })).toBe('');
	});
});

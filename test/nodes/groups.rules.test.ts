/** The pure rules of service groups and display-number groups, and the list helpers they share. */
import * as numberGroup from '../../nodes/ContactCenter/actions/displayNumberGroup/rules';
import {
	buildCreateBody,
	buildUpdateBody,
	memberRows,
	nonNegativeInteger,
	readMembers,
	readMembersData,
} from '../../nodes/ContactCenter/actions/serviceGroup/rules';
import { duplicates, isPhoneNumber, parseList } from '../../nodes/ContactCenter/input/lists';
import { idString } from '../../nodes/ContactCenter/input/parameters';

const members = {
	member: [
		{ agentNumber: '1001', weight: 1 },
		{ agentNumber: ' 1002 ', weight: 5 },
	],
};
const trimmed = [
	{ agentNumber: '1001', weight: 1 },
	{ agentNumber: '1002', weight: 5 },
];
const source = { members, fromData: false };
const fields = (issues: Array<{ field: string }>) => issues.map((i) => i.field);
const createIssues = (additional: Parameters<typeof buildCreateBody>[2]) =>
	fields(buildCreateBody('A', source, additional).issues);

describe('service group fields (pure)', () => {
	it('members: the fixed collection or an array from an expression; agent numbers trimmed, weights sent as numbers', () => {
		expect(
			[members, [{ agentNumber: '1' }], {}, undefined].map((m) => memberRows(m).length),
		).toEqual([2, 1, 0, 0]);
		expect(readMembers('members', { member: [{ agentNumber: ' 1002 ', weight: '7' }] })).toEqual({
			issues: [],
			value: [{ agentNumber: '1002', weight: 7 }],
		});
	});

	it('members: at least one, an agent number each, whole weights of 0 or more, no agent twice', () => {
		expect(fields(readMembers('members', {}).issues)).toEqual(['members']);
		const weights = [1, -1, 1.5, 'high', 2];
		const agents = ['', '1001', '1002', '1003', '1001'];
		const { issues } = readMembers('members', {
			member: agents.map((agentNumber, i) => ({ agentNumber, weight: weights[i] })),
		});
		const weightIssues = 'members[1].weight,members[2].weight,members[3].weight';
		expect(fields(issues).join()).toBe(`members[0].agentNumber,${weightIssues},members`);
		expect(issues[4].problem).toContain('"1001" more than once');
	});

	it('accepts whole numbers of 0 or more only', () => {
		const refused = Array(4).fill(undefined);
		expect([0, '12', -1, 1.5, '', null].map(nonNegativeInteger)).toEqual([0, 12, ...refused]);
	});

	it('create: name and agent numbers trimmed, leaders from text, 0 and false sent (every field: groups.test)', () => {
		const given = { timeout: 0, failedNotAssigned: false };
		expect(buildCreateBody(' Hotline ', source, { ...given, groupLeader: '1001,\n1002' })).toEqual({
			issues: [],
			body: { name: 'Hotline', members: trimmed, groupLeader: ['1001', '1002'], ...given },
		});
	});

	it('create checks name, strategy, integers, booleans and leader duplicates', () => {
		const { issues } = buildCreateBody('  ', source, {
			strategy: 'fastest',
			maxWaitLimit: -1,
			waitTime: 2.5,
			timeout: 'soon',
			broadcastMember: 'yes',
			groupLeader: ['1001', '1001'],
		});
		expect(fields(issues).sort().join()).toBe(
			'broadcastMember,groupLeader,maxWaitLimit,name,strategy,timeout,waitTime',
		);
	});

	it('create keeps level and parent consistent: level 1 has parent 0, levels 2 and 3 need a parent group', () => {
		const id = (value: string) => ({ mode: 'id', value });
		expect(createIssues({ level: '1', parentId: id('0') })).toEqual([]);
		expect(createIssues({ level: '1', parentId: id('8001') })).toEqual(['parentId']);
		expect(createIssues({ level: '3' })).toEqual(['parentId']);
		expect(createIssues({ level: '2', parentId: { mode: 'list', value: '0' } })).toEqual([
			'parentId',
		]);
		expect(createIssues({ level: '4', parentId: '8001' })).toEqual(['level']);
	});

	it('update sends the queue number and the fields added; needs the group and a field; an added name or members cannot be empty', () => {
		const added = { name: 'B', strategy: 'order', groupLeader: [] };
		expect(buildUpdateBody('8001', added)).toEqual({
			issues: [],
			body: { queueNumber: '8001', ...added },
		});
		expect(fields(buildUpdateBody('', {}).issues)).toEqual(['queueNumber', 'updateFields']);
		expect(fields(buildUpdateBody('8001', { name: '', members: {} }).issues)).toEqual([
			'name',
			'members',
		]);
	});
});

it('members from data (Members (JSON or List)): a JSON array of objects, a JSON array of numbers, or text; bad entries named', () => {
	const json = '[{"agentNumber": "1001", "weight": 3}, {"agentNumber": 1002}]';
	const agent = (agentNumber: string, weight = 1) => ({ agentNumber, weight });
	expect(readMembersData('membersData', json)).toEqual({
		issues: [],
		value: [agent('1001', 3), agent('1002')],
	});
	expect(readMembersData('membersData', [1001, '1002']).value).toEqual([
		agent('1001'),
		agent('1002'),
	]);
	const agents = readMembersData('membersData', '1001, 1002\n1003').value;
	expect(agents.map((m) => m.agentNumber)).toEqual(['1001', '1002', '1003']);
	const problem = (value: unknown) => readMembersData('membersData', value).issues[0].problem;
	expect(problem('[{"agentNumber": "1001"')).toContain('is not a valid JSON array');
	expect(problem([{ agentNumber: { x: 1 } }])).toBe(
		'entry 1: agent number must be text, not an object',
	);
	expect(problem('')).toBe('needs at least one member');
});

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

describe('display-number group fields (pure)', () => {
	const { buildCreateBody: create, buildUpdateBody: update } = numberGroup;

	it('create: the name trimmed, empty optional fields left out (every field: groups.test)', () => {
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

	it('create requires name, a strategy of 1, 2 or 3 and at least one number; default numbers with By Home Location (the refusals with other strategies, and of lists: groups.test)', () => {
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

	it('update checks the group, numbers, name, strategy and default numbers (self-overflow: groups.test)', () => {
		const issues = (numbers: unknown, added: Parameters<typeof update>[2], id = '77') =>
			fields(update(id, numbers, added).issues).join();
		expect(issues('x', {}, '')).toBe('groupId,numberList');
		expect(issues('0101', { groupName: ' ', strategy: '9' })).toBe('groupName,strategy');
		expect(issues('0101', { strategy: '2', defaultNumberList: '0102' })).toBe('defaultNumberList');
		// Without a strategy in the update the current one is unknown: default numbers are sent as given.
		expect(issues('0101', { defaultNumberList: '0102' })).toBe('');
	});
});

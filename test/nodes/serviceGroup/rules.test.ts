/** The pure rules of service groups (Create and Update; every field through the node: create/update.test). */
import {
	buildCreateBody,
	buildUpdateBody,
	memberRows,
	nonNegativeInteger,
	readMembers,
	readMembersData,
} from '../../../nodes/ContactCenter/actions/serviceGroup/rules';

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

	it('create: name and agent numbers trimmed, leaders from text, 0 and false sent (every field: create.test)', () => {
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

import {
	buildCreateBody,
	buildUpdateBody,
	memberRows,
	nonNegativeInteger,
	readMembers,
	readMembersData,
} from '../../nodes/ContactCenter/actions/serviceGroup/rules';
import { buildCustomerBody } from '../../nodes/ContactCenter/actions/customer/rules';

const members = {
	member: [
		{ agentNumber: '1001', weight: 1 },
		{ agentNumber: ' 1002 ', weight: 5 },
	],
};
const source = { members, fromData: false };
const fields = (issues: Array<{ field: string }>) => issues.map((i) => i.field);

describe('service group fields (pure)', () => {
	describe('members', () => {
		it('reads the fixed collection or an array from an expression', () => {
			expect(memberRows(members)).toHaveLength(2);
			expect(memberRows([{ agentNumber: '1' }])).toHaveLength(1);
			expect(memberRows({})).toEqual([]);
			expect(memberRows(undefined)).toEqual([]);
		});

		it('trims agent numbers and sends weights as numbers', () => {
			expect(readMembers('members', { member: [{ agentNumber: ' 1002 ', weight: '7' }] })).toEqual({
				issues: [],
				value: [{ agentNumber: '1002', weight: 7 }],
			});
		});

		it('requires at least one member, an agent number each, whole weights of 0 or more, no agent twice', () => {
			expect(fields(readMembers('members', {}).issues)).toEqual(['members']);
			const { issues } = readMembers('members', {
				member: [
					{ agentNumber: '', weight: 1 },
					{ agentNumber: '1001', weight: -1 },
					{ agentNumber: '1002', weight: 1.5 },
					{ agentNumber: '1003', weight: 'high' },
					{ agentNumber: '1001', weight: 2 },
				],
			});
			expect(fields(issues)).toEqual([
				'members[0].agentNumber',
				'members[1].weight',
				'members[2].weight',
				'members[3].weight',
				'members',
			]);
			expect(issues[4].problem).toContain('"1001" more than once');
		});
	});

	it('accepts whole numbers of 0 or more only', () => {
		expect(nonNegativeInteger(0)).toBe(0);
		expect(nonNegativeInteger('12')).toBe(12);
		expect(nonNegativeInteger(-1)).toBeUndefined();
		expect(nonNegativeInteger(1.5)).toBeUndefined();
		expect(nonNegativeInteger('')).toBeUndefined();
		expect(nonNegativeInteger(null)).toBeUndefined();
	});

	describe('create', () => {
		it('builds the body with every additional field, lists parsed from text', () => {
			const { issues, body } = buildCreateBody(' Hotline ', source, {
				level: '2',
				parentId: { __rl: true, mode: 'list', value: '8001' },
				groupLeader: '1001,\n1002',
				strategy: 'skill',
				maxWaitLimit: 5,
				waitTime: 30,
				timeout: 0,
				broadcastMember: true,
				failedNotAssigned: false,
				noIdleTransfer: true,
			});
			expect(issues).toEqual([]);
			expect(body).toEqual({
				name: 'Hotline',
				members: [
					{ agentNumber: '1001', weight: 1 },
					{ agentNumber: '1002', weight: 5 },
				],
				level: '2',
				parentId: '8001',
				groupLeader: ['1001', '1002'],
				strategy: 'skill',
				maxWaitLimit: 5,
				waitTime: 30,
				timeout: 0,
				broadcastMember: true,
				failedNotAssigned: false,
				noIdleTransfer: true,
			});
		});

		it('sends only what was given', () => {
			expect(buildCreateBody('A', source, {}).body).toEqual({
				name: 'A',
				members: members.member.map((m) => ({
					agentNumber: m.agentNumber.trim(),
					weight: m.weight,
				})),
			});
		});

		it('checks name, strategy, integers, booleans and leader duplicates', () => {
			const { issues } = buildCreateBody('  ', source, {
				strategy: 'fastest',
				maxWaitLimit: -1,
				waitTime: 2.5,
				timeout: 'soon',
				broadcastMember: 'yes',
				groupLeader: ['1001', '1001'],
			});
			expect(fields(issues).sort()).toEqual([
				'broadcastMember',
				'groupLeader',
				'maxWaitLimit',
				'name',
				'strategy',
				'timeout',
				'waitTime',
			]);
		});

		it('keeps level and parent consistent: level 1 has parent 0, levels 2 and 3 need a parent group', () => {
			expect(
				buildCreateBody('A', source, { level: '1', parentId: { mode: 'id', value: '0' } }).issues,
			).toEqual([]);
			expect(
				fields(
					buildCreateBody('A', source, { level: '1', parentId: { mode: 'id', value: '8001' } })
						.issues,
				),
			).toEqual(['parentId']);
			expect(
				fields(buildCreateBody('A', source, { parentId: { mode: 'id', value: '8001' } }).issues),
			).toEqual(['parentId']);
			expect(fields(buildCreateBody('A', source, { level: '3' }).issues)).toEqual(['parentId']);
			expect(
				fields(
					buildCreateBody('A', source, { level: '2', parentId: { mode: 'list', value: '0' } })
						.issues,
				),
			).toEqual(['parentId']);
			expect(fields(buildCreateBody('A', source, { level: '4', parentId: '8001' }).issues)).toEqual(
				['level'],
			);
		});
	});

	describe('update', () => {
		it('sends the queue number and the fields added', () => {
			const { issues, body } = buildUpdateBody('8001', {
				name: 'B',
				strategy: 'order',
				groupLeader: [],
			});
			expect(issues).toEqual([]);
			expect(body).toEqual({ queueNumber: '8001', name: 'B', strategy: 'order', groupLeader: [] });
		});

		it('requires the group and at least one field; an added name or members cannot be empty', () => {
			expect(fields(buildUpdateBody('', {}).issues)).toEqual(['queueNumber', 'updateFields']);
			expect(fields(buildUpdateBody('8001', { name: '', members: {} }).issues)).toEqual([
				'name',
				'members',
			]);
		});
	});
});

describe('lists from data (Members (JSON or List), Phones (JSON or List))', () => {
	it('members from a JSON array of objects, a JSON array of numbers, or text; bad entries named', () => {
		expect(
			readMembersData(
				'membersData',
				'[{"agentNumber": "1001", "weight": 3}, {"agentNumber": 1002}]',
			),
		).toEqual({
			issues: [],
			value: [
				{ agentNumber: '1001', weight: 3 },
				{ agentNumber: '1002', weight: 1 },
			],
		});
		expect(readMembersData('membersData', [1001, '1002']).value).toEqual([
			{ agentNumber: '1001', weight: 1 },
			{ agentNumber: '1002', weight: 1 },
		]);
		expect(
			readMembersData('membersData', '1001, 1002\n1003').value.map((m) => m.agentNumber),
		).toEqual(['1001', '1002', '1003']);
		expect(readMembersData('membersData', '[{"agentNumber": "1001"').issues[0].problem).toContain(
			'is not a valid JSON array',
		);
		expect(readMembersData('membersData', [{ agentNumber: { x: 1 } }]).issues[0].problem).toBe(
			'entry 1: agent number must be text, not an object',
		);
		expect(readMembersData('membersData', '').issues[0].problem).toBe('needs at least one member');
	});

	it('contacts from data follow the ones entered one by one', () => {
		const zones = { workflow: 'Asia/Shanghai', api: 'Asia/Shanghai' };
		const built = buildCustomerBody({
			mode: 'add',
			customerName: 'A',
			optionalParameter: 'additionalFields',
			optionalFields: {
				mobileList: '["13800000001", {"value": "13800000002", "memo": "work"}]',
				emailList: 'a@x.cn, b@x.cn',
			},
			contacts: { mobile: { values: [{ value: '13800000000' }] } },
			customFields: {},
			zones,
		});
		expect(built.issues).toEqual([]);
		expect(built.body.mobile).toEqual([
			{ value: '13800000000' },
			{ value: '13800000001' },
			{ value: '13800000002', memo: 'work' },
		]);
		expect(built.body.email).toEqual([{ value: 'a@x.cn' }, { value: 'b@x.cn' }]);
	});
});

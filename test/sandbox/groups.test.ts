import { cases, errA, okA, PATHS, TENANT_A, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
const GROUP = {
	groupName: '杭州显号',
	strategy: '2',
	numberList: ['057188880001', '057188880002'],
};
const MEMBERS = [
	{ agentNumber: '1001', weight: 5 },
	{ agentNumber: '1002', weight: '3' },
];

/** Creates a service group with MEMBERS and answers its data. */
const createGroup = async (name = 'Sales', settings = {}) =>
	okA(await sb.post(PATHS.groupCreate, { name, members: MEMBERS, ...settings }));

describe('service groups', () => {
	it('creates groups with generated queue numbers 8001, 8002, … and defaults', async () => {
		expect(await createGroup()).toEqual({ queueNumber: '8001' });
		expect(await createGroup('Support')).toEqual({ queueNumber: '8002' });
		const list = okA(await sb.post(PATHS.groupList, {}));
		expect(list).toHaveLength(2);
		expect(list[0]).toMatchObject({
			accountId: APP,
			queueNumber: '8001',
			name: 'Sales',
			level: '1',
			parentId: '0',
			strategy: 'rrmemory',
			members: MEMBERS,
			groupLeader: [],
			broadcastMember: false,
			status: 1,
		});
		expect(list[0]._id).toMatch(/^[0-9a-f]{24}$/);
		expect(list[1]).toMatchObject({ queueNumber: '8002', name: 'Support' });
	});

	it('accepts every strategy', async () => {
		for (const strategy of 'rrmemory random order skill maxFreeTime leastAnswerTimes longestAnswerTimes'.split(
			' ',
		)) {
			await createGroup(strategy, { strategy });
		}
		expect(okA(await sb.post(PATHS.groupList, {}))).toHaveLength(7);
	});

	const M = JSON.stringify(MEMBERS);
	it.each(
		cases(`
		{"members":${M}} | name is required
		{"name":"","members":${M}} | name cannot be empty
		{"name":"x"} | members is required
		{"name":"x","members":[]} | members cannot be empty
		{"name":"x","members":{}} | members must be an array
		{"name":"x","members":[{"weight":1}]} | members[0].agentNumber is required
		{"name":"x","members":[{"agentNumber":"1001"}]} | members[0].weight is required
		{"name":"x","members":[{"agentNumber":"1001","weight":-1}]} | members[0].weight
		{"name":"x","members":[{"agentNumber":"1001","weight":1},{"agentNumber":"1001","weight":2}]} | listed twice
		{"name":"x","members":${M},"strategy":"fifo"} | strategy must be one of
		{"name":"x","members":${M},"level":1} | level must be one of 1, 2, 3
		{"name":"x","members":${M},"level":"4"} | level must be one of 1, 2, 3
		{"name":"x","members":${M},"maxWaitLimit":-1} | maxWaitLimit must be an integer >= 0
		{"name":"x","members":${M},"waitTime":1.5} | waitTime must be an integer >= 0
		{"name":"x","members":${M},"timeout":"20"} | timeout must be an integer >= 0
		{"name":"x","members":${M},"broadcastMember":"yes"} | broadcastMember must be a boolean
		{"name":"x","members":${M},"parentId":"9999"} | parentId 9999 is not the queueNumber of an existing group
		{"name":"x","members":${M},"queueNumber":"8001"} | unknown parameter: queueNumber
	`),
	)('refuses create %j with 00000400', async (body, message) => {
		errA(await sb.post(PATHS.groupCreate, body), '00000400', message);
		expect((await sb.control.getState(APP)).serviceGroups).toHaveLength(0);
	});

	it('updates the given settings (data null)', async () => {
		const { queueNumber } = await createGroup();
		const changes = {
			name: 'Sales 2',
			strategy: 'order',
			members: [{ agentNumber: '1003', weight: 1 }],
		};
		expect(okA(await sb.post(PATHS.groupUpdate, { queueNumber, ...changes }))).toBeNull();
		const [group] = okA(await sb.post(PATHS.groupList, { queueNumber }));
		expect(group).toMatchObject({ ...changes, level: '1' });
	});

	it('lists no group for an unknown queueNumber', async () => {
		await sb.control.seedServiceGroups({ appId: APP, count: 3 });
		expect(okA(await sb.post(PATHS.groupList, { queueNumber: '7000' }))).toEqual([]);
	});

	it('deletes a group (data null)', async () => {
		const { queueNumber } = await createGroup();
		expect(okA(await sb.post(PATHS.groupDelete, { queueNumber }))).toBeNull();
		expect(okA(await sb.post(PATHS.groupList, {}))).toEqual([]);
	});
});

describe('display-number groups', () => {
	it('creates a group and answers it', async () => {
		const extra = {
			remark: 'r',
			city: '杭州',
			areaCode: '0571',
			defaultNumberList: ['4008001234'],
		};
		const data = okA(await sb.post(PATHS.numberGroupCreate, { ...GROUP, ...extra }));
		expect(data).toMatchObject({
			accountId: APP,
			...GROUP,
			...extra,
			overflowGroupId: null,
			createAgent: 'openapi',
		});
		expect(data.id).toMatch(/^\d{18}$/);
		expect(data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});

	it.each(
		cases(`
		{"strategy":"1","numberList":["1"]} | groupName is required
		{"groupName":"x","numberList":["1"]} | strategy is required
		{"groupName":"x","strategy":1,"numberList":["1"]} | strategy must be one of 1, 2, 3
		{"groupName":"x","strategy":"4","numberList":["1"]} | strategy must be one of 1, 2, 3
		{"groupName":"x","strategy":"1"} | numberList is required
		{"groupName":"x","strategy":"1","numberList":[]} | numberList cannot be empty
		{"groupName":"x","strategy":"1","numberList":[57188880001]} | numberList[0] must be a non-empty string
		{"groupName":"x","strategy":"1","numberList":["1"],"overflowGroupId":"123"} | display-number group 123 does not exist
	`),
	)('refuses create %j with 00000400', async (body, message) => {
		errA(await sb.post(PATHS.numberGroupCreate, body), '00000400', message);
		expect((await sb.control.getState(APP)).displayNumberGroups).toHaveLength(0);
	});

	it('updates and deletes', async () => {
		const { id } = okA(await sb.post(PATHS.numberGroupCreate, GROUP));
		const changes = { numberList: ['01066660001'], groupName: 'renamed', strategy: '3' };
		expect(okA(await sb.post(PATHS.numberGroupUpdate, { id, ...changes }))).toBeNull();
		const { list } = okA(await sb.post(PATHS.numberGroupQuery, { page: 1, pageSize: 10 }));
		expect(list[0]).toMatchObject({ id, ...changes, remark: null });
		expect(okA(await sb.post(PATHS.numberGroupDelete, { id }))).toBeNull();
	});

	it('queries pages: page >= 1, pageSize 10..100, with page metadata', async () => {
		await sb.control.seedDisplayNumberGroups({ appId: APP, count: 23 });
		const first = okA(await sb.post(PATHS.numberGroupQuery, { page: 1, pageSize: 10 }));
		expect(first.list).toHaveLength(10);
		expect(first.page).toEqual({ pageSize: 10, pageNumber: 1, totalPage: 3, total: 23 });
		const third = okA(await sb.post(PATHS.numberGroupQuery, { page: 3, pageSize: 10 }));
		expect(third.list).toHaveLength(3);
	});
});

// "QN" and "ID" stand for the queue number and the id of groups created first.
it.each(
	cases(`
	groupUpdate | {"name":"x"} | queueNumber is required
	groupUpdate | {"queueNumber":"9999","name":"x"} | service group 9999 does not exist
	groupUpdate | {"queueNumber":"QN","members":[]} | members cannot be empty
	groupUpdate | {"queueNumber":"QN","level":"2"} | unknown parameter: level
	groupDelete | {} | queueNumber is required
	numberGroupUpdate | {"numberList":["1"]} | id is required
	numberGroupUpdate | {"id":"ID"} | numberList is required
	numberGroupUpdate | {"id":"1","numberList":["1"]} | display-number group 1 does not exist
	numberGroupUpdate | {"id":"ID","numberList":["1"],"overflowGroupId":"ID"} | cannot be the group itself
	numberGroupDelete | {} | id is required
	numberGroupQuery | {"pageSize":10} | page is required
	numberGroupQuery | {"page":1} | pageSize is required
	numberGroupQuery | {"page":0,"pageSize":10} | page must be an integer greater than 0
	numberGroupQuery | {"page":1,"pageSize":9} | pageSize must be an integer from 10 to 100
	numberGroupQuery | {"page":1,"pageSize":101} | pageSize must be an integer from 10 to 100
	numberGroupQuery | {"page":"1","pageSize":10} | page must be an integer
`),
)('%s refuses %j with 00000400, changing nothing', async (path, body, message) => {
	const { queueNumber } = await createGroup();
	const { id } = okA(await sb.post(PATHS.numberGroupCreate, GROUP));
	const text = JSON.stringify(body)
		.replaceAll('"QN"', `"${queueNumber}"`)
		.replaceAll('"ID"', `"${id}"`);
	const data = async () => ({ ...(await sb.control.getState(APP)), nonceCount: 0 });
	const before = await data();
	errA(await sb.post(PATHS[path as 'groupUpdate'], JSON.parse(text)), '00000400', message);
	expect(await data()).toEqual(before);
});

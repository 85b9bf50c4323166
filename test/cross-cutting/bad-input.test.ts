/**
 * Bad input, generated (see bad-input.cases.ts): for every validated field of every operation, the
 * values around each rule. An invalid value gives an error naming the item, the field (its label,
 * written out) and the rule, and the sandbox's log shows that nothing was sent; the value at the
 * limit passes and is sent. Every invalid case runs alone and again among its operation's other
 * invalid cases (continue on fail), where each error must name its own item.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod } from '../harness';
import {
	CaseBuilder,
	RULES,
	mapper,
	optionValues,
	x,
	type InputCase,
	type Template,
} from './bad-input.cases';
import { APP_ID, PATHS, importParameters, on, phone, rl, useFixture } from './support';

const fx = useFixture();

let seeded: Awaited<ReturnType<typeof seed>>;
let cases: InputCase[] = [];
const templates: Template[] = [];

const future = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const past = () => new Date(Date.now() - 3_600_000).toISOString();
/** A valid import row into the seeded task. */
const importRow = (customerNumber: string): IDataObject => ({
	taskId: seeded.importTask,
	customerNumber,
	customerName: 'Li Lei',
	remark: 'VIP',
	varName: 'amount',
	varValue: '100',
	dupStrategy: 'none',
});

/** Every operation's template and rules. Built after seeding: valid values are the sandbox's ids. */
function generate(): InputCase[] {
	const all: InputCase[] = [];
	type Rules = (b: CaseBuilder, t: Template, choices: (name: string) => string[]) => unknown;
	/** `what`: the operation, or the operation with the template's group. */
	const build = (
		what: string | Pick<Template, 'op' | 'group'>,
		parameters: INodeParameters,
		defaults: IDataObject,
		rules: Rules,
	) => {
		const { op, ...extra } = typeof what === 'string' ? { op: what } : what;
		const [resource, operation] = op.split('.');
		const template = { op, parameters: { resource, operation, ...parameters }, defaults, ...extra };
		templates.push(template);
		const builder = new CaseBuilder(template);
		rules(builder, template, (name) => optionValues(resource, operation, name));
		all.push(...builder.cases);
	};
	/** Parameters read from the item's key of the same name. */
	const bind = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, x(key)]));
	const list = { returnAll: false, limit: 5 };

	const create = {
		...bind('taskName', 'maxConcurrency'),
		voiceAgentId: rl(x('voiceAgentId')),
		callerNumberGroupId: rl(x('callerNumberGroupId')),
		callWindows: { window: [bind('weekdays', 'timeRanges')] },
		// Literal: with an expression here n8n itself requires the Scheduled Start Time it then shows.
		startType: 'manual',
		retryEnabled: true,
		...bind('retryReasons', 'maxRetryTimes', 'retryIntervalValue', 'retryIntervalUnit'),
		options: bind('agentType'),
	};
	const createItem = {
		taskName: 'Bad input probe',
		voiceAgentId: seeded.agent,
		agentType: 'voicebot',
		callerNumberGroupId: seeded.group,
		maxConcurrency: 2,
		weekdays: [1, 2, 3],
		timeRanges: '09:00-12:00',
		retryReasons: ['busy'],
		maxRetryTimes: 2,
		retryIntervalValue: 30,
		retryIntervalUnit: 'minute',
	};
	build('callTask.create', create, createItem, (b, t, choices) => {
		b.lengths('taskName', 'Task Name', 50).empty('taskName', 'Task Name');
		b.ok('Task Name', { taskName: `  ${'y'.repeat(50)}  ` }, '50 characters inside spaces');
		b.numericId('voiceAgentId', 'Voice Agent', true);
		b.numericId('callerNumberGroupId', 'Caller Number Group');
		const agentType = 'Options → Agent Type';
		b.enumeration('agentType', agentType, { allowed: ['voicebot'], passAll: false });
		// Empty is "not given": the agent's own type (the field is left out).
		b.wellFormed('agentType', agentType, ['', '   ', null]);
		// The other allowed type is valid input; the seeded agent is a voicebot, so the API answers 803.
		expect(choices('agentType')).toContain('voiceagent');
		b.ok(agentType, { agentType: 'voiceagent' }, 'voiceagent (allowed, sent)');
		b.positive('maxConcurrency', 'Max Concurrency');
		const weekdays = 'Call Windows → Weekdays (window 1)';
		b.empty('weekdays', weekdays, [[]]);
		b.malformed('weekdays', weekdays, [[0], [8], ['funday'], [1.5]], RULES.weekday);
		b.malformed('weekdays', weekdays, [[1, 1]], RULES.duplicate);
		b.malformed('weekdays', weekdays, [[2, 'tuesday']], RULES.duplicate);
		b.wellFormed('weekdays', weekdays, [[1, 2, 3, 4, 5, 6, 7], ['Monday', 'fri'], [7]]);
		const ranges = 'Call Windows → Time Ranges (window 1)';
		b.empty('timeRanges', ranges, ['']);
		const badRanges = ['9-12', '25:00-26:00', '12:00-09:00', '09:00-09:00', '09:00-24:00'];
		b.malformed('timeRanges', ranges, [...badRanges, '09:60-10:00', '09:00'], RULES.timeRange);
		b.wellFormed('timeRanges', ranges, ['00:00-23:59', '09:00-09:01', '9:00-12:00, 14:00-18:00']);
		const reasons = 'Retry Reasons';
		b.empty('retryReasons', reasons, [[]]);
		b.enumeration('retryReasons', reasons, { list: true });
		b.malformed('retryReasons', reasons, [['busy', 'busy']], RULES.duplicate);
		b.positive('maxRetryTimes', 'Max Retry Times');
		b.empty('maxRetryTimes', 'Max Retry Times', [null, '']);
		b.positive('retryIntervalValue', 'Retry Interval Value');
		b.enumeration('retryIntervalUnit', 'Retry Interval Unit', { required: true });
		b.structural('Call Windows', 'no window', { ...t.parameters, callWindows: {} }, RULES.required);
		const two = [
			{ weekdays: [1], timeRanges: '09:00-10:00' },
			{ weekdays: [6, 7], timeRanges: '10:00-11:00' },
		];
		b.structural('Call Windows', 'two windows', { ...t.parameters, callWindows: { window: two } });
		const at = { ...t.parameters, startType: 'scheduled', ...bind('scheduledStartTime') };
		const scheduled = (value: string, time: string, problem?: RegExp) =>
			b.structural('Scheduled Start Time', value, at, problem, { scheduledStartTime: time });
		scheduled('empty', '', RULES.required);
		scheduled('"next tuesday"', 'next tuesday', /not a date and time/);
		scheduled('an hour ago', past(), RULES.future);
		scheduled('in two days', future());
	});
	// Start Type from an expression: n8n then shows (and requires) Scheduled Start Time, so it is set.
	const startType = { ...create, startType: x('startType'), scheduledStartTime: future() };
	const scheduled = { ...createItem, startType: 'scheduled' };
	const byStartType = { op: 'callTask.create', group: 'callTask.create startType' };
	build(byStartType, startType, scheduled, (b) =>
		b.enumeration('startType', 'Start Type', { required: true }),
	);

	const importing = {
		taskId: rl(x('taskId')),
		customerNumber: x('customerNumber'),
		additionalFields: {
			...bind('customerName', 'remark'),
			variables: { variable: [{ name: x('varName'), value: x('varValue') }] },
		},
		options: bind('dupStrategy'),
	};
	build('callTask.import', importing, importRow('13800138000'), (b, t) => {
		const number = 'Phone Number to Call';
		b.numericId('taskId', 'Call Task');
		b.empty('customerNumber', number).lengths('customerNumber', number, 20, 5, '1');
		const badNumbers = ['138 0013 8000', '1380013800a', '(010)123456', '138.0013.8000'];
		b.malformed('customerNumber', number, badNumbers, RULES.customerNumber);
		b.wellFormed('customerNumber', number, ['+86-13800138000', '010-12345678']);
		b.lengths('customerName', 'Additional Fields → Customer Name', 100);
		b.lengths('remark', 'Additional Fields → Remark', 500);
		const name = 'Additional Fields → Variables → Name (variable 1)';
		b.lengths('varName', name, 50).empty('varName', name, ['']);
		b.lengths('varValue', 'Additional Fields → Variables → Value (variable 1)', 500);
		b.enumeration('dupStrategy', 'Options → Deduplication');
		const variables = (variable: INodeParameters[]) => ({
			...t.parameters,
			additionalFields: { variables: { variable } },
		});
		const numbered = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ name: `v${i}`, value: `${i}` }));
		const many = 'Additional Fields → Variables';
		for (const n of [19, 20, 21]) {
			const problem = n > 20 ? /at most 20 variables/ : undefined;
			b.structural(many, `${n} variables`, variables(numbered(n)), problem);
		}
		const twice = variables([
			{ name: 'a', value: '1' },
			{ name: 'a', value: '2' },
		]);
		const second = 'Additional Fields → Variables → Name (variable 2)';
		b.structural(second, 'a name twice', twice, RULES.duplicate);
	});

	const tasks = { ...list, filters: bind('taskName', 'startDate', 'endDate', 'statusList') };
	const taskFilters = { taskName: 'task', startDate: '2026-01-01', endDate: '2026-12-31' };
	build('callTask.getAll', tasks, { ...taskFilters, statusList: ['draft'] }, (b) => {
		b.lengths('taskName', 'Filters → Task Name', 50);
		const from = 'Filters → Created From';
		b.malformed('startDate', from, ['yesterday', '01/02/2026'], /is not a date/);
		b.bad('Filters → Created To', { endDate: '2025-12-31' }, RULES.order);
		b.ok('Filters → Created To', { endDate: '2026-01-01' }, 'the start day itself');
		b.enumeration('statusList', 'Filters → Status', { list: true });
	});
	// Operations on one record by id: the record's own id passes, a missing one (or a malformed task id) fails.
	const byId: Array<[string, string, string, string]> = [
		['callTask.get', 'taskId', 'Call Task', seeded.getTask],
		['callTask.start', 'taskId', 'Call Task', seeded.startTask],
		['callTask.pause', 'taskId', 'Call Task', seeded.pauseTask],
		['customer.get', 'customerId', 'Customer ID', seeded.customers[1]],
		['customer.delete', 'customerId', 'Customer ID', seeded.customers[2]],
		['serviceGroup.delete', 'queueNumber', 'Service Group', seeded.serviceGroups[2]],
		['displayNumberGroup.delete', 'groupId', 'Display Number Group', seeded.displayGroups[2]],
	];
	for (const [op, key, label, id] of byId) {
		build(op, { [key]: rl(x(key)) }, { [key]: id }, (b) => {
			if (key === 'taskId') b.numericId(key, label);
			else b.empty(key, label, ['']);
			b.wellFormed(key, label, [id]);
		});
	}

	const customer = {
		customerName: x('customerName'),
		additionalFields: bind('createMethod', 'customerOrigin', 'assignTime'),
		mobile: { values: [{ value: x('mobile'), memo: 'work' }] },
		email: { values: [{ value: x('email') }] },
		customFields: mapper(bind('level', 'score', 'visitAt'), seeded.addSchema),
	};
	const customerItem = {
		customerName: 'Han Meimei',
		createMethod: 'API',
		customerOrigin: 'selfDevelop',
		assignTime: '2026-05-01T10:00:00',
		mobile: '13900000000',
		email: 'han@example.com',
		level: 'gold',
		score: 5,
		visitAt: '2026-05-02T10:00:00',
	};
	for (const op of ['customer.create', 'customer.upsert']) {
		// Create or Update also needs its Phone: the item's first phone.
		const parameters = op === 'customer.upsert' ? { ...customer, phone: x('mobile') } : customer;
		build(op, parameters, customerItem, (b) => {
			// Create or Update needs the name only to create, after its lookup (customer/upsert.test).
			if (op === 'customer.create') b.empty('customerName', 'Customer Name');
			b.enumeration('createMethod', 'Additional Fields → Create Method');
			b.enumeration('customerOrigin', 'Additional Fields → Customer Origin');
			const assign = 'Additional Fields → Assign Time';
			b.malformed('assignTime', assign, ['soon', '2026-13-45T99:00:00'], RULES.dateTime);
			b.empty('mobile', 'Phones → Phone Number (phone 1)', ['']);
			b.empty('email', 'Emails → Email Address (email 1)', ['']);
			b.empty('level', 'Custom Fields → Level', ['']);
			b.malformed('level', 'Custom Fields → Level', ['platinum', 'GOLD'], RULES.choice);
			b.wellFormed('level', 'Custom Fields → Level', ['silver']);
			b.malformed('score', 'Custom Fields → Score', ['high'], RULES.choice);
			b.malformed('visitAt', 'Custom Fields → Visit at', ['someday'], RULES.choice);
		});
	}
	const update = {
		customerId: rl(x('customerId')),
		updateFields: bind('customerName', 'createMethod'),
		customFields: mapper(bind('score'), seeded.updateSchema),
	};
	const renaming = { customerName: 'Renamed', createMethod: 'API', score: 3 };
	build('customer.update', update, { customerId: seeded.customers[0], ...renaming }, (b) => {
		b.empty('customerId', 'Customer ID', ['']).empty(
			'customerName',
			'Update Fields → Customer Name',
		);
		b.enumeration('createMethod', 'Update Fields → Create Method', { passAll: false });
		b.malformed('score', 'Custom Fields → Score', ['lots'], RULES.choice);
	});
	// Search (Phone, Email, Name: at least one) and Create or Update by Phone.
	const search = { ...bind('phone', 'email', 'name'), ...list };
	const searchItem = { phone: '13800000000', email: '', name: '' };
	build('customer.search', search, searchItem, (b) => {
		b.bad('Phone', { phone: '', email: '', name: '' }, RULES.criterion);
		b.bad('Phone', { phone: ' ', email: null, name: '  ' }, RULES.criterion);
		b.malformed('phone', 'Phone', ['138abc', '138#0000', 'tel:138', '+'], RULES.phoneNumber);
		b.wellFormed('phone', 'Phone', ['+86-138-0000-0000', 13800000000, '(138) 0000.0000']);
		b.ok('Email', { phone: '', email: 'li@example.com' });
		b.ok('Name', { phone: '', name: 'Li' });
	});
	const upsert = {
		customerName: x('customerName'),
		phone: x('mobile'),
		options: bind('listsOnMatch'),
	};
	const upsertItem = { customerName: 'Wang Fang', mobile: '13900000000', listsOnMatch: 'add' };
	const upsertByPhone = { op: 'customer.upsert', group: 'customer.upsert phone' };
	build(upsertByPhone, upsert, upsertItem, (b) => {
		b.enumeration('listsOnMatch', 'Options → Contact Lists on Match');
		b.empty('mobile', 'Phone').malformed('mobile', 'Phone', ['139abc0000'], RULES.phoneNumber);
	});
	const conditions = { values: [bind('field', 'operator', 'value')] };
	const sort = { values: [{ field: x('sortField'), orderBy: x('orderBy') }] };
	const filters = { conditions, ...bind('createTimeBegin', 'createTimeEnd') };
	const query = { field: 'customerName', operator: 'eq', value: 'Li', sortField: 'createTime' };
	const created = { createTimeBegin: '2026-01-01T00:00:00', createTimeEnd: '2026-12-31T00:00:00' };
	const customers = { ...list, filters, sort };
	build('customer.getAll', customers, { ...query, ...created, orderBy: 'desc' }, (b) => {
		b.empty('field', 'Filters → Conditions → Field Name or ID (condition 1)', ['']);
		const operator = 'Filters → Conditions → Operator (condition 1)';
		b.enumeration('operator', operator, { required: true, passAll: false });
		const value = 'Filters → Conditions → Value (condition 1)';
		b.bad(value, { operator: 'eq', value: '' }, /exactly one value/);
		b.bad(value, { operator: 'between', value: '5' }, /exactly two values/);
		b.bad(value, { operator: 'between', value: '1,2,3' }, /exactly two values/);
		b.ok(value, { operator: 'between', value: '1,5' });
		b.bad(value, { operator: 'empty', value: 'x' }, /must be empty/);
		b.ok(value, { operator: 'nempty', value: '' });
		b.bad(value, { operator: 'in', value: '' }, /at least one value/);
		b.ok(value, { operator: 'in', value: 'a,b' });
		b.empty('sortField', 'Sort → Field Name or ID (sort rule 1)', ['']);
		b.enumeration('orderBy', 'Sort → Order (sort rule 1)');
		const from = 'Filters → Created From';
		b.malformed('createTimeBegin', from, ['soon'], RULES.dateTime);
		b.bad(from, { createTimeBegin: '2027-01-01T00:00:00' }, RULES.order);
		b.ok(from, { createTimeBegin: '2026-12-31T00:00:00' }, 'equal to the end');
	});
	const categories = { returnAll: true, filters: bind('category') };
	build('customerField.getAll', categories, { category: ['custom'] }, (b) =>
		b.enumeration('category', 'Filters → Category', { list: true }),
	);

	const settings = ['strategy', 'maxWaitLimit', 'waitTime', 'timeout', 'broadcastMember'];
	const group = {
		name: x('name'),
		members: {
			member: [
				{ agentNumber: x('agentNumber'), weight: x('weight') },
				{ agentNumber: x('agentNumber2'), weight: 1 },
			],
		},
		additionalFields: { ...bind(...settings, 'groupLeader', 'level'), parentId: rl(x('parentId')) },
	};
	const groupItem = {
		name: 'Support line',
		agentNumber: '8001',
		weight: 1,
		agentNumber2: '8002',
		strategy: 'rrmemory',
		maxWaitLimit: 10,
		waitTime: 30,
		timeout: 20,
		broadcastMember: true,
		groupLeader: '8001',
		level: '1',
		parentId: '',
	};
	build('serviceGroup.create', group, groupItem, (b, t) => {
		const [parent] = seeded.serviceGroups;
		b.empty('name', 'Name').empty('agentNumber', 'Members → Agent Number (member 1)', ['']);
		b.malformed('weight', 'Members → Weight (member 1)', [-1, 'x', 1.5], RULES.nonNegative);
		b.wellFormed('weight', 'Members → Weight (member 1)', [0]);
		b.malformed('agentNumber2', 'Members', ['8001'], RULES.duplicate);
		b.enumeration('strategy', 'Additional Fields → Strategy');
		b.nonNegative('maxWaitLimit', 'Additional Fields → Max Queue Length');
		b.nonNegative('waitTime', 'Additional Fields → Queue Wait Time');
		b.nonNegative('timeout', 'Additional Fields → Ring Time');
		const announce = 'Additional Fields → Announce Agent Number';
		b.malformed('broadcastMember', announce, ['yes', 1], RULES.boolean);
		const leaders = 'Additional Fields → Group Leaders';
		b.malformed('groupLeader', leaders, ['8001, 8001'], RULES.duplicate);
		b.malformed('level', 'Additional Fields → Level', ['4', 'first'], /must be 1, 2 or 3/);
		const parentField = 'Additional Fields → Parent Group';
		b.bad(parentField, { level: '2', parentId: '' }, /is required for a level 2 group/);
		b.bad(parentField, { level: '1', parentId: parent }, /first level/);
		b.ok(parentField, { level: '2', parentId: parent });
		b.structural('Members', 'no member', { ...t.parameters, members: {} }, RULES.required);
	});
	const toUpdate = seeded.serviceGroups[1];
	build(
		'serviceGroup.update',
		{ queueNumber: rl(x('queueNumber')), updateFields: bind('name', 'maxWaitLimit') },
		{ queueNumber: toUpdate, name: 'Renamed group', maxWaitLimit: 5 },
		(b, t) => {
			b.empty('queueNumber', 'Service Group', ['']).empty('name', 'Update Fields → Name');
			b.nonNegative('maxWaitLimit', 'Update Fields → Max Queue Length');
			const none = { ...t.parameters, updateFields: {} };
			b.structural('Update Fields', 'no field', none, RULES.required);
		},
	);

	const numbersCreate = {
		...bind('groupName', 'strategy', 'numberList'),
		additionalFields: bind('defaultNumberList'),
	};
	const numbersItem = {
		groupName: 'Outbound Shanghai',
		strategy: '3',
		numberList: '02112345678, 02187654321',
		defaultNumberList: '02100000000',
	};
	build('displayNumberGroup.create', numbersCreate, numbersItem, (b, _t, choices) => {
		b.empty('groupName', 'Group Name');
		b.malformed('strategy', 'Strategy', ['4', 'random', '0', ''], RULES.oneOf);
		for (const strategy of choices('strategy')) {
			const defaultNumberList = strategy === '3' ? '02100000000' : '';
			b.ok('Strategy', { strategy, defaultNumberList }, strategy);
		}
		b.empty('numberList', 'Number List', ['', ' , ']);
		b.malformed('numberList', 'Number List', ['abc', '021 1234', '+-12'], RULES.phone);
		b.malformed('numberList', 'Number List', ['021-1234, 021-1234'], RULES.duplicate);
		const defaults = 'Additional Fields → Default Number List';
		b.malformed('defaultNumberList', defaults, ['x1'], RULES.phone);
		b.malformed('defaultNumberList', defaults, ['0211, 0211'], RULES.duplicate);
		const homeOnly = /only used by the "By Home Location" strategy/;
		b.bad(defaults, { strategy: '1', defaultNumberList: '02100000000' }, homeOnly);
	});
	const [numbers, overflow] = seeded.displayGroups;
	const numbersUpdate = {
		groupId: rl(x('groupId')),
		numberList: x('numberList'),
		updateFields: { groupName: x('groupName'), overflowGroupId: rl(x('overflow')) },
	};
	const renamed = { numberList: '02112345678', groupName: 'Renamed numbers', overflow };
	build('displayNumberGroup.update', numbersUpdate, { groupId: numbers, ...renamed }, (b) => {
		b.empty('groupId', 'Display Number Group', ['']).empty('numberList', 'Number List', ['']);
		b.empty('groupName', 'Update Fields → Group Name');
		b.bad('Update Fields → Overflow Group', { overflow: numbers }, /cannot overflow to itself/);
	});

	const window = { startTime: '2026-03-01T00:00:00', endTime: '2026-03-01T23:59:59' };
	const records = { ...bind('channel', 'startTime', 'endTime'), ...list };
	build('serviceRecord.getAll', records, { channel: 'call', ...window }, (b) => {
		b.enumeration('channel', 'Channel', { required: true });
		b.empty('startTime', 'Start Time', ['']).empty('endTime', 'End Time', ['']);
		b.malformed('startTime', 'Start Time', ['yesterday', '2026-02-30 25:00'], RULES.dateTime);
		b.malformed('endTime', 'End Time', ['later'], RULES.dateTime);
		b.bad('Start Time', { startTime: '2026-03-02T00:00:00' }, RULES.order);
		b.ok('Start Time', { startTime: '2026-03-01T23:59:59' }, 'equal to the end');
	});

	return all.map((c, id) => ({ ...c, id }));
}

/** The records the cases name (their ids are the valid values) and the customer fields' schemas. */
async function seed() {
	const { control } = fx;
	await control.reset();
	const agents = [{ agentType: 'voicebot' as const, publishStatus: 'PUBLISHED' as const }];
	const [agent] = await control.seedAgents({ appId: APP_ID, agents });
	const [group] = await control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
	const [importTask, getTask, startTask, pauseTask] = await control.seedTasks({
		appId: APP_ID,
		tasks: [
			{ status: 'draft' },
			{ status: 'draft' },
			{ status: 'draft', totalCount: 3 },
			// Enough customers that the sandbox's dialler cannot finish it while the suite runs on a busy machine.
			{ status: 'running', totalCount: 100_000 },
		],
	});
	const ids = {
		agent,
		group,
		importTask,
		getTask,
		startTask,
		pauseTask,
		customers: await control.seedCustomers({ appId: APP_ID, count: 3 }),
		serviceGroups: await control.seedServiceGroups({ appId: APP_ID, count: 3 }),
		displayGroups: await control.seedDisplayNumberGroups({ appId: APP_ID, count: 3 }),
	};
	const choices = [
		{ key: 'gold', value: 'Gold', isDefault: false },
		{ key: 'silver', value: 'Silver', isDefault: true },
	];
	const level = { field: 'level', name: 'Level', type: 'select' as const, required: true, choices };
	const score = { field: 'score', name: 'Score', type: 'number' as const };
	const visitAt = { field: 'visitAt', name: 'Visit at', type: 'datetime' as const };
	await control.seedFields({ appId: APP_ID, fields: [level, score, visitAt] });
	const mapping = { kind: 'resourceMapping', method: 'getCustomerFieldMapping' } as const;
	const schema = async (operation: string) => {
		const parameters = { resource: 'customer', operation };
		const method = { ...mapping, nodeType: ContactCenter, parameters, credentials: fx.credentials };
		return (await callMethod(method)).fields;
	};
	return { ...ids, addSchema: await schema('create'), updateSchema: await schema('update') };
}

beforeAll(async () => {
	seeded = await seed();
	cases = generate();
});

// A customer write needs a phone number no other case used (the API refuses a known number).
function itemOf(c: Pick<InputCase, 'op' | 'item'>, index: number): IDataObject {
	return c.op.startsWith('customer.') && c.item.mobile === '13900000000'
		? { ...c.item, mobile: phone(900_000 + index) }
		: c.item;
}

const title = (c: InputCase) => `#${c.id} ${c.op} "${c.field}": ${c.value}`;
const itemAt = (items: INodeExecutionData[], i: number) =>
	items.find((it) =>
		[it.pairedItem].flat().some((p) => (p as { item: number } | undefined)?.item === i),
	);

/** The error names item `index` and has a line `"<label>" …` stating the case's rule. */
function expectNamed(c: InputCase, index: number, message: unknown, description: unknown): void {
	expect(String(message)).toMatch(new RegExp(`^Invalid input \\[item ${index}\\]: "`));
	const line = String(description ?? '')
		.split('\n')
		.find((l) => l.startsWith(`"${c.field}" `));
	expect({ case: title(c), line }).toEqual({
		case: title(c),
		line: expect.stringMatching(c.problem as RegExp),
	});
}

/** Runs each check, collecting failures with the case's title so one run reports them all. */
async function everyCase<T>(list: T[], name: (t: T) => string, check: (t: T) => Promise<void>) {
	const failures: string[] = [];
	for (const t of list) {
		try {
			await check(t);
		} catch (error) {
			failures.push(`${name(t)}: ${(error as Error).message.split('\n').slice(0, 6).join(' ')}`);
		}
	}
	expect(failures).toEqual([]);
}

describe('generated bad input', () => {
	it('covers every operation with client-side rules (voice agents and caller number groups have none)', () => {
		const ops = Object.entries({
			callTask: 'create get getAll import pause start',
			customer: 'create delete get getAll search update upsert',
			customerField: 'getAll',
			displayNumberGroup: 'create delete update',
			serviceGroup: 'create delete update',
			serviceRecord: 'getAll',
		}).flatMap(([resource, operations]) => operations.split(' ').map((op) => `${resource}.${op}`));
		expect([...new Set(cases.map((c) => c.op))].sort()).toEqual(ops);

		// The exact counts: adding (or removing) a parameter, a rule or a limit changes them on
		// purpose; update them with it (and docs/reliability.md). A count that drops unnoticed is a
		// generator that stopped producing cases.
		expect(cases).toHaveLength(395);
		expect(cases.filter((c) => !c.valid)).toHaveLength(270);
		expect(cases.filter((c) => c.valid)).toHaveLength(125);
		expect(new Set(cases.map((c) => `${c.op} ${c.field}`)).size).toBe(94);
		expect(templates).toHaveLength(23);
	});

	/** The case's item as the only input. */
	const alone = async (c: InputCase) => await fx.run(c.parameters, { items: [itemOf(c, c.id)] });

	it('every invalid value alone: an error naming item 0, the field and the rule, and nothing sent', async () => {
		const invalid = cases.filter((c) => !c.valid);
		await everyCase(invalid, title, async (c) => {
			const result = await alone(c);
			expect(result.requests).toEqual([]);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.context?.itemIndex).toBe(0);
			expectNamed(c, 0, result.error?.message, result.error?.description);
		});
	});

	it("every invalid value among its operation's others (continue on fail): each error names its own item, nothing sent", async () => {
		const groups = new Map<string, InputCase[]>();
		for (const c of cases.filter((k) => !k.valid && k.batchable))
			groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
		const name = (group: InputCase[]) => group[0].group;
		// Exact, see above: 262 batchable invalid cases in 23 groups (one per operation template).
		expect([groups.size, [...groups.values()].flat().length]).toEqual([23, 262]);
		await everyCase([...groups.values()], name, async (group) => {
			const result = await fx.run(group[0].parameters, {
				items: group.map((c, i) => itemOf(c, i)),
				continueOnFail: true,
			});
			expect(result.requests).toEqual([]);
			expect(result.items).toHaveLength(group.length);
			group.forEach((c, i) => {
				const json = itemAt(result.items, i)?.json;
				expectNamed(c, i, json?.error, json?.description);
			});
		});
	});

	it('every value at or inside a limit passes and is sent', async () => {
		const valid = cases.filter((c) => c.valid);
		await everyCase(valid, title, async (c) => {
			const result = await alone(c);
			expect(result.requests.length).toBeGreaterThan(0);
			expect(result.requests.every((r) => r.signatureValid && r.httpStatus === 200)).toBe(true);
			// A voicebot agent named with agent type voiceagent: sent, and refused by the API by design.
			if (c.item.agentType === 'voiceagent')
				expect(result.error?.message).toMatch(/^Contact Center error 803/);
			else expect(result.error).toBeUndefined();
		});
	});
});

describe('import: one invalid row among valid ones sends nothing at all', () => {
	it('for each invalid import value, at a different position among 40 valid rows', async () => {
		const invalid = cases.filter((c) => c.op === 'callTask.import' && !c.valid && c.batchable);
		expect(invalid).toHaveLength(25); // exact, see above
		let n = 0;
		await everyCase(invalid, title, async (c) => {
			const position = (n++ * 7) % 40;
			const items = Array.from({ length: 40 }, (_, i) => importRow(phone(i)));
			items[position] = c.item;
			const result = await fx.run(c.parameters, { items });
			expect(result.requests).toEqual([]);
			expect(result.error?.context?.itemIndex).toBe(position);
			expectNamed(c, position, result.error?.message, result.error?.description);
			expect(result.error?.description).toContain('Nothing was imported.');
		});
	});
});

describe('import: at most 10,000 rows per request', () => {
	it.each([
		[10_000, [10_000]],
		[10_001, [10_000, 1]],
	])(
		'%i rows go out as requests of %j rows, never one of 10,001',
		async (rows, sizes) => {
			const [taskId] = await fx.control.seedTasks({ appId: APP_ID, tasks: [{ status: 'draft' }] });
			const items = Array.from({ length: rows }, (_, i) => ({ phone: phone(i) }));
			const result = await fx.run(importParameters(taskId), { items });
			expect(result.error).toBeUndefined();
			const sent = on(result.requests, PATHS.taskImport).map(
				(r) => (r.body as { customers: unknown[] }).customers.length,
			);
			expect(sent).toEqual(sizes);
			expect(result.items.map((item) => item.json.rowCount)).toEqual(sizes);
			// Every row's item is paired with the request that carried it.
			const paired = result.items.flatMap((item) => [item.pairedItem].flat());
			expect(paired).toHaveLength(rows);
			const task = (await fx.control.getState(APP_ID)).tasks.find((t) => t.id === taskId);
			expect(task?.importedCustomers).toBe(rows);
		},
		30_000,
	);
});

/**
 * Every bound parameter of every template fed, from the input item, with each kind of value an
 * expression can produce. Kinds that can never be one value (objects, NaN, integers past 2^53, and
 * lists where one value is expected) are refused before anything is sent, naming item and field;
 * every other kind either passes or is refused by a rule; nothing crashes (no TypeError).
 */
const LIST_KEYS = new Set(
	'weekdays retryReasons statusList category numberList defaultNumberList groupLeader timeRanges'.split(
		' ',
	),
);
// Keys not read as one value by this node (custom-field mapper values, variables).
const SKIP_KEYS = new Set(['level', 'score', 'visitAt', 'varName', 'varValue']);
const NUMBER_KEYS = new Set(
	'maxConcurrency maxRetryTimes retryIntervalValue weight maxWaitLimit waitTime timeout'.split(' '),
);
// What an 18-digit id becomes after JSON.parse in an earlier node (685775343058800641 → …800600).
const UNSAFE = Number('685775343058800641');
const CJK = '客户名称 😀';
const OTHER_KINDS: Array<[string, unknown]> = [
	['a number', 12345],
	['a boolean', true],
	['null', null],
	['empty text', ''],
	['10,000 characters', 'x'.repeat(10_000)],
	['CJK and emoji', CJK],
	['a leading-zero number as text', '0012345'],
	['a list', ['a', 'b']],
];
const CRASH =
	/TypeError|is not a function|Cannot read propert|undefined is not|Invalid time value|\[object Object\]/;
const NAMED = (i: number) => new RegExp(`^Invalid input \\[item ${i}\\]: "[^"]+" `);

describe('every parameter through expressions with every kind of value', () => {
	const keysOf = (t: Template) => Object.keys(t.defaults).filter((k) => !SKIP_KEYS.has(k));
	const opOf = (t: Template) => t.op;

	it('objects, NaN, unsafe integers (and lists where one value is expected) are refused before sending, naming item and field', async () => {
		let total = 0;
		await everyCase(templates, opOf, async (t) => {
			const inputs = keysOf(t).flatMap((key) => {
				const kinds: Array<[string, unknown]> = [
					['an object', { a: 1 }],
					['NaN', NaN],
				];
				if (key !== 'weekdays') kinds.push(['an unsafe integer', UNSAFE]);
				if (!LIST_KEYS.has(key)) kinds.push(['a list', ['a', 'b']]);
				return kinds.map(([kind, value]) => ({
					label: `${key} = ${kind}`,
					item: { ...t.defaults, [key]: value },
				}));
			});
			total += inputs.length;
			const result = await fx.run(t.parameters, {
				items: inputs.map(({ item }, i) =>
					itemOf({ op: t.op, item: item as IDataObject }, 5000 + i),
				),
				continueOnFail: true,
			});
			expect(result.error).toBeUndefined();
			// Import sends valid rows in one request; every row here is invalid, so nothing may go out.
			expect(result.requests).toHaveLength(0);
			const unnamed = inputs.filter((_, i) => {
				const message = String(itemAt(result.items, i)?.json.error ?? '');
				return !NAMED(i).test(message) || CRASH.test(message);
			});
			expect(unnamed.map((input) => input.label)).toEqual([]);
		});
		expect(total).toBe(358); // exact, see above: 93 parameters, each with 2 to 4 kinds
	});

	it('numbers, booleans, null, empty, 10,000 characters, CJK and emoji, leading zeros and lists: no crash; text arrives exactly as given', async () => {
		let total = 0;
		let sentExactly = 0;
		const inputs = templates.flatMap((t) => keysOf(t).map((key) => ({ t, key })));
		const name = ({ t, key }: (typeof inputs)[number]) => `${t.op} ${key}`;
		await everyCase(inputs, name, async ({ t, key }) => {
			const items = OTHER_KINDS.map(([, value], i) =>
				itemOf(
					{ op: t.op, item: { ...t.defaults, [key]: value as IDataObject[string] } },
					7000 + total + i,
				),
			);
			total += items.length;
			const result = await fx.run(t.parameters, {
				items,
				continueOnFail: true,
			});
			// With continue on fail every refusal is an item: a run-level error would skip this
			// parameter's cases, so none is expected (there is no named run-level refusal here).
			expect(result.error?.message).toBeUndefined();
			const raw = result.requests.map((r) => r.rawBody).join('\n');
			OTHER_KINDS.forEach(([kind], i) => {
				const message = String(itemAt(result.items, i)?.json.error ?? '');
				expect(`${kind}: ${message}`).not.toMatch(CRASH);
				if (message.startsWith('Invalid input')) expect(message).toMatch(NAMED(i));
				// A text value that passed is sent as given (numeric text in a number field is that number).
				const text = kind === 'CJK and emoji' || kind === 'a leading-zero number as text';
				if (message || !text || LIST_KEYS.has(key)) return;
				const number = NUMBER_KEYS.has(key) ? ':12345' : '"0012345"';
				const expected = kind === 'CJK and emoji' ? JSON.stringify(CJK) : number;
				if (raw.includes(expected)) sentExactly++;
				else if (!/^(customerId|taskId|queueNumber|groupId)$/.test(key))
					throw new Error(`${kind} passed but ${expected} is in no request body`);
			});
		});
		// Exact, see above: 93 parameters × 8 kinds; 57 text values that passed found as given.
		expect([inputs.length, total, sentExactly]).toEqual([93, 744, 57]);
	}, 600_000);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * Bad input, generated (see bad-input.cases.ts): for every validated field of every operation, the
 * values around each rule. An invalid value gives an error naming the item, the field and the rule,
 * and the sandbox's log shows that nothing at all was sent; the value at the limit itself passes and
 * is sent. Every invalid case runs twice: alone, and as one item among all the operation's invalid
 * cases (continue on fail), where each error must name its own item.
 */
import type { IDataObject, INode, INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { fieldLabel } from '../../nodes/ContactCenter/helpers/validation';
import { callMethod, type RunNodeResult } from '../harness';
import {
	CaseBuilder,
	RULES,
	mapper,
	optionValues,
	rl,
	x,
	type InputCase,
	type Template,
} from './bad-input.cases';
import { APP_ID, PATHS, on, phone, useFixture } from './support';

const fx = useFixture();

const seeded = {
	agent: '',
	group: '',
	importTask: '',
	startTask: '',
	pauseTask: '',
	getTask: '',
	customers: [] as string[],
	serviceGroups: [] as string[],
	displayGroups: [] as string[],
};
let addSchema: ResourceMapperField[] = [];
let updateSchema: ResourceMapperField[] = [];
let cases: InputCase[] = [];
/** Every template, for the value-kind suite below. */
const templates: Template[] = [];

const future = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const past = () => new Date(Date.now() - 3_600_000).toISOString();

/** Every operation's template and rules. Built after seeding: valid values are the sandbox's ids. */
function generate(): InputCase[] {
	const all: InputCase[] = [];
	const build = (template: Template, rules: (b: CaseBuilder, t: Template) => void) => {
		templates.push(template);
		const builder = new CaseBuilder(template);
		rules(builder, template);
		all.push(...builder.cases);
	};

	// ---- callTask create -----------------------------------------------------------------------
	const taskCreate: Template = {
		op: 'callTask.create',
		parameters: {
			resource: 'callTask',
			operation: 'create',
			taskName: x('taskName'),
			voiceAgentId: rl(x('voiceAgentId')),
			agentType: x('agentType'),
			callerNumberGroupId: rl(x('callerNumberGroupId')),
			maxConcurrency: x('maxConcurrency'),
			callWindows: { window: [{ weekdays: x('weekdays'), timeRanges: x('timeRanges') }] },
			// Literal: with an expression here n8n itself requires the Scheduled Start Time it then shows.
			startType: 'manual',
			retry: {
				retryEnabled: true,
				retryReasons: x('retryReasons'),
				maxRetryTimes: x('maxRetryTimes'),
				retryIntervalValue: x('retryIntervalValue'),
				retryIntervalUnit: x('retryIntervalUnit'),
			},
		},
		defaults: {
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
		},
	};
	build(taskCreate, (b, t) => {
		b.lengths('taskName', 'taskName', { max: 50 }).empty('taskName', 'taskName');
		b.leaf(
			'taskName',
			'at most 50 characters',
			{ taskName: `  ${'y'.repeat(50)}  ` },
			true,
			undefined,
			'50 characters inside spaces',
		);
		b.numericId('voiceAgentId', 'voiceAgentId', { long: true }).numericId(
			'callerNumberGroupId',
			'callerNumberGroupId',
		);
		b.enumeration('agentType', 'agentType', ['voicebot'], { passAll: false });
		// Empty is "not given": the default, the agent's own type (the field is left out).
		b.wellFormed('agentType', 'agentType', 'left out when empty', ['', '   ', null]);
		for (const miss of optionValues('callTask', 'create', 'agentType').filter(
			(v) => v === 'voiceagent',
		)) {
			// The other allowed type is valid input; the seeded agent is a voicebot, so the API answers 803.
			b.leaf(
				'agentType',
				'one of the options',
				{ agentType: miss },
				true,
				undefined,
				`${miss} (allowed, sent)`,
			);
		}
		b.positive('maxConcurrency', 'maxConcurrency');
		const weekdays = 'callWindows.window[0].weekdays';
		b.empty('weekdays', weekdays, [[]]);
		b.malformed(
			'weekdays',
			weekdays,
			'weekday 1 to 7',
			[[0], [8], ['funday'], [1.5]],
			RULES.weekday,
		);
		b.malformed(
			'weekdays',
			weekdays,
			'no duplicates',
			[
				[1, 1],
				[2, 'tuesday'],
			],
			RULES.duplicate,
		);
		b.wellFormed('weekdays', weekdays, 'weekday 1 to 7', [
			[1, 2, 3, 4, 5, 6, 7],
			['Monday', 'fri'],
			[7],
		]);
		const ranges = 'callWindows.window[0].timeRanges';
		b.empty('timeRanges', ranges, ['']);
		b.malformed(
			'timeRanges',
			ranges,
			'HH:mm-HH:mm, end after start',
			['9-12', '25:00-26:00', '12:00-09:00', '09:00-09:00', '09:00-24:00', '09:60-10:00', '09:00'],
			RULES.timeRange,
		);
		b.wellFormed('timeRanges', ranges, 'HH:mm-HH:mm, end after start', [
			'00:00-23:59',
			'09:00-09:01',
			'9:00-12:00, 14:00-18:00',
		]);
		b.empty('retryReasons', 'retry.retryReasons', [[]]);
		b.enumeration(
			'retryReasons',
			'retry.retryReasons',
			optionValues('callTask', 'create', 'retryReasons'),
			{ list: true },
		);
		b.malformed(
			'retryReasons',
			'retry.retryReasons',
			'no duplicates',
			[['busy', 'busy']],
			RULES.duplicate,
		);
		b.positive('maxRetryTimes', 'retry.maxRetryTimes').empty(
			'maxRetryTimes',
			'retry.maxRetryTimes',
			[null, ''],
		);
		b.positive('retryIntervalValue', 'retry.retryIntervalValue');
		b.enumeration(
			'retryIntervalUnit',
			'retry.retryIntervalUnit',
			optionValues('callTask', 'create', 'retryIntervalUnit'),
			{ required: true },
		);
		b.structural(
			'callWindows',
			'at least one window',
			'no window',
			{ ...t.parameters, callWindows: {} },
			false,
			RULES.required,
		);
		b.structural(
			'callWindows',
			'at least one window',
			'two windows',
			{
				...t.parameters,
				callWindows: {
					window: [
						{ weekdays: [1], timeRanges: '09:00-10:00' },
						{ weekdays: [6, 7], timeRanges: '10:00-11:00' },
					],
				},
			},
			true,
		);
		const scheduled = {
			...t.parameters,
			startType: 'scheduled',
			scheduledStartTime: x('scheduledStartTime'),
		};
		b.structural(
			'scheduledStartTime',
			'required when scheduled',
			'empty',
			scheduled,
			false,
			RULES.required,
			{ scheduledStartTime: '' },
		);
		b.structural(
			'scheduledStartTime',
			'a date and time',
			'"next tuesday"',
			scheduled,
			false,
			/not a date and time/,
			{ scheduledStartTime: 'next tuesday' },
		);
		b.structural(
			'scheduledStartTime',
			'in the future',
			'an hour ago',
			scheduled,
			false,
			RULES.future,
			{ scheduledStartTime: past() },
		);
		b.structural('scheduledStartTime', 'in the future', 'in two days', scheduled, true, undefined, {
			scheduledStartTime: future(),
		});
	});

	// Start Type from an expression: n8n then shows (and requires) Scheduled Start Time, so it is set.
	build(
		{
			...taskCreate,
			group: 'callTask.create startType',
			parameters: {
				...taskCreate.parameters,
				startType: x('startType'),
				scheduledStartTime: future(),
			},
			defaults: { ...taskCreate.defaults, startType: 'scheduled' },
		},
		(b) => {
			b.enumeration('startType', 'startType', optionValues('callTask', 'create', 'startType'), {
				required: true,
			});
		},
	);

	// ---- callTask import -----------------------------------------------------------------------
	const taskImport: Template = {
		op: 'callTask.import',
		parameters: {
			resource: 'callTask',
			operation: 'import',
			taskId: rl(x('taskId')),
			customerNumber: x('customerNumber'),
			additionalFields: {
				customerName: x('customerName'),
				remark: x('remark'),
				variables: { variable: [{ name: x('varName'), value: x('varValue') }] },
			},
			options: { dupStrategy: x('dupStrategy') },
		},
		defaults: {
			taskId: seeded.importTask,
			customerNumber: '13800138000',
			customerName: 'Li Lei',
			remark: 'VIP',
			varName: 'amount',
			varValue: '100',
			dupStrategy: 'none',
		},
	};
	build(taskImport, (b, t) => {
		b.numericId('taskId', 'taskId');
		b.empty('customerNumber', 'customerNumber');
		b.lengths('customerNumber', 'customerNumber', { min: 5, max: 20 }, (n) => '1'.repeat(n));
		b.malformed(
			'customerNumber',
			'customerNumber',
			'digits, + and -',
			['138 0013 8000', '1380013800a', '(010)123456', '138.0013.8000'],
			RULES.customerNumber,
		);
		b.wellFormed('customerNumber', 'customerNumber', 'digits, + and -', [
			'+86-13800138000',
			'010-12345678',
		]);
		b.lengths('customerName', 'additionalFields.customerName', { max: 100 });
		b.lengths('remark', 'additionalFields.remark', { max: 500 });
		b.lengths('varName', 'additionalFields.variables[0].name', { max: 50 });
		b.empty('varName', 'additionalFields.variables[0].name', ['']);
		b.lengths('varValue', 'additionalFields.variables[0].value', { max: 500 });
		b.enumeration(
			'dupStrategy',
			'options.dupStrategy',
			optionValues('callTask', 'import', 'dupStrategy'),
		);
		const variables = (n: number) => ({
			variable: Array.from({ length: n }, (_, i) => ({ name: `v${i}`, value: String(i) })),
		});
		for (const [n, valid] of [
			[19, true],
			[20, true],
			[21, false],
		] as const) {
			b.structural(
				'additionalFields.variables',
				'at most 20 variables',
				`${n} variables`,
				{
					...t.parameters,
					additionalFields: { variables: variables(n) },
				},
				valid,
				valid ? undefined : /at most 20 variables/,
			);
		}
		b.structural(
			'additionalFields.variables[1].name',
			'no duplicates',
			'a name twice',
			{
				...t.parameters,
				additionalFields: {
					variables: {
						variable: [
							{ name: 'a', value: '1' },
							{ name: 'a', value: '2' },
						],
					},
				},
			},
			false,
			RULES.duplicate,
		);
	});

	// ---- callTask get many / get / start / pause ----------------------------------------------
	const taskGetAll: Template = {
		op: 'callTask.getAll',
		parameters: {
			resource: 'callTask',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: {
				taskName: x('taskName'),
				startDate: x('startDate'),
				endDate: x('endDate'),
				statusList: x('statusList'),
			},
		},
		defaults: {
			taskName: 'task',
			startDate: '2026-01-01',
			endDate: '2026-12-31',
			statusList: ['draft'],
		},
	};
	build(taskGetAll, (b) => {
		b.lengths('taskName', 'filters.taskName', { max: 50 });
		b.malformed(
			'startDate',
			'filters.startDate',
			'a date',
			['yesterday', '01/02/2026'],
			/is not a date/,
		);
		b.leaf(
			'filters.endDate',
			'not before the start',
			{ endDate: '2025-12-31' },
			false,
			RULES.order,
		);
		b.leaf(
			'filters.endDate',
			'not before the start',
			{ endDate: '2026-01-01' },
			true,
			undefined,
			'the start day itself',
		);
		b.enumeration(
			'statusList',
			'filters.statusList',
			optionValues('callTask', 'getAll', 'statusList'),
			{ list: true },
		);
	});
	for (const [operation, task] of [
		['get', seeded.getTask],
		['start', seeded.startTask],
		['pause', seeded.pauseTask],
	] as const) {
		build(
			{
				op: `callTask.${operation}`,
				parameters: { resource: 'callTask', operation, taskId: rl(x('taskId')) },
				defaults: { taskId: task },
			},
			(b) => {
				b.numericId('taskId', 'taskId');
				b.wellFormed('taskId', 'taskId', 'numeric id > 0', [task]);
			},
		);
	}

	// ---- customers ------------------------------------------------------------------------------
	for (const operation of ['create', 'upsert'] as const) {
		const customerWrite: Template = {
			op: `customer.${operation}`,
			parameters: {
				resource: 'customer',
				operation,
				customerName: x('customerName'),
				additionalFields: {
					createMethod: x('createMethod'),
					customerOrigin: x('customerOrigin'),
					assignTime: x('assignTime'),
				},
				mobile: { values: [{ value: x('mobile'), memo: 'work' }] },
				email: { values: [{ value: x('email') }] },
				customFields: mapper(
					{ level: x('level'), score: x('score'), visitAt: x('visitAt') },
					addSchema,
				),
			},
			defaults: {
				customerName: 'Han Meimei',
				createMethod: 'API',
				customerOrigin: 'selfDevelop',
				assignTime: '2026-05-01T10:00:00',
				mobile: '13900000000',
				email: 'han@example.com',
				level: 'gold',
				score: 5,
				visitAt: '2026-05-02T10:00:00',
			},
		};
		build(customerWrite, (b) => {
			b.empty('customerName', 'customerName');
			b.enumeration(
				'createMethod',
				'additionalFields.createMethod',
				optionValues('customer', operation, 'createMethod'),
			);
			b.enumeration(
				'customerOrigin',
				'additionalFields.customerOrigin',
				optionValues('customer', operation, 'customerOrigin'),
			);
			b.malformed(
				'assignTime',
				'additionalFields.assignTime',
				'a date and time',
				['soon', '2026-13-45T99:00:00'],
				RULES.dateTime,
			);
			b.empty('mobile', 'mobile.values[0].value', ['']);
			b.empty('email', 'email.values[0].value', ['']);
			b.empty('level', 'customFields.level', ['']);
			b.malformed(
				'level',
				'customFields.level',
				'one of the choices',
				['platinum', 'GOLD'],
				RULES.choice,
			);
			b.wellFormed('level', 'customFields.level', 'one of the choices', ['silver']);
			b.malformed('score', 'customFields.score', 'a number', ['high'], RULES.choice);
			b.malformed('visitAt', 'customFields.visitAt', 'a date and time', ['someday'], RULES.choice);
		});
	}
	const customerUpdate: Template = {
		op: 'customer.update',
		parameters: {
			resource: 'customer',
			operation: 'update',
			customerId: x('customerId'),
			updateFields: { customerName: x('customerName'), createMethod: x('createMethod') },
			customFields: mapper({ score: x('score') }, updateSchema),
		},
		defaults: {
			customerId: seeded.customers[0],
			customerName: 'Renamed',
			createMethod: 'API',
			score: 3,
		},
	};
	build(customerUpdate, (b) => {
		b.empty('customerId', 'customerId');
		b.empty('customerName', 'updateFields.customerName');
		b.enumeration(
			'createMethod',
			'updateFields.createMethod',
			optionValues('customer', 'update', 'createMethod'),
			{ passAll: false },
		);
		b.malformed('score', 'customFields.score', 'a number', ['lots'], RULES.choice);
	});
	for (const [operation, id] of [
		['get', seeded.customers[1]],
		['delete', seeded.customers[2]],
	] as const) {
		build(
			{
				op: `customer.${operation}`,
				parameters: { resource: 'customer', operation, customerId: x('customerId') },
				defaults: { customerId: id },
			},
			(b) => {
				b.empty('customerId', 'customerId');
				b.wellFormed('customerId', 'customerId', 'required', [id]);
			},
		);
	}
	// Version 2: Search (Phone, Email, Name: at least one) and Create or Update by Phone.
	build(
		{
			op: 'customer.search',
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'search',
				phone: x('phone'),
				email: x('email'),
				name: x('name'),
				returnAll: false,
				limit: 5,
			},
			defaults: { phone: '13800000000', email: '', name: '' },
		},
		(b) => {
			b.leaf(
				'phone',
				'at least one criterion',
				{ phone: '', email: '', name: '' },
				false,
				RULES.criterion,
			);
			b.leaf(
				'phone',
				'at least one criterion',
				{ phone: ' ', email: null, name: '  ' },
				false,
				RULES.criterion,
			);
			b.malformed(
				'phone',
				'phone',
				'digits, + and -',
				['138abc', '138 0000 0000', 'tel:138'],
				RULES.phoneNumber,
			);
			b.wellFormed('phone', 'phone', 'digits, + and -', ['+86-138-0000-0000', 13800000000]);
			b.leaf('email', 'at least one criterion', { phone: '', email: 'li@example.com' }, true);
			b.leaf('name', 'at least one criterion', { phone: '', name: 'Li' }, true);
		},
	);
	build(
		{
			op: 'customer.upsert',
			group: 'customer.upsert.v2',
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'upsert',
				customerName: x('customerName'),
				phone: x('mobile'),
				options: { phonesOnMatch: x('phonesOnMatch') },
			},
			defaults: { customerName: 'Wang Fang', mobile: '13900000000', phonesOnMatch: 'add' },
		},
		(b) => {
			b.enumeration(
				'phonesOnMatch',
				'options.phonesOnMatch',
				optionValues('customer', 'upsert', 'phonesOnMatch'),
			);
			b.empty('mobile', 'phone');
			b.malformed('mobile', 'phone', 'digits, + and -', ['139abc0000'], RULES.phoneNumber);
		},
	);
	const customerGetAll: Template = {
		op: 'customer.getAll',
		parameters: {
			resource: 'customer',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: {
				conditions: { values: [{ field: x('field'), operator: x('operator'), value: x('value') }] },
				createTimeBegin: x('createTimeBegin'),
				createTimeEnd: x('createTimeEnd'),
			},
			sort: { values: [{ field: x('sortField'), orderBy: x('orderBy') }] },
		},
		defaults: {
			field: 'customerName',
			operator: 'eq',
			value: 'Li',
			createTimeBegin: '2026-01-01T00:00:00',
			createTimeEnd: '2026-12-31T00:00:00',
			sortField: 'createTime',
			orderBy: 'desc',
		},
	};
	build(customerGetAll, (b) => {
		const at = 'filters.conditions.values[0]';
		b.empty('field', `${at}.field`, ['']);
		b.enumeration('operator', `${at}.operator`, optionValues('customer', 'getAll', 'operator'), {
			required: true,
			passAll: false,
		});
		b.leaf(`${at}.value`, 'one value', { operator: 'eq', value: '' }, false, /exactly one value/);
		b.leaf(
			`${at}.value`,
			'two values',
			{ operator: 'between', value: '5' },
			false,
			/exactly two values/,
		);
		b.leaf(
			`${at}.value`,
			'two values',
			{ operator: 'between', value: '1,2,3' },
			false,
			/exactly two values/,
		);
		b.leaf(`${at}.value`, 'two values', { operator: 'between', value: '1,5' }, true);
		b.leaf(`${at}.value`, 'no value', { operator: 'empty', value: 'x' }, false, /must be empty/);
		b.leaf(`${at}.value`, 'no value', { operator: 'nempty', value: '' }, true);
		b.leaf(
			`${at}.value`,
			'one or more values',
			{ operator: 'in', value: '' },
			false,
			/at least one value/,
		);
		b.leaf(`${at}.value`, 'one or more values', { operator: 'in', value: 'a,b' }, true);
		b.empty('sortField', 'sort.values[0].field', ['']);
		b.enumeration(
			'orderBy',
			'sort.values[0].orderBy',
			optionValues('customer', 'getAll', 'orderBy'),
		);
		b.malformed(
			'createTimeBegin',
			'filters.createTimeBegin',
			'a date and time',
			['soon'],
			RULES.dateTime,
		);
		b.leaf(
			'filters.createTimeBegin',
			'not after the end',
			{ createTimeBegin: '2027-01-01T00:00:00' },
			false,
			RULES.order,
		);
		b.leaf(
			'filters.createTimeBegin',
			'not after the end',
			{ createTimeBegin: '2026-12-31T00:00:00' },
			true,
			undefined,
			'equal to the end',
		);
	});
	build(
		{
			op: 'customerField.getAll',
			parameters: {
				resource: 'customerField',
				operation: 'getAll',
				returnAll: true,
				filters: { category: x('category') },
			},
			defaults: { category: ['custom'] },
		},
		(b) => {
			b.enumeration(
				'category',
				'filters.category[0]',
				optionValues('customerField', 'getAll', 'category'),
				{ list: true },
			);
		},
	);

	// ---- service groups ------------------------------------------------------------------------
	const groupCreate: Template = {
		op: 'serviceGroup.create',
		parameters: {
			resource: 'serviceGroup',
			operation: 'create',
			name: x('name'),
			members: {
				member: [
					{ agentNumber: x('agentNumber'), weight: x('weight') },
					{ agentNumber: x('agentNumber2'), weight: 1 },
				],
			},
			additionalFields: {
				strategy: x('strategy'),
				maxWaitLimit: x('maxWaitLimit'),
				waitTime: x('waitTime'),
				timeout: x('timeout'),
				broadcastMember: x('broadcastMember'),
				groupLeader: x('groupLeader'),
				level: x('level'),
				parentId: rl(x('parentId')),
			},
		},
		defaults: {
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
		},
	};
	build(groupCreate, (b, t) => {
		b.empty('name', 'name');
		b.empty('agentNumber', 'members[0].agentNumber', ['']);
		b.malformed(
			'weight',
			'members[0].weight',
			'whole number >= 0',
			[-1, 'x', 1.5],
			RULES.nonNegative,
		);
		b.wellFormed('weight', 'members[0].weight', 'whole number >= 0', [0]);
		b.malformed('agentNumber2', 'members', 'no duplicates', ['8001'], RULES.duplicate);
		b.enumeration('strategy', 'strategy', optionValues('serviceGroup', 'create', 'strategy'));
		b.nonNegative('maxWaitLimit', 'maxWaitLimit')
			.nonNegative('waitTime', 'waitTime')
			.nonNegative('timeout', 'timeout');
		b.malformed('broadcastMember', 'broadcastMember', 'true or false', ['yes', 1], RULES.boolean);
		b.malformed('groupLeader', 'groupLeader', 'no duplicates', ['8001, 8001'], RULES.duplicate);
		b.malformed('level', 'level', 'one of the options', ['4', 'first'], /must be 1, 2 or 3/);
		b.leaf(
			'parentId',
			'a parent for levels 2 and 3',
			{ level: '2', parentId: '' },
			false,
			/is required for a level 2 group/,
		);
		b.leaf(
			'parentId',
			'no parent for level 1',
			{ level: '1', parentId: seeded.serviceGroups[0] },
			false,
			/first level/,
		);
		b.leaf(
			'parentId',
			'a parent for levels 2 and 3',
			{ level: '2', parentId: seeded.serviceGroups[0] },
			true,
		);
		b.structural(
			'members',
			'at least one member',
			'no member',
			{ ...t.parameters, members: {} },
			false,
			RULES.required,
		);
	});
	const groupUpdate: Template = {
		op: 'serviceGroup.update',
		parameters: {
			resource: 'serviceGroup',
			operation: 'update',
			queueNumber: rl(x('queueNumber')),
			updateFields: { name: x('name'), maxWaitLimit: x('maxWaitLimit') },
		},
		defaults: { queueNumber: seeded.serviceGroups[1], name: 'Renamed group', maxWaitLimit: 5 },
	};
	build(groupUpdate, (b, t) => {
		b.empty('queueNumber', 'queueNumber', ['']);
		b.empty('name', 'name');
		b.nonNegative('maxWaitLimit', 'maxWaitLimit');
		b.structural(
			'updateFields',
			'at least one field',
			'no field',
			{ ...t.parameters, updateFields: {} },
			false,
			RULES.required,
		);
	});
	build(
		{
			op: 'serviceGroup.delete',
			parameters: {
				resource: 'serviceGroup',
				operation: 'delete',
				queueNumber: rl(x('queueNumber')),
			},
			defaults: { queueNumber: seeded.serviceGroups[2] },
		},
		(b) => {
			b.empty('queueNumber', 'queueNumber', ['']);
			b.wellFormed('queueNumber', 'queueNumber', 'required', [seeded.serviceGroups[2]]);
		},
	);

	// ---- display-number groups -----------------------------------------------------------------
	const numberCreate: Template = {
		op: 'displayNumberGroup.create',
		parameters: {
			resource: 'displayNumberGroup',
			operation: 'create',
			groupName: x('groupName'),
			strategy: x('strategy'),
			numberList: x('numberList'),
			additionalFields: { defaultNumberList: x('defaultNumberList') },
		},
		defaults: {
			groupName: 'Outbound Shanghai',
			strategy: '3',
			numberList: '02112345678, 02187654321',
			defaultNumberList: '02100000000',
		},
	};
	build(numberCreate, (b) => {
		b.empty('groupName', 'groupName');
		b.malformed(
			'strategy',
			'strategy',
			'one of the options',
			['4', 'random', '0', ''],
			RULES.oneOf,
		);
		for (const value of optionValues('displayNumberGroup', 'create', 'strategy')) {
			b.leaf(
				'strategy',
				'one of the options',
				{ strategy: value, defaultNumberList: value === '3' ? '02100000000' : '' },
				true,
				undefined,
				value,
			);
		}
		b.empty('numberList', 'numberList', ['', ' , ']);
		b.malformed(
			'numberList',
			'numberList',
			'phone numbers',
			['abc', '021 1234', '+-12'],
			RULES.phone,
		);
		b.malformed(
			'numberList',
			'numberList',
			'no duplicates',
			['021-1234, 021-1234'],
			RULES.duplicate,
		);
		b.malformed('defaultNumberList', 'defaultNumberList', 'phone numbers', ['x1'], RULES.phone);
		b.malformed(
			'defaultNumberList',
			'defaultNumberList',
			'no duplicates',
			['0211, 0211'],
			RULES.duplicate,
		);
		b.leaf(
			'defaultNumberList',
			'home-location strategy only',
			{ strategy: '1', defaultNumberList: '02100000000' },
			false,
			/only used by the "By Home Location" strategy/,
		);
	});
	const numberUpdate: Template = {
		op: 'displayNumberGroup.update',
		parameters: {
			resource: 'displayNumberGroup',
			operation: 'update',
			groupId: rl(x('groupId')),
			numberList: x('numberList'),
			updateFields: { groupName: x('groupName'), overflowGroupId: rl(x('overflow')) },
		},
		defaults: {
			groupId: seeded.displayGroups[0],
			numberList: '02112345678',
			groupName: 'Renamed numbers',
			overflow: seeded.displayGroups[1],
		},
	};
	build(numberUpdate, (b) => {
		b.empty('groupId', 'groupId', ['']);
		b.empty('numberList', 'numberList', ['']);
		b.empty('groupName', 'groupName');
		b.leaf(
			'overflowGroupId',
			'not the group itself',
			{ overflow: seeded.displayGroups[0] },
			false,
			/cannot overflow to itself/,
		);
	});
	build(
		{
			op: 'displayNumberGroup.delete',
			parameters: {
				resource: 'displayNumberGroup',
				operation: 'delete',
				groupId: rl(x('groupId')),
			},
			defaults: { groupId: seeded.displayGroups[2] },
		},
		(b) => {
			b.empty('groupId', 'groupId', ['']);
			b.wellFormed('groupId', 'groupId', 'required', [seeded.displayGroups[2]]);
		},
	);

	// ---- service records -----------------------------------------------------------------------
	const records: Template = {
		op: 'serviceRecord.getAll',
		parameters: {
			resource: 'serviceRecord',
			operation: 'getAll',
			channel: x('channel'),
			startTime: x('startTime'),
			endTime: x('endTime'),
			returnAll: false,
			limit: 5,
		},
		defaults: { channel: 'call', startTime: '2026-03-01T00:00:00', endTime: '2026-03-01T23:59:59' },
	};
	build(records, (b) => {
		b.enumeration('channel', 'channel', optionValues('serviceRecord', 'getAll', 'channel'), {
			required: true,
		});
		b.empty('startTime', 'startTime', ['']).empty('endTime', 'endTime', ['']);
		b.malformed(
			'startTime',
			'startTime',
			'a date and time',
			['yesterday', '2026-02-30 25:00'],
			RULES.dateTime,
		);
		b.malformed('endTime', 'endTime', 'a date and time', ['later'], RULES.dateTime);
		b.leaf(
			'startTime',
			'not after the end',
			{ startTime: '2026-03-02T00:00:00' },
			false,
			RULES.order,
		);
		b.leaf(
			'startTime',
			'not after the end',
			{ startTime: '2026-03-01T23:59:59' },
			true,
			undefined,
			'equal to the end',
		);
	});

	return all.map((c, id) => ({ ...c, id }));
}

beforeAll(async () => {
	await fx.control.reset();
	const [agent] = await fx.control.seedAgents({
		appId: APP_ID,
		agents: [{ agentType: 'voicebot', publishStatus: 'PUBLISHED' }],
	});
	const [group] = await fx.control.seedCallerNumberGroups({ appId: APP_ID, count: 1 });
	const [importTask, getTask] = await fx.control.seedTasks({
		appId: APP_ID,
		tasks: [{ status: 'draft' }, { status: 'draft' }],
	});
	const [startTask] = await fx.control.seedTasks({
		appId: APP_ID,
		tasks: [{ status: 'draft', totalCount: 3 }],
	});
	const [pauseTask] = await fx.control.seedTasks({
		appId: APP_ID,
		tasks: [{ status: 'running', totalCount: 3 }],
	});
	Object.assign(seeded, { agent, group, importTask, getTask, startTask, pauseTask });
	seeded.customers = await fx.control.seedCustomers({ appId: APP_ID, count: 3 });
	seeded.serviceGroups = await fx.control.seedServiceGroups({ appId: APP_ID, count: 3 });
	seeded.displayGroups = await fx.control.seedDisplayNumberGroups({ appId: APP_ID, count: 3 });
	await fx.control.seedFields({
		appId: APP_ID,
		fields: [
			{
				field: 'level',
				name: 'Level',
				type: 'select',
				required: true,
				choices: [
					{ key: 'gold', value: 'Gold', isDefault: false },
					{ key: 'silver', value: 'Silver', isDefault: true },
				],
			},
			{ field: 'score', name: 'Score', type: 'number' },
			{ field: 'visitAt', name: 'Visit at', type: 'datetime' },
		],
	});
	const schema = async (operation: string) =>
		(
			await callMethod({
				nodeType: ContactCenter,
				kind: 'resourceMapping',
				method: 'getCustomerFieldMapping',
				parameters: { resource: 'customer', operation },
				credentials: fx.credentials,
			})
		).fields;
	addSchema = await schema('create');
	updateSchema = await schema('update');
	cases = generate();
});

// A customer write needs a phone number no other case used (the API refuses a known number).
function itemOf(c: InputCase, index = c.id): IDataObject {
	return c.op.startsWith('customer.') && 'mobile' in c.item && c.item.mobile === '13900000000'
		? { ...c.item, mobile: phone(900_000 + index) }
		: c.item;
}

const VALIDATED_OPERATIONS = [
	'callTask.create',
	'callTask.get',
	'callTask.getAll',
	'callTask.import',
	'callTask.pause',
	'callTask.start',
	'customer.create',
	'customer.delete',
	'customer.get',
	'customer.getAll',
	'customer.search',
	'customer.update',
	'customer.upsert',
	'customerField.getAll',
	'displayNumberGroup.create',
	'displayNumberGroup.delete',
	'displayNumberGroup.update',
	'serviceGroup.create',
	'serviceGroup.delete',
	'serviceGroup.update',
	'serviceRecord.getAll',
];

/**
 * Gaps this suite found in the node's validation (reported to the lead, see the report of issue 7).
 * Each is asserted as it behaves today (sent, refused by the API with a clear error), so that a fix
 * makes this test fail and the entry is removed.
 */
const KNOWN_GAPS: Record<string, string> = {};
const gapOf = (c: InputCase): string | undefined => KNOWN_GAPS[`${c.op} ${c.field} ${c.value}`];

const title = (c: InputCase) => `#${c.id} ${c.op} ${c.field} (${c.rule}): ${c.value}`;

const nodeProperties = new ContactCenter().description.properties;

/** The field as the editor shows it, the way the node's errors name it. */
function labelOf(c: InputCase): string {
	const [resource, operation] = c.op.split('.');
	const shown = nodeProperties.filter((p) => {
		const show = p.displayOptions?.show;
		return (
			!show ||
			(((show.resource ?? [resource]) as string[]).includes(resource) &&
				((show.operation ?? [operation]) as string[]).includes(operation))
		);
	});
	return fieldLabel(shown, c.field, { parameters: c.parameters } as unknown as INode) ?? c.field;
}

/** The error line for the case's field in the description, and its check. */
function expectNamed(c: InputCase, itemIndex: number, message: string, description: string): void {
	expect(message).toMatch(new RegExp(`^Invalid input \\[item ${itemIndex}\\]: "`));
	const line = description.split('\n').find((l) => l.startsWith(`"${labelOf(c)}" `));
	if (!line) throw new Error(`${title(c)}: no error line for "${labelOf(c)}" in:\n${description}`);
	expect(line).toMatch(c.problem as RegExp);
}

describe('generated bad input', () => {
	it('the generator covers every validated operation with a computed number of cases', () => {
		const ops = new Set(cases.map((c) => c.op));
		const invalid = cases.filter((c) => !c.valid).length;
		const valid = cases.length - invalid;
		const fields = new Set(cases.map((c) => `${c.op} ${c.field}`)).size;
		const gapCount = cases.filter(gapOf).length;
		const batched = cases.filter((c) => !c.valid && c.batchable && !gapOf(c));
		const groups = new Set(batched.map((c) => c.group)).size;
		const embedded = cases.filter(
			(c) => c.op === 'callTask.import' && !c.valid && c.batchable,
		).length;
		process.stdout.write(
			`bad-input cases: ${cases.length} generated over ${fields} fields of ${ops.size} operations: ${invalid} invalid ` +
				`(${invalid - gapCount} refused before sending, ${gapCount} known gaps sent and refused by the API) and ${valid} at or inside a limit (all sent; the API accepts all but one, which it refuses with 803 by design: a voicebot agent named with agent type voiceagent). ` +
				`Runs: ${invalid} invalid cases alone, the same ${batched.length} again as items of ${groups} continue-on-fail runs, ${embedded} invalid import rows among 40 valid ones, ` +
				`${valid} valid cases, and 2 import request-size runs (10,000 and 10,001 rows)\n`,
		);
		// Every operation with client-side rules (voice agents and caller number groups have none).
		expect([...ops].sort()).toEqual(VALIDATED_OPERATIONS);
		expect(invalid).toBeGreaterThan(150);
		expect(cases.every((c) => c.valid || c.problem instanceof RegExp)).toBe(true);
		const gaps = cases.filter(gapOf);
		process.stdout.write(
			`known validation gaps (sent, refused by the API): ${gaps.length}\n${gaps.map((c) => `  ${title(c)}: ${gapOf(c)}`).join('\n')}\n`,
		);
		expect(gaps).toHaveLength(Object.keys(KNOWN_GAPS).length);
	});

	it('every invalid value alone: an error naming item 0, the field and the rule, and nothing sent', async () => {
		const failures: string[] = [];
		for (const c of cases.filter((k) => !k.valid)) {
			const result: RunNodeResult = await fx.run(c.parameters, {
				items: [itemOf(c)],
				typeVersion: c.typeVersion,
			});
			if (gapOf(c)) {
				// Today: sent once and refused by the API with a clear error (see KNOWN_GAPS).
				if (
					result.requests.length !== 1 ||
					!/^Contact Center error 400: /.test(result.error?.message ?? '')
				) {
					failures.push(
						`${title(c)}: the known gap changed (${result.error?.message}); remove it from KNOWN_GAPS if it is fixed`,
					);
				}
				continue;
			}
			try {
				expect(result.requests).toEqual([]);
				expect(result.error?.name).toBe('NodeOperationError');
				expect(result.error?.context?.itemIndex).toBe(0);
				expectNamed(c, 0, String(result.error?.message), String(result.error?.description ?? ''));
			} catch (error) {
				failures.push(
					`${title(c)}\n  got: ${result.error?.message ?? 'no error'} | ${String(result.error?.description ?? '').replace(/\n/g, ' | ')} | requests ${result.requests.length}\n  ${(error as Error).message.split('\n')[0]}`,
				);
			}
		}
		expect(failures).toEqual([]);
	});

	it("every invalid value among its operation's others (continue on fail): each error names its own item, nothing sent", async () => {
		const failures: string[] = [];
		const byOp = new Map<string, InputCase[]>();
		for (const c of cases.filter((k) => !k.valid && k.batchable && !gapOf(k)))
			byOp.set(c.group, [...(byOp.get(c.group) ?? []), c]);
		for (const [op, group] of byOp) {
			const result = await fx.run(group[0].parameters as INodeParameters, {
				typeVersion: group[0].typeVersion,
				items: group.map((c, i) => itemOf(c, i)),
				continueOnFail: true,
			});
			if (result.requests.length > 0 || result.items.length !== group.length) {
				failures.push(
					`${op}: ${result.requests.length} requests, ${result.items.length} items for ${group.length} cases`,
				);
				continue;
			}
			group.forEach((c, i) => {
				const item = result.items.find((it) => (it.pairedItem as { item: number }).item === i);
				try {
					expectNamed(c, i, String(item?.json.error), String(item?.json.description ?? ''));
				} catch (error) {
					failures.push(
						`${title(c)} as item ${i}: ${(error as Error).message.split('\n')[0]} (got ${String(item?.json.error)})`,
					);
				}
			});
		}
		expect(failures).toEqual([]);
	});

	it('every value at or inside a limit passes and is sent', async () => {
		const failures: string[] = [];
		for (const c of cases.filter((k) => k.valid)) {
			const result = await fx.run(c.parameters, {
				items: [itemOf(c)],
				typeVersion: c.typeVersion,
			});
			const validationError = /^Invalid input/.test(result.error?.message ?? '');
			const expectsRefusal =
				c.op === 'callTask.create' && c.field === 'agentType' && c.item.agentType === 'voiceagent';
			const sentOk =
				result.requests.length > 0 &&
				result.requests.every((r) => r.signatureValid && r.httpStatus === 200);
			const answered = expectsRefusal
				? result.error?.message?.startsWith('Contact Center error 803')
				: result.error === undefined;
			if (validationError || !sentOk || !answered) {
				failures.push(
					`${title(c)}: ${result.error?.message ?? 'ok'} ${String(result.error?.description ?? '').replace(/\n/g, ' | ')} (requests ${result.requests.length})`,
				);
			}
		}
		expect(failures).toEqual([]);
	});
});

describe('import: one invalid row among valid ones sends nothing at all', () => {
	it('for each invalid import value, at a different position among 40 valid rows', async () => {
		const failures: string[] = [];
		const invalid = cases.filter((c) => c.op === 'callTask.import' && !c.valid && c.batchable);
		for (const [n, c] of invalid.entries()) {
			const position = (n * 7) % 40;
			const items: IDataObject[] = Array.from({ length: 40 }, (_, i) => ({
				...c.item,
				...taskDefaults(),
				customerNumber: phone(i),
			}));
			items[position] = c.item;
			const result = await fx.run(c.parameters, { items });
			try {
				expect(result.requests).toEqual([]);
				expect(result.error?.context?.itemIndex).toBe(position);
				expectNamed(
					c,
					position,
					String(result.error?.message),
					String(result.error?.description ?? ''),
				);
				expect(result.error?.description).toContain('Nothing was imported.');
			} catch (error) {
				failures.push(`${title(c)} at ${position}: ${(error as Error).message.split('\n')[0]}`);
			}
		}
		expect(invalid.length).toBeGreaterThan(20);
		expect(failures).toEqual([]);
	});
});

/** The valid row values of the import template (the cases override one of them). */
function taskDefaults(): IDataObject {
	return {
		taskId: seeded.importTask,
		customerName: 'Li Lei',
		remark: 'VIP',
		varName: 'amount',
		varValue: '100',
		dupStrategy: 'none',
	};
}

describe('import: at most 10,000 rows per request', () => {
	it.each([
		[10_000, [10_000]],
		[10_001, [10_000, 1]],
	])(
		'%i rows go out as requests of %j rows, never one of 10,001',
		async (rows, sizes) => {
			const [taskId] = await fx.control.seedTasks({ appId: APP_ID, tasks: [{ status: 'draft' }] });
			const items = Array.from({ length: rows }, (_, i) => ({ phone: phone(i) }));
			const result = await fx.run(
				{
					resource: 'callTask',
					operation: 'import',
					taskId: { __rl: true, mode: 'id', value: taskId },
					customerNumber: '={{ $json.phone }}',
					options: { dupStrategy: 'none' },
				},
				{ items },
			);
			expect(result.error).toBeUndefined();
			const sent = on(result.requests, PATHS.taskImport).map(
				(r) => (r.body as { customers: unknown[] }).customers.length,
			);
			expect(sent).toEqual(sizes);
			expect(Math.max(...sent)).toBeLessThanOrEqual(10_000);
			expect(result.items.map((item) => item.json.rowCount)).toEqual(sizes);
			// Every row's item is paired with the request that carried it.
			expect(
				result.items.flatMap((item) =>
					(item.pairedItem as Array<{ item: number }>).map((p) => p.item),
				),
			).toHaveLength(rows);
			const task = (await fx.control.getState(APP_ID)).tasks.find((t) => t.id === taskId);
			expect(task?.importedCustomers).toBe(rows);
		},
		30_000,
	);
});

/**
 * Every bound parameter of every template fed, from the input item, with each kind of value an
 * expression can produce. Kinds that can never be one value (objects, NaN, integers past 2^53,
 * and lists where one value is expected) are refused before anything is sent, naming item and
 * field; every other kind either passes or is refused by a rule; nothing crashes (no TypeError).
 */
const LIST_KEYS = new Set([
	'weekdays',
	'retryReasons',
	'statusList',
	'category',
	'numberList',
	'defaultNumberList',
	'groupLeader',
	'timeRanges',
]);
// Keys whose value is not read as one value by this node (custom-field mapper values, variables, dates and times read by other rules).
const SKIP_KEYS = new Set(['level', 'score', 'visitAt', 'varName', 'varValue']);
// What an 18-digit id becomes after JSON.parse in an earlier node (685775343058800641 → …800600).
const UNSAFE = Number('685775343058800641');
const LONG_TEXT = 'x'.repeat(10_000);
const CJK = '客户名称 😀';

const NEVER_ONE_VALUE: Array<[string, unknown]> = [
	['an object', { a: 1 }],
	['NaN', NaN],
	['an unsafe integer', UNSAFE],
];
const OTHER_KINDS: Array<[string, unknown]> = [
	['a number', 12345],
	['a boolean', true],
	['null', null],
	['empty text', ''],
	['10,000 characters', LONG_TEXT],
	['CJK and emoji', CJK],
	['a leading-zero number as text', '0012345'],
	['a list', ['a', 'b']],
];

const CRASH =
	/TypeError|is not a function|Cannot read propert|undefined is not|Invalid time value|\[object Object\]/;
const NUMBER_KEYS = new Set([
	'maxConcurrency',
	'maxRetryTimes',
	'retryIntervalValue',
	'weight',
	'maxWaitLimit',
	'waitTime',
	'timeout',
]);

/**
 * Inputs known to be mishandled, each with what happens; none is left. A gap found later is listed
 * here with what it does until it is fixed (the test fails when a listed gap no longer occurs).
 */
const KIND_GAPS: Record<string, string> = {};
const seenGaps = new Set<string>();

describe('every parameter through expressions with every kind of value', () => {
	const keysOf = (t: Template) => Object.keys(t.defaults).filter((k) => !SKIP_KEYS.has(k));

	it('objects, NaN, unsafe integers (and lists where one value is expected) are refused before sending, naming item and field', async () => {
		const failures: string[] = [];
		let total = 0;
		for (const t of templates) {
			const items: IDataObject[] = [];
			const labels: string[] = [];
			for (const key of keysOf(t)) {
				const kinds = LIST_KEYS.has(key)
					? NEVER_ONE_VALUE.filter(
							([name]) => name !== 'an unsafe integer' || !['weekdays'].includes(key),
						)
					: [...NEVER_ONE_VALUE, ['a list', ['a', 'b']] as [string, unknown]];
				for (const [kind, value] of kinds) {
					items.push({ ...t.defaults, [key]: value as IDataObject[string] });
					labels.push(`${t.op} ${key} = ${kind}`);
				}
			}
			total += items.length;
			const result = await fx.run(t.parameters, {
				typeVersion: t.typeVersion,
				items: items.map((item, i) => itemOf({ op: t.op, item } as InputCase, 5000 + i)),
				continueOnFail: true,
			});
			if (result.error) {
				failures.push(`${t.op}: the run failed: ${result.error.message}`);
				continue;
			}
			// Import sends valid rows in one request; every row here is invalid, so nothing may go out at all.
			const gapsHere = labels.filter((label) => KIND_GAPS[label]);
			if (result.requests.length > 0 && !gapsHere.some((label) => /sent/.test(KIND_GAPS[label])))
				failures.push(
					`${t.op}: ${result.requests.length} requests were sent for ${items.length} invalid items`,
				);
			items.forEach((_item, i) => {
				const out = result.items.find((it) =>
					Array.isArray(it.pairedItem)
						? it.pairedItem.some((p) => p.item === i)
						: (it.pairedItem as { item: number }).item === i,
				);
				const message = String(out?.json.error ?? '');
				const ok =
					new RegExp(`^Invalid input \\[item ${i}\\]: "[^"]+" `).test(message) &&
					!CRASH.test(message);
				if (KIND_GAPS[labels[i]]) {
					seenGaps.add(labels[i]);
					if (ok) failures.push(`${labels[i]}: fixed, remove it from KIND_GAPS`);
				} else if (!ok) failures.push(`${labels[i]}: ${message || 'no error'}`);
			});
		}
		process.stdout.write(
			`value kinds: ${total} never-one-value inputs over ${templates.length} templates: all refused before sending except ${seenGaps.size} known gaps (KIND_GAPS)\n`,
		);
		expect(failures).toEqual([]);
		expect([...seenGaps].sort()).toEqual(Object.keys(KIND_GAPS).sort());
		expect(total).toBeGreaterThan(200);
	});

	it('numbers, booleans, null, empty, 10,000 characters, CJK and emoji, leading zeros and lists: no crash; text arrives exactly as given', async () => {
		const failures: string[] = [];
		let total = 0;
		let sentExactly = 0;
		for (const t of templates) {
			for (const key of keysOf(t)) {
				const items = OTHER_KINDS.map(([, value]) => ({
					...t.defaults,
					[key]: value as IDataObject[string],
				}));
				total += items.length;
				const result = await fx.run(t.parameters, {
					typeVersion: t.typeVersion,
					items: items.map((item, i) => itemOf({ op: t.op, item } as InputCase, 7000 + total + i)),
					continueOnFail: true,
				});
				if (result.error) {
					if (CRASH.test(result.error.message))
						failures.push(`${t.op} ${key}: crashed: ${result.error.message}`);
					continue;
				}
				const raw = result.requests.map((r) => r.rawBody).join('\n');
				OTHER_KINDS.forEach(([kind], i) => {
					const out = result.items.find((it) =>
						Array.isArray(it.pairedItem)
							? it.pairedItem.some((p) => p.item === i)
							: (it.pairedItem as { item: number }).item === i,
					);
					const message = String(out?.json.error ?? '');
					if (CRASH.test(message) && !KIND_GAPS[`${t.op} ${key} = ${kind}`])
						failures.push(`${t.op} ${key} = ${kind}: ${message}`);
					if (
						message.startsWith('Invalid input') &&
						!new RegExp(`^Invalid input \\[item ${i}\\]: "[^"]+" `).test(message)
					)
						failures.push(`${t.op} ${key} = ${kind}: unnamed: ${message}`);
					// A text value that passed is sent as given: CJK and emoji, and the leading zeros of text.
					if (
						!message &&
						(kind === 'CJK and emoji' || kind === 'a leading-zero number as text') &&
						!LIST_KEYS.has(key)
					) {
						// Numeric text in a number field is the number it names.
						const expected =
							kind === 'CJK and emoji'
								? JSON.stringify(CJK)
								: NUMBER_KEYS.has(key)
									? ':12345'
									: JSON.stringify('0012345');
						if (raw.includes(expected)) sentExactly++;
						else if (!/^(customerId|taskId|queueNumber|groupId)$/.test(key))
							failures.push(
								`${t.op} ${key} = ${kind}: passed but ${expected} is in no request body`,
							);
					}
				});
			}
		}
		process.stdout.write(
			`value kinds: ${total} other inputs, no crash; ${sentExactly} text values seen in the request bodies exactly as given\n`,
		);
		expect(failures).toEqual([]);
		expect(sentExactly).toBeGreaterThan(10);
	}, 600_000);
});

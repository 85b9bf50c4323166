/**
 * The node's description. The names users' workflows depend on (docs/node-contract.md): every
 * resource and operation exists, with every parameter the contract lists (top level) and every
 * field it lists inside a collection; renaming any of them fails here. The forms of the operations
 * exactly, the lists behind the pickers, and the parameters n8n gives a new node (n8n's own
 * NodeHelpers, as the editor and the workflow loader use them).
 */
import {
	NodeHelpers,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';

const ADDITIONAL =
	'owner assignTime createMethod customerOrigin visitorId mobileDecrypt customerSource';
const GROUP_SETTINGS =
	'groupLeader strategy maxWaitLimit waitTime broadcastMember failedNotAssigned timeout noIdleTransfer';
const DISPLAY_OPTIONAL = 'remark city areaCode defaultNumberList overflowGroupId';
const WRITE = `customerName additionalFields(${ADDITIONAL}) mobile email qq wechat customFields`;
const LIST = 'returnAll limit';
/** The output choice of every read: Simplified, Raw or Selected Fields. */
const OUTPUT = 'output fields';

/**
 * Each operation's contract: its top-level parameters, and in brackets the fields a collection must
 * contain (a parameter without brackets: none checked).
 */
const CONTRACT: Record<string, Record<string, string>> = {
	customer: {
		create: WRITE,
		upsert: `${WRITE} phone options(listsOnMatch)`,
		search: `phone email name ${LIST} ${OUTPUT}`,
		update: `customerId updateFields(${ADDITIONAL} customerName) customFields`,
		get: `customerId ${OUTPUT}`,
		getAll: `${OUTPUT} ${LIST} sort filters(conditions createTimeBegin createTimeEnd updateTimeBegin updateTimeEnd)`,
		delete: 'customerId',
	},
	customerField: { getAll: `${LIST} filters(name category type enabled editable)` },
	serviceGroup: {
		create: `name members(member) additionalFields(level parentId ${GROUP_SETTINGS})`,
		update: `queueNumber updateFields(name members ${GROUP_SETTINGS})`,
		delete: 'queueNumber',
		getAll: `${LIST} filters(queueNumber)`,
	},
	displayNumberGroup: {
		create: `groupName strategy numberList additionalFields(${DISPLAY_OPTIONAL})`,
		update: `groupId numberList updateFields(groupName strategy ${DISPLAY_OPTIONAL})`,
		delete: 'groupId',
		getAll: LIST,
	},
	serviceRecord: {
		getAll: `channel startTime endTime ${LIST} ${OUTPUT} filters(callId sessionId)`,
	},
	voiceAgent: { getAll: `${LIST} ${OUTPUT} filters(name publishStatus)` },
	callerNumberGroup: { getAll: `${LIST} filters(groupName)` },
	callTask: {
		create:
			'taskName voiceAgentId startType callerNumberGroupId maxConcurrency callWindows(window) ' +
			'scheduledStartTime retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit ' +
			'options(agentType)',
		import:
			'taskId customerNumber additionalFields(customerName remark variables) options(dupStrategy)',
		get: `taskId ${OUTPUT}`,
		getAll: `${LIST} ${OUTPUT} filters(taskName startDate endDate statusList)`,
		start: 'taskId',
		pause: 'taskId',
	},
};

/** A contract entry as [parameter, fields it must contain]. */
const parse = (contract: string) =>
	[...contract.matchAll(/(\w+)(?:\(([^)]*)\))?/g)].map(
		([, name, fields]) => [name, fields?.split(' ') ?? []] as const,
	);

const description = new ContactCenter().description;

describe('the node contract', () => {
	it('has exactly the contract resources', () => {
		const resource = description.properties.find((p) => p.name === 'resource');
		const values = ((resource?.options ?? []) as INodePropertyOptions[]).map((o) => o.value).sort();
		expect(values).toEqual(Object.keys(CONTRACT).sort());
	});

	it('is the node type the contract names, usable as a tool, with the contract credential', () => {
		expect(description.name).toBe('contactCenter');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials?.map((c) => c.name)).toEqual(['contactCenterApi']);
	});

	for (const [resource, operations] of Object.entries(CONTRACT)) {
		it(`${resource}: exactly the contract operations, each with an action and a description`, () => {
			const selector = description.properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
			);
			const options = (selector?.options ?? []) as INodePropertyOptions[];
			expect(options.map((o) => o.value).sort()).toEqual(Object.keys(operations).sort());
			for (const option of options) {
				expect(option.action).toBeTruthy();
				expect(option.description).toBeTruthy();
			}
		});

		for (const [operation, params] of Object.entries(operations)) {
			it(`${resource} ${operation}: every contract parameter and field exists`, () => {
				const visible = shown(resource, operation);
				const byName = new Map(visible.map((p) => [p.name, p]));
				const missing = parse(params).flatMap(([name, fields]) => {
					const property = byName.get(name);
					const inner = property ? fieldsOf(property).map((field) => field.name) : [];
					return property
						? fields.filter((field) => !inner.includes(field)).map((field) => `${name}.${field}`)
						: [name];
				});
				expect(missing).toEqual([]);
			});
		}
	}
});

/** The properties shown for a resource and operation. */
const shown = (resource: string, operation: string): INodeProperties[] =>
	description.properties.filter(
		(p) =>
			p.displayOptions?.show?.resource?.includes(resource) &&
			p.displayOptions?.show?.operation?.includes(operation),
	);

type Outlined = { name: string; options?: unknown[]; values?: unknown[] };
/** The fields inside a parameter (collections, fixed collections); none for other parameters. */
const fieldsOf = (property: Outlined) =>
	((property.values ?? property.options ?? []) as Outlined[]).filter(
		(field) => 'type' in field || 'values' in field,
	);
/** A parameter as `name`, or `name(…)` with the fields inside it, sorted. */
const outline = (property: Outlined): string => {
	const inner = fieldsOf(property);
	return inner.length ? `${property.name}(${inner.map(outline).sort().join(' ')})` : property.name;
};

describe('the form of each operation, exactly', () => {
	const contacts = ['mobile', 'email', 'qq', 'wechat']
		.map((c) => `${c}(values(memo value))`)
		.join(' ');
	const additional =
		'assignTime createMethod customerOrigin customerSource mobileDecrypt owner visitorId';
	const updateFields = additional.replace('createMethod', 'createMethod customerName');
	const lists = 'mobileList emailList qqList wechatList';
	const contactsInput = `contactsInput ${contacts} ${lists}`;
	const create = `${contactsInput} additionalFields(${additional}) customFields`;
	const retry = 'retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit';
	const task = 'taskName voiceAgentId callerNumberGroupId maxConcurrency';
	const windows = 'callWindows(window(timeRanges weekdays)) startType scheduledStartTime';
	const variables = 'additionalFields(customerName remark variables(variable(name value)))';
	// Options → Parallel Requests of a per-item operation without options of its own.
	const OPTIONS = 'options(parallelRequests)';
	const importOptions =
		'options(dupStrategy fieldsAsVariables nameFields remarkFields variablesFields)';

	test.each([
		['customer', 'create', `customerName ${create} ${OPTIONS}`],
		[
			'customer',
			'upsert',
			`matchNotice customerName phone ${create} options(listsOnMatch parallelRequests)`,
		],
		[
			'customer',
			'update',
			`customerId ${contactsInput} updateFields(${updateFields}) customFields ${OPTIONS}`,
		],
		['customer', 'get', `customerId output fields ${OPTIONS}`],
		['customer', 'delete', `customerId ${OPTIONS}`],
		[
			'customer',
			'getAll',
			'returnAll limit output fields filters(conditions(values(field operator value)) createTimeBegin ' +
				'createTimeEnd updateTimeBegin updateTimeEnd) sort(values(field orderBy)) ' +
				OPTIONS,
		],
		[
			'customerField',
			'getAll',
			`returnAll limit filters(category editable enabled name type) ${OPTIONS}`,
		],
		['callTask', 'create', `${task} ${windows} ${retry} options(agentType parallelRequests)`],
		[
			'callTask',
			'import',
			`taskId mappingMode numberFields customerNumber ${variables} ${importOptions}`,
		],
	])('%s %s: every parameter and the fields inside it', (resource, operation, form) => {
		expect(shown(resource, operation).map(outline).join(' ')).toBe(form);
	});

	test('customFields is a resource mapper on getCustomerFieldMapping, mode add for every write operation', () => {
		for (const operation of ['create', 'upsert', 'update']) {
			const mapper = shown('customer', operation).find((p) => p.name === 'customFields');
			expect(mapper?.type).toBe('resourceMapper');
			expect(mapper?.typeOptions?.resourceMapper).toMatchObject({
				resourceMapperMethod: 'getCustomerFieldMapping',
				mode: 'add',
				addAllFields: false,
				supportAutoMap: false,
			});
			expect(mapper?.typeOptions?.loadOptionsDependsOn).toEqual(['operation']);
		}
	});
});

describe('pickers', () => {
	const methods = new ContactCenter().methods.listSearch;
	test.each([
		['callTask', 'create', 'voiceAgentId', 'searchVoiceAgents'],
		['callTask', 'create', 'callerNumberGroupId', 'searchCallerNumberGroups'],
		['callTask', 'import', 'taskId', 'searchCallTasks'],
		['callTask', 'get', 'taskId', 'searchCallTasks'],
		['callTask', 'start', 'taskId', 'searchCallTasks'],
		['callTask', 'pause', 'taskId', 'searchCallTasks'],
		['customer', 'get', 'customerId', 'searchCustomers'],
		['customer', 'update', 'customerId', 'searchCustomers'],
		['customer', 'delete', 'customerId', 'searchCustomers'],
	])(
		'%s %s: %s is picked from a list (%s) first, by ID second',
		(resource, operation, name, method) => {
			const property = shown(resource, operation).find((p) => p.name === name);
			expect(property?.type).toBe('resourceLocator');
			expect(property?.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(property?.modes?.[0].typeOptions?.searchListMethod).toBe(method);
			expect(methods[method]).toBeInstanceOf(Function);
		},
	);

	test('a call window has weekdays listed Monday to Sunday as 1 to 7', () => {
		const windows = shown('callTask', 'create').find((p) => p.name === 'callWindows');
		const [weekdays] = (windows?.options?.[0] as INodePropertyCollection).values;
		const days = (weekdays.options as INodePropertyOptions[]).map((o) => `${o.value} ${o.name}`);
		expect(days.join(', ')).toBe(
			'1 Monday, 2 Tuesday, 3 Wednesday, 4 Thursday, 5 Friday, 6 Saturday, 7 Sunday',
		);
	});
});

const { properties } = description;

/** The parameters a new node holds once n8n has applied the defaults. */
function parametersOf(given: INodeParameters): INodeParameters {
	const node = { typeVersion: 1 } as never;
	return NodeHelpers.getNodeParameters(properties, given, true, false, node, description) ?? {};
}

/** These defaults are also run: callTask/create.test ("the form as it opens") and serviceRecord. */
describe('the parameters n8n gives a new node', () => {
	test('Call Task → Create: one Mon-Fri 09:00-18:00 window, retry off, empty Options', () => {
		const parameters = parametersOf({ resource: 'callTask', operation: 'create' });
		expect(parameters).toMatchObject({
			callWindows: { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] },
			retryEnabled: false,
			options: {},
		});
		for (const name of ['agentType', 'retry', 'retryReasons'])
			expect(parameters).not.toHaveProperty(name);
	});

	test('Service Record → Get Many: channel All, the last hour, Output Simplified', () => {
		expect(parametersOf({ resource: 'serviceRecord', operation: 'getAll' })).toMatchObject({
			channel: 'all',
			startTime: '={{ $now.minus({ hours: 1 }) }}',
			endTime: '={{ $now }}',
			output: 'simple',
		});
	});

	test('Customer → Create or Update: Phone, Contacts Input using fields, Contact Lists on Match unset (add)', () => {
		const parameters = parametersOf({ resource: 'customer', operation: 'upsert' });
		expect(parameters).toMatchObject({ phone: '', contactsInput: 'fields', options: {} });
	});
});

/** Every property, option and field of a form, nested ones included. */
function everyField(
	list: unknown[],
): Array<{ name?: string; displayName?: string; description?: string }> {
	return list.flatMap((entry) => {
		if (typeof entry !== 'object' || entry === null) return [];
		const field = entry as { options?: unknown[]; values?: unknown[] };
		return [entry as object, ...everyField(field.options ?? []), ...everyField(field.values ?? [])];
	});
}

describe('form wording (issue #33 item 6)', () => {
	const trigger = new ContactCenterTrigger().description;
	const fields = [...everyField(properties), ...everyField(trigger.properties)];

	test('the end of a range is "… To" everywhere, never "… Until"', () => {
		const names = fields.map((f) => f.displayName ?? '').filter((n) => /\b(To|Until)$/.test(n));
		expect(names.filter((n) => n.endsWith('Until'))).toEqual([]);
		expect(names).toEqual(expect.arrayContaining(['Created To', 'Updated To']));
	});

	test('Call Task → Import names the number it calls "Phone Number to Call"', () => {
		const number = shown('callTask', 'import').find((p) => p.name === 'customerNumber');
		expect(number?.displayName).toBe('Phone Number to Call');
	});

	test('contact values are described as the customer\'s, not "The qq number"', () => {
		const values = ['qq', 'wechat', 'email'].map((kind) => {
			const contact = shown('customer', 'create').find((p) => p.name === kind);
			return everyField([contact]).find((f) => f.name === 'value')?.description;
		});
		expect(values).toEqual([
			'QQ Number of the customer',
			'WeChat ID of the customer',
			'Email Address of the customer',
		]);
		expect(fields.filter((f) => /^The (qq|wechat)/i.test(f.description ?? ''))).toEqual([]);
	});

	test("the trigger's subtitle shows labels, not values", () => {
		const expression = String(trigger.subtitle).replace(/^=\{\{([\s\S]*)\}\}$/, '$1');
		// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- test code: the subtitle is an n8n expression
		const subtitle = new Function('$parameter', `return (${expression});`) as (
			parameters: Record<string, string | undefined>,
		) => string;
		expect(subtitle({ triggerOn: 'serviceRecord', channel: 'im' })).toBe(
			'Service Record: Online Chat',
		);
		expect(subtitle({ triggerOn: 'serviceRecord', channel: 'call' })).toBe('Service Record: Call');
		expect(subtitle({ triggerOn: 'serviceRecord', channel: 'all' })).toBe(
			'Service Record: All Channels',
		);
		// A trigger saved before triggerOn existed watches service records.
		expect(subtitle({ channel: 'all' })).toBe('Service Record: All Channels');
		expect(subtitle({ triggerOn: 'customer' })).toBe('Customer');
		expect(subtitle({ triggerOn: 'callTask' })).toBe('Call Task');
	});
});

describe('one Output choice on every read, none on writes', () => {
	const READS = [
		['customer', 'get'],
		['customer', 'getAll'],
		['customer', 'search'],
		['callTask', 'get'],
		['callTask', 'getAll'],
		['voiceAgent', 'getAll'],
		['serviceRecord', 'getAll'],
	];
	const isRead = (resource: string, operation: string) =>
		READS.some(([r, o]) => r === resource && o === operation);

	test.each(READS)(
		'%s %s: output Raw / Selected Fields / Simplified (default), fields shown for Selected Fields only',
		(resource, operation) => {
			const visible = shown(resource, operation);
			const output = visible.find((p) => p.name === 'output');
			expect(output).toMatchObject({ type: 'options', default: 'simple' });
			expect((output?.options as INodePropertyOptions[]).map((o) => [o.name, o.value])).toEqual([
				['Raw', 'raw'],
				['Selected Fields', 'fields'],
				['Simplified', 'simple'],
			]);
			const fields = visible.find((p) => p.name === 'fields');
			expect(fields).toMatchObject({ type: 'multiOptions', default: [] });
			expect(fields?.displayOptions?.show?.output).toEqual(['fields']);
			const fixed = (fields?.options ?? []) as INodePropertyOptions[];
			if (resource === 'customer')
				expect(fields?.typeOptions?.loadOptionsMethod).toBe('getCustomerOutputFields');
			else expect(fixed.length).toBeGreaterThan(5);
		},
	);

	test('no operation but the reads has output or fields; simplify and outputFields are gone', () => {
		const names = new Set(description.properties.map((p) => p.name));
		expect(names.has('simplify')).toBe(false);
		expect(names.has('outputFields')).toBe(false);
		for (const [resource, operations] of Object.entries(CONTRACT))
			for (const operation of Object.keys(operations)) {
				const has = shown(resource, operation).some((p) => ['output', 'fields'].includes(p.name));
				expect([resource, operation, has]).toEqual([
					resource,
					operation,
					isRead(resource, operation),
				]);
			}
	});

	test('the customer fields method exists', () => {
		expect(new ContactCenter().methods.loadOptions.getCustomerOutputFields).toBeInstanceOf(
			Function,
		);
	});
});

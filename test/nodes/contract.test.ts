/**
 * The node's description. The names users' workflows depend on (docs/node-contract.md): every
 * resource and operation exists, with every parameter the contract lists (top level) and every
 * field it lists inside a collection; renaming any of them fails here. The forms of each version
 * exactly, the lists behind the pickers, and the parameters n8n gives a node of each version (n8n's
 * own NodeHelpers, as the editor and the workflow loader use them).
 */
import {
	NodeHelpers,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

const ADDITIONAL =
	'owner assignTime createMethod customerOrigin visitorId mobileDecrypt customerSource';
const GROUP_SETTINGS =
	'groupLeader strategy maxWaitLimit waitTime broadcastMember failedNotAssigned timeout noIdleTransfer';
const DISPLAY_OPTIONAL = 'remark city areaCode defaultNumberList overflowGroupId';
const WRITE = `customerName additionalFields(${ADDITIONAL}) mobile email qq wechat customFields`;
const LIST = 'returnAll limit';

/**
 * Each operation's contract: its top-level parameters, and in brackets the fields a collection must
 * contain (a parameter without brackets: none checked).
 */
const CONTRACT: Record<string, Record<string, string>> = {
	customer: {
		create: WRITE,
		upsert: `${WRITE} phone options(phonesOnMatch)`,
		search: `phone email name ${LIST} simplify`,
		update: `customerId updateFields(${ADDITIONAL} customerName) customFields`,
		get: 'customerId simplify',
		getAll: `simplify ${LIST} sort filters(conditions createTimeBegin createTimeEnd updateTimeBegin updateTimeEnd)`,
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
	serviceRecord: { getAll: `channel startTime endTime ${LIST} filters(callId sessionId)` },
	voiceAgent: { getAll: `${LIST} filters(name publishStatus)` },
	callerNumberGroup: { getAll: `${LIST} filters(groupName)` },
	callTask: {
		create:
			'taskName voiceAgentId agentType startType callerNumberGroupId maxConcurrency callWindows(window) ' +
			'scheduledStartTime retry(retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit)',
		import:
			'taskId customerNumber additionalFields(customerName remark variables) options(dupStrategy)',
		get: 'taskId',
		getAll: `${LIST} filters(taskName startDate endDate statusList)`,
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
			it(`${resource} ${operation}: every contract parameter and field exists (in either version)`, () => {
				const visible = [1, 2].flatMap((version) => shown(version, resource, operation));
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

/** Whether a property's `@version` condition (a list of versions or `{_cnd: {gte}}`) shows it in `version`. */
function inVersion(property: INodeProperties, version: number): boolean {
	const allowed = property.displayOptions?.show?.['@version'];
	if (!allowed) return true;
	return allowed.some((entry) =>
		typeof entry === 'number'
			? entry === version
			: typeof entry === 'object' && entry !== null && '_cnd' in entry
				? version >= Number((entry._cnd as { gte?: number }).gte ?? Infinity)
				: false,
	);
}

/** The properties of one version shown for a resource and operation. */
const shown = (version: number, resource: string, operation: string) =>
	description.properties.filter(
		(p) =>
			inVersion(p, version) &&
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

describe('the forms of each version, exactly', () => {
	const contacts = ['mobile', 'email', 'qq', 'wechat']
		.map((c) => `${c}(values(memo value))`)
		.join(' ');
	const additional =
		'assignTime createMethod customerOrigin customerSource mobileDecrypt owner visitorId';
	const additionalV1 =
		'assignTime createMethod customerOrigin customerSource emailList mobileDecrypt mobileList ' +
		'owner qqList visitorId wechatList';
	const create = `customerName ${contacts} additionalFields(${additionalV1}) customFields`;
	const updateFields = additionalV1.replace('createMethod', 'createMethod customerName');
	const lists = 'mobileList emailList qqList wechatList';
	const createV2 = `contactsInput ${contacts} ${lists} additionalFields(${additional}) customFields`;
	const retry = 'retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit';
	const task = 'taskName voiceAgentId agentType callerNumberGroupId maxConcurrency';
	const windows = 'callWindows(window(timeRanges weekdays)) startType scheduledStartTime';
	const mapping = 'nameFields remarkFields variablesFields fieldsAsVariables';
	const variables = 'additionalFields(customerName remark variables(variable(name value)))';
	const importOptions =
		'options(dupStrategy fieldsAsVariables nameFields remarkFields variablesFields)';

	test.each([
		[1, 'customer', 'create', create],
		[1, 'customer', 'upsert', `matchNotice ${create}`],
		[1, 'customer', 'update', `customerId ${contacts} updateFields(${updateFields}) customFields`],
		[1, 'customer', 'get', 'customerId'],
		[1, 'customer', 'delete', 'customerId'],
		[
			1,
			'customer',
			'getAll',
			'returnAll limit filters(conditions(values(field operator value)) createTimeBegin ' +
				'createTimeEnd updateTimeBegin updateTimeEnd) sort(values(field orderBy))',
		],
		[1, 'customerField', 'getAll', 'returnAll limit filters(category editable enabled name type)'],
		[2, 'customer', 'create', `customerName ${createV2}`],
		[2, 'customer', 'upsert', `matchNotice customerName phone ${createV2} options(phonesOnMatch)`],
		[2, 'customer', 'get', 'customerId simplify'],
		[1, 'callTask', 'create', `${task} ${windows} retry(${retry.split(' ').sort().join(' ')})`],
		[
			2,
			'callTask',
			'create',
			`${task.replace(' agentType', '')} ${windows} ${retry} options(agentType)`,
		],
		[
			1,
			'callTask',
			'import',
			`taskId mappingMode numberFields ${mapping} customerNumber ${variables} ${importOptions}`,
		],
		[
			2,
			'callTask',
			'import',
			`taskId mappingMode numberFields customerNumber ${variables} ${importOptions}`,
		],
	])(
		'version %i, %s %s: every parameter and the fields inside it',
		(version, resource, operation, form) => {
			expect(shown(version, resource, operation).map(outline).join(' ')).toBe(form);
		},
	);

	test('customFields is a resource mapper on getCustomerFieldMapping, mode add for every write operation', () => {
		for (const operation of ['create', 'upsert', 'update']) {
			const mapper = shown(1, 'customer', operation).find((p) => p.name === 'customFields');
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
		[1, 'callTask', 'create', 'voiceAgentId', 'searchVoiceAgents'],
		[1, 'callTask', 'create', 'callerNumberGroupId', 'searchCallerNumberGroups'],
		[1, 'callTask', 'import', 'taskId', 'searchCallTasks'],
		[1, 'callTask', 'get', 'taskId', 'searchCallTasks'],
		[1, 'callTask', 'start', 'taskId', 'searchCallTasks'],
		[1, 'callTask', 'pause', 'taskId', 'searchCallTasks'],
		[2, 'customer', 'get', 'customerId', 'searchCustomers'],
	])(
		'version %i, %s %s: %s is picked from a list (%s) first, by ID second',
		(version, resource, operation, name, method) => {
			const property = shown(version, resource, operation).find((p) => p.name === name);
			expect(property?.type).toBe('resourceLocator');
			expect(property?.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(property?.modes?.[0].typeOptions?.searchListMethod).toBe(method);
			expect(methods[method]).toBeInstanceOf(Function);
		},
	);

	test('a call window has weekdays listed Monday to Sunday as 1 to 7', () => {
		const windows = shown(1, 'callTask', 'create').find((p) => p.name === 'callWindows');
		const [weekdays] = (windows?.options?.[0] as INodePropertyCollection).values;
		const days = (weekdays.options as INodePropertyOptions[]).map((o) => `${o.value} ${o.name}`);
		expect(days.join(', ')).toBe(
			'1 Monday, 2 Tuesday, 3 Wednesday, 4 Thursday, 5 Friday, 6 Saturday, 7 Sunday',
		);
	});
});

const { properties } = description;

/** The parameters a new node of `typeVersion` holds once n8n has applied the defaults. */
function parametersOf(typeVersion: number, given: INodeParameters): INodeParameters {
	const node = { typeVersion } as never;
	return NodeHelpers.getNodeParameters(properties, given, true, false, node, description) ?? {};
}

/** Version 2's defaults are run in callTask.create ("the form as it opens") and serviceRecord. */
describe('the parameters n8n gives a new node', () => {
	const create = { resource: 'callTask', operation: 'create' };

	test('Call Task → Create, version 1: Agent Type on top, an empty Call Windows list, the Retry collection', () => {
		const parameters = parametersOf(1, create);
		expect(parameters).toMatchObject({ agentType: 'agentDefault', callWindows: {}, retry: {} });
		for (const name of ['retryEnabled', 'retryReasons', 'options', 'simplify'])
			expect(parameters).not.toHaveProperty(name);
	});

	const getAll = { resource: 'serviceRecord', operation: 'getAll' };
	test('Service Record → Get Many, version 1: channel Call, no times', () => {
		expect(parametersOf(1, getAll)).toMatchObject({ channel: 'call', startTime: '', endTime: '' });
	});

	test('Service Record → Get Many, version 2: channel All first among its channels (what its defaults read: serviceRecord)', () => {
		const channels = properties.filter(
			(p) => p.name === 'channel' && p.displayOptions?.show?.resource?.includes('serviceRecord'),
		);
		expect(
			channels.map((p) => (p.options ?? []).map((o) => ('value' in o ? o.value : ''))),
		).toEqual([
			['call', 'im'],
			['all', 'call', 'im'],
		]);
	});
});

test('the two number groups are described apart', () => {
	const resources = properties.find((p) => p.name === 'resource');
	const described = (value: string) =>
		(resources?.options as INodePropertyOptions[]).find((o) => o.value === value)?.description;
	expect(described('callerNumberGroup')).toBe('Numbers that voice-agent call tasks call out from');
	expect(described('displayNumberGroup')).toBe('Numbers shown to customers when agents call out');
});

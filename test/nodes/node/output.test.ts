/**
 * What the reads output: one Output choice (Simplified by default, Raw, Selected Fields) on every
 * read and on the trigger, through n8n-core against the sandbox. Simplified values are compared
 * literally, field by field; Raw with what the sandbox stores; Selected Fields with exactly the
 * fields chosen. One customer, task or record has the same shape from Get, Get Many, Search and the
 * trigger; a custom field is named by its field id everywhere, so an output item fed back into
 * Update writes the same field. The simplifiers where the suites of callTask/create and
 * serviceRecord/getAll do not reach. Errors name their item (`… [item 1]`): API (vendor) errors, transport
 * errors and the node's own "does not exist", in the node error and in the error item of "On
 * Error: Continue".
 */
import type {
	IDataObject,
	INodeParameters,
	ResourceMapperField,
	ResourceMapperValue,
} from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { simplifyCallTask } from '../../../nodes/ContactCenter/actions/callTask/simplify';
import { SIMPLIFIED_FIELDS } from '../../../nodes/ContactCenter/actions/customer/simplify';
import { simplifyServiceRecord } from '../../../nodes/ContactCenter/actions/serviceRecord/simplify';
import { simplifyVoiceAgent } from '../../../nodes/ContactCenter/actions/voiceAgent/simplify';
import { selectFields } from '../../../nodes/ContactCenter/actions/output';
import { formatApiTime } from '../../../nodes/ContactCenter/api/time';
import { callMethod, nodeRunner, poll } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import { customerFieldMapping, expectInvalid, expectRefused, locator } from '../run-checks';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const UNKNOWN_TASK = '123456789012345671';
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
const { control } = sandbox;
const credentials = () => sandbox.credentials(APP);
const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter });

// Later than anything the demo seed holds: the trigger's Fetch Test Event picks these.
const CREATED = '2030-01-02 09:00:00';
const UPDATED = '2030-01-02 10:00:00';
const PHONE = '13100000012';
let customerId: string;
let taskId: string;
let pausedId: string;
let agentId: string;
let now: string;
let recordId: string;
let zone: string;

const RECORD = {
	updateTime: '',
	eventUniqueId: 'output-record-1',
	callId: '1700000000.1',
	pushType: 'serviceNoteUpdate' as const,
	updateAgent: '',
	data: { category: 'Inquiry', satisfaction: 5 },
	otherParams: null,
};

beforeAll(async () => {
	[customerId] = await control.seedCustomers({
		appId: APP.appId,
		customers: [
			{
				customerName: 'Amy Output',
				mobile: [
					{ value: '13100000011', memo: 'work' },
					{ value: PHONE, memo: '' },
				],
				email: [{ value: 'amy@example.com', memo: '' }],
				owner: null,
				lastCallTime: '2026-01-02 10:00:00',
				lastChatTime: null,
				callingNumber: 3,
				cf_company: 'Acme',
				cf_level: 'vip',
				createTime: CREATED,
				updateTime: UPDATED,
			},
		],
	});
	const state = await control.getState(APP.appId);
	agentId = state.agents[0].id;
	[taskId, pausedId] = await control.seedTasks({
		appId: APP.appId,
		tasks: [
			{
				taskName: 'Output task',
				voiceAgentId: agentId,
				status: 'done',
				totalCount: 4,
				completedCount: 4,
				connectedCount: 3,
				lastExecutedTime: null,
				updateTime: UPDATED,
			},
			{ taskName: 'Paused task', status: 'pause', totalCount: 3 },
		],
	});
	zone = state.timezone;
	now = formatApiTime(Date.parse((await control.getClock()).now), zone);
	[recordId] = await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		records: [{ ...RECORD, updateTime: now }],
	});
});

const without = (json: IDataObject, ...keys: string[]) =>
	Object.fromEntries(Object.entries(json).filter(([key]) => !keys.includes(key)));
const stored = async () => await control.getState(APP.appId);
const storedCustomer = async () =>
	(await stored()).customers.find((c) => c._id === customerId) as IDataObject;
/** The seeded task as the API's query writes it (the sandbox's own bookkeeping left out). */
const storedTask = async () => {
	const task = (await stored()).tasks.find((t) => t.id === taskId) as unknown as IDataObject;
	return without(task, 'importedCustomers', 'importBatchIds');
};
const jsons = (result: { items: Array<{ json: IDataObject }> }) => result.items.map((i) => i.json);

/** The Custom Fields parameter as the editor saves it. */
const mapper = (
	value: ResourceMapperValue['value'],
	schema: ResourceMapperField[],
): ResourceMapperValue => ({
	mappingMode: 'defineBelow',
	value,
	schema,
	matchingColumns: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

const CHOICES = {
	simple: {},
	raw: { output: 'raw' },
	fields: { output: 'fields', fields: ['customerName', 'cf_company', 'owner', 'mobile'] },
} satisfies Record<string, INodeParameters>;
type Choice = keyof typeof CHOICES;
const CHOICE_NAMES = Object.keys(CHOICES) as Choice[];

/** The seeded customer as each choice outputs it, written out (Raw: what the sandbox stores). */
async function expectedCustomer(choice: Choice): Promise<IDataObject> {
	if (choice === 'raw') return await storedCustomer();
	if (choice === 'fields')
		return {
			customerName: 'Amy Output',
			cf_company: 'Acme',
			owner: null,
			mobile: [
				{ value: '13100000011', memo: 'work' },
				{ value: PHONE, memo: '' },
			],
		};
	return {
		_id: customerId,
		customerName: 'Amy Output',
		phones: ['13100000011', PHONE],
		emails: ['amy@example.com'],
		owner: null,
		lastCallTime: '2026-01-02 10:00:00',
		lastChatTime: null,
		callingNumber: 3,
		createTime: CREATED,
		updateTime: UPDATED,
		cf_company: 'Acme',
		cf_level: 'vip',
	};
}

describe('Output on customer reads: Get, Search and Get Many', () => {
	const getCustomer = async (choice: Choice) =>
		await run({
			resource: 'customer',
			operation: 'get',
			customerId: locator(customerId, 'id'),
			...CHOICES[choice],
		});

	test.each(CHOICE_NAMES)('Get, %s: exactly the expected fields, in order', async (choice) => {
		const result = await getCustomer(choice);
		expect(result.error).toBeUndefined();
		const expected = await expectedCustomer(choice);
		expect(jsons(result)).toStrictEqual([expected]);
		expect(Object.keys(result.items[0].json)).toEqual(Object.keys(expected));
		// Only Simplified reads the field configuration (to know the custom fields).
		const fieldList = result.requests.filter((r) => r.path.endsWith('/config/field/list'));
		expect(fieldList).toHaveLength(choice === 'simple' ? 1 : 0);
	});

	test('Raw keeps the ids as text, exactly as stored', async () => {
		const [json] = jsons(await getCustomer('raw'));
		expect(json._id).toBe(customerId);
		expect(customerId).toMatch(/^\d{18}$/);
	});

	test.each(CHOICE_NAMES)('Search by phone, %s: the same customer as Get', async (choice) => {
		const result = await run({
			resource: 'customer',
			operation: 'search',
			phone: PHONE,
			...CHOICES[choice],
		});
		expect(jsons(result)).toStrictEqual([await expectedCustomer(choice)]);
	});

	test.each(CHOICE_NAMES)('Get Many, %s: the same customer as Get', async (choice) => {
		const result = await run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			...CHOICES[choice],
		});
		const key = choice === 'fields' ? 'customerName' : '_id';
		const value = choice === 'fields' ? 'Amy Output' : customerId;
		expect(jsons(result).filter((json) => json[key] === value)).toStrictEqual([
			await expectedCustomer(choice),
		]);
		if (choice === 'fields')
			for (const json of jsons(result))
				expect(Object.keys(json)).toEqual(['customerName', 'cf_company', 'owner', 'mobile']);
	});

	test('Selected Fields offers the fields by field id, custom ones included', async () => {
		const options = await callMethod({
			nodeType: ContactCenter,
			kind: 'loadOptions',
			method: 'getCustomerOutputFields',
			parameters: { resource: 'customer', operation: 'get', output: 'fields' },
			credentials: credentials(),
		});
		expect(options).toEqual(
			expect.arrayContaining([
				{ name: 'ID (_id)', value: '_id' },
				{ name: 'Company (cf_company, custom)', value: 'cf_company' },
				{ name: 'Customer level (cf_level, custom)', value: 'cf_level' },
				{ name: 'Phone (mobile)', value: 'mobile' },
			]),
		);
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	test('a custom field read from the output and written back through Update changes that field', async () => {
		const [item] = jsons(await getCustomer('simple'));
		const custom = Object.keys(item).filter(
			(key) => !(SIMPLIFIED_FIELDS as readonly string[]).includes(key),
		);
		expect(custom).toEqual(['cf_company', 'cf_level']);
		// The Custom Fields of Update are keyed by the same names.
		const { fields } = await customerFieldMapping(sandbox, APP, 'update');
		expect(fields.map((f) => f.id)).toEqual(expect.arrayContaining(custom));
		const update = await run(
			{
				resource: 'customer',
				operation: 'update',
				customerId: locator('={{ $json._id }}', 'id'),
				customFields: mapper({ cf_company: '={{ $json.cf_company + " Ltd" }}' }, fields),
			},
			{ items: [item] },
		);
		expect(update.error).toBeUndefined();
		const after = await storedCustomer();
		expect([after.cf_company, after.cf_level]).toEqual(['Acme Ltd', 'vip']);
		const [again] = jsons(await getCustomer('simple'));
		expect(again).toStrictEqual({
			...item,
			cf_company: 'Acme Ltd',
			updateTime: after.updateTime,
		});
		// Back to the seeded value for the other tests.
		await run(
			{
				resource: 'customer',
				operation: 'update',
				customerId: locator(customerId, 'id'),
				customFields: mapper({ cf_company: 'Acme' }, fields),
			},
			{},
		);
		await control.changeCustomers({
			appId: APP.appId,
			changes: [{ _id: customerId, updateTime: UPDATED }],
		});
	});
});

describe('Output on call-task and voice-agent reads', () => {
	const TASK_FIELDS = ['taskName', 'voiceAgentId', 'updateTime', 'callStrategy'];
	const taskChoice = (choice: Choice): INodeParameters =>
		choice === 'fields' ? { output: 'fields', fields: TASK_FIELDS } : CHOICES[choice];

	async function expectedTask(choice: Choice): Promise<IDataObject> {
		const task = await storedTask();
		if (choice === 'raw') return task;
		if (choice === 'fields') return selectFields(task, TASK_FIELDS);
		return {
			taskId,
			taskName: 'Output task',
			status: 'done',
			voiceAgentId: agentId,
			voiceAgentName: task.voiceAgentName,
			totalCount: 4,
			completedCount: 4,
			connectedCount: 3,
			progressRate: 1,
			createTime: task.createTime,
			updateTime: UPDATED,
			lastExecutedTime: null,
		};
	}

	test.each(CHOICE_NAMES)('Call Task Get and Get Many, %s', async (choice) => {
		const expected = await expectedTask(choice);
		const get = await run({
			resource: 'callTask',
			operation: 'get',
			taskId: locator(taskId, 'id'),
			...taskChoice(choice),
		});
		expect(jsons(get)).toStrictEqual([expected]);
		// The order of the simplified and selected fields is ours; Raw keeps the API's.
		if (choice !== 'raw') expect(Object.keys(get.items[0].json)).toEqual(Object.keys(expected));
		const many = await run({
			resource: 'callTask',
			operation: 'getAll',
			returnAll: true,
			...taskChoice(choice),
		});
		expect(jsons(many)).toContainEqual(expected);
		if (choice !== 'raw') expect(jsons(many)).toHaveLength((await stored()).tasks.length);
	});

	test('a simplified task names its id taskId, as Start and Pause answer it; 18-digit ids stay text', async () => {
		const [task] = jsons(
			await run({ resource: 'callTask', operation: 'get', taskId: locator(pausedId, 'id') }),
		);
		expect(task.taskId).toBe(pausedId);
		expect(task).not.toHaveProperty('id');
		const [raw] = jsons(
			await run({
				resource: 'callTask',
				operation: 'get',
				taskId: locator(taskId, 'id'),
				output: 'raw',
			}),
		);
		expect([raw.id, raw.voiceAgentId]).toEqual([taskId, agentId]);
		expect(agentId).toMatch(/^\d{18}$/);
	});

	test.each(CHOICE_NAMES)('Voice Agent Get Many, %s', async (choice) => {
		const agents = (await stored()).agents.map((a) => without(a as IDataObject, 'agentType'));
		const parameters =
			choice === 'fields' ? { output: 'fields', fields: ['name', 'id'] } : CHOICES[choice];
		const result = await run({
			resource: 'voiceAgent',
			operation: 'getAll',
			returnAll: true,
			...parameters,
		});
		const byId = new Map(agents.map((a) => [a.id, a]));
		const ids = jsons(result).map((json) => json.id as string);
		expect(ids.sort()).toEqual([...byId.keys()].sort());
		for (const json of jsons(result)) {
			const agent = byId.get(json.id as string) as IDataObject;
			if (choice === 'raw') expect(json).toStrictEqual(agent);
			else if (choice === 'fields') expect(json).toStrictEqual({ name: agent.name, id: agent.id });
			else
				expect(json).toStrictEqual({
					id: agent.id,
					name: agent.name,
					publishStatus: agent.publishStatus,
					description: agent.description,
					language: agent.language,
					voice: agent.voice,
					version: agent.version,
					createTime: agent.createTime,
					updateTime: agent.updateTime,
				});
		}
	});
});

const expectedRecord = (choice: Choice): IDataObject => {
	const record = { ...RECORD, updateTime: now };
	if (choice === 'raw')
		return { ...record, accountId: APP.appId, scene: 'callCenter', channel: 'call' };
	if (choice === 'fields')
		return { pushType: 'serviceNoteUpdate', scene: 'callCenter', channel: 'call' };
	return {
		eventUniqueId: 'output-record-1',
		channel: 'call',
		callId: '1700000000.1',
		pushType: 'serviceNoteUpdate',
		updateTime: now,
		updateAgent: null,
		data: { category: 'Inquiry', satisfaction: 5 },
		otherParams: null,
	};
};
const recordChoice = (choice: Choice): INodeParameters =>
	choice === 'fields' ? { output: 'fields', fields: ['pushType', 'scene'] } : CHOICES[choice];
/** Get Many of the second the record was written (read in the tenant's zone). */
const getMany = async (choice: Choice) =>
	await run(
		{
			resource: 'serviceRecord',
			operation: 'getAll',
			channel: 'call',
			startTime: now.replace(' ', 'T'),
			endTime: now.replace(' ', 'T'),
			returnAll: true,
			...recordChoice(choice),
		},
		{ timezone: zone },
	);

describe('Output on Service Record Get Many', () => {
	test.each(CHOICE_NAMES)('%s: the injected record, every item with channel', async (choice) => {
		const result = await getMany(choice);
		expect(result.error).toBeUndefined();
		const mine = jsons(result).filter((json) =>
			choice === 'fields' ? true : json.eventUniqueId === recordId,
		);
		expect(mine).toContainEqual(expectedRecord(choice));
		for (const json of jsons(result)) expect(json.channel).toBe('call');
	});
});

describe('the trigger outputs what the reads output', () => {
	const fetchTestEvent = async (parameters: INodeParameters) => {
		const result = await poll({
			nodeType: ContactCenterTrigger,
			parameters,
			credentials: credentials(),
			sandbox: control,
			mode: 'manual',
		});
		expect(result.error).toBeUndefined();
		return (result.items ?? []).map((i) => i.json);
	};

	test.each(CHOICE_NAMES)(
		'customers, %s: the item is Customer Get’s output plus event',
		async (choice) => {
			const items = await fetchTestEvent({ triggerOn: 'customer', ...CHOICES[choice] });
			const get = await run({
				resource: 'customer',
				operation: 'get',
				customerId: locator(customerId, 'id'),
				...CHOICES[choice],
			});
			expect(items.map((json) => json.event)).toEqual(['created', 'updated']);
			for (const json of items) expect(without(json, 'event')).toStrictEqual(jsons(get)[0]);
		},
	);

	test('customers, a scheduled poll: a customer created since the last poll is Customer Get’s output plus event', async () => {
		const staticData: IDataObject = {};
		const scheduled = async () =>
			await poll({
				nodeType: ContactCenterTrigger,
				parameters: { triggerOn: 'customer', customerEvents: ['created'] },
				credentials: credentials(),
				sandbox: control,
				staticData,
			});
		expect((await scheduled()).items).toBeNull();
		const [id] = await control.seedCustomers({
			appId: APP.appId,
			customers: [{ customerName: 'Polled', cf_company: 'Polled Ltd', owner: null }],
		});
		const polled = await scheduled();
		expect(polled.error).toBeUndefined();
		const get = await run({
			resource: 'customer',
			operation: 'get',
			customerId: locator(id, 'id'),
		});
		expect(polled.items?.map((i) => i.json)).toStrictEqual([
			{ ...jsons(get)[0], event: 'created' },
		]);
		expect(jsons(get)[0]).toMatchObject({ owner: null, cf_company: 'Polled Ltd' });
	});

	test.each(CHOICE_NAMES)(
		'call tasks, %s: the item is Call Task Get’s output plus previousStatus and event',
		async (choice) => {
			const parameters =
				choice === 'fields'
					? { output: 'fields', fields: ['taskName', 'updateTime'] }
					: CHOICES[choice];
			const items = await fetchTestEvent({
				triggerOn: 'callTask',
				callTaskEvents: ['finished'],
				...parameters,
			});
			const get = await run({
				resource: 'callTask',
				operation: 'get',
				taskId: locator(taskId, 'id'),
				...parameters,
			});
			expect(items).toStrictEqual([{ ...jsons(get)[0], previousStatus: null, event: 'finished' }]);
		},
	);

	test.each(CHOICE_NAMES)(
		'service records, %s: the item is Get Many’s output of the same record',
		async (choice) => {
			const parameters = recordChoice(choice);
			const items = await fetchTestEvent({
				triggerOn: 'serviceRecord',
				channel: 'call',
				...parameters,
			});
			expect(items).toStrictEqual([expectedRecord(choice)]);
			expect(jsons(await getMany(choice))).toContainEqual(items[0]);
		},
	);

	test('Selected Fields without a field: refused before anything is read', async () => {
		const result = await poll({
			nodeType: ContactCenterTrigger,
			parameters: { triggerOn: 'customer', output: 'fields', fields: [] },
			credentials: credentials(),
			sandbox: control,
		});
		expect(result.error?.message).toBe(
			'Invalid trigger settings: "Fields" is empty while Output is Selected Fields. Pick at least one field, or set Output to Simplified or Raw.',
		);
		expect(result.requests).toEqual([]);
	});
});

describe('Output is checked before anything is sent', () => {
	test('Selected Fields without a field', async () => {
		const result = await run({
			resource: 'customer',
			operation: 'get',
			customerId: locator(customerId, 'id'),
			output: 'fields',
			fields: [],
		});
		expectInvalid(result, '"Field Names or IDs" is empty while Output is Selected Fields');
	});

	test('an unknown choice from an expression, and fields as text from an expression', async () => {
		const base = { resource: 'callTask', operation: 'get', taskId: locator(taskId, 'id') };
		expectRefused(
			await run({ ...base, output: '={{ "everything" }}' }),
			'Invalid input [item 0]: "Output" must be one of simple, raw, fields (got "everything")',
		);
		const text = await run({ ...base, output: 'fields', fields: '={{ "status, taskName" }}' });
		expect(jsons(text)).toStrictEqual([{ status: 'done', taskName: 'Output task' }]);
	});
});

describe('simplifiers', () => {
	const nulls = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, null]));
	test('service record fields the spec says may be missing are null', () => {
		const updateTime = '2026-11-20 09:00:00';
		expect(simplifyServiceRecord({ updateTime }, 'call')).toEqual({
			...nulls('eventUniqueId', 'callId', 'pushType', 'updateAgent', 'data', 'otherParams'),
			channel: 'call',
			updateTime,
		});
	});

	test('a voice agent without its fields: the same nine columns, null', () => {
		const columns = ['id', 'name', 'publishStatus', 'description', 'language', 'voice', 'version'];
		expect(simplifyVoiceAgent({})).toEqual(nulls(...columns, 'createTime', 'updateTime'));
	});

	test('simplifying a call task leaves the record as it was', () => {
		const task = { id: '1', callStrategy: { maxConcurrency: 3 }, retryStrategy: null };
		const copy = structuredClone(task);
		expect(Object.keys(simplifyCallTask(task))).toHaveLength(12);
		expect(task).toEqual(copy);
	});
});

describe('errors name their item', () => {
	beforeEach(async () => {
		await control.clearFaults();
	});
	const task = (operation: string): INodeParameters => ({
		resource: 'callTask',
		operation,
		taskId: locator('={{ $json.taskId }}', 'id'),
	});
	const runTasks: typeof run = async (parameters, options) =>
		await run(parameters, { items: [{ taskId: pausedId }, { taskId: UNKNOWN_TASK }], ...options });

	test('a vendor error (801) of the second item: the node error and its message name item 1', async () => {
		const result = await runTasks(task('start'));
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 801: task.not.exist [item 1]',
			context: expect.objectContaining({ itemIndex: 1, vendorCode: '801' }),
		});
	});

	test('On Error: Continue: the error item names its item, with code, description and trace id', async () => {
		const result = await runTasks(task('start'), { continueOnFail: true });
		expect(result.items[1]).toEqual({
			json: {
				error: 'Contact Center error 801: task.not.exist [item 1]',
				code: '801',
				description: expect.stringContaining('The call task does not exist.'),
				traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
			},
			pairedItem: { item: 1 },
		});
	});

	test("the node's own error (a task the query does not list) names its item", async () => {
		const result = await runTasks(task('get'));
		expect(result.error?.message).toBe(`The call task ${UNKNOWN_TASK} does not exist [item 1]`);
	});

	test('a transport error (HTTP 404 page) names its item', async () => {
		await control.addFault({
			pathPattern: PATHS.taskQuery,
			kind: 'html',
			status: 404,
			count: 1,
		});
		const result = await runTasks(task('get'), { items: [{ taskId: pausedId }] });
		expect(result.error?.message).toBe(
			'The server answered HTTP 404 with an HTML page instead of JSON [item 0]',
		);
	});

	test('validation errors keep their one item mark', async () => {
		const result = await runTasks(task('get'), { items: [{ taskId: 'abc' }] });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toMatch(/^Invalid input \[item 0\]: /);
		expect(result.error?.message.match(/\[item \d+\]/g)).toHaveLength(1);
	});
});

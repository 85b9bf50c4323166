// Control-API seeding: explicit rows completed with defaults, or generated realistic rows. Control
// input is validated (HTTP 400 on nonsense) but not held to the API's rules, so tests can build states
// the API would refuse (duplicate phones, running tasks, deleted fields).

import { CUSTOM_FIELD_TYPES, isSystemField } from '../api/customerFields';
import { API_ACTOR, newCustomer } from '../api/customers';
import { CREATE_KEYS, newDisplayNumberGroup } from '../api/displayNumberGroups';
import { STRATEGIES, UPDATABLE, newServiceGroup } from '../api/serviceGroups';
import { AGENT_TYPES, TASK_FIELDS, TASK_STATUSES } from '../api/callTasks';
import { AGENT_FIELDS, CALLER_GROUP_FIELDS } from '../api/voiceAgents';
import { manyHex32, newId, objectId } from '../lib/ids';
import { Rng } from '../lib/random';
import { formatWall, formatWallIso, parseWall } from '../lib/time';
import { attempt, Fields, failControl, isObject, words, type Json } from '../lib/validate';
import type { Tenant } from '../state/tenant';
import type * as T from '../types';

const MAX_GENERATED = 1_000_000;
const SURNAMES = 'Wang Li Zhang Liu Chen Yang Zhao Huang Zhou Wu Xu Sun Ma Zhu Hu Guo'.split(' ');
const GIVEN_NAMES =
	'Wei Fang Na Min Jing Li Qiang Lei Yang Yan Yong Jun Jie Juan Tao Ming Chao Xiuying Jianhua Zhiqiang'.split(
		' ',
	);
const LATIN_NAMES = ['Alice Chen', 'Brian Wu', 'Carol Lin', 'David Zhang', 'Emma Liu', 'Frank Sun'];
const COMPANIES =
	'Hangzhou Yunfan Technology|Shanghai Qiming Trading|Beijing Xinghe Logistics|Acme Trading Ltd.|Shenzhen Weiguang Electronics'.split(
		'|',
	);
const SOURCES = ['Website', 'Hotline', 'WeChat account', 'In-person event', 'Partner referral'];
const OWNERS = ['1001', '1002', '1003', '1004', '1005'];

function readItems(body: Json, key: string): Json[] {
	const items = body[key];
	if (items === undefined || items === null) return [];
	if (!Array.isArray(items) || !items.every(isObject))
		return failControl(`${key} must be an array of objects`);
	return items as Json[];
}

function readCount(body: Json): number {
	return new Fields(body, failControl).integer('count', { min: 0, max: MAX_GENERATED }) ?? 0;
}

/** The explicit rows under `key`, then `count` generated ones (`generate` gets how many precede it). */
function rowsOf(body: Json, key: string, generate: (n: number) => Json): Json[] {
	const rows = readItems(body, key);
	for (let i = readCount(body); i > 0; i--) rows.push(generate(rows.length));
	return rows;
}

function readTimeField(item: Json, key: string, fallback: string): string {
	const v = item[key];
	if (v === undefined || v === null) return fallback;
	if (parseWall(v) === null)
		failControl(`${key} must be yyyy-MM-dd HH:mm:ss (got ${JSON.stringify(v)})`);
	return v as string;
}

/** `createTime` (default `now`) and `updateTime` (default the creation time) of a seeded row. */
function readTimes(item: Json, now: string): { createTime: string; updateTime: string } {
	const createTime = readTimeField(item, 'createTime', now);
	return { createTime, updateTime: readTimeField(item, 'updateTime', createTime) };
}

function readLongId(item: Json, key: string, taken: (id: string) => boolean): string {
	const v = item[key];
	if (v === undefined || v === null) return newId();
	const id = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
	if (typeof id !== 'string' || !/^\d{1,19}$/.test(id))
		return failControl(`${key} must be a numeric string`);
	if (taken(id)) failControl(`${key} ${id} already exists`);
	return id;
}

function personName(rng: Rng): string {
	return rng.next() < 0.15 ? rng.pick(LATIN_NAMES) : rng.pick(SURNAMES) + rng.pick(GIVEN_NAMES);
}

function freshMobile(tenant: Tenant): string {
	for (;;) {
		const phone = `1${tenant.rng.pick(['3', '5', '7', '8', '9'])}${tenant.rng.digits(9)}`;
		if (!tenant.phoneIndex.has(phone)) return phone;
	}
}

function generatedCustomer(tenant: Tenant): Partial<T.Customer> {
	const rng = tenant.rng;
	const created = tenant.wallNow() - rng.int(0, 30 * 86400);
	const updated = Math.min(tenant.wallNow(), created + rng.int(0, 5 * 86400));
	const name = personName(rng);
	const owner = rng.next() < 0.8 ? rng.pick(OWNERS) : null;
	const calls = rng.int(0, 12);
	const custom: Json = {};
	for (const field of tenant.liveCustomFields()) {
		if (rng.next() < 0.3) continue;
		if (field.choices) custom[field.field] = rng.pick(field.choices).key;
		else if (field.options) custom[field.field] = cascadeValue(field, rng);
		else custom[field.field] = rng.pick(COMPANIES);
	}
	return {
		customerName: name,
		owner,
		assignTime: owner ? formatWall(created) : null,
		firstOwner: owner,
		firstAssignTime: owner ? formatWall(created) : null,
		createMethod: rng.pick(['INSERT', 'API', 'IMPORT', 'AUTOSAVE', 'WEBCHAT']),
		customerOrigin: rng.pick(['busOpportunity', 'openSeaCustom', 'selfDevelop']),
		mobile: [
			{ value: freshMobile(tenant), memo: 'mobile' },
			...(rng.next() < 0.2 ? [{ value: freshMobile(tenant), memo: 'work' }] : []),
		],
		email: rng.next() < 0.5 ? [{ value: `user${rng.digits(5)}@example.com`, memo: '' }] : [],
		qq: rng.next() < 0.2 ? [{ value: rng.digits(9), memo: '' }] : [],
		wechat: rng.next() < 0.3 ? [{ value: `wx_${rng.digits(6)}`, memo: '' }] : [],
		customerSource: [rng.pick(SOURCES)],
		callingNumber: calls,
		imNumber: rng.int(0, 5),
		sumBridgeDuration: calls * rng.int(20, 300),
		lastCallTime: calls > 0 ? formatWall(updated) : null,
		lastCallUser: calls > 0 ? rng.pick(OWNERS) : null,
		createAgent: rng.pick([API_ACTOR, ...OWNERS]),
		updateAgent: rng.pick([API_ACTOR, ...OWNERS]),
		createTime: formatWall(created),
		updateTime: formatWall(updated),
		...custom,
	};
}

function cascadeValue(field: T.CustomerFieldVO, rng: Rng): string {
	const path: string[] = [];
	let level = field.options?.children ?? [];
	while (level.length > 0) {
		const child = rng.pick(level);
		path.push(child.key);
		level = child.children;
	}
	return path.join('/');
}

export function seedCustomers(tenant: Tenant, body: Json): string[] {
	const rows: Partial<T.Customer>[] = readItems(body, 'customers').map((item) => {
		const now = tenant.now();
		const id = item._id === undefined ? newId() : item._id;
		if (typeof id !== 'string' || id === '' || tenant.customers.has(id))
			failControl(`_id ${String(id)} is not a new id`);
		const isContact = (e: unknown) => isObject(e) && typeof e.value === 'string';
		for (const key of ['mobile', 'email', 'qq', 'wechat']) {
			const entries = item[key];
			if (entries !== undefined && !(Array.isArray(entries) && entries.every(isContact)))
				failControl(`${key} must be an array of {value, memo}`);
		}
		const times = readTimes(item, now);
		return {
			customerName: personName(tenant.rng),
			...item,
			_id: id,
			...times,
		} as Partial<T.Customer>;
	});
	for (let i = readCount(body); i > 0; i--) rows.push(generatedCustomer(tenant));
	return rows.map((row) => {
		const customer = newCustomer(tenant, { ...row, accountId: tenant.appId });
		tenant.putCustomer(customer);
		return customer._id;
	});
}

/**
 * Changes existing customers as an agent or another system would: `fields` merged in, `updateTime`
 * (default now; any time, late ones included) and `updateAgent` set. The customer list then finds
 * them by the new update time.
 */
export function changeCustomers(tenant: Tenant, body: Json): string[] {
	return readItems(body, 'changes').map((item) => {
		const id = item._id;
		const existing = typeof id === 'string' ? tenant.customers.get(id) : undefined;
		if (!existing) return failControl(`customer ${String(id)} does not exist`);
		const fields = item.fields ?? {};
		if (!isObject(fields)) return failControl('fields must be an object');
		tenant.putCustomer({
			...existing,
			...(fields as Partial<T.Customer>),
			_id: existing._id,
			updateAgent: typeof item.updateAgent === 'string' ? item.updateAgent : 'control',
			updateTime: readTimeField(item, 'updateTime', tenant.now()),
		});
		return existing._id;
	});
}

const AGENT_NAMES =
	'After-sales follow-up|Billing reminder bot|Renewal reminder|Satisfaction survey|Event invitation|Delivery confirmation|Payment reminder|New customer welcome'.split(
		'|',
	);
const VOICES = ['xiaoyun', 'aixia', 'zhitian', 'emily'];
export function seedAgents(tenant: Tenant, body: Json): string[] {
	const rng = tenant.rng;
	const rows = rowsOf(body, 'agents', (n) => ({
		name: `${rng.pick(AGENT_NAMES)} ${tenant.agents.size + n + 1}`,
		publishStatus: rng.pick(['PUBLISHED', 'PUBLISHED', 'OFFLINE', 'NEVER_PUBLISHED']),
		agentType: rng.pick(AGENT_TYPES),
	}));
	return rows.map((item) => {
		const f = new Fields(item, failControl);
		f.onlyKeys([...AGENT_FIELDS, 'agentType']);
		f.oneOf('publishStatus', ['PUBLISHED', 'OFFLINE', 'NEVER_PUBLISHED']);
		const agentType = f.oneOf('agentType', AGENT_TYPES) ?? 'voicebot';
		const times = readTimes(item, tenant.now());
		const agent: T.VoiceAgent = {
			name: `Voice agent ${tenant.agents.size + 1}`,
			answerSource: rng.pick(['knowledgeBase', 'llm', 'flow']),
			description: '',
			callInOut: 2,
			voice: rng.pick(VOICES),
			language: rng.next() < 0.8 ? 'zh-CN' : 'en-US',
			wakeUpEnabled: rng.next() < 0.5,
			followUpInterval: rng.int(3, 10),
			maxFollowUpCount: rng.int(1, 3),
			publishStatus: 'PUBLISHED',
			version: agentType === 'voicebot' ? '2' : '3',
			...(item as Partial<T.VoiceAgent>),
			agentType,
			id: readLongId(item, 'id', (id) => tenant.agents.has(id)),
			...times,
		};
		tenant.agents.set(agent.id, agent);
		return agent.id;
	});
}

const CALLER_STRATEGIES = {
	RANDOM: 'Random',
	RR_MEMORY: 'Round robin',
	AREA_CODE: 'By home location',
} as const;
const CITIES = ['Beijing', 'Shanghai', 'Hangzhou', 'Shenzhen', 'Chengdu'];
const AREA_CODES = ['010', '021', '0571', '0755', '028'];

export function seedCallerNumberGroups(tenant: Tenant, body: Json): string[] {
	const rng = tenant.rng;
	const rows = rowsOf(body, 'groups', (n) => {
		const city = rng.int(0, CITIES.length - 1);
		return {
			groupName: `${CITIES[city]} outbound numbers ${tenant.callerNumberGroups.size + n + 1}`,
			strategy: rng.pick(Object.keys(CALLER_STRATEGIES)),
			displayNumbers: JSON.stringify([0, 1, 2].map(() => AREA_CODES[city] + rng.digits(8))),
			status: rng.next() < 0.8 ? 1 : 0,
		};
	});
	return rows.map((item) => {
		const f = new Fields(item, failControl);
		f.onlyKeys(CALLER_GROUP_FIELDS);
		const strategy =
			f.oneOf('strategy', Object.keys(CALLER_STRATEGIES) as (keyof typeof CALLER_STRATEGIES)[]) ??
			'RANDOM';
		f.integer('status', { min: 0, max: 1 });
		for (const key of ['displayNumbers', 'defaultNumbers']) {
			const v = f.string(key);
			if (v !== undefined && !attempt(() => Array.isArray(JSON.parse(v)), false))
				failControl(`${key} must be a string holding a JSON array`);
		}
		const times = readTimes(item, tenant.now());
		const group: T.CallerNumberGroup = {
			groupName: `Caller group ${tenant.callerNumberGroups.size + 1}`,
			strategyName: CALLER_STRATEGIES[strategy],
			displayNumbers: JSON.stringify(['057188880001', '057188880002']),
			defaultNumbers: '[]',
			status: 1,
			...(item as Partial<T.CallerNumberGroup>),
			strategy,
			id: readLongId(item, 'id', (id) => tenant.callerNumberGroups.has(id)),
			...times,
		};
		tenant.callerNumberGroups.set(group.id, group);
		return group.id;
	});
}

export function seedFields(tenant: Tenant, body: Json): string[] {
	const rows = rowsOf(body, 'fields', (n) => ({
		name: `Custom field ${tenant.customFields.length + n + 1}`,
	}));
	return rows.map((item) => {
		const f = new Fields(item, failControl);
		f.onlyKeys(
			words('field name param type status searchable oplog choices options scenes sort required'),
		);
		const type = f.oneOf('type', CUSTOM_FIELD_TYPES) ?? 'text';
		const status = f.integer('status', { min: -1, max: 1 }) ?? 1;
		const field = f.string('field', { nonEmpty: true }) ?? `cf_${manyHex32(1)[0].slice(0, 8)}`;
		if (isSystemField(field) || ['_id', 'accountId'].includes(field))
			failControl(`field ${field} is a standard customer field`);
		if (tenant.customFields.some((c) => c.field === field))
			failControl(`field ${field} already exists`);
		if (type === 'select' && !Array.isArray(item.choices))
			failControl('a select field needs choices [{key, value, isDefault}]');
		if (type === 'cascade' && !isObject(item.options))
			failControl('a cascade field needs options {level, fillLevel, children}');
		const now = tenant.now();
		const vo: T.CustomerFieldVO = {
			accountId: tenant.appId,
			glFieldId: `gl_${field}`,
			field,
			name: field,
			param: field,
			type,
			status,
			searchable: true,
			oplog: true,
			choices: null,
			options: null,
			scenes: ['customer'],
			sort: 100 + tenant.customFields.length,
			required: false,
			createTime: now,
			updateTime: now,
			createAgent: 'admin',
			updateAgent: 'admin',
			...(item as Partial<T.CustomerFieldVO>),
			isSystem: false,
		};
		tenant.customFields.push(vo);
		return field;
	});
}

export function seedServiceGroups(tenant: Tenant, body: Json): string[] {
	const rng = tenant.rng;
	const rows = rowsOf(body, 'groups', () => ({ strategy: rng.pick(STRATEGIES) }));
	return rows.map((item) => {
		new Fields(item, failControl).onlyKeys([
			...words('queueNumber level parentId status'),
			...UPDATABLE,
		]);
		const queueNumber = item.queueNumber;
		if (
			queueNumber !== undefined &&
			(typeof queueNumber !== 'string' || tenant.serviceGroups.has(queueNumber))
		) {
			failControl(`queueNumber ${String(queueNumber)} is not a new queue number`);
		}
		const group = newServiceGroup(tenant, {
			name: `${rng.pick(['Pre-sales', 'After-sales', 'VIP desk', 'Billing', 'Complaints'])} group`,
			members: OWNERS.slice(0, rng.int(1, OWNERS.length)).map((agentNumber) => ({
				agentNumber,
				weight: rng.int(1, 10),
			})),
			...(item as Partial<T.ServiceGroup>),
			accountId: tenant.appId,
		});
		tenant.serviceGroups.set(group.queueNumber, group);
		return group.queueNumber;
	});
}

export function seedDisplayNumberGroups(tenant: Tenant, body: Json): string[] {
	const rng = tenant.rng;
	return rowsOf(body, 'groups', () => ({})).map((item) => {
		new Fields(item, failControl).onlyKeys([
			...CREATE_KEYS,
			...words('createTime updateTime createAgent updateAgent'),
		]);
		const city = rng.int(0, CITIES.length - 1);
		const group = newDisplayNumberGroup(tenant, {
			groupName: `${CITIES[city]} display numbers`,
			strategy: rng.pick(['1', '2', '3']),
			city: CITIES[city],
			areaCode: AREA_CODES[city],
			numberList: [0, 1, 2].map(() => AREA_CODES[city] + rng.digits(8)),
			remark: '',
			...(item as Partial<T.DisplayNumberGroup>),
			accountId: tenant.appId,
		});
		tenant.displayNumberGroups.set(group.id, group);
		return group.id;
	});
}

/** Stand-ins for customers imported into a task created through the control API. */
function syntheticCustomers(count: number, importBatchId: string): T.ImportedCustomer[] {
	return Array.from({ length: count }, (_, i) => ({
		customerNumber: `+86139${String(i).padStart(8, '0')}`,
		customerName: null,
		remark: null,
		variables: null,
		importBatchId,
	}));
}

export function seedTasks(tenant: Tenant, body: Json): string[] {
	return rowsOf(body, 'tasks', () => ({})).map((item) => {
		const f = new Fields(item, failControl);
		f.onlyKeys(TASK_FIELDS.filter((k) => k !== 'progressRate'));
		const status = f.oneOf('status', TASK_STATUSES) ?? 'draft';
		const totalCount = f.integer('totalCount', { min: 0, max: MAX_GENERATED }) ?? 0;
		const completedCount = f.integer('completedCount', { min: 0, max: totalCount }) ?? 0;
		const connectedCount = f.integer('connectedCount', { min: 0, max: completedCount }) ?? 0;
		const agentId = item.voiceAgentId === undefined ? undefined : String(item.voiceAgentId);
		const agent = agentId
			? tenant.agents.get(agentId)
			: (tenant.agents.values().next().value ??
				tenant.agents.get(seedAgents(tenant, { count: 1 })[0]));
		if (!agent)
			return failControl(
				`voiceAgentId ${String(agentId)} is not an agent of tenant ${tenant.appId}`,
			);
		const group =
			tenant.callerNumberGroups.values().next().value ??
			tenant.callerNumberGroups.get(seedCallerNumberGroups(tenant, { count: 1 })[0]);
		if (!group) return failControl('no caller number group');
		const id = item.id === undefined ? newId() : String(item.id);
		if (!/^\d{1,19}$/.test(id) || tenant.tasks.has(id))
			failControl(`task id ${id} is not a new numeric id`);
		const times = readTimes(item, tenant.now());
		const task: T.CallTask = {
			taskName: `Outbound task ${tenant.tasks.size + 1}`,
			voiceAgentName: agent.name,
			agentType: agent.agentType,
			createUser: API_ACTOR,
			updateUser: API_ACTOR,
			startType: 'manual',
			scheduledStartTime: null,
			callStrategy: {
				callWindowRanges: [
					{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-12:00', '14:00-18:00'] },
				],
				maxConcurrency: 5,
				callerNumberGroupId: group.id,
				callerNumberGroupName: group.groupName,
			},
			retryStrategy: {
				retryEnabled: false,
				retryReasons: [],
				maxRetryTimes: null,
				retryIntervalValue: null,
				retryIntervalUnit: null,
			},
			lastExecutedTime: status === 'draft' ? null : formatWallIso(tenant.wallNow()),
			maxConcurrency: 5,
			...(item as Partial<T.CallTask>),
			id,
			voiceAgentId: agent.id,
			...times,
			status,
			totalCount,
			completedCount,
			connectedCount,
			progressRate: 0,
		};
		const batchId = newId();
		const customers = syntheticCustomers(totalCount, batchId);
		tenant.tasks.set(id, {
			task,
			customers,
			numbers: new Set(customers.map((c) => c.customerNumber)),
			importBatchIds: totalCount > 0 ? [batchId] : [],
			// A task seeded running dials on from now (state/taskRunner.ts).
			...(status === 'running' ? { run: { since: tenant.wallNow(), base: completedCount } } : {}),
		});
		return id;
	});
}

const CALL_CATEGORIES = ['Inquiry', 'Complaint', 'After-sales', 'Follow-up', 'Billing question'];
const RESULTS = ['Solved', 'Following up', 'Handed over', 'Resolved'];
const REMARKS =
	'Asked about the delivery|Asked for a refund, logged|Asked for an invoice copy|Installation visit booked for next week|Happy with the service|'.split(
		'|',
	);
const IM_CHANNELS = ['web', 'wechat', 'app', 'miniProgram'];

// Bulk generation must stay cheap (100,000 records well under a second), so records pick their form,
// agent and session parameters from small precomputed pools by a hash of their position.
const POOL_RNG = new Rng(20260101);
const FORMS = Array.from({ length: 64 }, () => ({
	category: POOL_RNG.pick(CALL_CATEGORIES),
	result: POOL_RNG.pick(RESULTS),
	satisfaction: POOL_RNG.int(1, 5),
	remark: POOL_RNG.pick(REMARKS),
}));
const IM_PARAMS = Array.from({ length: 32 }, () => ({
	channel: POOL_RNG.pick(IM_CHANNELS),
	visitorId: `v_${POOL_RNG.digits(8)}`,
}));
// About 8 % of records have updateAgent '' and 7 % null, as the spec warns.
const UPDATE_AGENTS: (string | null)[] = Array.from({ length: 100 }, (_, i) =>
	i < 8 ? '' : i < 15 ? null : OWNERS[i % OWNERS.length],
);

/** A well-mixed 32-bit hash (lowbias32). */
function mix(x: number): number {
	x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
	x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
	return (x ^ (x >>> 16)) >>> 0;
}

function makeRecord(
	tenant: Tenant,
	channel: T.Channel,
	updateTime: string,
	eventUniqueId: string,
	pushType: T.PushType,
	conversationId: string,
	hash: number,
): T.ServiceRecord {
	const updateAgent = UPDATE_AGENTS[hash % 100];
	const data = FORMS[(hash >>> 7) & 63];
	const im = channel === 'im';
	return {
		accountId: tenant.appId,
		data,
		updateAgent,
		updateTime,
		eventUniqueId,
		[im ? 'sessionId' : 'callId']: conversationId,
		scene: im ? 'im' : 'callCenter',
		pushType,
		otherParams: im && (hash >>> 13) % 5 !== 0 ? IM_PARAMS[(hash >>> 16) & 31] : null,
	} as T.ServiceRecord;
}

function newConversationId(channel: T.Channel, wallSeconds: number, n: number): string {
	return channel === 'call' ? `${wallSeconds}.${n}` : objectId(wallSeconds);
}

/** Realistic records at the given wall times; `mixed` makes about one in five an update of an earlier conversation. */
export function generateRecords(
	tenant: Tenant,
	channel: T.Channel,
	times: number[],
	mode: T.PushType | 'mixed',
): T.ServiceRecord[] {
	const eventIds = manyHex32(times.length);
	const base = tenant.rng.int(0, 0x7fffffff);
	const conversations: string[] = [];
	const out = new Array<T.ServiceRecord>(times.length);
	let lastSecond = NaN;
	let lastText = '';
	for (let i = 0; i < times.length; i++) {
		if (times[i] !== lastSecond) {
			lastSecond = times[i];
			lastText = formatWall(lastSecond);
		}
		const hash = mix(base + i);
		const isUpdate =
			conversations.length > 0 &&
			(mode === 'serviceNoteUpdate' || (mode === 'mixed' && (hash >>> 20) % 5 === 0));
		let conversation: string;
		if (isUpdate) {
			conversation =
				conversations[
					conversations.length - 1 - ((hash >>> 24) % Math.min(50, conversations.length))
				];
		} else {
			conversation = newConversationId(channel, lastSecond, i);
			conversations.push(conversation);
		}
		const pushType =
			isUpdate || mode === 'serviceNoteUpdate' ? 'serviceNoteUpdate' : 'serviceNoteInsert';
		out[i] = makeRecord(tenant, channel, lastText, eventIds[i], pushType, conversation, hash);
	}
	return out;
}

const RECORD_KEYS = words(
	'accountId data updateAgent updateTime eventUniqueId callId sessionId scene pushType otherParams',
);

export function injectRecords(tenant: Tenant, body: Json): string[] {
	const f = new Fields(body, failControl);
	const channel = f.oneOf('channel', ['call', 'im'] as const, { required: true }) as T.Channel;
	const store = tenant.records[channel];
	const idKey = channel === 'call' ? 'callId' : 'sessionId';
	const explicit = readItems(body, 'records');
	const fresh = new Set<string>();
	const batch = explicit.map((item, i) => {
		const r = new Fields(item, failControl, `records[${i}].`);
		r.onlyKeys(RECORD_KEYS.filter((k) => k !== (channel === 'call' ? 'sessionId' : 'callId')));
		const updateTime = r.string('updateTime', { required: true }) as string;
		if (parseWall(updateTime) === null)
			failControl(`records[${i}].updateTime must be yyyy-MM-dd HH:mm:ss`);
		const pushType =
			r.oneOf('pushType', ['serviceNoteInsert', 'serviceNoteUpdate'] as const) ??
			'serviceNoteInsert';
		const eventUniqueId = r.string('eventUniqueId', { nonEmpty: true }) ?? manyHex32(1)[0];
		if (store.hasEventId(eventUniqueId) || fresh.has(eventUniqueId))
			failControl(`eventUniqueId ${eventUniqueId} already exists`);
		fresh.add(eventUniqueId);
		if (item.data !== undefined && !isObject(item.data))
			failControl(`records[${i}].data must be an object`);
		const conversation = newConversationId(channel, parseWall(updateTime) as number, i);
		const base = makeRecord(
			tenant,
			channel,
			updateTime,
			eventUniqueId,
			pushType,
			conversation,
			mix(tenant.rng.int(0, 0x7fffffff)),
		);
		return {
			...base,
			...item,
			accountId: tenant.appId,
			scene: base.scene,
			[idKey]: item[idKey] === undefined ? base[idKey] : item[idKey],
		} as T.ServiceRecord;
	});
	const gen = f.object('generate');
	if (gen) {
		gen.onlyKeys(['count', 'from', 'to', 'pushType']);
		const count = gen.integer('count', { required: true, min: 1, max: MAX_GENERATED }) as number;
		const from = parseWall(gen.string('from', { required: true }));
		const to = parseWall(gen.string('to', { required: true }));
		if (from === null || to === null || from > to)
			failControl('generate.from and generate.to must be yyyy-MM-dd HH:mm:ss with from <= to');
		const mode =
			gen.oneOf('pushType', ['serviceNoteInsert', 'serviceNoteUpdate', 'mixed'] as const) ??
			'mixed';
		const span = to - from;
		const times = Array.from({ length: count }, (_, i) =>
			count === 1 ? from : from + Math.floor((i * span) / (count - 1)),
		);
		for (const r of generateRecords(tenant, channel, times, mode)) batch.push(r);
	}
	store.insert(batch);
	return batch.map((r) => r.eventUniqueId);
}

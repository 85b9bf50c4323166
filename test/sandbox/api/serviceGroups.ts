import { objectId } from '../lib/ids';
import { ApiError, Fields, failA, present, words } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { Tenant } from '../state/tenant';
import type { GroupMember, ServiceGroup } from '../types';

export const STRATEGIES = words(
	'rrmemory random order skill maxFreeTime leastAnswerTimes longestAnswerTimes',
);
const LEVELS = ['1', '2', '3'] as const;
export const UPDATABLE = words(
	'groupLeader name members strategy maxWaitLimit waitTime broadcastMember failedNotAssigned timeout noIdleTransfer',
);

function readMembers(f: Fields): GroupMember[] | undefined {
	const seen = new Set<string>();
	return f.objects('members', { nonEmpty: true })?.map((m) => {
		m.onlyKeys(['agentNumber', 'weight']);
		const agentNumber = m.string('agentNumber', { required: true }) as string;
		if (seen.has(agentNumber)) failA(`${m.name('agentNumber')} ${agentNumber} is listed twice`);
		seen.add(agentNumber);
		const weight = m.raw('weight');
		const valid =
			typeof weight === 'number'
				? Number.isSafeInteger(weight) && weight >= 0
				: typeof weight === 'string' && /^\d{1,9}$/.test(weight);
		if (!valid)
			failA(`${m.name('weight')} is required: a non-negative integer (number or numeric string)`);
		return { agentNumber, weight: weight as string | number };
	});
}

/** The optional settings shared by create and update, as present in the request. */
function readSettings(f: Fields): Partial<ServiceGroup> {
	return present<ServiceGroup>({
		name: f.string('name', { nonEmpty: true, max: 100 }),
		members: readMembers(f),
		groupLeader: f.stringArray('groupLeader'),
		strategy: f.oneOf('strategy', STRATEGIES),
		maxWaitLimit: f.integer('maxWaitLimit', { min: 0 }),
		waitTime: f.integer('waitTime', { min: 0 }),
		timeout: f.integer('timeout', { min: 0 }),
		broadcastMember: f.boolean('broadcastMember'),
		failedNotAssigned: f.boolean('failedNotAssigned'),
		noIdleTransfer: f.boolean('noIdleTransfer'),
	});
}

function nextQueueNumber(tenant: Tenant): string {
	while (tenant.serviceGroups.has(String(tenant.nextQueueNumber))) tenant.nextQueueNumber++;
	return String(tenant.nextQueueNumber++);
}

/** A complete group with defaults for what is not given. */
export function newServiceGroup(tenant: Tenant, fields: Partial<ServiceGroup>): ServiceGroup {
	return {
		_id: objectId(),
		accountId: tenant.appId,
		queueNumber: fields.queueNumber ?? nextQueueNumber(tenant),
		level: '1',
		parentId: '0',
		groupLeader: [],
		name: '',
		members: [],
		strategy: 'rrmemory',
		maxWaitLimit: 10,
		waitTime: 60,
		broadcastMember: false,
		failedNotAssigned: false,
		timeout: 20,
		noIdleTransfer: false,
		status: 1,
		...fields,
	};
}

function getExisting(tenant: Tenant, queueNumber: string): ServiceGroup {
	const group = tenant.serviceGroups.get(queueNumber);
	if (!group) throw new ApiError('00000400', `service group ${queueNumber} does not exist`);
	return group;
}

const create = post('/openapi/platform/v1/group/create', ({ tenant, f }) => {
	f.onlyKeys([...UPDATABLE, 'level', 'parentId']);
	f.string('name', { required: true });
	f.array('members', { required: true });
	const settings = readSettings(f);
	const level = f.oneOf('level', LEVELS);
	const parentId = f.string('parentId', { nonEmpty: true });
	if (parentId !== undefined && parentId !== '0' && !tenant.serviceGroups.has(parentId)) {
		failA(`parentId ${parentId} is not the queueNumber of an existing group`);
	}
	const group = newServiceGroup(tenant, {
		...settings,
		...(level && { level }),
		...(parentId && { parentId }),
	});
	tenant.serviceGroups.set(group.queueNumber, group);
	return { queueNumber: group.queueNumber };
});

const update = post('/openapi/platform/v1/group/update', ({ tenant, f }) => {
	f.onlyKeys(['queueNumber', ...UPDATABLE]);
	const group = getExisting(tenant, f.string('queueNumber', { required: true }) as string);
	tenant.serviceGroups.set(group.queueNumber, { ...group, ...readSettings(f) });
	return null;
});

const remove = post('/openapi/platform/v1/group/delete', ({ tenant, f }) => {
	f.onlyKeys(['queueNumber']);
	const group = getExisting(tenant, f.string('queueNumber', { required: true }) as string);
	tenant.serviceGroups.delete(group.queueNumber);
	return null;
});

const list = post('/openapi/platform/v1/group/list', ({ tenant, f }) => {
	f.onlyKeys(['queueNumber']);
	const queueNumber = f.string('queueNumber');
	return [...tenant.serviceGroups.values()]
		.filter((g) => queueNumber === undefined || queueNumber === '' || g.queueNumber === queueNumber)
		.sort(
			(a, b) =>
				Number(a.queueNumber) - Number(b.queueNumber) || a.queueNumber.localeCompare(b.queueNumber),
		);
});

export const serviceGroupRoutes: RouteDef[] = [list, create, update, remove];

import { newId } from '../lib/ids';
import { ApiError, Fields, failA, present } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { Tenant } from '../state/tenant';
import type { DisplayNumberGroup } from '../types';
import { API_ACTOR } from './customers';

const STRATEGIES = ['1', '2', '3'] as const;
const OPTIONAL = ['remark', 'city', 'areaCode', 'defaultNumberList', 'overflowGroupId'];
/** What a create request may hold. */
export const CREATE_KEYS = ['groupName', 'strategy', 'numberList', ...OPTIONAL];

function getExisting(tenant: Tenant, id: string): DisplayNumberGroup {
	const group = tenant.displayNumberGroups.get(id);
	if (!group) throw new ApiError('00000400', `display-number group ${id} does not exist`);
	return group;
}

/** The fields present in a create or update request, validated. */
function readGroup(f: Fields, tenant: Tenant, selfId?: string): Partial<DisplayNumberGroup> {
	const out = present<DisplayNumberGroup>({
		groupName: f.string('groupName', { nonEmpty: true, max: 100 }),
		strategy: f.oneOf('strategy', STRATEGIES),
		numberList: f.stringArray('numberList', { nonEmpty: true }),
		remark: f.string('remark', { max: 500 }),
		city: f.string('city'),
		areaCode: f.string('areaCode'),
		defaultNumberList: f.stringArray('defaultNumberList'),
		overflowGroupId: f.string('overflowGroupId'),
	});
	const overflow = out.overflowGroupId;
	if (overflow) {
		if (overflow === selfId) failA('overflowGroupId cannot be the group itself');
		getExisting(tenant, overflow);
	}
	return out;
}

export function newDisplayNumberGroup(
	tenant: Tenant,
	fields: Partial<DisplayNumberGroup>,
): DisplayNumberGroup {
	const now = tenant.now();
	return {
		id: newId(),
		accountId: tenant.appId,
		groupName: '',
		remark: null,
		strategy: '1',
		city: null,
		areaCode: null,
		numberList: [],
		defaultNumberList: null,
		overflowGroupId: null,
		createTime: now,
		updateTime: now,
		createAgent: API_ACTOR,
		updateAgent: API_ACTOR,
		...fields,
	};
}

const create = post('/openapi/call/web/v1/number/group/create', ({ tenant, f }) => {
	f.onlyKeys(CREATE_KEYS);
	f.string('groupName', { required: true });
	f.oneOf('strategy', STRATEGIES, { required: true });
	f.array('numberList', { required: true });
	const group = newDisplayNumberGroup(tenant, readGroup(f, tenant));
	tenant.displayNumberGroups.set(group.id, group);
	return group;
});

const update = post('/openapi/call/web/v1/number/group/update', ({ tenant, f }) => {
	f.onlyKeys(['id', ...CREATE_KEYS]);
	const group = getExisting(tenant, f.string('id', { required: true }) as string);
	f.array('numberList', { required: true });
	tenant.displayNumberGroups.set(group.id, {
		...group,
		...readGroup(f, tenant, group.id),
		updateTime: tenant.now(),
		updateAgent: API_ACTOR,
	});
	return null;
});

const remove = post('/openapi/call/web/v1/number/group/delete', ({ tenant, f }) => {
	f.onlyKeys(['id']);
	const group = getExisting(tenant, f.string('id', { required: true }) as string);
	tenant.displayNumberGroups.delete(group.id);
	return null;
});

const query = post('/openapi/call/web/v1/number/group/query', ({ tenant, f }) => {
	f.onlyKeys(['page', 'pageSize']);
	const page = f.integer('page', { required: true, min: 1 }) as number;
	const pageSize = f.integer('pageSize', { required: true, min: 10, max: 100 }) as number;
	const all = [...tenant.displayNumberGroups.values()];
	return {
		list: all.slice((page - 1) * pageSize, page * pageSize),
		page: {
			pageSize,
			pageNumber: page,
			totalPage: Math.ceil(all.length / pageSize),
			total: all.length,
		},
	};
});

export const displayNumberGroupRoutes: RouteDef[] = [create, update, query, remove];

import { long } from '../lib/json';
import { words } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { CallerNumberGroup, VoiceAgent } from '../types';
import { fuzzy, pageOf, readPage } from './paging';

/** The fields the API serves, in its order (an agent's `agentType` is the sandbox's own). */
export const AGENT_FIELDS = words(
	'id name answerSource description callInOut voice language wakeUpEnabled followUpInterval maxFollowUpCount publishStatus version createTime updateTime',
);
export const CALLER_GROUP_FIELDS = words(
	'id groupName strategy strategyName displayNumbers defaultNumbers status createTime updateTime',
);

/** A row as the API writes it: these keys in this order, `id` a bare Long. */
function out<R extends { id: string }>(keys: (keyof R)[]): (row: R) => Record<string, unknown> {
	return (row) => Object.fromEntries(keys.map((k) => [k, k === 'id' ? long(row.id) : row[k]]));
}
const agentOut = out<VoiceAgent>(AGENT_FIELDS);
const callerGroupOut = out<CallerNumberGroup>(CALLER_GROUP_FIELDS);

const agentQuery = post('/openapi/agent/web/v1/agent/query', ({ tenant, f }) => {
	f.onlyKeys(['pageNo', 'pageSize', 'name']);
	const { page, pageSize } = readPage(f, 'pageNo');
	const name = f.string('name');
	const rows = [...tenant.agents.values()].filter((a) => fuzzy(a.name, name));
	return pageOf(rows, page, pageSize, agentOut);
});

const callerGroupQuery = post('/openapi/agent/web/v1/number/group/query', ({ tenant, f }) => {
	f.onlyKeys(['pageNo', 'pageSize', 'groupName']);
	const { page, pageSize } = readPage(f, 'pageNo');
	const groupName = f.string('groupName');
	const rows = [...tenant.callerNumberGroups.values()].filter((g) => fuzzy(g.groupName, groupName));
	return pageOf(rows, page, pageSize, callerGroupOut);
});

export const voiceAgentRoutes: RouteDef[] = [agentQuery, callerGroupQuery];

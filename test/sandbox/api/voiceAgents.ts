import { long } from '../lib/json';
import { post, type RouteDef } from '../server/routes';
import type { CallerNumberGroup, VoiceAgent } from '../types';
import { fuzzy, pageOf, readPage } from './paging';

const AGENT_OUT =
	'id name answerSource description callInOut voice language wakeUpEnabled followUpInterval maxFollowUpCount publishStatus version createTime updateTime';
const CALLER_GROUP_OUT =
	'id groupName strategy strategyName displayNumbers defaultNumbers status createTime updateTime';

/** A row as the API writes it: these keys in this order, `id` a bare Long. */
function out(keys: string): (row: VoiceAgent | CallerNumberGroup) => Record<string, unknown> {
	const list = keys.split(' ') as (keyof (VoiceAgent | CallerNumberGroup))[];
	return (row) => Object.fromEntries(list.map((k) => [k, k === 'id' ? long(row.id) : row[k]]));
}
/** An agent as the API writes it (the sandbox-only `agentType` is not served). */
const agentOut = out(AGENT_OUT);
const callerGroupOut = out(CALLER_GROUP_OUT);

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

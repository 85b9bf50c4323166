import { long } from '../lib/json';
import type { RouteDef } from '../server/routes';
import type { CallerNumberGroup, VoiceAgent } from '../types';
import { fuzzy, newFieldsB, pageOf, readPage } from './paging';

/** An agent as the API writes it: `id` a bare Long; the sandbox-only `agentType` is not served. */
export function agentOut(a: VoiceAgent): Record<string, unknown> {
	return {
		id: long(a.id),
		name: a.name,
		answerSource: a.answerSource,
		description: a.description,
		callInOut: a.callInOut,
		voice: a.voice,
		language: a.language,
		wakeUpEnabled: a.wakeUpEnabled,
		followUpInterval: a.followUpInterval,
		maxFollowUpCount: a.maxFollowUpCount,
		publishStatus: a.publishStatus,
		version: a.version,
		createTime: a.createTime,
		updateTime: a.updateTime,
	};
}

export function callerGroupOut(g: CallerNumberGroup): Record<string, unknown> {
	return {
		id: long(g.id),
		groupName: g.groupName,
		strategy: g.strategy,
		strategyName: g.strategyName,
		displayNumbers: g.displayNumbers,
		defaultNumbers: g.defaultNumbers,
		status: g.status,
		createTime: g.createTime,
		updateTime: g.updateTime,
	};
}

const agentQuery: RouteDef = {
	method: 'POST',
	path: '/openapi/agent/web/v1/agent/query',
	envelope: 'B',
	handler: ({ tenant, body }) => {
		const f = newFieldsB(body);
		f.onlyKeys(['pageNo', 'pageSize', 'name']);
		const { page, pageSize } = readPage(f, 'pageNo');
		const name = f.string('name');
		const rows = [...tenant.agents.values()].filter((a) => fuzzy(a.name, name));
		return pageOf(rows, page, pageSize, agentOut);
	},
};

const callerGroupQuery: RouteDef = {
	method: 'POST',
	path: '/openapi/agent/web/v1/number/group/query',
	envelope: 'B',
	handler: ({ tenant, body }) => {
		const f = newFieldsB(body);
		f.onlyKeys(['pageNo', 'pageSize', 'groupName']);
		const { page, pageSize } = readPage(f, 'pageNo');
		const groupName = f.string('groupName');
		const rows = [...tenant.callerNumberGroups.values()].filter((g) =>
			fuzzy(g.groupName, groupName),
		);
		return pageOf(rows, page, pageSize, callerGroupOut);
	},
};

export const voiceAgentRoutes: RouteDef[] = [agentQuery, callerGroupQuery];

import type { IDataObject } from 'n8n-workflow';

/**
 * A voice agent as Simplify returns it: what picking an agent for a call task needs
 * (id, name, publish state, language and voice, times); dialogue settings are left to the raw record.
 */
export function simplifyVoiceAgent(agent: IDataObject): IDataObject {
	return {
		id: agent.id ?? null,
		name: agent.name ?? null,
		publishStatus: agent.publishStatus ?? null,
		description: agent.description ?? null,
		language: agent.language ?? null,
		voice: agent.voice ?? null,
		version: agent.version ?? null,
		createTime: agent.createTime ?? null,
		updateTime: agent.updateTime ?? null,
	};
}

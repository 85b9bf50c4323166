import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { fieldOptions, outputProperties } from '../output';

/** The fields of an agent record of the agent query (Selected Fields picks from these). */
export const VOICE_AGENT_FIELDS = [
	'id',
	'name',
	'answerSource',
	'description',
	'callInOut',
	'voice',
	'language',
	'wakeUpEnabled',
	'followUpInterval',
	'maxFollowUpCount',
	'publishStatus',
	'version',
	'createTime',
	'updateTime',
] as const;

/**
 * A voice agent as Simplified outputs it: what picking an agent for a call task needs
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

/** Output and Fields of Voice Agent Get Many. */
export function voiceAgentOutputProperties(): INodeProperties[] {
	return outputProperties({
		what: 'agents',
		simplified: 'ID, name, publish status, description, language, voice, version and times',
		fields: fieldOptions(VOICE_AGENT_FIELDS),
	});
}

/**
 * Workflows in which n8n's AI Agent (or MCP Server Trigger) uses Contact Center as its tool, with
 * n8n's own OpenAI Chat Model node pointed at the sandbox's scripted chat model
 * (test/sandbox/server/chatModel.ts). Node versions are the ones each pinned release has.
 */
import { PACKAGE_NAME } from './package';
import type { CredentialImport, WorkflowImport, WorkflowNode } from './types';

const LANGCHAIN = '@n8n/n8n-nodes-langchain';
export const OPENAI_CREDENTIAL_TYPE = 'openAiApi';
export const CHAT_MODEL = 'scripted-model';
export const TOOL_TYPE = `${PACKAGE_NAME}.contactCenterTool`;

/** The AI Agent's newest typeVersion on a release: 3.1 came with 2.x, 1.123 has 3. */
export function agentVersion(n8nVersion: string): number {
	return /^1\./.test(n8nVersion) ? 3 : 3.1;
}

/** An OpenAI credential whose Base URL is the sandbox's scripted model. */
export function scriptedModelCredential(sandboxUrl: string): CredentialImport {
	return {
		id: 'ccScriptedModel1',
		name: 'Scripted model (sandbox)',
		type: OPENAI_CREDENTIAL_TYPE,
		data: { apiKey: 'sk-scripted-model', url: `${sandboxUrl}/v1` },
	};
}

/** `{{ $fromAI(key, description, type) }}` as a parameter value. */
export function fromAI(key: string, description: string, type = 'string'): string {
	return `={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;
}

/** A resource locator whose "By ID" value the model fills. */
export function idFromAI(key: string, description: string): Record<string, unknown> {
	return { __rl: true, mode: 'id', value: fromAI(key, description) };
}

/** A Contact Center tool node (the generated `contactCenterTool`), version 2. */
export function contactCenterTool(
	name: string,
	parameters: Record<string, unknown>,
	position: [number, number],
): WorkflowNode {
	return { id: `tool-${name}`, name, type: TOOL_TYPE, typeVersion: 2, position, parameters };
}

/** Binds every OpenAI Chat Model node of a workflow to the given credential. */
export function bindModelCredential(
	workflow: WorkflowImport,
	credential: { id: string; name: string },
): WorkflowImport {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type === `${LANGCHAIN}.lmChatOpenAi`
				? {
						...node,
						credentials: { [OPENAI_CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
					}
				: node,
		),
	};
}

/** Whether a workflow needs a chat model (an AI Agent with an OpenAI Chat Model). */
export function usesChatModel(workflow: WorkflowImport): boolean {
	return workflow.nodes.some((node) => node.type.startsWith(`${LANGCHAIN}.`));
}

/**
 * Manual Trigger → AI Agent (prompt `prompt`), its model the scripted OpenAI Chat Model, its tools
 * the given nodes (each connected with `ai_tool`).
 */
export function agentWorkflow(options: {
	id: string;
	name: string;
	prompt: string;
	tools: WorkflowNode[];
	n8nVersion: string;
	model: { id: string; name: string };
}): WorkflowImport {
	const nodes: WorkflowNode[] = [
		{
			id: 'trigger',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'agent',
			name: 'AI Agent',
			type: `${LANGCHAIN}.agent`,
			typeVersion: agentVersion(options.n8nVersion),
			position: [220, 0],
			parameters: { promptType: 'define', text: options.prompt, options: {} },
		},
		{
			id: 'model',
			name: 'OpenAI Chat Model',
			type: `${LANGCHAIN}.lmChatOpenAi`,
			typeVersion: 1.3,
			position: [120, 220],
			parameters: {
				model: { __rl: true, mode: 'id', value: CHAT_MODEL },
				// 1.3's default (true) calls /v1/responses; the scripted model speaks chat completions.
				responsesApiEnabled: false,
				options: {},
			},
			credentials: { [OPENAI_CREDENTIAL_TYPE]: options.model },
		},
		...options.tools,
	];
	const connections: Record<string, unknown> = {
		Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
		'OpenAI Chat Model': {
			ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
		},
	};
	for (const tool of options.tools)
		connections[tool.name] = { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] };
	return {
		id: options.id,
		name: options.name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** MCP Server Trigger (version 2, Streamable HTTP at /mcp/<path>) exposing the given tool nodes. */
export function mcpWorkflow(options: {
	id: string;
	name: string;
	path: string;
	tools: WorkflowNode[];
}): WorkflowImport {
	const nodes: WorkflowNode[] = [
		{
			id: 'mcp',
			name: 'MCP Server Trigger',
			type: `${LANGCHAIN}.mcpTrigger`,
			typeVersion: 2,
			position: [0, 0],
			webhookId: `mcp-${options.path}`,
			parameters: { path: options.path },
		},
		...options.tools,
	];
	const connections: Record<string, unknown> = {};
	for (const tool of options.tools)
		connections[tool.name] = {
			ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]],
		};
	return {
		id: options.id,
		name: options.name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

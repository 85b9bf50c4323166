/**
 * Workflows in which n8n's AI Agent (or MCP Server Trigger) uses Contact Center as its tool, with
 * n8n's own OpenAI Chat Model node pointed at the sandbox's scripted chat model
 * (test/sandbox/server/chatModel.ts). Node versions are the ones each pinned release has.
 */
import { PACKAGE_NAME } from './package';
import type { CredentialImport, WorkflowImport, WorkflowNode } from './types';
import { node } from './workflows';

const LANGCHAIN = '@n8n/n8n-nodes-langchain';
const OPENAI_CREDENTIAL_TYPE = 'openAiApi';

/** The AI Agent's newest typeVersion on a release: 3.1 came with 2.x, 1.123 has 3. */
export const agentVersion = (n8nVersion: string) => (/^1\./.test(n8nVersion) ? 3 : 3.1);

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
export const fromAI = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;

/** A resource locator whose "By ID" value the model fills. */
export const idFromAI = (key: string, description: string, type?: string) => ({
	__rl: true,
	mode: 'id',
	value: fromAI(key, description, type),
});

/** A Contact Center tool node (the generated `contactCenterTool`); placed by the workflow. */
export function contactCenterTool(name: string, parameters: Record<string, unknown>): WorkflowNode {
	const type = `${PACKAGE_NAME}.contactCenterTool`;
	return { id: `tool-${name}`, name, type, typeVersion: 1, position: [0, 0], parameters };
}

/** Binds every OpenAI Chat Model node of a workflow to the given credential. */
export function bindModelCredential(
	workflow: WorkflowImport,
	{ id, name }: { id: string; name: string },
): WorkflowImport {
	const bind = (node: WorkflowNode) =>
		node.type === `${LANGCHAIN}.lmChatOpenAi`
			? { ...node, credentials: { [OPENAI_CREDENTIAL_TYPE]: { id, name } } }
			: node;
	return { ...workflow, nodes: workflow.nodes.map(bind) };
}

/** Whether a workflow needs a chat model (an AI Agent with an OpenAI Chat Model). */
export const usesChatModel = (workflow: WorkflowImport) =>
	workflow.nodes.some((node) => node.type.startsWith(`${LANGCHAIN}.`));

/** `nodes` then `tools` below them, each tool connected to `hub` with `ai_tool`. */
function withTools(
	workflow: { id: string; name: string },
	nodes: WorkflowNode[],
	hub: string,
	tools: WorkflowNode[],
	connections: Record<string, unknown> = {},
): WorkflowImport {
	const placed = tools.map((tool, i) => ({
		...tool,
		position: [200 + 120 * i, 300] as [number, number],
	}));
	for (const tool of tools)
		connections[tool.name] = { ai_tool: [[{ node: hub, type: 'ai_tool', index: 0 }]] };
	const settings = { executionOrder: 'v1' };
	return { ...workflow, nodes: [...nodes, ...placed], connections, settings };
}

/** Manual Trigger → AI Agent (`prompt`), its model the scripted OpenAI Chat Model (`model`), with `tools`. */
export function agentWorkflow(
	workflow: { id: string; name: string },
	prompt: string,
	tools: WorkflowNode[],
	n8nVersion: string,
	model: { id: string; name: string },
): WorkflowImport {
	const nodes: WorkflowNode[] = [
		node('Start', 'n8n-nodes-base.manualTrigger'),
		node('AI Agent', `${LANGCHAIN}.agent`, { promptType: 'define', text: prompt, options: {} }, 0, {
			typeVersion: agentVersion(n8nVersion),
		}),
		node(
			'OpenAI Chat Model',
			`${LANGCHAIN}.lmChatOpenAi`,
			{
				model: { __rl: true, mode: 'id', value: 'scripted-model' },
				// 1.3's default (true) calls /v1/responses; the scripted model speaks chat completions.
				responsesApiEnabled: false,
				options: {},
			},
			0,
			{ typeVersion: 1.3, credentials: { [OPENAI_CREDENTIAL_TYPE]: model } },
		),
	];
	return withTools(workflow, nodes, 'AI Agent', tools, {
		Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
		'OpenAI Chat Model': {
			ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
		},
	});
}

/** MCP Server Trigger (version 2, Streamable HTTP at /mcp/<path>) exposing the given tool nodes. */
export function mcpWorkflow(
	workflow: { id: string; name: string },
	path: string,
	tools: WorkflowNode[],
): WorkflowImport {
	const trigger = node('MCP Server Trigger', `${LANGCHAIN}.mcpTrigger`, { path }, 0, {
		typeVersion: 2,
		webhookId: `mcp-${path}`,
	});
	return withTools(workflow, [trigger], trigger.name, tools);
}

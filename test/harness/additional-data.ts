/**
 * IWorkflowExecuteAdditionalData as packages/cli/src/workflow-execute-additional-data.ts (getBase)
 * builds it, reduced to what a single node run touches. Features our nodes must not use
 * (sub-workflows, task runners, runtime credentials) throw so that a use shows up in a test.
 */
import { ExecutionLifecycleHooks, ExternalSecretsProxy, WorkflowExecute } from 'n8n-core';
import {
	UnexpectedError,
	type INode,
	type INodeParameters,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials';

const INSTANCE_URL = 'http://localhost:5678/';

let executionCounter = 0;

export function nextExecutionId(): string {
	executionCounter += 1;
	return String(executionCounter);
}

function unsupported(feature: string): () => never {
	return () => {
		throw new UnexpectedError(`The harness does not support ${feature}`);
	};
}

export function buildAdditionalData(options: {
	credentialsHelper: HarnessCredentialsHelper;
	workflow: Workflow;
	mode: WorkflowExecuteMode;
	executionId?: string;
	currentNodeParameters?: INodeParameters;
}): IWorkflowExecuteAdditionalData {
	const { workflow, mode, executionId } = options;
	const additionalData: IWorkflowExecuteAdditionalData = {
		credentialsHelper: options.credentialsHelper,
		executeWorkflow: unsupported('sub-workflow executions'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: unsupported('task runners'),
		logAiEvent: () => {},
		executionId,
		workflowId: workflow.id,
		currentNodeExecutionIndex: 0,
		currentNodeParameters: options.currentNodeParameters,
		variables: {},
		externalSecretsProxy: new ExternalSecretsProxy(),
		restApiUrl: `${INSTANCE_URL}rest`,
		instanceBaseUrl: INSTANCE_URL,
		formBaseUrl: `${INSTANCE_URL}form`,
		formWaitingBaseUrl: `${INSTANCE_URL}form-waiting`,
		formTestBaseUrl: `${INSTANCE_URL}form-test`,
		webhookBaseUrl: `${INSTANCE_URL}webhook`,
		webhookWaitingBaseUrl: `${INSTANCE_URL}webhook-waiting`,
		webhookTestBaseUrl: `${INSTANCE_URL}webhook-test`,
		mcpBaseUrl: `${INSTANCE_URL}mcp`,
		mcpTestBaseUrl: `${INSTANCE_URL}mcp-test`,
	};
	if (executionId !== undefined) {
		// WorkflowExecute refuses to run without lifecycle hooks; n8n's CLI adds handlers that save
		// the execution and push progress to the editor, none of which a test needs.
		const nodes: INode[] = Object.values(workflow.nodes);
		additionalData.hooks = new ExecutionLifecycleHooks(mode, executionId, {
			id: workflow.id,
			name: workflow.name ?? 'Harness workflow',
			active: false,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes,
			connections: workflow.connectionsBySourceNode,
			settings: workflow.settings,
		});
	}
	return additionalData;
}

/** A manual execution (the editor's "Execute workflow"), as n8n-core's WorkflowExecute runs it. */
export function runManually(
	credentialsHelper: HarnessCredentialsHelper,
	options: Parameters<WorkflowExecute['run']>[0],
) {
	const { workflow } = options;
	const executionId = nextExecutionId();
	const additionalData = buildAdditionalData({
		credentialsHelper,
		workflow,
		mode: 'manual',
		executionId,
	});
	return new WorkflowExecute(additionalData, 'manual').run(options);
}

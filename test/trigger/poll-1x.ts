/**
 * A poll the way n8n 1.x runs it: n8n-core's PollContext without the members later releases
 * added (getPollBudgetMs, the durable-cursor hooks __commitCursor/__runPoll and the static-data
 * resolver), the node's poll() called directly as 1.x's TriggersAndPollers.runPollFunction does.
 * Static data is the workflow's own, read through Workflow.getStaticData as in 1.x.
 */
import { randomUUID } from 'node:crypto';

import { PollContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IPollFunctions,
} from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { buildAdditionalData } from '../harness/additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from '../harness/credentials';
import { HarnessNodeTypes, typeNameOf } from '../harness/node-types';
import { ensureN8nRuntime } from '../harness/runtime';

/** PollContext members newer than n8n 1.x (n8n-core 1.122). */
export const NEWER_MEMBERS = [
	'getPollBudgetMs',
	'__commitCursor',
	'__runPoll',
	'resolveNodeStaticData',
] as const;

export async function pollAs1x(options: {
	parameters: IDataObject;
	credentials: CredentialValues;
	staticData: IDataObject;
	timezone?: string;
}): Promise<{ items: INodeExecutionData[] | null; context: IPollFunctions }> {
	ensureN8nRuntime();
	const nodeType = new ContactCenterTrigger() as INodeType;
	const credentialsHelper = new HarnessCredentialsHelper();
	const node: INode = {
		id: randomUUID(),
		name: 'Contact Center Trigger',
		type: typeNameOf(nodeType),
		typeVersion: 1,
		position: [0, 0],
		parameters: JSON.parse(JSON.stringify(options.parameters)) as INode['parameters'],
		credentials: await credentialsHelper.save(options.credentials),
	};
	const workflow = new Workflow({
		id: 'harness-workflow-1x',
		name: 'n8n 1.x workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new HarnessNodeTypes([nodeType]),
		staticData: options.staticData,
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});
	const mode = 'trigger';
	const context = new PollContext(
		workflow,
		node,
		buildAdditionalData({ credentialsHelper, workflow, mode }),
		mode,
		'activate',
	);
	const bare = context as unknown as Record<string, unknown>;
	for (const member of NEWER_MEMBERS) delete bare[member];
	// 1.x reads the node's static data straight from the workflow.
	bare.getWorkflowStaticData = (type: string) => workflow.getStaticData(type, node);
	const result = await (
		nodeType.poll as (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>
	).call(context);
	return { items: result?.[0] ?? null, context };
}

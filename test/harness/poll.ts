/**
 * poll: one poll of a polling trigger, the way n8n runs it.
 * - mode 'trigger' (an active workflow's scheduled poll): a PollContext like the CLI's
 *   ActiveWorkflowManager builds it, run by n8n-core's PollTriggerExecutor (the code behind every
 *   poll tick): a non-null result is emitted, a thrown error goes to __emitError.
 * - mode 'manual' ("Fetch Test Event"): WorkflowExecute runs the trigger as the start node, and
 *   n8n-core builds the PollContext itself (mode and activation 'manual', default poll budget).
 * - `n8n1x` (an active workflow's poll in n8n 1.x): a PollContext without the members later releases
 *   added (getPollBudgetMs, the durable-cursor hooks, the static-data resolver), the node's poll()
 *   called directly as 1.x's TriggersAndPollers.runPollFunction does.
 * The static data object is the workflow's and is mutated in place. n8n keeps it in memory between
 * polls of an active workflow and saves it after an emit (trigger mode); it never saves what a
 * manual run changed, so a test can assert that a manual poll leaves it alone.
 */
import { randomUUID } from 'node:crypto';

import { PollContext, PollTriggerExecutor, WorkflowExecute } from 'n8n-core';
import {
	deepCopy,
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IPollFunctions,
} from 'n8n-workflow';

import { buildAdditionalData, nextExecutionId } from './additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from './credentials';
import {
	HarnessNodeTypes,
	instantiate,
	latestVersionOf,
	typeNameOf,
	type NodeTypeInput,
} from './node-types';
import { nodeNameOf } from './run-node';
import { captureLogs, Container, ensureN8nRuntime, type CapturedLog } from './runtime';
import { assertNoSecret } from './secret-guard';
import { readSandboxLog, type LogEntry, type SandboxControl } from './sandbox-log';

export interface PollOptions {
	nodeType: NodeTypeInput;
	parameters: INodeParameters;
	credentials: CredentialValues;
	/** The workflow's static data object; mutated in place like n8n does. Default: a new one. */
	staticData?: IDataObject;
	/** Default 'trigger'. */
	mode?: 'trigger' | 'manual';
	/** The workflow's settings.timezone. */
	timezone?: string;
	/** What getPollBudgetMs() returns (trigger mode; n8n's default is 5 minutes, manual runs use it). */
	pollBudgetMs?: number;
	typeVersion?: number;
	sandbox?: SandboxControl;
	/** Poll as n8n 1.x does (trigger mode). */
	n8n1x?: boolean;
}

export interface PollResult {
	/** What the poll emitted; null when it returned null (nothing new) or failed. */
	items: INodeExecutionData[] | null;
	/** The static data object of the workflow (the one passed in, when given). */
	staticData: IDataObject;
	/** This node's part of it, `staticData['node:<node name>']`, when the node used it. */
	nodeStaticData?: IDataObject;
	error?: Error;
	requests: LogEntry[];
	logs: CapturedLog[];
}

/** The key n8n keeps a node's static data under; use it to seed a cursor. */
export function staticDataKeyOf(nodeType: NodeTypeInput): string {
	return `node:${nodeNameOf(instantiate(nodeType))}`;
}

export async function poll(options: PollOptions): Promise<PollResult> {
	ensureN8nRuntime();
	await options.sandbox?.clearLog();
	const logs: CapturedLog[] = [];
	const staticData = options.staticData ?? {};
	const nodeType = instantiate(options.nodeType);
	const credentialsHelper = new HarnessCredentialsHelper();
	const node: INode = {
		id: randomUUID(),
		name: nodeNameOf(nodeType),
		type: typeNameOf(nodeType),
		typeVersion: options.typeVersion ?? latestVersionOf(nodeType),
		position: [0, 0],
		parameters: deepCopy(options.parameters),
		credentials: await credentialsHelper.save(options.credentials),
	};
	const workflow = new Workflow({
		id: 'harness-workflow',
		name: 'Harness workflow',
		nodes: [node],
		connections: {},
		active: options.mode !== 'manual',
		nodeTypes: new HarnessNodeTypes([nodeType]),
		staticData,
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});

	const outcome = await captureLogs(logs, async () =>
		options.mode === 'manual'
			? await pollManually(workflow, node, credentialsHelper)
			: options.n8n1x
				? await pollAs1x(workflow, node, credentialsHelper)
				: await pollAsTrigger(workflow, node, credentialsHelper, options.pollBudgetMs),
	);
	const nodeStaticData = staticData[`node:${node.name}`];
	const requests = await readSandboxLog(options.sandbox);
	assertNoSecret(
		options.credentials.appSecret,
		{
			'the emitted items': outcome.items,
			'the error': outcome.error,
			'the logs': logs,
			'the static data': staticData,
		},
		requests,
	);
	return {
		...outcome,
		staticData,
		...(isDataObject(nodeStaticData) ? { nodeStaticData } : {}),
		requests,
		logs,
	};
}

function isDataObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type PollOutcome = Pick<PollResult, 'items' | 'error'>;

async function pollAsTrigger(
	workflow: Workflow,
	node: INode,
	credentialsHelper: HarnessCredentialsHelper,
	pollBudgetMs: number | undefined,
): Promise<PollOutcome> {
	const outcome: PollOutcome = { items: null };
	const mode = 'trigger';
	const context = new PollContext(
		workflow,
		node,
		buildAdditionalData({ credentialsHelper, workflow, mode }),
		mode,
		'activate',
		(data) => {
			outcome.items = data[0] ?? [];
		},
		(error) => {
			outcome.error = error;
		},
		undefined,
		undefined,
		undefined,
		pollBudgetMs === undefined ? undefined : () => pollBudgetMs,
	);
	const executePoll = Container.get(PollTriggerExecutor).create(
		workflow,
		node,
		context,
		() => true,
	);
	await executePoll();
	return outcome;
}

/** PollContext members newer than n8n 1.x (n8n-core 1.122). */
const NEWER_MEMBERS = ['getPollBudgetMs', '__commitCursor', '__runPoll', 'resolveNodeStaticData'];

async function pollAs1x(
	workflow: Workflow,
	node: INode,
	credentialsHelper: HarnessCredentialsHelper,
): Promise<PollOutcome> {
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
	if (NEWER_MEMBERS.some((member) => member in context)) throw new Error('not a 1.x PollContext');
	// 1.x reads the node's static data straight from the workflow.
	bare.getWorkflowStaticData = (type: string) => workflow.getStaticData(type, node);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	try {
		const result = await (
			nodeType.poll as (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>
		).call(context);
		return { items: result?.[0] ?? null };
	} catch (error) {
		return { items: null, error: error as Error };
	}
}

async function pollManually(
	workflow: Workflow,
	node: INode,
	credentialsHelper: HarnessCredentialsHelper,
): Promise<PollOutcome> {
	const mode = 'manual';
	const additionalData = buildAdditionalData({
		credentialsHelper,
		workflow,
		mode,
		executionId: nextExecutionId(),
	});
	const run = await new WorkflowExecute(additionalData, mode).run({
		workflow,
		startNode: node,
		destinationNode: { nodeName: node.name, mode: 'inclusive' },
	});
	const { runData, error } = run.data.resultData;
	const items = runData[node.name]?.[0]?.data?.main[0] ?? null;
	return error ? { items: null, error } : { items };
}

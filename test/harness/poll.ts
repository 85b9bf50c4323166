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
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IPollFunctions,
	Workflow,
} from 'n8n-workflow';

import type { LogEntry, SandboxControl } from '../sandbox/control';
import { buildAdditionalData, runManually } from './additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from './credentials';
import {
	instantiate,
	latestVersionOf,
	nodeNameOf,
	nodeOf,
	workflowOf,
	type NodeTypeInput,
} from './node-types';
import { Container, guardedCall, type CapturedLog } from './runtime';

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
	const staticData = options.staticData ?? {};
	const nodeType = instantiate(options.nodeType);
	const { outcome, requests, logs } = await guardedCall(
		{ secret: options.credentials.appSecret, sandbox: options.sandbox },
		async () => {
			const credentialsHelper = new HarnessCredentialsHelper();
			const node = nodeOf(nodeType, {
				typeVersion: latestVersionOf(nodeType),
				parameters: options.parameters,
				credentials: await credentialsHelper.save(options.credentials),
			});
			const workflow = workflowOf(nodeType, [node], {
				active: options.mode !== 'manual',
				staticData,
				timezone: options.timezone,
			});
			if (options.mode === 'manual') return await pollManually(workflow, node, credentialsHelper);
			const scheduled = scheduledPoll(workflow, node, credentialsHelper, options.pollBudgetMs);
			if (options.n8n1x) return await pollAs1x(workflow, node, scheduled.context);
			await scheduled.run();
			return scheduled.outcome;
		},
		(outcome) => ({
			'the emitted items': outcome.items,
			'the error': outcome.error,
			'the static data': staticData,
		}),
	);
	const nodeStaticData = staticData[staticDataKeyOf(nodeType)];
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

/** PollContext members newer than n8n 1.x (n8n-core 1.122). */
const NEWER_MEMBERS = ['getPollBudgetMs', '__commitCursor', '__runPoll', 'resolveNodeStaticData'];

/** Today's scheduled poll: the CLI's PollContext, run by PollTriggerExecutor; `outcome` gets what it emits or throws. */
export function scheduledPoll(
	workflow: Workflow,
	node: INode,
	credentialsHelper: HarnessCredentialsHelper,
	pollBudgetMs?: number,
) {
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
	const run = Container.get(PollTriggerExecutor).create(workflow, node, context, () => true);
	return { outcome, context, run };
}

/** A scheduled poll of n8n 1.x on that PollContext. */
async function pollAs1x(
	workflow: Workflow,
	node: INode,
	context: PollContext,
): Promise<PollOutcome> {
	const bare = context as unknown as Record<string, unknown>;
	for (const member of NEWER_MEMBERS) delete bare[member];
	if (NEWER_MEMBERS.some((member) => member in context)) throw new Error('not a 1.x PollContext');
	// 1.x reads the node's static data straight from the workflow, and calls the node's poll() itself.
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
	const run = await runManually(credentialsHelper, {
		workflow,
		startNode: node,
		destinationNode: { nodeName: node.name, mode: 'inclusive' },
	});
	const { runData, error } = run.data.resultData;
	const items = runData[node.name]?.[0]?.data?.main[0] ?? null;
	return error ? { items: null, error } : { items };
}

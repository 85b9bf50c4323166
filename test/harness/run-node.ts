/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * runNode: one manual execution of a two-node workflow, the way the n8n editor runs it when a
 * user pins items on the Manual Trigger and clicks "Execute workflow": n8n-core's WorkflowExecute
 * runs the trigger (its pinned items are its output), then the node under test on those items.
 */
import {
	deepCopy,
	ExecutionBaseError,
	NodeConnectionTypes,
	type ExecutionStatus,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import type { LogEntry, SandboxControl } from '../sandbox/control';
import { runManually } from './additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from './credentials';
import {
	firstVersionOf,
	instantiate,
	MANUAL_TRIGGER_NODE_TYPE,
	nodeOf,
	workflowOf,
	type NodeTypeInput,
} from './node-types';
import { guardedCall, type CapturedLog } from './runtime';

export interface RunNodeOptions {
	/** The node class (or an instance), e.g. ContactCenter from nodes/ContactCenter/ContactCenter.node.ts. */
	nodeType: NodeTypeInput;
	parameters: INodeParameters;
	/** Input items; plain objects become `{ json }`. Default: one empty item. */
	items?: Array<INodeExecutionData | IDataObject>;
	/** Stored under the credential type `contactCenterApi` and attached to the node. */
	credentials?: CredentialValues;
	/** The node setting "On Error: Continue" (onError `continueRegularOutput`). */
	continueOnFail?: boolean;
	/** The node setting "On Error" as stored (e.g. `stopWorkflow`, which a node as a tool otherwise lacks). */
	onError?: INode['onError'];
	/** Default: the node's first version (the package ships one version of each node). */
	typeVersion?: number;
	/** The workflow's settings.timezone (what getTimezone() returns). */
	timezone?: string;
	/** Stops the execution this long after it started, like the editor's Stop button. */
	cancelAfterMs?: number;
	/** When given: its request log is cleared before the run and returned as `requests`. */
	sandbox?: SandboxControl;
}

export type NodeRunError = ExecutionBaseError & {
	description?: string | null;
	httpCode?: string | null;
	context?: IDataObject;
};

export interface RunNodeResult {
	/** The execution's status as n8n records it: 'success', 'error', 'canceled', … */
	status: ExecutionStatus;
	/** First output of the node; empty when the run failed. */
	items: INodeExecutionData[];
	outputs: INodeExecutionData[][];
	/**
	 * The error the run failed with, as n8n records it in the execution: for a node error a plain
	 * copy of its fields (`{ ...error, message, stack }`, so check `name`, never `instanceof`);
	 * a WorkflowHasIssuesError instance when n8n refused to start (a required parameter missing).
	 */
	error?: NodeRunError;
	/** What the sandbox received during the run (when `sandbox` was given). */
	requests: LogEntry[];
	/** Everything logged through LoggerProxy or this.logger during the run. */
	logs: CapturedLog[];
}

function toItems(items: RunNodeOptions['items']): INodeExecutionData[] {
	if (items === undefined) return [{ json: {} }];
	return items.map((item) => {
		const { json } = item;
		const isExecutionData = typeof json === 'object' && json !== null && !Array.isArray(json);
		return deepCopy(isExecutionData ? (item as INodeExecutionData) : { json: item });
	});
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const { outcome, requests, logs } = await guardedCall(
		{ secret: options.credentials?.appSecret, sandbox: options.sandbox },
		async () => await execute(options),
		(outcome) => ({ 'the output items': outcome.outputs, 'the error': outcome.error }),
	);
	return { ...outcome, requests, logs };
}

async function execute(
	options: RunNodeOptions,
): Promise<Pick<RunNodeResult, 'status' | 'items' | 'outputs' | 'error'>> {
	const nodeType = instantiate(options.nodeType);
	const credentialsHelper = new HarnessCredentialsHelper();
	const trigger = nodeOf(nodeType, {
		name: 'When clicking ‘Execute workflow’',
		type: MANUAL_TRIGGER_NODE_TYPE,
		typeVersion: 1,
		parameters: {},
	});
	const node = nodeOf(nodeType, {
		typeVersion: options.typeVersion ?? firstVersionOf(nodeType),
		parameters: options.parameters,
		position: [220, 0],
		...(options.credentials && { credentials: await credentialsHelper.save(options.credentials) }),
		...(options.continueOnFail && { onError: 'continueRegularOutput' as const }),
		...(options.onError && { onError: options.onError }),
	});
	const workflow = workflowOf(nodeType, [trigger, node], {
		connections: {
			[trigger.name]: { main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]] },
		},
		timezone: options.timezone,
	});
	let timer: NodeJS.Timeout | undefined;
	try {
		const execution = runManually(credentialsHelper, {
			workflow,
			startNode: trigger,
			pinData: { [trigger.name]: toItems(options.items) },
		});
		// Cancelling fires the execution's AbortSignal (getExecutionCancelSignal in the node).
		if (options.cancelAfterMs !== undefined) {
			timer = setTimeout(() => execution.cancel(), options.cancelAfterMs);
		}
		const run = await execution;
		const { runData, error } = run.data.resultData;
		const outputs = (runData[node.name]?.[0]?.data?.main ?? []).map((output) => output ?? []);
		return { status: run.status, items: error ? [] : (outputs[0] ?? []), outputs, error };
	} catch (error) {
		// Workflow issues (a required parameter missing, …) stop n8n before the node runs.
		if (error instanceof ExecutionBaseError) {
			return { status: 'error', items: [], outputs: [], error };
		}
		throw error;
	} finally {
		clearTimeout(timer);
	}
}

/** What `nodeRunner` needs of the sandbox fixture: its control client and a tenant's credentials. */
export interface RunnerSandbox {
	control: SandboxControl;
	credentials(tenant: { appId: string; appSecret: string }, extra?: object): CredentialValues;
}

export type NodeRunner = (
	parameters: INodeParameters,
	options?: Partial<RunNodeOptions>,
) => Promise<RunNodeResult>;

/**
 * The one `run()` of the node suites: runNode against the file's sandbox as a tenant, with the
 * file's defaults (node type, typeVersion, timezone, base parameters such as `resource`); a call's
 * parameters are merged over the base ones, its options over the defaults.
 */
export function nodeRunner(
	fixture: RunnerSandbox,
	tenant: { appId: string; appSecret: string; timezone?: string },
	defaults: Partial<RunNodeOptions> & Pick<RunNodeOptions, 'nodeType'>,
): NodeRunner {
	const extra = tenant.timezone ? { timezone: tenant.timezone } : {};
	return async (parameters, options = {}) =>
		await runNode({
			credentials: fixture.credentials(tenant, extra),
			sandbox: fixture.control,
			...defaults,
			...options,
			parameters: { ...defaults.parameters, ...parameters, ...options.parameters },
		});
}

/**
 * The harness's runNode and poll, with the clock around n8n's own work only. The harness builds the
 * same Workflow and runs the same n8n-core code (WorkflowExecute; PollContext + PollTriggerExecutor),
 * but after every call it serialises all outputs to search them for the secret and copies the input
 * items: costs n8n does not have. Here those steps happen outside the timed part (the secret check
 * still runs on every result).
 */
import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { runManually } from '../../test/harness/additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from '../../test/harness/credentials';
import {
	instantiate,
	latestVersionOf,
	MANUAL_TRIGGER_NODE_TYPE,
	nodeOf,
	workflowOf,
	type NodeTypeInput,
} from '../../test/harness/node-types';
import { scheduledPoll } from '../../test/harness/poll';
import { captureLogs, ensureN8nRuntime, type CapturedLog } from '../../test/harness/runtime';
import { assertNoSecret } from '../../test/harness/secret-guard';

interface BenchOptions {
	nodeType: NodeTypeInput;
	parameters: INodeParameters;
	credentials: CredentialValues;
	timezone?: string;
	/**
	 * False only where memory is measured: the check serialises every output (about 115 MB of
	 * garbage in a 100,000-record drain), work a real n8n never does.
	 */
	checkSecret?: boolean;
}

/** The harness's check that the app secret appears nowhere, unless the options switch it off. */
const checkSecret = (options: BenchOptions, parts: Record<string, unknown>) =>
	options.checkSecret === false || assertNoSecret(options.credentials.appSecret, parts);

/** `run` with n8n's log lines captured, timed. */
async function timed<T>(run: () => Promise<T>) {
	const logs: CapturedLog[] = [];
	const started = performance.now();
	const result = await captureLogs(logs, run);
	return { result, logs, ms: performance.now() - started };
}

/**
 * The node (its latest version, its credentials saved) in a workflow of its own, after a Manual
 * Trigger named Start when `manual`.
 */
async function benchWorkflow(options: BenchOptions, manual: boolean, staticData?: IDataObject) {
	ensureN8nRuntime();
	const nodeType = instantiate(options.nodeType);
	const credentialsHelper = new HarnessCredentialsHelper();
	const trigger = nodeOf(nodeType, {
		name: 'Start',
		type: MANUAL_TRIGGER_NODE_TYPE,
		typeVersion: 1,
		parameters: {},
	});
	const node = nodeOf(nodeType, {
		typeVersion: latestVersionOf(nodeType),
		parameters: options.parameters,
		position: [manual ? 220 : 0, 0],
		credentials: await credentialsHelper.save(options.credentials),
	});
	const workflow = workflowOf(nodeType, manual ? [trigger, node] : [node], {
		connections: manual
			? { Start: { main: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]] } }
			: {},
		active: !manual,
		staticData,
		timezone: options.timezone,
	});
	return { trigger, node, workflow, credentialsHelper };
}

/** One manual execution (Manual Trigger with pinned items → the node), timed from start to finish. */
export async function timedRun(options: BenchOptions & { items: INodeExecutionData[] }) {
	const { trigger, node, workflow, credentialsHelper } = await benchWorkflow(options, true);
	const { result, logs, ms } = await timed(
		async () =>
			await runManually(credentialsHelper, {
				workflow,
				startNode: trigger,
				pinData: { [trigger.name]: options.items },
			}),
	);
	const { runData, error } = result.data.resultData;
	const items = error ? [] : (runData[node.name]?.[0]?.data?.main?.[0] ?? []);
	checkSecret(options, {
		'the output items': items,
		'the error': error,
		'the logs': logs,
	});
	return { ms, items, error: error as (Error & { description?: string | null }) | undefined };
}

/** One scheduled poll of an active workflow (PollContext + PollTriggerExecutor), timed. Mutates staticData. */
export async function timedPoll(options: BenchOptions & { staticData: IDataObject }) {
	const { node, workflow, credentialsHelper } = await benchWorkflow(
		options,
		false,
		options.staticData,
	);
	const { outcome, run } = scheduledPoll(workflow, node, credentialsHelper);
	const { logs, ms } = await timed(run);
	// n8n keeps the workflow's static data object; the node's part lives under `node:<name>`.
	checkSecret(options, {
		'the emitted items': outcome.items,
		'the error': outcome.error,
		'the logs': logs,
		'the static data': options.staticData,
	});
	return { ms, ...outcome };
}

export const asItems = (rows: IDataObject[]): INodeExecutionData[] =>
	rows.map((json) => ({ json }));

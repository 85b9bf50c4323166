/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- test code, not shipped */
/**
 * Runs a whole example workflow (examples/*.json) from its Manual Trigger with n8n-core's
 * WorkflowExecute and the harness's credential store, the way `n8n execute` runs it, without
 * n8n-nodes-base: the few built-in nodes the examples use are stood in for here. The Code node runs
 * the example's own JavaScript with n8n's `$input`, `$` and `$now` (from the workflow data proxy);
 * Set resolves its assignments through n8n; If evaluates its conditions with n8n's filter. The
 * Contact Center nodes are the real ones. Used by test/repository/examples.test.ts.
 */
import {
	deepCopy,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IVersionedNodeType,
	Workflow,
} from 'n8n-workflow';

import { runManually } from '../harness/additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from '../harness/credentials';
import { HarnessNodeTypes, PACKAGE_NAME, standIn } from '../harness/node-types';
import { ensureN8nRuntime } from '../harness/runtime';

export interface ExampleWorkflow {
	name: string;
	nodes: INode[];
	connections: Workflow['connectionsBySourceNode'];
	settings?: IDataObject;
}

/** The Code node, JavaScript, "Run Once for All Items": the example's code with n8n's data proxy. */
class Code implements INodeType {
	description = standIn('code', 2, [
		{ displayName: 'Mode', name: 'mode', type: 'string', default: 'runOnceForAllItems' },
		{ displayName: 'Language', name: 'language', type: 'string', default: 'javaScript' },
		{ displayName: 'JavaScript', name: 'jsCode', type: 'string', default: '' },
	]);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const code = this.getNodeParameter('jsCode', 0) as string;
		const proxy = this.getWorkflowDataProxy(0);
		// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- test code: the example's own JavaScript, as n8n's Code node runs it
		const run = new Function('$input', '$', '$now', '$json', `return (async () => {${code}})();`);
		const result = (await run(proxy.$input, proxy.$, proxy.$now, proxy.$json)) as Array<
			INodeExecutionData | IDataObject
		>;
		return [
			result.map((item) =>
				'json' in item ? (item as INodeExecutionData) : { json: item as IDataObject },
			),
		];
	}
}

/** The Edit Fields (Set) node 3.4, "Manual Mapping" without other fields. */
class Set implements INodeType {
	description = standIn('set', 3.4, [
		{ displayName: 'Mode', name: 'mode', type: 'string', default: 'manual' },
		{
			displayName: 'Fields to Set',
			name: 'assignments',
			type: 'assignmentCollection',
			default: {},
		},
		{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
	]);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((_, item) => {
				const assignments = this.getNodeParameter('assignments.assignments', item, []) as Array<{
					name: string;
					value: unknown;
					type: string;
				}>;
				const json: IDataObject = {};
				for (const { name, value, type } of assignments) {
					json[name] = (
						type === 'number' ? Number(value) : type === 'string' ? String(value ?? '') : value
					) as IDataObject[string];
				}
				return { json, pairedItem: { item } };
			}),
		];
	}
}

/** The If node 2.2: n8n's filter decides, true branch first. */
class If implements INodeType {
	description = standIn(
		'if',
		2.2,
		[
			{
				displayName: 'Conditions',
				name: 'conditions',
				type: 'filter',
				default: {},
				typeOptions: { filter: { caseSensitive: true, typeValidation: 'strict', version: 2 } },
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
		2,
	);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const kept: INodeExecutionData[] = [];
		const dropped: INodeExecutionData[] = [];
		this.getInputData().forEach((input, item) => {
			const pass = this.getNodeParameter('conditions', item, false, { extractValue: true });
			(pass === true ? kept : dropped).push({ json: input.json, pairedItem: { item } });
		});
		return [kept, dropped];
	}
}

class StickyNote implements INodeType {
	description: INodeTypeDescription = {
		...standIn('stickyNote', 1, [
			{ displayName: 'Content', name: 'content', type: 'string', default: '' },
			{ displayName: 'Height', name: 'height', type: 'number', default: 160 },
			{ displayName: 'Width', name: 'width', type: 'number', default: 240 },
			{ displayName: 'Color', name: 'color', type: 'number', default: 1 },
		]),
		inputs: [],
		outputs: [],
	};
}

/**
 * Runs `workflow` from its Manual Trigger with `nodeTypes` (our node classes) and the stand-ins.
 * Every Contact Center node is given the harness credential holding `credentials`. Gives the
 * workflow's error message, when it failed, and the output (first output, every run) of each node
 * that ran, in the order they ran.
 */
export async function runExampleWorkflow(
	workflow: ExampleWorkflow,
	nodeTypes: Array<INodeType | IVersionedNodeType>,
	credentials: CredentialValues,
) {
	ensureN8nRuntime();
	const types = new HarnessNodeTypes(nodeTypes);
	for (const [name, type] of [
		['code', new Code()],
		['set', new Set()],
		['if', new If()],
		['stickyNote', new StickyNote()],
	] as const) {
		types.set(`n8n-nodes-base.${name}`, type);
	}
	const credentialsHelper = new HarnessCredentialsHelper();
	const reference = await credentialsHelper.save(credentials);
	const nodes = deepCopy(workflow.nodes).map((node) =>
		node.type.startsWith(`${PACKAGE_NAME}.`) ? { ...node, credentials: reference } : node,
	);
	const instance = new Workflow({
		id: 'example-workflow',
		name: workflow.name,
		nodes,
		connections: workflow.connections,
		active: false,
		nodeTypes: types,
		settings: workflow.settings,
	});
	const start = nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!start) throw new Error(`${workflow.name} has no Manual Trigger`);
	const run = await runManually(credentialsHelper, {
		workflow: instance,
		startNode: start,
		// What the Manual Trigger emits when the workflow is executed by hand.
		pinData: { [start.name]: [{ json: {} }] },
	});
	const { runData, error } = run.data.resultData;
	return {
		error: error?.message,
		nodes: Object.entries(runData).map(([name, tasks]) => ({
			name,
			type: instance.getNode(name)?.type ?? '',
			runs: tasks.map((task) => ({
				items: (task.data?.main?.[0] ?? []).map((item) => ({
					json: item.json,
					...(item.pairedItem !== undefined && { pairedItem: item.pairedItem }),
				})),
				...(task.error && { error: task.error.message }),
			})),
		})),
	};
}

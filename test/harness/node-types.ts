/**
 * INodeTypes over the node classes under test, plus the two n8n-nodes-base nodes the harness needs
 * in their place (n8n-nodes-base is not installed): the Manual Trigger a manual run starts from, and
 * the No Operation node the credentials helper evaluates expressions on. Both keep n8n's type names
 * and behaviour. And the node and workflow a harness call runs them in.
 */
import { randomUUID } from 'node:crypto';

import {
	deepCopy,
	NodeConnectionTypes,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type ITriggerFunctions,
	type ITriggerResponse,
	type IVersionedNodeType,
} from 'n8n-workflow';

export type NodeTypeInput =
	| INodeType
	| IVersionedNodeType
	| (new () => INodeType | IVersionedNodeType);

/** The package prefix n8n gives our nodes when installed as a community package. */
export const PACKAGE_NAME = 'n8n-nodes-contact-center';
export const MANUAL_TRIGGER_NODE_TYPE = 'n8n-nodes-base.manualTrigger';
export const NOOP_NODE_TYPE = 'n8n-nodes-base.noOp';

/** The description of an n8n-nodes-base node stood in for here: type name, version, parameters, outputs. */
export const standIn = (
	name: string,
	version: number,
	properties: INodeTypeDescription['properties'] = [],
	outputs = 1,
): INodeTypeDescription => ({
	displayName: name,
	name,
	group: ['transform'],
	version,
	description: `Stand-in for n8n-nodes-base.${name}`,
	defaults: { name },
	inputs: [NodeConnectionTypes.Main],
	outputs: Array.from({ length: outputs }, () => NodeConnectionTypes.Main),
	properties,
});

class ManualTrigger implements INodeType {
	description: INodeTypeDescription = {
		...standIn('manualTrigger', 1),
		group: ['trigger'],
		inputs: [],
	};

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([{}])]);
		};
		return { manualTriggerFunction };
	}
}

class NoOp implements INodeType {
	description = standIn('noOp', 1);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

export function instantiate(nodeType: NodeTypeInput): INodeType | IVersionedNodeType {
	return typeof nodeType === 'function' ? new nodeType() : nodeType;
}

function isVersioned(nodeType: INodeType | IVersionedNodeType): nodeType is IVersionedNodeType {
	return 'nodeVersions' in nodeType;
}

/** The type string n8n stores in the workflow for one of our nodes. */
export function typeNameOf(nodeType: INodeType | IVersionedNodeType): string {
	return `${PACKAGE_NAME}.${nodeType.description.name}`;
}

/** The first version of a node: what workflows saved before any version bump run with. */
export function firstVersionOf(nodeType: INodeType | IVersionedNodeType): number {
	if (isVersioned(nodeType)) return Math.min(...Object.keys(nodeType.nodeVersions).map(Number));
	return Math.min(...[nodeType.description.version].flat());
}

/** The version the editor gives a newly added node: the latest one. */
export function latestVersionOf(nodeType: INodeType | IVersionedNodeType): number {
	if (isVersioned(nodeType)) return nodeType.currentVersion;
	return Math.max(...[nodeType.description.version].flat());
}

/** The name the editor gives a node when it is added: its default name. */
export function nodeNameOf(nodeType: INodeType | IVersionedNodeType): string {
	const { description } = NodeHelpers.getVersionedNodeType(nodeType);
	return description.defaults.name ?? description.displayName;
}

/** A node as the editor adds one of ours (default name, the package's type name), unless `fields` say otherwise. */
export function nodeOf(
	nodeType: INodeType | IVersionedNodeType,
	fields: Pick<INode, 'typeVersion' | 'parameters'> & Partial<INode>,
): INode {
	return {
		id: randomUUID(),
		name: nodeNameOf(nodeType),
		type: typeNameOf(nodeType),
		position: [0, 0],
		...fields,
		parameters: deepCopy(fields.parameters),
	};
}

/** The workflow a harness call runs `nodes` in: n8n's execution order, the given time zone. */
export function workflowOf(
	nodeType: INodeType | IVersionedNodeType,
	nodes: INode[],
	{ timezone, ...more }: Partial<ConstructorParameters<typeof Workflow>[0]> & { timezone?: string },
): Workflow {
	return new Workflow({
		id: 'harness-workflow',
		name: 'Harness workflow',
		nodes,
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
		settings: { executionOrder: 'v1', ...(timezone ? { timezone } : {}) },
		...more,
	});
}

/** A workflow as n8n builds one outside an execution (dropdowns, credential checks): no id, no settings. */
export const bareWorkflow = (
	nodeTypes: Array<INodeType | IVersionedNodeType>,
	nodes: INode[] = [],
) =>
	new Workflow({
		nodes,
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes(nodeTypes),
	});

export class HarnessNodeTypes implements INodeTypes {
	private readonly byName = new Map<string, INodeType | IVersionedNodeType>([
		[MANUAL_TRIGGER_NODE_TYPE, new ManualTrigger()],
		[NOOP_NODE_TYPE, new NoOp()],
	]);

	constructor(nodeTypes: Array<INodeType | IVersionedNodeType>) {
		for (const nodeType of nodeTypes) this.byName.set(typeNameOf(nodeType), nodeType);
	}

	/** Registers a type under an exact name (n8n-nodes-base stand-ins of the example workflows). */
	set(name: string, nodeType: INodeType): void {
		this.byName.set(name, nodeType);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const found = this.byName.get(nodeType);
		if (!found) throw new UnexpectedError(`Unrecognized node type: ${nodeType}`);
		return found;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

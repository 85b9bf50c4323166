/**
 * callMethod: what the editor triggers when it fills a dropdown, searches a resource locator or
 * loads resource-mapper fields. Mirrors packages/cli/src/services/dynamic-node-parameters.service.ts
 * (getOptionsViaMethodName, getResourceLocatorResults, getResourceMappingFields): a one-node
 * workflow named "Temp-Node" and n8n-core's LoadOptionsContext.
 */
import { assertNoSecret } from './secret-guard';
import { LoadOptionsContext } from 'n8n-core';
import {
	NodeHelpers,
	UnexpectedError,
	Workflow,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type ResourceMapperFields,
} from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from './credentials';
import {
	HarnessNodeTypes,
	instantiate,
	firstVersionOf,
	typeNameOf,
	type NodeTypeInput,
} from './node-types';
import { captureLogs, ensureN8nRuntime, type CapturedLog } from './runtime';

export interface MethodResults {
	loadOptions: INodePropertyOptions[];
	listSearch: INodeListSearchResult;
	resourceMapping: ResourceMapperFields;
}

export type MethodKind = keyof MethodResults;

export interface CallMethodOptions<K extends MethodKind = MethodKind> {
	nodeType: NodeTypeInput;
	kind: K;
	method: string;
	/** The node's current parameters, as the editor sends them. */
	parameters: INodeParameters;
	credentials: CredentialValues;
	/** listSearch only. */
	filter?: string;
	/** listSearch only. */
	paginationToken?: string;
	/** The path of the parameter being loaded (for `&sibling` lookups). Default `parameters.<method>`. */
	path?: string;
	typeVersion?: number;
	/** Receives everything logged meanwhile, when given. */
	logs?: CapturedLog[];
}

export async function callMethod<K extends MethodKind>(
	options: CallMethodOptions<K>,
): Promise<MethodResults[K]> {
	const logs = options.logs ?? [];
	const result = await callMethodUnchecked({ ...options, logs });
	assertNoSecret(options.credentials.appSecret, { 'the method result': result, 'the logs': logs });
	return result;
}

async function callMethodUnchecked<K extends MethodKind>(
	options: CallMethodOptions<K>,
): Promise<MethodResults[K]> {
	ensureN8nRuntime();
	const nodeType = instantiate(options.nodeType);
	const typeVersion = options.typeVersion ?? firstVersionOf(nodeType);
	const credentialsHelper = new HarnessCredentialsHelper();
	const node: INode = {
		id: 'uuid-1234',
		name: 'Temp-Node',
		type: typeNameOf(nodeType),
		typeVersion,
		position: [0, 0],
		parameters: options.parameters,
		credentials: await credentialsHelper.save(options.credentials),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
	});
	const additionalData = buildAdditionalData({
		credentialsHelper,
		workflow,
		mode: 'internal',
		currentNodeParameters: options.parameters,
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData,
		options.path ?? `parameters.${options.method}`,
	);
	const { methods } = NodeHelpers.getVersionedNodeType(nodeType, typeVersion);
	const missing = () =>
		new UnexpectedError(`Node type has no ${options.kind} method "${options.method}"`);

	return await captureLogs(options.logs ?? [], async (): Promise<MethodResults[K]> => {
		const kind: MethodKind = options.kind;
		switch (kind) {
			case 'loadOptions': {
				const method = methods?.loadOptions?.[options.method];
				if (!method) throw missing();
				return (await method.call(context)) as MethodResults[K];
			}
			case 'listSearch': {
				const method = methods?.listSearch?.[options.method];
				if (!method) throw missing();
				return (await method.call(
					context,
					options.filter,
					options.paginationToken,
				)) as MethodResults[K];
			}
			case 'resourceMapping': {
				const method = methods?.resourceMapping?.[options.method];
				if (!method) throw missing();
				return (await method.call(context)) as MethodResults[K];
			}
		}
	});
}

/**
 * callMethod: what the editor triggers when it fills a dropdown, searches a resource locator or
 * loads resource-mapper fields. Mirrors packages/cli/src/services/dynamic-node-parameters.service.ts
 * (getOptionsViaMethodName, getResourceLocatorResults, getResourceMappingFields): a one-node
 * workflow named "Temp-Node" and n8n-core's LoadOptionsContext.
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	NodeHelpers,
	UnexpectedError,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type ResourceMapperFields,
} from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper, type CredentialValues } from './credentials';
import {
	bareWorkflow,
	firstVersionOf,
	instantiate,
	nodeOf,
	type NodeTypeInput,
} from './node-types';
import { guardedCall } from './runtime';

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
	/** listSearch only: the search text and the next page's token. */
	filter?: string;
	paginationToken?: string;
	typeVersion?: number;
}

type Method = (this: ILoadOptionsFunctions, ...args: unknown[]) => Promise<unknown>;

export async function callMethod<K extends MethodKind>(
	options: CallMethodOptions<K>,
): Promise<MethodResults[K]> {
	const { outcome } = await guardedCall(
		{ secret: options.credentials.appSecret },
		async () => await callMethodUnchecked(options),
		(result) => ({ 'the method result': result }),
	);
	return outcome;
}

async function callMethodUnchecked<K extends MethodKind>(
	options: CallMethodOptions<K>,
): Promise<MethodResults[K]> {
	const nodeType = instantiate(options.nodeType);
	const typeVersion = options.typeVersion ?? firstVersionOf(nodeType);
	const credentialsHelper = new HarnessCredentialsHelper();
	const node = nodeOf(nodeType, {
		typeVersion,
		parameters: options.parameters,
		id: 'uuid-1234',
		name: 'Temp-Node',
		credentials: await credentialsHelper.save(options.credentials),
	});
	const workflow = bareWorkflow([nodeType], [node]);
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
		`parameters.${options.method}`,
	);
	const { methods } = NodeHelpers.getVersionedNodeType(nodeType, typeVersion);
	const method = (methods?.[options.kind] as Record<string, Method> | undefined)?.[options.method];
	if (!method)
		throw new UnexpectedError(`Node type has no ${options.kind} method "${options.method}"`);
	const args = options.kind === 'listSearch' ? [options.filter, options.paginationToken] : [];
	return (await method.call(context, ...args)) as MethodResults[K];
}

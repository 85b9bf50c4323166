/**
 * testCredential: what n8n does when a user saves the credential (POST /rest/credentials/test).
 * A port of CredentialsTester (packages/cli/src/services/credentials-tester.service.ts):
 * getCredentialTestFunction picks the credential's own `test` request if it has one, else the first
 * node using the credential with a `testedBy`: a string names a function in the node's
 * methods.credentialTest, run with n8n-core's CredentialTestContext; an object is a request.
 * A request runs as n8n runs it: defaults applied, a temporary copy of the No Op node whose only
 * property routes that request, run by n8n-core's RoutingNode, then the `rules`.
 * The rule checks live in packages/cli (not installed), so they are ported here line for line.
 */
import { assertNoSecret } from './secret-guard';
import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type ICredentialTestFunction,
	type ICredentialTestRequest,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { buildAdditionalData } from './additional-data';
import { CREDENTIAL_TYPE, HarnessCredentialsHelper, type CredentialValues } from './credentials';
import { HarnessNodeTypes, NOOP_NODE_TYPE } from './node-types';
import { captureLogs, ensureN8nRuntime, type CapturedLog } from './runtime';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}

/** lodash `get` for the dotted keys the rules use. */
function getPath(value: unknown, path: string): unknown {
	return path
		.split(/[.[\]]/)
		.filter((key) => key !== '')
		.reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), value);
}

/** The node types of this package that use the credential (n8n's CredentialTypes.getSupportedNodes). */
const PACKAGE_NODES: INodeType[] = [new ContactCenter(), new ContactCenterTrigger()];

/** CredentialsTester.getCredentialTestFunction, for node types that are not versioned. */
function getCredentialTestFunction(
	credentialsHelper: HarnessCredentialsHelper,
	supportedNodes: INodeType[],
):
	| ICredentialTestFunction
	| { nodeType?: INodeType; testRequest: ICredentialTestRequest }
	| undefined {
	const type = credentialsHelper.getType(CREDENTIAL_TYPE);
	if (type.test) return { testRequest: type.test };
	for (const nodeType of supportedNodes) {
		for (const { name, testedBy } of nodeType.description.credentials ?? []) {
			if (name === CREDENTIAL_TYPE && !!testedBy) {
				if (typeof testedBy === 'string') return nodeType.methods?.credentialTest?.[testedBy];
				return { nodeType, testRequest: testedBy };
			}
		}
	}
	return undefined;
}

export async function testCredential(
	credentials: CredentialValues,
	logs: CapturedLog[] = [],
	supportedNodes: INodeType[] = PACKAGE_NODES,
): Promise<CredentialTestResult> {
	const result = await testCredentialUnchecked(credentials, logs, supportedNodes);
	assertNoSecret(credentials.appSecret, { 'the test result': result, 'the logs': logs });
	return result;
}

async function testCredentialUnchecked(
	credentials: CredentialValues,
	logs: CapturedLog[],
	supportedNodes: INodeType[],
): Promise<CredentialTestResult> {
	ensureN8nRuntime();
	const credentialsHelper = new HarnessCredentialsHelper();
	const nodeCredentials = await credentialsHelper.save(credentials);
	const testFunction = getCredentialTestFunction(credentialsHelper, supportedNodes);
	if (testFunction === undefined) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}

	if (typeof testFunction === 'function') {
		// The credentials get tested via a function that is defined on the node.
		const credentialsDecrypted = await credentialsHelper.getDecryptedForTest();
		const additionalData = buildAdditionalData({
			credentialsHelper,
			workflow: new Workflow({
				nodes: [],
				connections: {},
				active: false,
				nodeTypes: new HarnessNodeTypes([]),
			}),
			mode: 'internal',
			currentNodeParameters: {},
		});
		credentialsDecrypted.data = credentialsHelper.applyDefaultsAndExpressions(
			additionalData,
			credentialsDecrypted.data ?? {},
			CREDENTIAL_TYPE,
			'internal',
		);
		const context = new CredentialTestContext(additionalData);
		return await captureLogs(
			logs,
			async () => await testFunction.call(context, credentialsDecrypted),
		);
	}
	const testRequest = testFunction.testRequest;

	const nodeTypes = new HarnessNodeTypes([]);
	const noOp = nodeTypes.getByNameAndVersion(NOOP_NODE_TYPE);
	const nodeTypeCopy: INodeType = {
		description: {
			...noOp.description,
			name: NOOP_NODE_TYPE,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
	nodeTypes.set(NOOP_NODE_TYPE, nodeTypeCopy);
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: NOOP_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		credentials: nodeCredentials,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const mode = 'internal';
	const additionalData = buildAdditionalData({
		credentialsHelper,
		workflow,
		mode,
		currentNodeParameters: node.parameters,
	});

	const credentialsDecrypted = await credentialsHelper.getDecryptedForTest();
	credentialsDecrypted.data = credentialsHelper.applyDefaultsAndExpressions(
		additionalData,
		credentialsDecrypted.data ?? {},
		CREDENTIAL_TYPE,
		mode,
	);

	const executeFunctions = new ExecuteContext(
		workflow,
		node,
		additionalData,
		mode,
		createRunExecutionData({ resultData: { runData: {} } }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(executeFunctions, nodeTypeCopy, credentialsDecrypted);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await captureLogs(logs, async () => await routingNode.runNode());
	} catch (error) {
		const cause: unknown = isRecord(error) ? error.cause : undefined;
		const errorResponse = isRecord(cause) ? cause.response : undefined;
		if (isRecord(errorResponse)) {
			const statusCode = Number(errorResponse.status);
			const statusMessage = errorResponse.statusText;
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && statusCode === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (statusCode < 199 || statusCode > 299) {
				return {
					status: 'Error',
					message:
						typeof statusMessage === 'string' && statusMessage !== ''
							? statusMessage
							: `Received HTTP status code: ${statusCode}`,
				};
			}
		} else if (isRecord(cause) && cause.code !== undefined) {
			return { status: 'Error', message: String(cause.code) };
		}
		return { status: 'Error', message: error instanceof Error ? error.message : String(error) };
	}

	for (const rule of testRequest.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const responseData: IDataObject | undefined = response?.[0]?.[0]?.json;
			if (getPath(responseData, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

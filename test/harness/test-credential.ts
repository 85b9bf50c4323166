/**
 * testCredential: what n8n does when a user saves the credential (POST /rest/credentials/test).
 * A port of CredentialsTester (packages/cli/src/services/credentials-tester.service.ts) for the
 * kind of test this package has: the nodes' `testedBy` names a function in methods.credentialTest,
 * run with n8n-core's CredentialTestContext. The credential has no declarative `test` request.
 */
import { CredentialTestContext } from 'n8n-core';
import { Workflow, type ICredentialTestFunction, type INodeType } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { buildAdditionalData } from './additional-data';
import { CREDENTIAL_TYPE, HarnessCredentialsHelper, type CredentialValues } from './credentials';
import { HarnessNodeTypes } from './node-types';
import { captureLogs, ensureN8nRuntime, type CapturedLog } from './runtime';
import { assertNoSecret } from './secret-guard';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** The node types of this package that use the credential (n8n's CredentialTypes.getSupportedNodes). */
const PACKAGE_NODES: INodeType[] = [new ContactCenter(), new ContactCenterTrigger()];

/** CredentialsTester.getCredentialTestFunction: the first node whose `testedBy` names a function. */
function getCredentialTestFunction(): ICredentialTestFunction | undefined {
	for (const nodeType of PACKAGE_NODES) {
		for (const { name, testedBy } of nodeType.description.credentials ?? []) {
			if (name === CREDENTIAL_TYPE && typeof testedBy === 'string')
				return nodeType.methods?.credentialTest?.[testedBy];
		}
	}
	return undefined;
}

export async function testCredential(
	credentials: CredentialValues,
	logs: CapturedLog[] = [],
): Promise<CredentialTestResult> {
	const result = await testCredentialUnchecked(credentials, logs);
	assertNoSecret(credentials.appSecret, { 'the test result': result, 'the logs': logs });
	return result;
}

async function testCredentialUnchecked(
	credentials: CredentialValues,
	logs: CapturedLog[],
): Promise<CredentialTestResult> {
	ensureN8nRuntime();
	const credentialsHelper = new HarnessCredentialsHelper();
	await credentialsHelper.save(credentials);
	const testFunction = getCredentialTestFunction();
	if (testFunction === undefined) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}
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

/**
 * testCredential: what n8n does when a user saves the credential (POST /rest/credentials/test).
 * A port of CredentialsTester (packages/cli/src/services/credentials-tester.service.ts) for the
 * kind of test this package has: the nodes' `testedBy` names a function in methods.credentialTest,
 * run with n8n-core's CredentialTestContext. The credential has no declarative `test` request.
 */
import { CredentialTestContext } from 'n8n-core';
import type { INodeCredentialTestResult, INodeType } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { buildAdditionalData } from './additional-data';
import { CREDENTIAL_TYPE, HarnessCredentialsHelper, type CredentialValues } from './credentials';
import { bareWorkflow } from './node-types';
import { guardedCall } from './runtime';

/** The node types of this package that use the credential (n8n's CredentialTypes.getSupportedNodes). */
const PACKAGE_NODES: INodeType[] = [new ContactCenter(), new ContactCenterTrigger()];

export async function testCredential(
	credentials: CredentialValues,
): Promise<INodeCredentialTestResult> {
	const { outcome } = await guardedCall(
		{ secret: credentials.appSecret },
		async () => await testCredentialUnchecked(credentials),
		(result) => ({ 'the test result': result }),
	);
	return outcome;
}

async function testCredentialUnchecked(
	credentials: CredentialValues,
): Promise<INodeCredentialTestResult> {
	// CredentialsTester.getCredentialTestFunction: the first node whose `testedBy` names a function.
	const testFunction = PACKAGE_NODES.flatMap(({ description, methods }) =>
		(description.credentials ?? [])
			.filter(({ name, testedBy }) => name === CREDENTIAL_TYPE && typeof testedBy === 'string')
			.map(({ testedBy }) => methods?.credentialTest?.[testedBy as string]),
	)[0];
	if (testFunction === undefined) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}
	const credentialsHelper = new HarnessCredentialsHelper();
	const reference = (await credentialsHelper.save(credentials))[CREDENTIAL_TYPE];
	const additionalData = buildAdditionalData({
		credentialsHelper,
		workflow: bareWorkflow([]),
		mode: 'internal',
		currentNodeParameters: {},
	});
	// Read back as n8n decrypts it for the tester: defaults applied, expressions resolved.
	const data = await credentialsHelper.getDecrypted(
		additionalData,
		reference,
		CREDENTIAL_TYPE,
		'internal',
	);
	const context = new CredentialTestContext(additionalData);
	return await testFunction.call(context, {
		id: String(reference.id),
		name: reference.name,
		type: CREDENTIAL_TYPE,
		data,
	});
}

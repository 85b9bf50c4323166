/**
 * The credentials side of n8n for the harness: a credential store and an ICredentialsHelper that
 * behaves like packages/cli/src/credentials-helper.ts (CredentialsHelper) for what our credential
 * uses: stored data read back as a copy, defaults and expressions applied on "decryption"
 * (applyDefaultsAndOverwrites), and the function form of `authenticate`. The store keeps the JSON
 * n8n would encrypt without encrypting it: n8n-core 2.41's Cipher needs the CLI's encryption-key
 * provider, and nothing a node can observe depends on the encryption.
 * Anything our credential does not use (generic authenticate, preAuthentication, `extends`)
 * fails loudly instead of silently behaving differently from n8n.
 */
import { getAdditionalKeys } from 'n8n-core';
import {
	ICredentials,
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	type ICredentialDataDecryptedObject,
	type ICredentialsEncrypted,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IExecuteData,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeParameters,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { ContactCenterApi } from '../../credentials/ContactCenterApi.credentials';
import { bareWorkflow, NOOP_NODE_TYPE } from './node-types';

/** What a user types into the "Contact Center API" credential form. */
export interface CredentialValues {
	baseUrl: string;
	appId: string;
	appSecret: string;
	timezone?: string;
	signatureOrder?: string;
	timeoutSeconds?: number;
	countryCode?: string;
}

export const CREDENTIAL_TYPE = 'contactCenterApi';
const CREDENTIAL_ID = 'harness-credential-1';
const CREDENTIAL_NAME = 'Contact Center account';

/** n8n's credential entity, holding the JSON that n8n would keep encrypted. */
class StoredCredentials extends ICredentials {
	async getData(): Promise<ICredentialDataDecryptedObject> {
		return JSON.parse(this.data ?? '{}') as ICredentialDataDecryptedObject;
	}

	async setData(data: ICredentialDataDecryptedObject): Promise<void> {
		this.data = JSON.stringify(data);
	}

	async updateData(): Promise<void> {
		throw new UnexpectedError('The harness does not update stored credentials');
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: this.data };
	}
}

export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>([
		[CREDENTIAL_TYPE, new ContactCenterApi()],
	]);

	private readonly store = new Map<string, ICredentialsEncrypted>();

	/** Saves the values as n8n's database holds them; returns the node's credential reference. */
	async save(
		values: CredentialValues,
		type = CREDENTIAL_TYPE,
	): Promise<Record<string, INodeCredentialsDetails>> {
		const credentials = new StoredCredentials({ id: CREDENTIAL_ID, name: CREDENTIAL_NAME }, type);
		await credentials.setData({ ...values });
		this.store.set(CREDENTIAL_ID, credentials.getDataToSave());
		return { [type]: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	}

	getType(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new UnexpectedError(`Unknown credential type "${name}"`);
		return type;
	}

	getParentTypes(name: string): string[] {
		return this.getType(name).extends ?? [];
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).includes(nodeType);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const credentialType = this.getType(typeName);
		if (typeof credentialType.authenticate !== 'function') {
			throw new UnexpectedError('The harness supports only the function form of authenticate');
		}
		// Called as a method of the credential type, exactly like n8n does.
		return await credentialType.authenticate(credentials, requestOptions as IHttpRequestOptions);
	}

	async preAuthentication(
		_helpers: unknown,
		_credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		if (this.getType(typeName).preAuthentication) {
			throw new UnexpectedError('The harness does not support preAuthentication');
		}
		// n8n returns undefined too when the type has no expirable property to refresh.
		return undefined;
	}

	async runPreAuthentication(
		helpers: unknown,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return await this.preAuthentication(helpers, credentials, typeName);
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<StoredCredentials> {
		const stored = nodeCredentials.id === null ? undefined : this.store.get(nodeCredentials.id);
		if (!stored || stored.type !== type) {
			throw new UnexpectedError(
				`Credential with ID "${String(nodeCredentials.id)}" does not exist for type "${type}".`,
			);
		}
		return new StoredCredentials(
			{ id: stored.id ?? null, name: stored.name },
			stored.type,
			stored.data,
		);
	}

	/** CredentialsHelper.getDecrypted: defaults and expressions applied (applyDefaultsAndOverwrites, no overwrites configured). */
	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const data = await (await this.getCredentials(nodeCredentials, type)).getData();
		if (raw === true) return data;
		const withDefaults = (NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });

		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
				expressionResolveValues;
			return workflow.expression.getParameterValue(
				withDefaults as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		}

		const mockNode: INode = {
			id: 'credentials-mock',
			name: '',
			type: NOOP_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		return bareWorkflow([], [mockNode]).expression.getComplexParameterValue(
			mockNode,
			withDefaults as INodeParameters,
			mode,
			additionalKeys,
			undefined,
			undefined,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(): Promise<void> {
		throw new UnexpectedError('The harness does not update stored credentials');
	}

	async updateCredentialsOauthTokenData(): Promise<void> {
		throw new UnexpectedError('The harness does not support OAuth credentials');
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.getType(type);
		if (credentialType.extends?.length) {
			throw new UnexpectedError('The harness does not support credential types that extend others');
		}
		return credentialType.properties;
	}
}

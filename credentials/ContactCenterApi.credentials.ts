import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	DEFAULT_SIGNATURE_ORDER,
	isSignatureOrder,
	signRequest,
} from '../nodes/ContactCenter/transport/signing';

export class ContactCenterApi implements ICredentialType {
	name = 'contactCenterApi';

	displayName = 'Contact Center API';

	icon = {
		light: 'file:../nodes/ContactCenter/contactCenter.svg',
		dark: 'file:../nodes/ContactCenter/contactCenter.dark.svg',
	} as const;

	documentationUrl = 'https://github.com/contact-center-nodes/n8n-nodes-contact-center#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://open.example.com',
			description: 'Address of the Open API, without a path. A trailing slash is ignored.',
		},
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			default: '',
			required: true,
			description: 'The account ID of your tenant, sent as the appid header on every request',
		},
		{
			displayName: 'App Secret',
			name: 'appSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Used only to sign requests; it is never sent',
		},
		{
			displayName: 'Time Zone',
			name: 'timezone',
			type: 'string',
			default: 'Asia/Shanghai',
			placeholder: 'Asia/Shanghai',
			description:
				'IANA time zone of the times the API reads and writes (they carry no zone). Every conversion between n8n date-times and API times uses it.',
		},
		{
			displayName: 'Country Code',
			name: 'countryCode',
			type: 'string',
			default: '86',
			placeholder: '86',
			description:
				'Calling code of the country whose phone numbers the tenant stores without a prefix (86 for China). A phone typed with +86 or 0086 in front then matches the national number. Digits only.',
		},
		{
			displayName: 'Signature Order',
			name: 'signatureOrder',
			type: 'options',
			default: DEFAULT_SIGNATURE_ORDER,
			description:
				'How App ID, timestamp and nonce are joined before HMAC-SHA256 signing. Keep the default unless your provider documents another order.',
			options: [
				{ name: 'App ID + Nonce + Timestamp', value: 'appIdNonceTimestamp' },
				{ name: 'App ID + Timestamp + Nonce (Default)', value: 'appIdTimestampNonce' },
				{ name: 'Timestamp + Nonce + App ID', value: 'timestampNonceAppId' },
			],
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 30,
			description: 'How long to wait for one response before the request counts as failed',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const order = isSignatureOrder(credentials.signatureOrder)
			? credentials.signatureOrder
			: undefined;
		const signed = signRequest(
			{
				// Trimmed, as the credential test and every request read it (a pasted App ID often
				// carries a space).
				appId: String(credentials.appId ?? '').trim(),
				appSecret: String(credentials.appSecret ?? ''),
				order,
			},
			Date.now(),
		);
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				...signed,
				'Content-Type': 'application/json',
			},
		};
	}

	// No `test` request here: the nodes test this credential (`testedBy`, methods.credentialTest), so that
	// an unreachable host, a bad Base URL or Time Zone get the same clear messages as in the nodes.
}

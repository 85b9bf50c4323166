import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import { classifyThrown, transportMessage, type TransportFailure } from './errors';
import { parseJson } from './json';
import { DEFAULT_SIGNATURE_ORDER, isSignatureOrder, signRequest } from './signing';
import { settingsProblem } from '../helpers/credentialSettings';
import { isRecord } from '../helpers/values';

export const CREDENTIALS_REFUSED =
	"The Contact Center API refused these credentials: check the App ID and App Secret, and that this server's clock is correct (signatures are valid for 5 minutes)";

interface LegacyResponse {
	body?: unknown;
	headers?: Record<string, unknown>;
	statusCode?: number;
}

function fail(failure: TransportFailure): INodeCredentialTestResult {
	const { message, description } = transportMessage(failure);
	return { status: 'Error', message: `${message}. ${description}` };
}

/** What the answer to the test request says about the credential. */
export function judgeAnswer(response: LegacyResponse, baseUrl: string): INodeCredentialTestResult {
	const status = response.statusCode ?? 0;
	const text =
		typeof response.body === 'string'
			? response.body
			: response.body === undefined
				? ''
				: JSON.stringify(response.body);
	const contentTypeHeader = response.headers?.['content-type'];
	const contentType = typeof contentTypeHeader === 'string' ? contentTypeHeader : '';
	if (/html/i.test(contentType) || /^\s*</.test(text))
		return fail({ kind: 'html', httpStatus: status, detail: '', baseUrl, attempts: 1 });
	let parsed: unknown;
	let parseError = '';
	try {
		parsed = parseJson(text);
	} catch (error) {
		parseError = error instanceof Error ? error.message : String(error);
	}
	const isEnvelope =
		isRecord(parsed) && (parsed.code !== undefined || parsed.success !== undefined);
	if (status >= 200 && status < 300 && isRecord(parsed) && isEnvelope) {
		if (parsed.success !== false && String(parsed.code) === '200')
			return { status: 'OK', message: 'Connection successful!' };
		const said = [parsed.code, parsed.message]
			.filter((part) => typeof part === 'string' || typeof part === 'number')
			.join(' ');
		return {
			status: 'Error',
			message: said ? `${CREDENTIALS_REFUSED}. The API said: ${said}` : CREDENTIALS_REFUSED,
		};
	}
	if (status >= 200 && status < 300) {
		return fail({
			kind: 'invalidJson',
			httpStatus: status,
			detail: parseError || 'the body is not an API envelope',
			baseUrl,
			attempts: 1,
		});
	}
	return fail({ kind: 'http', httpStatus: status, detail: '', baseUrl, attempts: 1 });
}

/**
 * The credential test n8n runs when the credential is saved. A function rather than a declarative
 * request: n8n answers a declarative test that cannot connect with the bare error code
 * (`ECONNREFUSED`), while this says what the nodes say, and it checks the Base URL and Time Zone first.
 */
export async function contactCenterApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const baseUrl = String(data.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	const timezone =
		typeof data.timezone === 'string' && data.timezone.trim()
			? data.timezone.trim()
			: 'Asia/Shanghai';
	const problem = settingsProblem(baseUrl, timezone);
	if (problem) return { status: 'Error', message: `${problem.problem}. ${problem.fix}` };
	const appId = String(data.appId ?? '').trim();
	if (appId === '')
		return {
			status: 'Error',
			message: "The credential's App ID is empty. Enter the account ID of your tenant.",
		};

	const order = isSignatureOrder(data.signatureOrder)
		? data.signatureOrder
		: DEFAULT_SIGNATURE_ORDER;
	const signed = signRequest({ appId, appSecret: String(data.appSecret ?? ''), order }, Date.now());
	const timeoutSeconds =
		typeof data.timeoutSeconds === 'number' && data.timeoutSeconds > 0 ? data.timeoutSeconds : 30;
	// The only HTTP helper n8n gives a credential test function (ICredentialTestFunctions) is `request`.
	const { request } = this.helpers;
	let response: unknown;
	// A cheap envelope-A read: a wrong App ID or secret answers HTTP 200 with success false.
	const endpoint = ENDPOINTS.customerFieldList;
	try {
		response = await request({
			method: endpoint.method,
			uri: baseUrl + endpoint.path,
			headers: { ...signed, 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ enabled: true }),
			json: false,
			resolveWithFullResponse: true,
			simple: false,
			timeout: timeoutSeconds * 1000,
		});
	} catch (error) {
		const thrown = classifyThrown(error);
		return fail({ kind: thrown.kind, detail: thrown.detail, baseUrl, attempts: 1 });
	}
	return judgeAnswer(isRecord(response) ? response : {}, baseUrl);
}

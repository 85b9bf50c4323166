import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import { classifyThrown, transportMessage, type TransportFailure } from './errors';
import { parseJson } from './json';
import {
	DEFAULT_SIGNATURE_ORDER,
	isSignatureOrder,
	SIGNATURE_ORDER_NAMES,
	SIGNATURE_ORDERS,
	signRequest,
	type SignatureOrder,
} from './signing';
import { countryCodeProblem, readCountryCode, settingsProblem } from './credentialSettings';
import { isRecord } from '../input/values';

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

/** What the answer to the test request says about the credential, and whether it refused the signature. */
function readAnswer(
	response: LegacyResponse,
	baseUrl: string,
): { result: INodeCredentialTestResult; refused: boolean } {
	const status = response.statusCode ?? 0;
	const text =
		typeof response.body === 'string'
			? response.body
			: response.body === undefined
				? ''
				: JSON.stringify(response.body);
	const contentTypeHeader = response.headers?.['content-type'];
	const contentType = typeof contentTypeHeader === 'string' ? contentTypeHeader : '';
	// A gateway may refuse a bad signature with 401/403 before the API's envelope.
	const deniedStatus = status === 401 || status === 403;
	if (/html/i.test(contentType) || /^\s*</.test(text))
		return {
			result: fail({ kind: 'html', httpStatus: status, detail: '', baseUrl, attempts: 1 }),
			refused: deniedStatus,
		};
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
			return { result: { status: 'OK', message: 'Connection successful!' }, refused: false };
		// The test request is a valid read: an envelope refusal of it is a refusal of the credential.
		const said = [parsed.code, parsed.message]
			.filter((part) => typeof part === 'string' || typeof part === 'number')
			.join(' ');
		const message = said ? `${CREDENTIALS_REFUSED}. The API said: ${said}` : CREDENTIALS_REFUSED;
		return { result: { status: 'Error', message }, refused: true };
	}
	if (status >= 200 && status < 300) {
		const detail = parseError || 'the body is not an API envelope';
		return {
			result: fail({ kind: 'invalidJson', httpStatus: status, detail, baseUrl, attempts: 1 }),
			refused: false,
		};
	}
	return {
		result: fail({ kind: 'http', httpStatus: status, detail: '', baseUrl, attempts: 1 }),
		refused: deniedStatus,
	};
}

/** What the answer to the test request says about the credential. */
export function judgeAnswer(response: LegacyResponse, baseUrl: string): INodeCredentialTestResult {
	return readAnswer(response, baseUrl).result;
}

/** The advice when the API accepted another signature order than the credential's. */
export function orderFoundMessage(configured: SignatureOrder, accepted: SignatureOrder): string {
	const name = SIGNATURE_ORDER_NAMES[accepted];
	return `The Contact Center API refused the signature made in this credential's Signature Order (${SIGNATURE_ORDER_NAMES[configured]}) and accepted ${name}: set Signature Order to ${name} and save the credential again`;
}

/** Added to the refusal when every order was tried and refused. */
export const EVERY_ORDER_REFUSED =
	"The other two Signature Orders were tried and refused too, so the order is not the cause: check the App ID and App Secret (copy them again from the provider), and that this server's clock is correct";

/**
 * The credential test n8n runs when the credential is saved. A function rather than a declarative
 * request: n8n answers a declarative test that cannot connect with the bare error code
 * (`ECONNREFUSED`), while this says what the nodes say, and it checks the Base URL and Time Zone first.
 * When the API refuses the signature, it finds out whether another Signature Order is the cause.
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
	const problem =
		settingsProblem(baseUrl, timezone) ?? countryCodeProblem(readCountryCode(data.countryCode));
	if (problem) return { status: 'Error', message: `${problem.problem}. ${problem.fix}` };
	const appId = String(data.appId ?? '').trim();
	if (appId === '')
		return {
			status: 'Error',
			message: "The credential's App ID is empty. Enter the account ID of your tenant.",
		};

	const configured = isSignatureOrder(data.signatureOrder)
		? data.signatureOrder
		: DEFAULT_SIGNATURE_ORDER;
	const appSecret = String(data.appSecret ?? '');
	const timeoutSeconds =
		typeof data.timeoutSeconds === 'number' && data.timeoutSeconds > 0 ? data.timeoutSeconds : 30;
	// The only HTTP helper n8n gives a credential test function (ICredentialTestFunctions) is `request`.
	const { request } = this.helpers;
	// A cheap envelope-A read: a wrong App ID or secret answers HTTP 200 with success false.
	const endpoint = ENDPOINTS.customerFieldList;
	/** The test request signed in `order` (a fresh nonce and timestamp each time). */
	const send = async (
		order: SignatureOrder,
	): Promise<{ answer: LegacyResponse } | { failed: INodeCredentialTestResult }> => {
		const signed = signRequest({ appId, appSecret, order }, Date.now());
		try {
			const response: unknown = await request({
				method: endpoint.method,
				uri: baseUrl + endpoint.path,
				headers: { ...signed, 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ enabled: true }),
				json: false,
				resolveWithFullResponse: true,
				simple: false,
				timeout: timeoutSeconds * 1000,
			});
			return { answer: isRecord(response) ? response : {} };
		} catch (error) {
			const thrown = classifyThrown(error);
			return { failed: fail({ kind: thrown.kind, detail: thrown.detail, baseUrl, attempts: 1 }) };
		}
	};

	const first = await send(configured);
	if ('failed' in first) return first.failed;
	const verdict = readAnswer(first.answer, baseUrl);
	if (!verdict.refused) return verdict.result;
	// The API's documentation does not publish the signing order: a refusal may be only that. The
	// other two orders are tried (a read; at most two more requests) and the one accepted is named.
	for (const order of SIGNATURE_ORDERS.filter((o) => o !== configured)) {
		const next = await send(order);
		if ('failed' in next) return verdict.result;
		if (readAnswer(next.answer, baseUrl).result.status === 'OK')
			return { status: 'Error', message: orderFoundMessage(configured, order) };
	}
	return { status: 'Error', message: `${verdict.result.message}. ${EVERY_ORDER_REFUSED}` };
}

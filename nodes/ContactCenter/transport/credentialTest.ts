import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { ENDPOINTS } from './endpoints';
import { classifyThrown, transportMessage, type TransportFailure } from './errors';
import { judgeAnswer } from './index';
import {
	DEFAULT_SIGNATURE_ORDER,
	isSignatureOrder,
	SIGNATURE_ORDER_NAMES,
	SIGNATURE_ORDERS,
	signRequest,
	type SignatureOrder,
} from './signing';
import {
	connectionProblem,
	readConnection,
	type ContactCenterCredentials,
} from './credentialSettings';
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

/** The test request's endpoint: a cheap envelope-A read (a wrong App ID or secret answers HTTP 200 with success false). */
const ENDPOINT = ENDPOINTS.customerFieldList;

/**
 * What the answer to the test request says about the credential, and whether it refused the
 * signature; the body judged as the transport judges every answer.
 */
function readAnswer(
	response: LegacyResponse,
	baseUrl: string,
): { result: INodeCredentialTestResult; refused: boolean } {
	const status = response.statusCode ?? 0;
	const answer = judgeAnswer(ENDPOINT.envelope, status, response.headers, response.body);
	// A gateway may refuse a bad signature with 401/403 before the API's envelope.
	const deniedStatus = status === 401 || status === 403;
	if (answer.kind === 'html')
		return {
			result: fail({ kind: 'html', httpStatus: status, detail: '', baseUrl, attempts: 1 }),
			refused: deniedStatus,
		};
	const success = status >= 200 && status < 300;
	if (success && answer.kind === 'envelope') {
		if (answer.result.ok)
			return { result: { status: 'OK', message: 'Connection successful!' }, refused: false };
		// The test request is a valid read: an envelope refusal of it is a refusal of the credential.
		const said = [answer.body.code, answer.body.message]
			.filter((part) => typeof part === 'string' || typeof part === 'number')
			.join(' ');
		const message = said ? `${CREDENTIALS_REFUSED}. The API said: ${said}` : CREDENTIALS_REFUSED;
		return { result: { status: 'Error', message }, refused: true };
	}
	if (success && answer.kind === 'invalidJson') {
		const failure = { kind: 'invalidJson', httpStatus: status, detail: answer.detail } as const;
		return { result: fail({ ...failure, baseUrl, attempts: 1 }), refused: false };
	}
	return {
		result: fail({ kind: 'http', httpStatus: status, detail: '', baseUrl, attempts: 1 }),
		refused: deniedStatus,
	};
}

/** The advice when the API accepted another signature order than the credential's. */
export function orderFoundMessage(configured: SignatureOrder, accepted: SignatureOrder): string {
	const name = SIGNATURE_ORDER_NAMES[accepted];
	return `The Contact Center API refused the signature made in this credential's Signature Order (${SIGNATURE_ORDER_NAMES[configured]}) and accepted ${name}: set Signature Order to ${name} and save the credential again`;
}

/** Added to the refusal when every order was tried and refused. */
export const EVERY_ORDER_REFUSED =
	"The other two Signature Orders were tried and refused too, so the order is not the cause: check the App ID and App Secret (copy them again from the provider), and that this server's clock is correct";

type Sent = { answer: LegacyResponse } | { failed: INodeCredentialTestResult };

/** The test request signed in `order` (a fresh nonce and timestamp each time). */
async function sendTest(
	this: ICredentialTestFunctions,
	connection: ContactCenterCredentials,
	appSecret: string,
	order: SignatureOrder,
): Promise<Sent> {
	const { baseUrl, appId } = connection;
	const signed = signRequest({ appId, appSecret, order }, Date.now());
	// The only HTTP helper n8n gives a credential test function (ICredentialTestFunctions) is `request`.
	const { request } = this.helpers;
	try {
		const response: unknown = await request({
			method: ENDPOINT.method,
			uri: baseUrl + ENDPOINT.path,
			headers: { ...signed, 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ enabled: true }),
			json: false,
			resolveWithFullResponse: true,
			simple: false,
			timeout: connection.timeoutMs,
		});
		return { answer: isRecord(response) ? response : {} };
	} catch (error) {
		const thrown = classifyThrown(error);
		return { failed: fail({ kind: thrown.kind, detail: thrown.detail, baseUrl, attempts: 1 }) };
	}
}

/**
 * After the API refused the signature: the API's documentation does not publish the signing order,
 * so a refusal may be only that. The other two orders are tried (a read; at most two more requests)
 * and the one accepted is named.
 */
async function diagnoseOrder(
	send: (order: SignatureOrder) => Promise<Sent>,
	configured: SignatureOrder,
	refusal: INodeCredentialTestResult,
	baseUrl: string,
): Promise<INodeCredentialTestResult> {
	for (const order of SIGNATURE_ORDERS.filter((o) => o !== configured)) {
		const next = await send(order);
		if ('failed' in next) return refusal;
		if (readAnswer(next.answer, baseUrl).result.status === 'OK')
			return { status: 'Error', message: orderFoundMessage(configured, order) };
	}
	return { status: 'Error', message: `${refusal.message}. ${EVERY_ORDER_REFUSED}` };
}

/**
 * The credential test n8n runs when the credential is saved. A function rather than a declarative
 * request: n8n answers a declarative test that cannot connect with the bare error code
 * (`ECONNREFUSED`), while this says what the nodes say, and it checks the Base URL and Time Zone first.
 * When the API refuses the signature, it finds out whether another Signature Order is the cause.
 * The credential is read as every request reads it (readConnection).
 */
export async function contactCenterApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const connection = readConnection(data);
	const problem = connectionProblem(connection);
	if (problem) return { status: 'Error', message: `${problem.problem}. ${problem.fix}` };
	if (connection.appId === '')
		return {
			status: 'Error',
			message: "The credential's App ID is empty. Enter the account ID of your tenant.",
		};
	const configured = isSignatureOrder(data.signatureOrder)
		? data.signatureOrder
		: DEFAULT_SIGNATURE_ORDER;
	const appSecret = String(data.appSecret ?? '');
	const send = (order: SignatureOrder) =>
		sendTest.call(this, connection, appSecret, order) as Promise<Sent>;
	const first = await send(configured);
	if ('failed' in first) return first.failed;
	const verdict = readAnswer(first.answer, connection.baseUrl);
	if (!verdict.refused) return verdict.result;
	return await diagnoseOrder(send, configured, verdict.result, connection.baseUrl);
}

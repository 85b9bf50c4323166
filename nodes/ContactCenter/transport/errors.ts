/**
 * The node's error mapper: every failure of the API (HTTP, network, vendor codes, answers without
 * what they must hold) and any other failure an operation meets becomes the node error n8n shows
 * here. Bad input has its own builders in input/validation.ts; test/cross-cutting/layers.test.ts keeps
 * node errors to these two files.
 */
import { type INode, type JsonObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redactUrl, redactUrlsIn } from './credentialSettings';
import { isRecord } from '../input/values';

/**
 * What to do when the API refuses a request's authentication. The node does not resend a refused
 * request signed in another order (a failed run sends nothing more, and a write is never sent
 * twice); the credential test tries the three orders, with a read, and names the accepted one.
 */
export const SIGNATURE_ADVICE =
	"If App ID, App Secret and clock are right, the Signature Order may differ from the API's: open the credential and save it to run its test, which tries the three orders and names the one the API accepts.";

/** What each vendor code of the spec means to a user, and what to do about it. */
export const VENDOR_CODE_HELP: Readonly<Record<string, string>> = {
	'03001004':
		'A customer with this phone number already exists. Use the "Create or Update" operation to update that customer instead, or change the phone number.',
	'00000400': `The API rejected a parameter: a required field is missing or invalid, a record does not exist, or the App ID was not accepted. If the message mentions the app id or signature, check the credential's App ID, App Secret and this server's clock. ${SIGNATURE_ADVICE}`,
	'00000000400':
		'The limit is above 1,000. Service-record queries return at most 1,000 records per request.',
	'03001023':
		'A time is not in the format yyyy-MM-dd HH:mm:ss, or the start time is later than the end time.',
	'400': `The voice-agent interface rejected the request: a parameter is missing or invalid, or the App ID was not accepted. If the message mentions the appId or signature, check the credential's App ID, App Secret and this server's clock. ${SIGNATURE_ADVICE}`,
	'702':
		'The caller number group does not exist or does not belong to this tenant. Pick one from the Caller Number Group list.',
	'801': "The call task does not exist. Check the task ID (it must be one of this tenant's tasks).",
	'803':
		'The voice agent does not exist, or its type does not match the Agent Type. Pick an agent from the list and check the Agent Type.',
	'806':
		"The task's current state does not allow starting it (it may already be running or be finished).",
	'807': 'Only a running task can be paused.',
	'809':
		"The task's current state does not allow importing customers (a running task must be paused first).",
	'810': 'The task can no longer be edited in its current state (for example, it has finished).',
	'813': 'The task has no callable customers. Import customers into the task before starting it.',
};

export interface VendorFailure {
	code: string;
	message: string;
	traceId?: string;
	data?: unknown;
	httpStatus: number;
}

/** A failure the API reported inside its envelope (HTTP 200, `success: false` or `code` other than 200). */
export function vendorError(node: INode, failure: VendorFailure, itemIndex?: number): NodeApiError {
	const help = VENDOR_CODE_HELP[failure.code] ?? 'The API reported a failure.';
	const trace = failure.traceId ? ` Trace ID ${failure.traceId} (quote it to support).` : '';
	const response: JsonObject = {
		code: failure.code,
		message: failure.message,
		traceId: failure.traceId ?? null,
		httpStatus: failure.httpStatus,
	};
	const error = new NodeApiError(node, response, {
		message: `Contact Center error ${failure.code}: ${failure.message || 'no message'}`,
		description: help + trace,
		httpCode: String(failure.httpStatus),
		itemIndex,
	});
	error.context.vendorCode = failure.code;
	if (failure.traceId) error.context.traceId = failure.traceId;
	return error;
}

/**
 * A failure shown by what the API answered, not by a failed request: a record the answers say does
 * not exist, an answer without what it must hold (`vendorCode`: the code it came with).
 */
export function answerError(
	node: INode,
	message: string,
	details: { itemIndex?: number; description: string; vendorCode?: string },
): NodeOperationError {
	const error = new NodeOperationError(node, message, {
		itemIndex: details.itemIndex,
		description: details.description,
	});
	if (details.vendorCode !== undefined) error.context.vendorCode = details.vendorCode;
	return error;
}

/** What a value is, for the message: "an object with keys rows, total", "a list", "null". */
function describeShape(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return `a list of ${value.length}`;
	if (isRecord(value)) {
		const keys = Object.keys(value);
		return keys.length > 0
			? `an object with the keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`
			: 'an empty object';
	}
	return `a ${typeof value}`;
}

/** The error of an answer that is valid JSON but not the documented shape. */
export function unexpectedShape(
	node: INode,
	details: { path: string; expected: string; data: unknown; itemIndex?: number },
): NodeOperationError {
	return answerError(
		node,
		`The Contact Center API answered ${details.path} in an unexpected shape: ${details.expected} is missing`,
		{
			itemIndex: details.itemIndex,
			description:
				`Expected ${details.expected}, but "data" was ${describeShape(details.data)}. The node stops instead of returning an empty or partial result. ` +
				"Check that the credential's Base URL points at this Open API (not a gateway or another API version that answers differently), and quote this path to support.",
		},
	);
}

/** Any other failure (an expression n8n could not resolve, a bug) as a node error of its item, its message kept. */
export function unexpectedError(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, error instanceof Error ? error : String(error), {
		itemIndex,
	});
}

export type TransportFailureKind =
	| 'http'
	| 'html'
	| 'invalidJson'
	| 'timeout'
	| 'network'
	| 'cancelled';

export interface TransportFailure {
	kind: TransportFailureKind;
	httpStatus?: number;
	detail: string;
	baseUrl: string;
	attempts: number;
	/** A write is never retried; when its outcome is unknown the user must check before running again. */
	write?: boolean;
}

/** The error an HTTP client threw, reduced to what decides a retry and what the user is told. */
export function classifyThrown(
	error: unknown,
	aborted = false,
): { kind: 'timeout' | 'network' | 'cancelled'; detail: string } {
	const seen = new Set<unknown>();
	let current: unknown = error;
	let code = '';
	const messages: string[] = [];
	while (isRecord(current) && !seen.has(current)) {
		seen.add(current);
		if (!code && typeof current.code === 'string') code = current.code;
		if (typeof current.message === 'string' && current.message) messages.push(current.message);
		current = current.cause ?? current.reason;
	}
	// The HTTP client's own words (deepest in the chain, e.g. "connect ECONNREFUSED 127.0.0.1:8080"), the
	// same whether n8n wrapped the error (a node) or not (the credential test).
	const message = messages[messages.length - 1] ?? '';
	if (aborted) return { kind: 'cancelled', detail: message };
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || messages.some((m) => /timeout/i.test(m))) {
		return { kind: 'timeout', detail: redactUrlsIn([code, message].filter(Boolean).join(': ')) };
	}
	return {
		kind: 'network',
		detail: redactUrlsIn([code, message].filter(Boolean).join(': ')) || 'unknown network error',
	};
}

/** Why a connection failed, in words, from the client's error code and message. */
function networkHint(detail: string, baseUrl: string): string {
	const host = baseUrl.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/[/?#].*$/, '');
	if (/ENOTFOUND|EAI_AGAIN/.test(detail)) {
		return `The host name in the Base URL (${host}) could not be found (DNS). Check its spelling, and that this n8n server can resolve it.`;
	}
	if (/CERT|SELF_SIGNED|SSL|TLS|EPROTO|certificate/i.test(detail)) {
		return `The secure (HTTPS) connection to ${host} failed: its certificate is not trusted or does not match, or the address speaks plain HTTP. Check the Base URL's scheme (http:// or https://) and that the server presents a certificate this n8n server trusts.`;
	}
	if (/ECONNREFUSED/.test(detail)) {
		return `Nothing accepts connections at ${host}. Check the Base URL's host and port, and that the API is running and reachable from this n8n server.`;
	}
	if (/ECONNRESET|EPIPE|socket hang up/i.test(detail)) {
		return `The connection to ${host} was closed before an answer arrived. Retry later; if it persists, check the Base URL and any proxy between n8n and the API.`;
	}
	return `Check the credential's Base URL and that this n8n server can reach ${host}.`;
}

/** What an HTTP status most likely means here, and what to do. */
function statusHint(status: number, baseUrl: string): string {
	if (status === 429)
		return 'The API is rate limiting this tenant: lower Options → Parallel Requests, or wait and run again with fewer items per run.';
	if (status === 401 || status === 403) {
		return `The API refused access. Check the credential's App ID and App Secret, and that this server's clock is correct (signatures are valid for 5 minutes). ${SIGNATURE_ADVICE}`;
	}
	if (status === 404) {
		return `The path does not exist at ${baseUrl}. Check the credential's Base URL (the address of the Open API, without a path).`;
	}
	if (status === 502 || status === 503 || status === 504) {
		return 'The Contact Center API, or a gateway in front of it, is probably temporarily unavailable (an outage or maintenance). Retry later; if it persists, contact the provider.';
	}
	if (status >= 500)
		return 'The API had a server error. Retry later; if it persists, contact the provider.';
	return 'The API answered with an unexpected HTTP status.';
}

export function transportMessage(failure: TransportFailure): {
	message: string;
	description: string;
} {
	const retried = failure.attempts > 1 ? ` (tried ${failure.attempts} times)` : '';
	const baseUrl = redactUrl(failure.baseUrl);
	const status = failure.httpStatus ?? 0;
	switch (failure.kind) {
		case 'html': {
			const hint =
				status === 401 || status === 403 || status === 404 || status === 429 || status >= 500
					? statusHint(status, baseUrl)
					: `Check that the credential's Base URL (${baseUrl}) points at the Open API and not at a web page or a proxy error page.`;
			return {
				message: `The server answered HTTP ${status} with an HTML page instead of JSON${retried}`,
				description: hint,
			};
		}
		case 'invalidJson':
			return {
				message: `The server's answer (HTTP ${status}) is not valid JSON${retried}`,
				description: `The body was cut off or is not JSON: ${failure.detail}. Retry later; if it persists, check the Base URL (${baseUrl}).`,
			};
		case 'timeout':
			return {
				message: `The request timed out${retried}`,
				description: `No answer from ${baseUrl} within the credential's request timeout (${failure.detail}). Retry later, or raise the timeout in the credential.`,
			};
		case 'network':
			return {
				// The low-level code stays out of the message: n8n would replace such a message with a generic one.
				message: `Could not reach the Contact Center API at ${baseUrl}${retried}`,
				description: `${networkHint(failure.detail, baseUrl)} (${redactUrlsIn(failure.detail)})`,
			};
		case 'cancelled':
			return { message: 'The request was cancelled', description: 'The execution was stopped.' };
		default:
			return {
				message: `The Contact Center API answered HTTP ${status}${retried}`,
				description: `${statusHint(status, baseUrl)} ${failure.detail}`.trim(),
			};
	}
}

/** A definite refusal (4xx): the request was not applied, whatever it was. */
function refused(failure: TransportFailure): boolean {
	const status = failure.httpStatus ?? 0;
	return (failure.kind === 'http' || failure.kind === 'html') && status >= 400 && status < 500;
}

export function transportError(
	node: INode,
	failure: TransportFailure,
	itemIndex?: number,
): NodeApiError {
	const { message, description: base } = transportMessage(failure);
	const unknownOutcome =
		failure.write &&
		failure.kind !== 'cancelled' &&
		!refused(failure) &&
		!(failure.kind === 'http' && (failure.httpStatus ?? 0) < 400);
	const description = unknownOutcome
		? `${base} This request changes data, so it was not retried: the API may or may not have applied it. Check the record before running it again.`
		: base;
	const response: JsonObject = {
		kind: failure.kind,
		httpStatus: failure.httpStatus ?? null,
		attempts: failure.attempts,
	};
	const error = new NodeApiError(node, response, {
		message,
		description,
		httpCode: failure.httpStatus !== undefined ? String(failure.httpStatus) : undefined,
		itemIndex,
	});
	error.context.attempts = failure.attempts;
	return error;
}

/** The error of a service-record query whose `data` is not a list of records. */
export function recordListError(
	node: INode,
	kind: string,
	data: unknown,
	itemIndex?: number,
): NodeApiError {
	return new NodeApiError(node, { data: JSON.stringify(data).slice(0, 500) } as JsonObject, {
		message: `The ${kind} service-record query answered with ${Array.isArray(data) ? 'a list holding something other than records' : describeShape(data)} where the API returns a list of records`,
		description:
			'The spec answers "data" as an array of service records (an empty array when none match). Check that the Base URL points at the Contact Center Open API; nothing was output.',
		...(itemIndex !== undefined ? { itemIndex } : {}),
	});
}

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** What each vendor code of the spec means to a user, and what to do about it. */
export const VENDOR_CODE_HELP: Readonly<Record<string, string>> = {
	'03001004':
		'A customer with this phone number already exists. Use the "Create or Update" operation to update that customer instead, or change the phone number.',
	'00000400':
		'The API rejected a parameter: a required field is missing or invalid, a record does not exist, or the App ID was not accepted. If the message mentions the app id or signature, check the credential\'s App ID, App Secret and this server\'s clock.',
	'00000000400': 'The limit is above 1,000. Service-record queries return at most 1,000 records per request.',
	'03001023': 'A time is not in the format yyyy-MM-dd HH:mm:ss, or the start time is later than the end time.',
	'400':
		'The voice-agent interface rejected the request: a parameter is missing or invalid, or the App ID was not accepted. If the message mentions the appId or signature, check the credential.',
	'702': 'The caller number group does not exist or does not belong to this tenant. Pick one from the Caller Number Group list.',
	'801': 'The call task does not exist. Check the task ID (it must be one of this tenant\'s tasks).',
	'803': 'The voice agent does not exist, or its type does not match the Agent Type. Pick an agent from the list and check the Agent Type.',
	'806': 'The task\'s current state does not allow starting it (it may already be running or be finished).',
	'807': 'Only a running task can be paused.',
	'809': 'The task\'s current state does not allow importing customers (a running task must be paused first).',
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

export type TransportFailureKind = 'http' | 'html' | 'invalidJson' | 'timeout' | 'network' | 'cancelled';

export interface TransportFailure {
	kind: TransportFailureKind;
	httpStatus?: number;
	detail: string;
	baseUrl: string;
	attempts: number;
	/** A write is never retried; when its outcome is unknown the user must check before running again. */
	write?: boolean;
}

function transportMessage(failure: TransportFailure): { message: string; description: string } {
	const retried = failure.attempts > 1 ? ` (tried ${failure.attempts} times)` : '';
	switch (failure.kind) {
		case 'html':
			return {
				message: `The server answered HTTP ${failure.httpStatus} with an HTML page instead of JSON${retried}`,
				description: `Check that the credential's Base URL (${failure.baseUrl}) points at the Open API and not at a web page or a proxy error page.`,
			};
		case 'invalidJson':
			return {
				message: `The server's answer (HTTP ${failure.httpStatus}) is not valid JSON${retried}`,
				description: `The body was cut off or is not JSON: ${failure.detail}. Retry later; if it persists, check the Base URL (${failure.baseUrl}).`,
			};
		case 'timeout':
			return {
				message: `The request timed out${retried}`,
				description: `No answer from ${failure.baseUrl} within the credential's request timeout (${failure.detail}). Retry later, or raise the timeout in the credential.`,
			};
		case 'network':
			return {
				// The low-level code stays out of the message: n8n would replace such a message with a generic one.
				message: `Could not reach the Contact Center API at ${failure.baseUrl}${retried}`,
				description: `${failure.detail}. Check the credential's Base URL (${failure.baseUrl}) and that this n8n server can reach it.`,
			};
		case 'cancelled':
			return { message: 'The request was cancelled', description: 'The execution was stopped.' };
		default: {
			const status = failure.httpStatus ?? 0;
			const hint =
				status === 429
					? 'The API is rate limiting this tenant. Wait and run again, or lower the number of items per run.'
					: status === 404
						? `The path does not exist at ${failure.baseUrl}. Check the credential's Base URL.`
						: status === 401 || status === 403
							? 'The API refused access. Check the App ID and App Secret.'
							: status >= 500
								? 'The API had a server error. Retry later; if it persists, contact the provider.'
								: 'The API answered with an unexpected HTTP status.';
			return { message: `The Contact Center API answered HTTP ${status}${retried}`, description: `${hint} ${failure.detail}`.trim() };
		}
	}
}

export function transportError(node: INode, failure: TransportFailure, itemIndex?: number): NodeApiError {
	const { message, description: base } = transportMessage(failure);
	const unknownOutcome = failure.write && failure.kind !== 'cancelled' && !(failure.kind === 'http' && (failure.httpStatus ?? 0) < 500);
	const description = unknownOutcome
		? `${base} This request changes data, so it was not retried: the API may or may not have applied it. Check the record before running it again.`
		: base;
	const response: JsonObject = { kind: failure.kind, httpStatus: failure.httpStatus ?? null, attempts: failure.attempts };
	const error = new NodeApiError(node, response, {
		message,
		description,
		httpCode: failure.httpStatus !== undefined ? String(failure.httpStatus) : undefined,
		itemIndex,
	});
	error.context.attempts = failure.attempts;
	return error;
}

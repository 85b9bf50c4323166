import { type IHttpRequestOptions, sleep } from 'n8n-workflow';

import { backoffGateOf } from './backoff';
import {
	classifyThrown,
	transportError,
	vendorError,
	type TransportFailure,
	type VendorFailure,
} from './errors';
import { endpointPath, type Endpoint, type Envelope } from './endpoints';
import { parseJson, stringifyJson } from './json';
import type { JsonBodyValue } from '../input/issues';
import { CREDENTIAL_TYPE, readCredentialSettings, type RequestContext } from './credentialSettings';
import { isRecord } from '../input/values';

export interface ApiRequestOptions {
	method: 'GET' | 'POST';
	path: string;
	body?: JsonBodyValue;
	envelope: Envelope;
	/**
	 * Reads are retried on 429, 5xx, timeouts and network errors. Writes only on 429 (refused before
	 * it was applied); a write that failed any other way may have been applied, so it is never resent.
	 */
	kind: 'read' | 'write';
	itemIndex?: number;
}

export type EnvelopeResult<T> =
	| { ok: true; data: T; traceId?: string }
	| { ok: false; failure: VendorFailure };

/** Attempts of a read, and of a write answered 429 every time. */
export const MAX_READ_ATTEMPTS = 4;
const BACKOFF_BASE_MS = 250;
export const BACKOFF_MAX_MS = 4000;
/** A longer Retry-After is waited this long: a run never stalls for minutes on one header. */
export const RETRY_AFTER_MAX_MS = 10_000;

interface RawResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
}

function headerValue(headers: Record<string, unknown>, name: string): string {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '';
}

/** The wait before attempt `attempt + 1`: the Retry-After (capped), else exponential back-off (capped). */
export function retryDelayMs(attempt: number, headers?: Record<string, unknown>): number {
	const header = headers ? headerValue(headers, 'retry-after').trim() : '';
	// An absent header must not read as "Retry-After: 0" (Number('') is 0).
	const retryAfter = header === '' ? NaN : Number(header);
	if (Number.isFinite(retryAfter) && retryAfter >= 0)
		return Math.min(retryAfter * 1000, RETRY_AFTER_MAX_MS);
	return Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS);
}

function bodyText(body: unknown): string {
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	if (body === undefined || body === null) return '';
	return JSON.stringify(body);
}

function parseEnvelope<T>(
	envelope: Envelope,
	parsed: unknown,
	httpStatus: number,
): EnvelopeResult<T> | undefined {
	if (!isRecord(parsed)) return undefined;
	const traceId = typeof parsed.traceId === 'string' ? parsed.traceId : undefined;
	const code = parsed.code === undefined || parsed.code === null ? '' : String(parsed.code);
	const message = typeof parsed.message === 'string' ? parsed.message : '';
	const ok = envelope === 'A' ? parsed.success !== false && code === '200' : code === '200';
	if (ok) return { ok: true, data: parsed.data as T, traceId };
	// A body without a code is not an answer of the API (a gateway's or framework's error page in
	// JSON), unless envelope A says success false.
	if (!code && !(envelope === 'A' && parsed.success === false)) return undefined;
	return {
		ok: false,
		failure: { code: code || 'unknown', message, traceId, data: parsed.data, httpStatus },
	};
}

/** What an answer's body is: an HTML page, an envelope of the API (and the body it was read from), or neither. */
export type Answer<T> =
	| { kind: 'html' }
	| { kind: 'envelope'; result: EnvelopeResult<T>; body: Record<string, unknown> }
	| { kind: 'invalidJson'; detail: string };

/** Judges an answer's body, one way for every request and for the credential test. */
export function judgeAnswer<T>(
	envelope: Envelope,
	httpStatus: number,
	headers: Record<string, unknown> | undefined,
	body: unknown,
): Answer<T> {
	const text = bodyText(body);
	const contentType = headerValue(headers ?? {}, 'content-type');
	if (/html/i.test(contentType) || /^\s*</.test(text)) return { kind: 'html' };
	let parsed: unknown;
	try {
		parsed = parseJson(text);
	} catch (error) {
		return { kind: 'invalidJson', detail: error instanceof Error ? error.message : String(error) };
	}
	const result = parseEnvelope<T>(envelope, parsed, httpStatus);
	if (result === undefined)
		return { kind: 'invalidJson', detail: 'the body is not an API envelope' };
	return { kind: 'envelope', result, body: parsed as Record<string, unknown> };
}

/** One attempt's outcome: the answer, or why it failed, whether that may pass on a retry, and the headers to wait by. */
type Attempt<T> =
	| { result: EnvelopeResult<T> }
	| { failure: TransportFailure; transient: boolean; headers?: Record<string, unknown> };

/** What an HTTP answer is: the API's answer (a success, or a refusal with a 4xx), else a failure. */
function readResponse<T>(
	response: RawResponse,
	envelope: Envelope,
	failed: Pick<TransportFailure, 'baseUrl' | 'attempts' | 'write'>,
): Attempt<T> {
	const status = response.statusCode;
	const answer = judgeAnswer<T>(envelope, status, response.headers, response.body);
	const result = answer.kind === 'envelope' ? answer.result : undefined;
	if (status >= 200 && status < 300 && result) return { result };
	if (status >= 400 && status < 500 && status !== 429 && result && !result.ok) return { result };
	const kind =
		answer.kind === 'html' ? 'html' : status >= 200 && status < 300 ? 'invalidJson' : 'http';
	const detail =
		answer.kind === 'invalidJson' && kind === 'invalidJson'
			? answer.detail
			: result && !result.ok && result.failure.code !== 'unknown'
				? `The API said: ${result.failure.code} ${result.failure.message}`.trim()
				: '';
	// Only 429, 5xx and cut-off or garbled 2xx bodies are transient; any other 4xx (HTML or JSON) is an answer.
	const transient = status === 429 || status >= 500 || kind === 'invalidJson';
	const failure = { kind, httpStatus: status, detail, ...failed } as const;
	return { failure, transient, headers: response.headers };
}

/** Sends the request once (signed by the credential) and reads the answer; cancelled ends the request. */
async function attemptOnce<T>(
	this: RequestContext,
	request: IHttpRequestOptions,
	envelope: Envelope,
	failed: Pick<TransportFailure, 'baseUrl' | 'attempts' | 'write'>,
	signal: AbortSignal | undefined,
): Promise<Attempt<T>> {
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			request,
		)) as RawResponse;
		return readResponse<T>(response, envelope, failed);
	} catch (error) {
		const thrown = classifyThrown(error, signal?.aborted === true);
		const failure = { kind: thrown.kind, detail: thrown.detail, ...failed };
		return { failure, transient: thrown.kind !== 'cancelled' };
	}
}

/**
 * One request, signed by the credential, parsed losslessly, with envelope failures returned
 * (not thrown) so that callers that handle a vendor code themselves can. Transport failures throw.
 */
export async function requestEnvelope<T>(
	this: RequestContext,
	options: ApiRequestOptions,
): Promise<EnvelopeResult<T>> {
	const connection = await readCredentialSettings.call(this);
	const node = this.getNode();
	const write = options.kind === 'write';
	const baseUrl = connection.baseUrl;
	const signal = 'getExecutionCancelSignal' in this ? this.getExecutionCancelSignal() : undefined;
	const payload = options.method === 'POST' ? stringifyJson(options.body ?? {}) : undefined;
	const request = (): IHttpRequestOptions => ({
		method: options.method,
		url: baseUrl + options.path,
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: payload,
		json: false,
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: connection.timeoutMs,
	});
	const gate = backoffGateOf(this);
	let lastFailure: TransportFailure | undefined;
	for (let attempt = 1; attempt <= MAX_READ_ATTEMPTS; attempt++) {
		await gate?.pass();
		if (signal?.aborted) {
			const cancelled = { kind: 'cancelled', detail: '', baseUrl, attempts: attempt - 1 } as const;
			throw transportError(node, cancelled, options.itemIndex);
		}
		const failed = { baseUrl, attempts: attempt, write };
		const outcome = await attemptOnce.call<
			RequestContext,
			[IHttpRequestOptions, Envelope, typeof failed, AbortSignal | undefined],
			Promise<Attempt<T>>
		>(this, request(), options.envelope, failed, signal);
		if ('result' in outcome) return outcome.result;
		lastFailure = outcome.failure;
		if (!outcome.transient) break;
		// In a parallel run the back-off holds every request of the run, a write's failure included.
		const delay = retryDelayMs(attempt, outcome.headers);
		if (gate) gate.hold(delay);
		// A 429 refused the request before applying it, so a write is sent again like a read; a write
		// that failed any other way (5xx, time-out, reset, garbled body) may have been applied: never resent.
		if (write && lastFailure.httpStatus !== 429) break;
		if (!gate && attempt < MAX_READ_ATTEMPTS) await sleep(delay);
	}
	throw transportError(node, lastFailure as TransportFailure, options.itemIndex);
}

/** A request whose envelope failure becomes a NodeApiError with the vendor code explained. */
export async function apiRequest<T>(this: RequestContext, options: ApiRequestOptions): Promise<T> {
	const result = await requestEnvelope.call<
		RequestContext,
		[ApiRequestOptions],
		Promise<EnvelopeResult<T>>
	>(this, options);
	if (result.ok) return result.data;
	throw vendorError(this.getNode(), result.failure, options.itemIndex);
}

/** What a call of one endpoint of `ENDPOINTS` carries. */
export interface EndpointCall {
	body?: JsonBodyValue;
	/** Values of the path's `{name}` parameters. */
	pathParams?: Record<string, string>;
	itemIndex?: number;
}

function endpointOptions(endpoint: Endpoint, call: EndpointCall): ApiRequestOptions {
	return {
		method: endpoint.method,
		path: endpointPath(endpoint, call.pathParams),
		body: call.body,
		envelope: endpoint.envelope,
		kind: endpoint.kind,
		itemIndex: call.itemIndex,
	};
}

/** One call of an endpoint: its `data`, unchecked (the API layer checks the shape), or a thrown NodeApiError. */
export async function callEndpoint(
	this: RequestContext,
	endpoint: Endpoint,
	call: EndpointCall = {},
): Promise<unknown> {
	return await apiRequest.call(this, endpointOptions(endpoint, call));
}

/** One call of an endpoint with the envelope's failure returned, for callers that handle a vendor code. */
export async function callEndpointForEnvelope(
	this: RequestContext,
	endpoint: Endpoint,
	call: EndpointCall = {},
): Promise<EnvelopeResult<unknown>> {
	return await requestEnvelope.call(this, endpointOptions(endpoint, call));
}

// A signed HTTP client for the sandbox's tests and load script, with its own signing (node:crypto),
// able to send tampered requests: any header replaced or removed, a skewed timestamp, a raw body.

import { createHmac } from 'node:crypto';
import { request } from 'undici';

import { parseJsonLossless } from './lib/json';
import type { SignatureOrderName } from './types';

export function sign(
	appId: string,
	appSecret: string,
	timestamp: string,
	nonce: string,
	order: SignatureOrderName = 'appIdTimestampNonce',
): string {
	const message =
		order === 'appIdNonceTimestamp'
			? `${appId}${nonce}${timestamp}`
			: order === 'timestampNonceAppId'
				? `${timestamp}${nonce}${appId}`
				: `${appId}${timestamp}${nonce}`;
	return createHmac('sha256', appSecret).update(message).digest('base64');
}

// Counting nonces never collide within a process (random 6-digit ones would, by the birthday bound).
let nonceCounter = Math.floor(Math.random() * 900_000);

export function freshNonce(): string {
	nonceCounter = (nonceCounter + 1) % 900_000;
	return String(100_000 + nonceCounter);
}

export interface RequestOptions {
	method?: string;
	/** Sent as JSON.stringify(body) unless rawBody is given. */
	body?: unknown;
	rawBody?: string;
	/** Extra or replacing headers; null removes a header the client would send. */
	headers?: Record<string, string | null>;
	appId?: string;
	appSecret?: string;
	timestamp?: string;
	/** Added to the local clock's timestamp. */
	skewSeconds?: number;
	nonce?: string;
	/** Replaces the computed signature. */
	signature?: string;
	/** Aborts the request (e.g. AbortSignal.timeout(ms) for a client-side timeout). */
	signal?: AbortSignal;
}

export interface ApiResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	/** The body parsed losslessly (big integers as strings); undefined when it is not JSON. */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
	json: any;
}

export class SignedClient {
	/** Unix seconds the client signs with; replace it to follow a frozen or shifted server clock. */
	now: () => number = () => Math.floor(Date.now() / 1000);

	constructor(
		readonly baseUrl: string,
		readonly appId: string,
		readonly appSecret: string,
		/** The order of a sandbox started with another `signatureOrder`. */
		readonly signatureOrder: SignatureOrderName = 'appIdTimestampNonce',
	) {}

	/** Signs with this instant from now on (for a server clock frozen with `freezeAt`). */
	freezeAt(iso: string): this {
		const seconds = Math.floor(Date.parse(iso) / 1000);
		this.now = () => seconds;
		return this;
	}

	/** The headers a well-behaved client sends for one request. */
	signedHeaders(opts: RequestOptions = {}): Record<string, string> {
		const appId = opts.appId ?? this.appId;
		const timestamp = opts.timestamp ?? String(this.now() + (opts.skewSeconds ?? 0));
		const nonce = opts.nonce ?? freshNonce();
		return {
			appid: appId,
			nonce,
			timestamp,
			signature:
				opts.signature ??
				sign(appId, opts.appSecret ?? this.appSecret, timestamp, nonce, this.signatureOrder),
			'content-type': 'application/json',
		};
	}

	async request(path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
		const headers: Record<string, string> = this.signedHeaders(opts);
		for (const [name, value] of Object.entries(opts.headers ?? {})) {
			delete headers[name.toLowerCase()];
			if (value !== null) headers[name] = value;
		}
		const method = opts.method ?? 'POST';
		const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
		const res = await request(this.baseUrl + path, {
			method: method as 'POST',
			headers,
			body,
			signal: opts.signal,
		});
		const text = await res.body.text();
		let json: unknown;
		try {
			json = parseJsonLossless(text);
		} catch {
			json = undefined;
		}
		return { status: res.statusCode, headers: res.headers, text, json };
	}

	post(path: string, body: unknown, opts: RequestOptions = {}): Promise<ApiResponse> {
		return this.request(path, { ...opts, body });
	}

	get(path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
		return this.request(path, { ...opts, method: 'GET' });
	}
}

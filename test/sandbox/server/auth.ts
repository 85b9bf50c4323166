import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Clock } from '../lib/time';
import type { Tenant } from '../state/tenant';

// Verification of the signing scheme of docs/node-contract.md, written independently of the
// package's own signing code: signature = base64(HMAC-SHA256(appSecret, message)), the message
// appId + timestamp + nonce by default, or the order the sandbox was started with (`signatureOrder`):
// the API's documentation does not publish it, so the tests run the credential against each.

/** Nonces a tenant has used recently; bounded, oldest forgotten first. */
export class NonceStore {
	// Insertion order is expiry order while the clock moves forward, so sweeping stops at the first live entry.
	private readonly expiries = new Map<string, number>();

	constructor(
		private readonly ttlMs: number,
		private readonly maxEntries = 1_000_000,
	) {}

	isLive(key: string, nowMs: number): boolean {
		const expiry = this.expiries.get(key);
		// Inclusive: a request signed at T is still inside the timestamp window at T + 300 s.
		return expiry !== undefined && expiry >= nowMs;
	}

	remember(key: string, nowMs: number): void {
		this.expiries.delete(key);
		this.expiries.set(key, nowMs + this.ttlMs);
		this.sweep(nowMs);
		while (this.expiries.size > this.maxEntries)
			this.expiries.delete(this.expiries.keys().next().value as string);
	}

	count(nowMs: number): number {
		this.sweep(nowMs);
		return this.expiries.size;
	}

	private sweep(nowMs: number): void {
		for (const [key, expiry] of this.expiries) {
			if (expiry >= nowMs) break;
			this.expiries.delete(key);
		}
	}
}

/** The three orders of appId, timestamp (t) and nonce (n) the credential offers. */
export const SANDBOX_SIGNATURE_ORDERS = [
	'appIdTimestampNonce',
	'appIdNonceTimestamp',
	'timestampNonceAppId',
] as const;
export type SandboxSignatureOrder = (typeof SANDBOX_SIGNATURE_ORDERS)[number];

export function isSandboxSignatureOrder(value: unknown): value is SandboxSignatureOrder {
	return (SANDBOX_SIGNATURE_ORDERS as readonly unknown[]).includes(value);
}

export interface AuthSettings {
	clockSkewSeconds: number;
	nonceReplayKey: 'nonce' | 'timestamp+nonce';
	/** The order this API joins appId, timestamp and nonce in before signing. */
	signatureOrder: SandboxSignatureOrder;
}

export interface AuthResult {
	tenant?: Tenant;
	signatureValid: boolean;
	/** Why the request is refused; absent when it is accepted. */
	error?: string;
}

export function expectedSignature(
	appId: string,
	appSecret: string,
	timestamp: string,
	nonce: string,
	order: SandboxSignatureOrder = 'appIdTimestampNonce',
): string {
	const parts = {
		appIdTimestampNonce: [appId, timestamp, nonce],
		appIdNonceTimestamp: [appId, nonce, timestamp],
		timestampNonceAppId: [timestamp, nonce, appId],
	}[order];
	return createHmac('sha256', appSecret).update(parts.join(''), 'utf8').digest('base64');
}

function signatureMatches(given: string, expected: string): boolean {
	const a = Buffer.from(given, 'utf8');
	const b = Buffer.from(expected, 'utf8');
	return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the four authentication headers (lower-case names, repeated ones joined). With `consume`, an accepted request's nonce is remembered
 * (a request hit by a fault before reaching the service does not use up its nonce).
 * Messages never contain the secret or the expected signature.
 */
export function authenticate(
	headers: Readonly<Record<string, string>>,
	tenants: ReadonlyMap<string, Tenant>,
	clock: Clock,
	settings: AuthSettings,
	consume: boolean,
): AuthResult {
	const { appid: appId, nonce, timestamp, signature } = headers;
	if (!appId) return { signatureValid: false, error: 'appid header is missing' };
	const tenant = tenants.get(appId);
	if (!tenant)
		return { signatureValid: false, error: `unknown appid ${JSON.stringify(appId.slice(0, 64))}` };
	if (!signature) return { tenant, signatureValid: false, error: 'signature header is missing' };
	if (!timestamp) return { tenant, signatureValid: false, error: 'timestamp header is missing' };
	if (!nonce) return { tenant, signatureValid: false, error: 'nonce header is missing' };
	const signatureValid = signatureMatches(
		signature,
		expectedSignature(appId, tenant.appSecret, timestamp, nonce, settings.signatureOrder),
	);
	const refuse = (error: string): AuthResult => ({ tenant, signatureValid, error });
	if (nonce.length > 64) return refuse('nonce must be at most 64 characters');
	if (!/^\d{10}$/.test(timestamp))
		return refuse('timestamp must be Unix time in seconds (10 digits)');
	const skew = Number(timestamp) - clock.nowSeconds();
	if (Math.abs(skew) > settings.clockSkewSeconds) {
		return refuse(
			`timestamp is ${Math.abs(skew)} s ${skew < 0 ? 'behind' : 'ahead of'} the server clock (allowed: ${settings.clockSkewSeconds} s)`,
		);
	}
	if (!signatureValid) return refuse('signature mismatch');
	const replayKey = settings.nonceReplayKey === 'nonce' ? nonce : `${timestamp}:${nonce}`;
	const nowMs = clock.nowMs();
	if (tenant.nonces.isLive(replayKey, nowMs)) return refuse('nonce has already been used');
	if (consume) tenant.nonces.remember(replayKey, nowMs);
	return { tenant, signatureValid };
}

import { createHmac, randomInt } from 'node:crypto';

/** Orders in which appId, timestamp and nonce can be joined into the signed message. */
export const SIGNATURE_ORDERS = [
	'appIdTimestampNonce',
	'appIdNonceTimestamp',
	'timestampNonceAppId',
] as const;
export type SignatureOrder = (typeof SIGNATURE_ORDERS)[number];

/** Each order as the credential's Signature Order option names it. */
export const SIGNATURE_ORDER_NAMES: Readonly<Record<SignatureOrder, string>> = {
	appIdTimestampNonce: 'App ID + Timestamp + Nonce',
	appIdNonceTimestamp: 'App ID + Nonce + Timestamp',
	timestampNonceAppId: 'Timestamp + Nonce + App ID',
};

/** The documented default: message = appId + timestamp + nonce. */
export const DEFAULT_SIGNATURE_ORDER: SignatureOrder = 'appIdTimestampNonce';

export interface SignatureInput {
	appId: string;
	appSecret: string;
	timestamp: string;
	nonce: string;
	order?: SignatureOrder;
}

export interface SignedHeaders {
	appid: string;
	nonce: string;
	timestamp: string;
	signature: string;
}

export function signatureMessage(input: Omit<SignatureInput, 'appSecret'>): string {
	const { appId, timestamp, nonce } = input;
	switch (input.order ?? DEFAULT_SIGNATURE_ORDER) {
		case 'appIdNonceTimestamp':
			return appId + nonce + timestamp;
		case 'timestampNonceAppId':
			return timestamp + nonce + appId;
		default:
			return appId + timestamp + nonce;
	}
}

/** base64(HMAC-SHA256(key = appSecret, message)). Pure: same input, same output. */
export function computeSignature(input: SignatureInput): string {
	return createHmac('sha256', input.appSecret)
		.update(signatureMessage(input), 'utf8')
		.digest('base64');
}

/** How long a nonce must not repeat: the API refuses a nonce it saw within 5 minutes. */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;
const NONCE_SPACE = 1_000_000;

/**
 * Issues random 6-digit nonces that never repeat within the window in this process. With purely
 * random draws, two of ~1,200 requests in 5 minutes would share a nonce half the time, and the API
 * would refuse the second.
 */
export class NonceIssuer {
	private readonly issued = new Map<string, number>();

	constructor(private readonly windowMs = NONCE_WINDOW_MS) {}

	next(nowMs: number): string {
		for (const [nonce, at] of this.issued) {
			if (nowMs - at <= this.windowMs) break;
			this.issued.delete(nonce);
		}
		// Past half the space, random draws get slow; the window is then reused oldest-first.
		if (this.issued.size >= NONCE_SPACE / 2) {
			const oldest = this.issued.keys().next().value as string;
			this.issued.delete(oldest);
		}
		let nonce: string;
		do {
			nonce = randomInt(0, NONCE_SPACE).toString().padStart(6, '0');
		} while (this.issued.has(nonce));
		this.issued.set(nonce, nowMs);
		return nonce;
	}
}

const processNonces = new NonceIssuer();

/** A fresh random 6-digit decimal nonce (leading zeros kept), not repeated within 5 minutes. */
export function createNonce(nowMs: number = Date.now()): string {
	return processNonces.next(nowMs);
}

/** Unix time in whole seconds, as the 10-digit string the API expects. */
export function unixTimestamp(nowMs: number): string {
	return Math.floor(nowMs / 1000).toString();
}

export function isSignatureOrder(value: unknown): value is SignatureOrder {
	return typeof value === 'string' && (SIGNATURE_ORDERS as readonly string[]).includes(value);
}

/** The four authentication headers for one request, with a fresh nonce and the current time. */
export function signRequest(
	credentials: { appId: string; appSecret: string; order?: SignatureOrder },
	nowMs: number,
	nonce: string = createNonce(nowMs),
): SignedHeaders {
	const timestamp = unixTimestamp(nowMs);
	const signature = computeSignature({ ...credentials, timestamp, nonce });
	return { appid: credentials.appId, nonce, timestamp, signature };
}

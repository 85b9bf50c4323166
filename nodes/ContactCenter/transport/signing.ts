import { createHmac, randomInt } from 'node:crypto';

/** Orders in which appId, timestamp and nonce can be joined into the signed message. */
export const SIGNATURE_ORDERS = ['appIdTimestampNonce', 'appIdNonceTimestamp', 'timestampNonceAppId'] as const;
export type SignatureOrder = (typeof SIGNATURE_ORDERS)[number];

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
	return createHmac('sha256', input.appSecret).update(signatureMessage(input), 'utf8').digest('base64');
}

/** A fresh random 6-digit decimal nonce (leading zeros kept). */
export function createNonce(): string {
	return randomInt(0, 1_000_000).toString().padStart(6, '0');
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
	nonce: string = createNonce(),
): SignedHeaders {
	const timestamp = unixTimestamp(nowMs);
	const signature = computeSignature({ ...credentials, timestamp, nonce });
	return { appid: credentials.appId, nonce, timestamp, signature };
}

import { createHmac } from 'node:crypto';

import { ContactCenterApi } from '../../credentials/ContactCenterApi.credentials';
import {
	computeSignature,
	createNonce,
	NonceIssuer,
	signRequest,
	signatureMessage,
	unixTimestamp,
} from '../../nodes/ContactCenter/transport/signing';

// Golden vector: fixed secret, app id, timestamp and nonce. The expected value is computed here
// independently with node:crypto and also pinned as a literal, so a change to either side fails.
const VECTOR = {
	appId: '1090',
	appSecret: 'demo-secret',
	timestamp: '1763800000',
	nonce: '042137',
};
// Pinned with a third implementation: printf '%s' 10901763800000042137 | openssl dgst -sha256 -hmac demo-secret -binary | base64
const PINNED = '0+4W0tyQxoxN/V5KxiVdSS8QEEIaPBVbbDKT7SKzEAc=';

function independent(secret: string, message: string): string {
	return createHmac('sha256', Buffer.from(secret, 'utf8'))
		.update(Buffer.from(message, 'utf8'))
		.digest('base64');
}

describe('signing (docs/node-contract.md default: base64(HMAC-SHA256(appSecret, appId + timestamp + nonce)))', () => {
	it('matches the golden vector computed independently', () => {
		const expected = independent(VECTOR.appSecret, '1090' + '1763800000' + '042137');
		expect(computeSignature(VECTOR)).toBe(expected);
		expect(expected).toBe(PINNED);
		expect(expected).toHaveLength(44);
	});

	it.each([
		[undefined, '10901763800000042137'],
		['appIdNonceTimestamp', '10900421371763800000'],
		['timestampNonceAppId', '17638000000421371090'],
	] as const)(
		'joins the message in order %s (default appId, timestamp, nonce)',
		(order, message) => {
			expect(signatureMessage({ ...VECTOR, order })).toBe(message);
			expect(computeSignature({ ...VECTOR, order })).toBe(independent(VECTOR.appSecret, message));
		},
	);

	it('a different secret or nonce changes the signature', () => {
		expect(computeSignature({ ...VECTOR, appSecret: 'other' })).not.toBe(PINNED);
		expect(computeSignature({ ...VECTOR, nonce: '042138' })).not.toBe(PINNED);
	});

	it('uses a 10-digit seconds timestamp and a fresh 6-digit nonce', () => {
		expect(unixTimestamp(1763800000999)).toBe('1763800000');
		const nonces = new Set(Array.from({ length: 200 }, () => createNonce()));
		for (const nonce of nonces) expect(nonce).toMatch(/^\d{6}$/);
		expect(nonces.size).toBeGreaterThan(190);
	});

	it('never repeats a nonce within the 5-minute window, and forgets nonces older than it', () => {
		const issuer = new NonceIssuer(1000);
		const first = Array.from({ length: 20000 }, () => issuer.next(0));
		expect(new Set(first).size).toBe(20000);
		// after the window the same values may come again, and the issuer's memory is released
		const later = issuer.next(5000);
		expect(later).toMatch(/^\d{6}$/);
		expect((issuer as unknown as { issued: Map<string, number> }).issued.size).toBe(1);
	});

	it('signRequest produces the four headers', () => {
		const headers = signRequest(
			{ appId: '1090', appSecret: 'demo-secret' },
			1763800000123,
			'042137',
		);
		expect(headers).toEqual({
			appid: '1090',
			nonce: '042137',
			timestamp: '1763800000',
			signature: PINNED,
		});
	});
});

describe('credential authenticate', () => {
	const credential = new ContactCenterApi();

	it('returns a copy with the signed headers added and existing headers kept', async () => {
		const original = {
			url: 'http://127.0.0.1/x',
			method: 'POST' as const,
			headers: { 'X-Keep': 'yes' },
		};
		const before = Date.now();
		const values = { baseUrl: 'http://127.0.0.1', appId: '1090', appSecret: 'demo-secret' };
		const signed = await credential.authenticate(
			{ ...values, timezone: 'Asia/Shanghai' },
			original,
		);
		expect(signed).not.toBe(original);
		expect(original.headers).toEqual({ 'X-Keep': 'yes' });
		const headers = signed.headers as Record<string, string>;
		expect(headers['X-Keep']).toBe('yes');
		expect(headers.appid).toBe('1090');
		expect(headers.nonce).toMatch(/^\d{6}$/);
		expect(Number(headers.timestamp)).toBeGreaterThanOrEqual(Math.floor(before / 1000));
		expect(headers.signature).toBe(
			independent('demo-secret', '1090' + headers.timestamp + headers.nonce),
		);
		expect(JSON.stringify(signed)).not.toContain('demo-secret');
	});

	it('marks the secret as a password and keeps the contract fields', () => {
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(Object.keys(byName)).toEqual(
			expect.arrayContaining(['baseUrl', 'appId', 'appSecret', 'timezone']),
		);
		expect(byName.appSecret.typeOptions?.password).toBe(true);
		expect(byName.timezone.default).toBe('Asia/Shanghai');
		expect(credential.name).toBe('contactCenterApi');
		expect(credential.displayName).toBe('Contact Center API');
	});
});

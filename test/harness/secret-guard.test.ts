/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code, not shipped */
import { assertNoSecret, SecretLeakError } from './secret-guard';
import type { LogEntry } from '../sandbox/types';

describe('the secret guard every harness call runs', () => {
	const secret = 'guard-secret-1234';

	it('passes when the secret is absent', () => {
		expect(() =>
			assertNoSecret(secret, { items: [{ json: { a: 1 } }], logs: ['fine'] }),
		).not.toThrow();
	});

	it('finds the secret in items, errors (including non-enumerable message and stack) and logs', () => {
		expect(() => assertNoSecret(secret, { items: [{ json: { note: 'x' + secret } }] })).toThrow(
			SecretLeakError,
		);
		expect(() => assertNoSecret(secret, { error: new Error('bad ' + secret) })).toThrow(
			'The app secret appeared in error',
		);
		expect(() => assertNoSecret(secret, { logs: [{ message: secret }] })).toThrow('logs');
	});

	it('finds the secret in what was sent', () => {
		const request = {
			seq: 7,
			path: '/x',
			headers: { signature: 'abc' },
			rawBody: '{"s":"' + secret + '"}',
		} as unknown as LogEntry;
		expect(() => assertNoSecret(secret, {}, [request])).toThrow('request #7 (/x)');
	});
});

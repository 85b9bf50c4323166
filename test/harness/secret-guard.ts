/**
 * Every harness call checks that the credential's app secret appears nowhere in what it returns:
 * output items, the error (message, description, context), log lines, static data, and what the
 * sandbox received (headers and body). The whole suite thereby asserts, on every run, that the
 * secret is never sent, output, logged or put in an error.
 */
import type { LogEntry } from '../sandbox/types';

export class SecretLeakError extends Error {}

function serialise(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, v: unknown) => {
		if (v instanceof Error) return { ...v, name: v.name, message: v.message, stack: v.stack };
		if (typeof v === 'bigint') return v.toString();
		if (typeof v === 'object' && v !== null) {
			if (seen.has(v)) return undefined;
			seen.add(v);
		}
		return v;
	});
}

/** Throws when `secret` occurs in any of the named parts. A secret shorter than 4 characters is not checked. */
export function assertNoSecret(
	secret: string | undefined,
	parts: Record<string, unknown>,
	requests: LogEntry[] = [],
): void {
	if (!secret || secret.length < 4) return;
	for (const [name, value] of Object.entries(parts)) {
		if (value !== undefined && serialise(value).includes(secret)) {
			throw new SecretLeakError(`The app secret appeared in ${name}`);
		}
	}
	for (const request of requests) {
		if (serialise(request.headers).includes(secret) || request.rawBody.includes(secret)) {
			throw new SecretLeakError(
				`The app secret was sent to the API in request #${request.seq} (${request.path})`,
			);
		}
	}
}

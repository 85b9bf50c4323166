import type { Fields, Json } from '../lib/validate';
import type { Tenant } from '../state/tenant';

/** A: `{success, code: '200', message, data, traceId}`; B (voice-agent outbound): `{code: 200, data, message, traceId}`. */
export type Envelope = 'A' | 'B';

export interface HandlerContext {
	tenant: Tenant;
	/** The JSON body (an object; `{}` for a bodiless GET). */
	body: Json;
	/** A reader of `body` that fails with the envelope's parameter error. */
	f: Fields;
	/** Path parameters, e.g. `{ id }` of `/openapi/crm/{id}`. */
	params: Record<string, string>;
}

/** Returns the envelope's `data`, or throws an ApiError for a failure answered inside the envelope. */
export type Handler = (ctx: HandlerContext) => unknown;

export interface RouteDef {
	method: 'GET' | 'POST';
	/** Literal path; `{name}` segments capture a path parameter. */
	path: string;
	handler: Handler;
}

/** A POST route: every endpoint but the two customer GETs. */
export function post(path: string, handler: Handler): RouteDef {
	return { method: 'POST', path, handler };
}

/** The envelope every path answers in: the voice-agent outbound interface uses B, the rest A. */
export function envelopeOf(path: string): Envelope {
	return path.startsWith('/openapi/agent/') ? 'B' : 'A';
}

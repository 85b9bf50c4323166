/**
 * Every endpoint of the Contact Center Open API this package calls, in one table: the only place a
 * path is spelled. `kind` decides retries (reads are retried on 429, 5xx, timeouts and network
 * errors; writes are sent exactly once); `envelope` how the answer is read.
 */

/** Envelope A (`success`, string `code`) or envelope B (integer `code`, the voice-agent interface). */
export type Envelope = 'A' | 'B';

export interface Endpoint {
	readonly method: 'GET' | 'POST';
	/** The path; `{name}` marks a path parameter, filled in by `endpointPath`. */
	readonly path: string;
	readonly envelope: Envelope;
	readonly kind: 'read' | 'write';
}

const read = (path: string, envelope: Envelope, method: 'GET' | 'POST' = 'POST'): Endpoint => ({
	method,
	path,
	envelope,
	kind: 'read',
});
const write = (path: string, envelope: Envelope): Endpoint => ({
	method: 'POST',
	path,
	envelope,
	kind: 'write',
});

export const ENDPOINTS = {
	// Customers (CRM)
	customerAdd: write('/openapi/crm/add', 'A'),
	customerUpdate: write('/openapi/crm/update', 'A'),
	customerDelete: write('/openapi/crm/delete', 'A'),
	customerList: read('/openapi/crm/list', 'A'),
	/** The spec's table path; the spec's sample uses /openapi/crm/findById/{id}. */
	customerGet: read('/openapi/crm/{id}', 'A', 'GET'),
	/** Also the credential test: a cheap read that a wrong App ID or secret answers with success false. */
	customerFieldList: read('/openapi/crm/config/field/list', 'A'),

	// Service groups
	serviceGroupList: read('/openapi/platform/v1/group/list', 'A'),
	serviceGroupCreate: write('/openapi/platform/v1/group/create', 'A'),
	serviceGroupUpdate: write('/openapi/platform/v1/group/update', 'A'),
	serviceGroupDelete: write('/openapi/platform/v1/group/delete', 'A'),

	// Display-number groups
	displayGroupQuery: read('/openapi/call/web/v1/number/group/query', 'A'),
	displayGroupCreate: write('/openapi/call/web/v1/number/group/create', 'A'),
	displayGroupUpdate: write('/openapi/call/web/v1/number/group/update', 'A'),
	displayGroupDelete: write('/openapi/call/web/v1/number/group/delete', 'A'),

	// Service records
	callRecordQuery: read('/openapi/crm/service-record/call/query', 'A'),
	imRecordQuery: read('/openapi/crm/service-record/im/query', 'A'),

	// Voice-agent interface (envelope B)
	voiceAgentQuery: read('/openapi/agent/web/v1/agent/query', 'B'),
	callerNumberGroupQuery: read('/openapi/agent/web/v1/number/group/query', 'B'),
	callTaskQuery: read('/openapi/agent/web/v1/callTask/query', 'B'),
	callTaskCreate: write('/openapi/agent/web/v1/callTask/create', 'B'),
	callTaskImport: write('/openapi/agent/web/v1/callTask/import', 'B'),
	callTaskOperate: write('/openapi/agent/web/v1/callTask/operate', 'B'),
} as const satisfies Record<string, Endpoint>;

/** The endpoint's path with its `{name}` parameters filled in, URI-encoded. */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
	return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
		encodeURIComponent(params[name] ?? ''),
	);
}

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code, not shipped */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { VENDOR_CODE_HELP } from '../../nodes/ContactCenter/transport/errors';
import { retryDelayMs } from '../../nodes/ContactCenter/transport';

import { nodeRunner, type CredentialValues } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import type { FaultSpec } from '../sandbox/control';
import { ApiProbe, GROUP_LIST_PATH } from '../harness/fixtures/ApiProbe.node';

// A secret that cannot appear by accident: runNode searches every output, error, log line and request for it.
const SECRET = 'S3cr3t-transport-7f1c2e9a';
const APP_ID = '20001';
const AGENT_PATH = '/openapi/agent/web/v1/agent/query';
const OPERATE_PATH = '/openapi/agent/web/v1/callTask/operate';
// Written out, not read from transport/index.ts: a change of how often a read is sent fails here.
const READ_ATTEMPTS = 4;

const tenant = { appId: APP_ID, appSecret: SECRET };
const sandbox = useSandbox({ tenants: [tenant] });
const { control } = sandbox;
/** The tenant's credentials, with a change. */
const withCredentials = (change: Partial<CredentialValues>) => ({
	credentials: { ...sandbox.credentials(tenant), ...change },
});

beforeEach(async () => {
	await control.reset();
});

/** One request through the transport: POST, envelope A, a read with body `{}` unless told otherwise. */
const probe = nodeRunner(sandbox, tenant, { nodeType: ApiProbe });
const listAgents = nodeRunner(sandbox, tenant, {
	nodeType: ContactCenter,
	parameters: { resource: 'voiceAgent', operation: 'getAll', returnAll: true },
});

describe('signing against the sandbox', () => {
	it('every request carries appid, nonce, timestamp and a valid signature, and never the secret', async () => {
		await control.seedAgents({ appId: APP_ID, count: 3 });
		const result = await listAgents({});
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		const [request] = result.requests;
		expect(request.signatureValid).toBe(true);
		expect(request.headers.appid).toBe(APP_ID);
		expect(request.headers.nonce).toMatch(/^\d{6}$/);
		expect(request.headers.timestamp).toMatch(/^\d{10}$/);
		expect(request.headers.signature).toHaveLength(44);
		expect(request.headers['content-type']).toContain('application/json');
	});

	it('a wrong secret is rejected by the API and reported as an authentication problem', async () => {
		const result = await listAgents({}, withCredentials({ appSecret: 'not-the-secret' }));
		expect(result.requests).toHaveLength(1);
		expect(result.requests[0].signatureValid).toBe(false);
		expect(result.error?.message).toMatch(/^Contact Center error 400: /);
		expect(result.error?.description).toContain('check the credential');
		expect(JSON.stringify(result.error)).not.toContain('not-the-secret');
	});

	it('an unknown app id on an envelope-A endpoint gives 00000400 with the credential hint', async () => {
		const result = await probe({ path: GROUP_LIST_PATH }, withCredentials({ appId: '99999' }));
		expect(result.error?.message).toMatch(/^Contact Center error 00000400: /);
		expect(result.error?.description).toContain("credential's App ID");
	});
});

describe('vendor error codes become clear node errors', () => {
	const codesA = ['03001004', '00000400', '00000000400', '03001023'];
	const codesB = ['400', '702', '801', '803', '806', '807', '809', '810', '813'];

	const B = { path: AGENT_PATH, envelope: 'B', body: '{"pageNo":1,"pageSize":10}' } as const;
	it.each([
		...codesA.map((code) => ['A', code, { path: GROUP_LIST_PATH }, code] as const),
		...codesB.map((code) => ['B', code, B, Number(code)] as const),
	])('envelope %s code %s', async (_envelope, code, request, envelopeCode) => {
		const envelopeMessage = `vendor says ${code}`;
		await control.addFault({
			pathPattern: request.path,
			kind: 'envelope',
			envelopeCode,
			envelopeMessage,
		});
		const result = await probe(request);
		expect(result.error?.message).toBe(`Contact Center error ${code}: vendor says ${code}`);
		expect(result.error?.description).toContain(VENDOR_CODE_HELP[code]);
		expect(result.error?.context?.vendorCode).toBe(code);
		// envelope errors are answers, not transport faults: never retried
		expect(result.requests).toHaveLength(1);
	});

	it('quotes the trace id of the failed request', async () => {
		await control.addFault({
			pathPattern: GROUP_LIST_PATH,
			kind: 'envelope',
			envelopeCode: '00000400',
		});
		const result = await probe({ path: GROUP_LIST_PATH });
		const traceId = String(result.error?.context?.traceId ?? '');
		expect(traceId).toMatch(/^[0-9a-f]{32}$/);
		expect(result.error?.description).toContain(`Trace ID ${traceId}`);
	});
});

describe('retries: reads only, bounded', () => {
	// What makes a read retriable, each failing every attempt, and the message the user reads.
	const TRANSIENT: Array<[string, Omit<FaultSpec, 'pathPattern'>]> = [
		...[429, 500, 502, 503, 504].map((status): [string, Omit<FaultSpec, 'pathPattern'>] => [
			`HTTP ${status}`,
			{ kind: 'status', status, retryAfterSeconds: 0 },
		]),
		['a reset connection', { kind: 'reset' }],
	];
	const said = (fault: Omit<FaultSpec, 'pathPattern'>) =>
		fault.kind === 'reset'
			? `Could not reach the Contact Center API at ${sandbox.url}`
			: `The Contact Center API answered HTTP ${fault.status}`;

	it.each(TRANSIENT)(
		'a read hit by %s every time is sent exactly 4 times, then fails saying so',
		async (_label, fault) => {
			await control.addFault({ pathPattern: GROUP_LIST_PATH, count: 10, ...fault });
			const result = await probe({ path: GROUP_LIST_PATH });
			expect(result.requests).toHaveLength(READ_ATTEMPTS);
			expect(result.error?.context?.attempts).toBe(READ_ATTEMPTS);
			expect(result.error?.message).toBe(`${said(fault)} (tried ${READ_ATTEMPTS} times)`);
		},
	);

	const writeProbe = async () =>
		await probe({
			path: OPERATE_PATH,
			envelope: 'B',
			kind: 'write',
			body: '{"taskId":"1","operation":"start"}',
		});

	it.each(TRANSIENT.filter(([label]) => label !== 'HTTP 429'))(
		'a write hit by %s is sent exactly once (it may have been applied)',
		async (_label, fault) => {
			await control.addFault({ pathPattern: OPERATE_PATH, count: 10, ...fault });
			const result = await writeProbe();
			expect(result.requests).toHaveLength(1);
			expect(result.error?.context?.attempts).toBe(1);
			expect(result.error?.message).toBe(said(fault));
			expect(result.error?.description).toContain('may or may not have applied it');
		},
	);

	it('a write answered 429 every time is sent 4 times like a read (refused, never applied), then fails saying so', async () => {
		await control.addFault({
			pathPattern: OPERATE_PATH,
			count: 10,
			kind: 'status',
			status: 429,
			retryAfterSeconds: 0,
		});
		const result = await writeProbe();
		expect(result.requests).toHaveLength(READ_ATTEMPTS);
		expect(result.error?.context?.attempts).toBe(READ_ATTEMPTS);
		expect(result.error?.message).toBe(
			`The Contact Center API answered HTTP 429 (tried ${READ_ATTEMPTS} times)`,
		);
		expect(result.error?.description).not.toContain('may or may not have applied it');
		expect(result.error?.description).toContain(
			'The API is rate limiting this tenant: lower Options → Parallel Requests',
		);
	});

	it('a write answered 429 and then 500 is not sent a third time: the 500 may have applied it', async () => {
		await control.addFault({
			pathPattern: OPERATE_PATH,
			kind: 'status',
			status: 429,
			retryAfterSeconds: 0,
		});
		await control.addFault({ pathPattern: OPERATE_PATH, kind: 'status', status: 500, count: 10 });
		const result = await writeProbe();
		expect(result.requests.map((r) => r.httpStatus)).toEqual([429, 500]);
		expect(result.error?.description).toContain('may or may not have applied it');
	});
});

/**
 * The waits between attempts, written out (not read from transport/index.ts): a change of the
 * Retry-After cap or of the back-off's maximum fails here.
 */
describe('retry delays', () => {
	const after = (seconds: string) => ({ 'retry-after': seconds });
	it('Retry-After is waited as sent, capped at 10 seconds', () => {
		expect(retryDelayMs(1, after('0'))).toBe(0);
		expect(retryDelayMs(1, after('3'))).toBe(3000);
		expect(retryDelayMs(1, after('10'))).toBe(10_000);
		expect(retryDelayMs(1, after('11'))).toBe(10_000);
		expect(retryDelayMs(2, after('3600'))).toBe(10_000);
	});
	it('without Retry-After: 250 ms doubling per attempt, at most 4 seconds', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => retryDelayMs(attempt))).toEqual([
			250, 500, 1000, 2000, 4000, 4000, 4000, 4000,
		]);
		// An empty or unreadable header is no header.
		expect(retryDelayMs(5, after(''))).toBe(4000);
		expect(retryDelayMs(6, after('soon'))).toBe(4000);
	});
});

describe('unusable answers and connections', () => {
	it('an HTML page answered with HTTP 200 says to check the Base URL, and is not retried', async () => {
		await control.addFault({ pathPattern: GROUP_LIST_PATH, kind: 'html', status: 200, count: 10 });
		const result = await probe({ path: GROUP_LIST_PATH });
		expect(result.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The server answered HTTP 200 with an HTML page instead of JSON',
		);
		expect(result.error?.description).toContain(`Base URL (${sandbox.url})`);
	});

	it('a body that is not JSON is named as such', async () => {
		await control.addFault({ pathPattern: GROUP_LIST_PATH, kind: 'nonjson', count: 10 });
		const result = await probe({ path: GROUP_LIST_PATH, kind: 'write' });
		expect(result.requests).toHaveLength(1);
		expect(result.error?.message).toMatch(/is not valid JSON$/);
	});

	it('an unknown path (HTTP 404) says to check the Base URL', async () => {
		const result = await probe({ path: '/openapi/does/not/exist' });
		expect(result.requests).toHaveLength(1);
		expect(result.error?.message).toBe('The Contact Center API answered HTTP 404');
		expect(result.error?.description).toContain('Check the credential');
	});
});

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The credential test (what n8n runs when the credential is saved) and the nodes say the same thing
 * when the API cannot be reached, each cause produced for real: a closed port on 127.0.0.1, a host
 * name under the reserved `.invalid` top-level domain (RFC 6761: never resolves), and an HTTPS
 * server on 127.0.0.1 with a self-signed certificate made for this test. Bad credential settings
 * (unknown Time Zone, no scheme, a Country Code that is not one) are refused by both before any
 * request, with a message naming the credential field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { runNode, testCredential, type CredentialValues } from '../harness';
import { freePort } from '../e2e/lib/ports';
import { useSandbox } from '../sandbox/fixture';
import { TriggerRun } from '../trigger/driver';

const SECRET = 'S3cr3t-connection-0b7d4e21';
const APP_ID = '20002';

const sandbox = useSandbox({ tenants: [{ appId: APP_ID, appSecret: SECRET }] });
const { control } = sandbox;
let credentials: CredentialValues;
let tlsServer: Server;
let tlsRequests = 0;
const urls = { closed: '', dns: 'http://contact-center-api.invalid:8080', tls: '' };

/** A key and a self-signed certificate for 127.0.0.1, made by openssl in a throw-away folder. */
function selfSignedCertificate(): { key: string; cert: string } {
	const dir = mkdtempSync(join(tmpdir(), 'cc-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				...'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1'.split(' '),
				...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem')],
				...['-out', join(dir, 'cert.pem')],
			],
			{ stdio: 'ignore' },
		);
		return {
			key: readFileSync(join(dir, 'key.pem'), 'utf8'),
			cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

beforeAll(async () => {
	credentials = { baseUrl: sandbox.url, appId: APP_ID, appSecret: SECRET, timeoutSeconds: 2 };
	urls.closed = `http://127.0.0.1:${await freePort()}`;
	tlsServer = createHttpsServer(selfSignedCertificate(), (_req, res) => {
		tlsRequests++;
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end('{"success":true,"code":"200","data":[]}');
	});
	await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
	urls.tls = `https://127.0.0.1:${(tlsServer.address() as { port: number }).port}`;
});

afterAll(async () => {
	await new Promise((resolve) => tlsServer.close(resolve));
});

beforeEach(async () => {
	await control.reset();
	tlsRequests = 0;
});

const run = (parameters: INodeParameters) => async (creds: CredentialValues) =>
	await runNode({ nodeType: ContactCenter, parameters, credentials: creds });
const readAgents = run({ resource: 'voiceAgent', operation: 'getAll', returnAll: true });
const createCustomer = run({ resource: 'customer', operation: 'create', customerName: 'Ada' });

const CAUSES = [
	{
		cause: 'a closed port (ECONNREFUSED)',
		url: () => urls.closed,
		hint: 'Nothing accepts connections at 127.0.0.1:',
		code: 'ECONNREFUSED',
	},
	{
		cause: 'a host name that does not resolve (DNS)',
		url: () => urls.dns,
		hint: 'The host name in the Base URL (contact-center-api.invalid:8080) could not be found (DNS)',
		code: 'ENOTFOUND',
	},
	{
		cause: 'a self-signed certificate (TLS)',
		url: () => urls.tls,
		hint: 'its certificate is not trusted',
		code: 'SELF_SIGNED',
	},
] as const;

describe('an unreachable API: the credential test and the nodes give the same clear message', () => {
	it.each(CAUSES.map((c) => [c.cause, c] as const))('%s', async (_cause, c) => {
		const url = c.url();
		const head = `Could not reach the Contact Center API at ${url}`;

		const tested = await testCredential({ ...credentials, baseUrl: url });
		expect(tested.status).toBe('Error');
		expect(tested.message.startsWith(`${head}. `)).toBe(true);
		expect(tested.message).toContain(c.hint);
		expect(tested.message).toContain(c.code);

		const read = await readAgents({ ...credentials, baseUrl: url });
		// The node's errors name the item they stopped at.
		expect(read.error?.message).toBe(`${head} (tried 4 times) [item 0]`);
		expect(read.error?.description).toContain(c.hint);
		expect(read.error?.description).toContain(c.code);

		const write = await createCustomer({ ...credentials, baseUrl: url });
		expect(write.error?.message).toBe(`${head} [item 0]`);
		expect(write.error?.description).toContain(c.hint);
		expect(write.error?.description).toContain('it was not retried');

		// The credential test's message is the node's message and description, joined.
		expect(tested.message).toBe(
			`${head}. ${write.error?.description?.replace(/ This request changes data.*$/, '')}`,
		);
		expect(tlsRequests).toBe(0);
	});
});

// A Base URL with a user name and password: secrets.test.ts (also the write, the dropdowns, the console).
describe('credential settings are checked before any request, naming the field', () => {
	const BAD = [
		{
			setting: 'a Time Zone Intl does not know',
			values: (): Partial<CredentialValues> => ({ timezone: 'Asia/Shangai' }),
			message: () => 'The credential\'s Time Zone "Asia/Shangai" is not a known time zone',
			field: 'Time Zone',
		},
		{
			setting: 'a Country Code that is not one',
			values: (): Partial<CredentialValues> => ({ countryCode: '+86 china' }),
			message: () => 'The credential\'s Country Code "86 china" is not a country calling code',
			field: 'Country Code',
		},
		{
			setting: 'a Base URL without http:// or https://',
			values: (): Partial<CredentialValues> => ({ baseUrl: sandbox.url.replace('http://', '') }),
			message: () =>
				`The credential's Base URL "${sandbox.url.replace('http://', '')}" does not start with http:// or https://`,
			field: 'Base URL',
		},
	];

	it.each(BAD.map((b) => [b.setting, b] as const))('%s', async (_setting, b) => {
		const creds = { ...credentials, ...b.values() };

		const tested = await testCredential(creds);
		expect(tested.status).toBe('Error');
		expect(tested.message.startsWith(`${b.message()}. `)).toBe(true);

		const read = await readAgents(creds);
		expect(read.error?.message).toBe(`${b.message()} [item 0]`);
		expect(read.error?.description).toContain(`fix its ${b.field}`);
		expect(read.error?.message).not.toMatch(/RangeError|Invalid time zone/);

		expect(await control.getLog()).toEqual([]);

		const trigger = new TriggerRun(control, creds, { channel: 'all' });
		const polled = await trigger.poll({ expectFailure: true });
		expect(polled.error?.message).toBe(b.message());
		expect(polled.requests).toEqual([]);
	});

	it.each([
		[
			'a valid zone and a plain Base URL',
			{ timezone: 'Europe/Berlin' },
			'OK',
			/^Connection successful!$/,
		],
		[
			'an App ID and a Time Zone with spaces around them (read trimmed, as every request reads them)',
			{ appId: ` ${APP_ID} `, timezone: ' Europe/Berlin ' },
			'OK',
			/^Connection successful!$/,
		],
		[
			'a wrong App Secret (HTTP 200, success false)',
			{ appSecret: 'not-the-secret' },
			'Error',
			/App ID and App Secret/,
		],
	])('the credential with %s tests %s', async (_what, values, status, message) => {
		const tested = await testCredential({ ...credentials, ...values });
		expect(tested).toEqual({ status, message: expect.stringMatching(message) });
	});

	it('an App ID with spaces around it signs the nodes’ requests as the credential test reads it (trimmed)', async () => {
		const read = await runNode({
			nodeType: ContactCenter,
			parameters: { resource: 'voiceAgent', operation: 'getAll', returnAll: true },
			credentials: { ...credentials, appId: ` ${APP_ID} ` },
			sandbox: control,
		});
		expect(read.error).toBeUndefined();
		expect(read.requests.map((r) => [r.appId, r.signatureValid])).toEqual([[APP_ID, true]]);
	});
});

// The API's documentation does not publish the order appId, timestamp and nonce are signed in. A
// sandbox started in each order: the credential test finds it, the nodes say how to find it.
const ORDERS = [
	['appIdTimestampNonce', 'App ID + Timestamp + Nonce'],
	['appIdNonceTimestamp', 'App ID + Nonce + Timestamp'],
	['timestampNonceAppId', 'Timestamp + Nonce + App ID'],
] as const;

describe.each(ORDERS)('an API that signs in the order %s', (apiOrder, apiOrderName) => {
	const api = useSandbox({
		tenants: [{ appId: APP_ID, appSecret: SECRET }],
		signatureOrder: apiOrder,
	});
	const creds = (values: Partial<CredentialValues>): CredentialValues => ({
		baseUrl: api.url,
		appId: APP_ID,
		appSecret: SECRET,
		timeoutSeconds: 2,
		...values,
	});
	beforeEach(async () => {
		await api.control.reset();
	});

	it('a credential in that order tests OK with one request', async () => {
		const tested = await testCredential(creds({ signatureOrder: apiOrder }));
		expect(tested).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect((await api.control.getLog()).map((e) => e.signatureValid)).toEqual([true]);
	});

	it.each(ORDERS.filter(([order]) => order !== apiOrder))(
		'a credential in the order %s (%s): the test names the order the API accepted',
		async (credentialOrder, credentialOrderName) => {
			const tested = await testCredential(creds({ signatureOrder: credentialOrder }));
			expect(tested).toEqual({
				status: 'Error',
				message: `The Contact Center API refused the signature made in this credential's Signature Order (${credentialOrderName}) and accepted ${apiOrderName}: set Signature Order to ${apiOrderName} and save the credential again`,
			});
			const log = await api.control.getLog();
			expect(log.length).toBeLessThanOrEqual(3);
			expect(log[0].signatureValid).toBe(false);
			expect(log[log.length - 1].signatureValid).toBe(true);
			expect(log.every((e) => e.path === log[0].path)).toBe(true);
		},
	);

	it('a wrong App Secret: every order refused, the advice is App ID, App Secret and clock; 3 requests', async () => {
		const wrong = `${SECRET}-but-wrong`;
		const tested = await testCredential(creds({ appSecret: wrong }));
		expect(tested.status).toBe('Error');
		expect(tested.message).toMatch(
			/^The Contact Center API refused these credentials: check the App ID and App Secret, and that this server's clock is correct .*The other two Signature Orders were tried and refused too, so the order is not the cause/,
		);
		expect(tested.message).not.toContain(SECRET);
		const log = await api.control.getLog();
		expect(log.map((e) => e.signatureValid)).toEqual([false, false, false]);
	});

	it('a node refused for its signature sends the request once and points at the credential test', async () => {
		const other = ORDERS.find(([order]) => order !== apiOrder)![0];
		const created = await createCustomer(creds({ signatureOrder: other }));
		expect(created.error?.description).toContain(
			'open the credential and save it to run its test, which tries the three orders',
		);
		expect(JSON.stringify(created.error)).not.toContain(SECRET);
		const read = await readAgents(creds({ signatureOrder: other }));
		expect(read.error?.description).toContain('the Signature Order may differ');
		expect((await api.control.getLog()).map((e) => e.signatureValid)).toEqual([false, false]);
	});
});

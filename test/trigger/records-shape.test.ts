/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- test code: made-up sandbox credentials, a local proxy */
/**
 * One record, one shape: Service Record → Get Many and the Contact Center Trigger output the same
 * JSON for the same record (the fields the API may leave empty present as null). And a valid JSON
 * answer of the wrong shape (`data: { list: [...] }`, another API's paging shape) fails both
 * clearly instead of reading as "no records": a proxy on 127.0.0.1 rewrites the sandbox's answers.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { poll, runNode, type CredentialValues } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { sandboxNow, wallPlus } from './driver';

const APP = { appId: '8484', appSecret: 'shape-secret-8484' };
const ZONE = 'Asia/Shanghai';
const sandbox = useSandbox({
	tenants: [{ ...APP, timezone: ZONE }],
	nonceReplayKey: 'timestamp+nonce',
});
const { control } = sandbox;
let proxy: Server;
let proxyUrl: string;
let rewrite = false;

beforeAll(async () => {
	const target = new URL(sandbox.url);
	proxy = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const upstream = httpRequest(
				{
					host: target.hostname,
					port: target.port,
					path: req.url,
					method: req.method,
					headers: req.headers,
				},
				(answer) => {
					const body: Buffer[] = [];
					answer.on('data', (c: Buffer) => body.push(c));
					answer.on('end', () => {
						let text = Buffer.concat(body).toString('utf8');
						if (rewrite && req.url?.includes('service-record')) {
							const parsed = JSON.parse(text) as { data: unknown };
							parsed.data = {
								list: parsed.data,
								total: Array.isArray(parsed.data) ? parsed.data.length : 0,
							};
							text = JSON.stringify(parsed);
						}
						const headers = {
							...answer.headers,
							'content-length': String(Buffer.byteLength(text)),
						};
						res.writeHead(answer.statusCode ?? 502, headers);
						res.end(text);
					});
				},
			);
			upstream.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
	proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise((done) => proxy?.close(done));
});

const credentials = (): CredentialValues => ({ baseUrl: proxyUrl, ...APP, timezone: ZONE });

/** Version 1 as saved workflows run it; version 2 with Simplify off is the record plus `channel`. */
async function getMany(startTime: string, endTime: string, typeVersion = 1) {
	return await runNode({
		nodeType: ContactCenter,
		typeVersion,
		parameters: {
			resource: 'serviceRecord',
			operation: 'getAll',
			channel: 'call',
			startTime,
			endTime,
			returnAll: true,
			...(typeVersion === 2 ? { simplify: false } : {}),
		},
		credentials: credentials(),
		timezone: ZONE,
	});
}

describe('one shape for one record', () => {
	it('Get Many (version 2, Simplify off) and the trigger output the same JSON for every record, with channel, empty fields as null', async () => {
		rewrite = false;
		const now = await sandboxNow(control);
		const staticData = {};
		const parameters = { channel: 'call' };
		expect(
			(
				await poll({
					nodeType: ContactCenterTrigger,
					parameters,
					credentials: credentials(),
					staticData,
					timezone: ZONE,
				})
			).items,
		).toBeNull();
		// Generated records: updateAgent is '' or null in some, otherParams null for calls.
		await control.injectRecords({
			appId: APP.appId,
			channel: 'call',
			generate: { count: 60, from: wallPlus(now, -30), to: now },
		});
		const triggered = await poll({
			nodeType: ContactCenterTrigger,
			parameters,
			credentials: credentials(),
			staticData,
			timezone: ZONE,
		});
		expect(triggered.items).toHaveLength(60);
		const listed = await getMany(wallPlus(now, -30).replace(' ', 'T'), now.replace(' ', 'T'), 2);
		expect(listed.error).toBeUndefined();
		const byId = new Map(listed.items.map((item) => [item.json.eventUniqueId, item.json]));
		for (const item of triggered.items ?? [])
			expect(item.json).toEqual(byId.get(item.json.eventUniqueId));
		const keys = new Set(
			(triggered.items ?? []).map((item) => Object.keys(item.json).sort().join(',')),
		);
		expect(keys.size).toBe(1);
		expect([...keys][0].split(',')).toEqual(
			expect.arrayContaining(['callId', 'updateAgent', 'otherParams', 'eventUniqueId', 'channel']),
		);
		expect((triggered.items ?? []).every((item) => item.json.channel === 'call')).toBe(true);
		expect((triggered.items ?? []).some((item) => item.json.updateAgent === null)).toBe(true);
	});
});

describe('a valid JSON answer of the wrong shape', () => {
	it('Get Many fails clearly, naming the shape it got', async () => {
		rewrite = true;
		const now = await sandboxNow(control);
		await control.injectRecords({
			appId: APP.appId,
			channel: 'call',
			records: [{ updateTime: now }],
		});
		const result = await getMany(wallPlus(now, -10).replace(' ', 'T'), now.replace(' ', 'T'));
		rewrite = false;
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			'The call service-record query answered with an object with the keys list, total where the API returns a list of records',
		);
		expect(result.items).toEqual([]);
	});

	it('the trigger fails the poll and keeps its state', async () => {
		rewrite = false;
		const staticData = {};
		const parameters = { channel: 'call' };
		await poll({
			nodeType: ContactCenterTrigger,
			parameters,
			credentials: credentials(),
			staticData,
			timezone: ZONE,
		});
		const before = JSON.stringify(staticData);
		rewrite = true;
		const result = await poll({
			nodeType: ContactCenterTrigger,
			parameters,
			credentials: credentials(),
			staticData,
			timezone: ZONE,
		});
		rewrite = false;
		expect(result.items).toBeNull();
		expect(result.error?.message).toMatch(/answered with an object with the keys list, total/);
		expect(JSON.stringify(staticData)).toBe(before);
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

import { cases, PATHS, TENANT_A, errA, errB, okA, useSandbox } from './fixture';

const sb = useSandbox();

beforeEach(async () => {
	await sb.control.reset();
});

describe('HTTP protocol', () => {
	it('answers every envelope as HTTP 200 application/json;charset=UTF-8 with a fresh 32-hex traceId', async () => {
		const a = await sb.post(PATHS.groupList, {});
		const b = await sb.post(PATHS.agentQuery, { pageNo: 1, pageSize: 10 });
		const failure = await sb.post(PATHS.crmDelete, { id: 'nope' });
		for (const res of [a, b, failure]) {
			expect(res.status).toBe(200);
			expect(res.headers['content-type']).toBe('application/json;charset=UTF-8');
			expect(res.json.traceId).toMatch(/^[0-9a-f]{32}$/);
		}
		expect(new Set([a.json.traceId, b.json.traceId, failure.json.traceId]).size).toBe(3);
		expect(Object.keys(a.json)).toEqual(['success', 'code', 'message', 'data', 'traceId']);
		expect(Object.keys(b.json)).toEqual(['code', 'data', 'message', 'traceId']);
		expect(b.json).toMatchObject({ code: 200, message: null });
	});

	it('answers an unknown path with HTTP 404 and a Spring-like body, before authentication', async () => {
		const res = await sb.post('/openapi/crm/nothing/here', {}, { headers: { signature: null } });
		expect(res.status).toBe(404);
		expect(res.json).toMatchObject({
			status: 404,
			error: 'Not Found',
			path: '/openapi/crm/nothing/here',
		});
		const trailing = await sb.post(`${PATHS.crmAdd}/`, { customerName: 'x' });
		expect(trailing.status).toBe(404);
	});

	it('answers a wrong method with HTTP 405 and an Allow header', async () => {
		const get = await sb.client.get(PATHS.groupList);
		expect(get.status).toBe(405);
		expect(get.headers.allow).toBe('POST');
		expect(get.json).toMatchObject({ status: 405, error: 'Method Not Allowed' });
		const post = await sb.post(PATHS.crmFindById('123'), {});
		expect(post.status).toBe(405);
		expect(post.headers.allow).toBe('GET');
		const put = await sb.client.request(PATHS.crmAdd, { method: 'PUT', body: {} });
		expect(put.status).toBe(405);
		expect(put.headers.allow).toBe('POST, GET');
	});

	it('answers a POST without a JSON content type with HTTP 415', async () => {
		const none = await sb.post(PATHS.groupList, {}, { headers: { 'content-type': null } });
		expect(none.status).toBe(415);
		const text = await sb.post(PATHS.groupList, {}, { headers: { 'content-type': 'text/plain' } });
		expect(text.status).toBe(415);
		okA(
			await sb.post(
				PATHS.groupList,
				{},
				{ headers: { 'content-type': 'application/json; charset=utf-8' } },
			),
		);
	});

	// A text cell is sent as it stands, a JSON cell as JSON.
	it.each(
		cases(`
		groupList | {"queueNumber": | 00000400 | malformed JSON body
		agentQuery | {pageNo: 1} | 400 | malformed JSON body
		groupList | [] | 00000400 | request body must be a JSON object
		agentQuery | 1 | 400 | request body must be a JSON object
		groupList | "" | 00000400 | request body is missing
		groupList | {"queuenumber":"8001"} | 00000400 | unknown parameter: queuenumber
		agentQuery | {"pageNo":1,"pageSize":10,"publishStatus":"PUBLISHED"} | 400 | unknown parameter: publishStatus
	`),
	)(
		'%s answers the body %j with the envelope parameter error',
		async (path, body, code, message) => {
			const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
			const res = await sb.client.request(PATHS[path as 'groupList'], { rawBody });
			if (typeof code === 'number') errB(res, code, message);
			else errA(res, code, message);
		},
	);

	it('listens on 127.0.0.1 only', async () => {
		expect(sb.sandbox.url).toBe(`http://127.0.0.1:${sb.sandbox.port}`);
		const external = Object.values(networkInterfaces())
			.flat()
			.find((i) => i && i.family === 'IPv4' && !i.internal);
		const host = external?.address ?? '127.0.0.2';
		const refused = await new Promise<boolean>((resolve) => {
			const socket = connect({ host, port: sb.sandbox.port });
			socket.once('connect', () => {
				socket.destroy();
				resolve(false);
			});
			socket.once('error', () => resolve(true));
		});
		expect(refused).toBe(true);
	});

	it('serves the request log without logging control requests', async () => {
		await sb.control.getState(TENANT_A.appId);
		okA(await sb.post(PATHS.groupList, {}));
		const entries = await sb.control.getLog();
		expect(entries.map((e) => e.path)).toEqual([PATHS.groupList]);
	});
});

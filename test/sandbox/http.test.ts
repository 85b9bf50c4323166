/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

import { cases, PATHS, TENANT_A, errA, errB, okA, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });

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

	// 404 comes before authentication (no signature); 405 names the allowed methods.
	it.each<[string, string, Record<string, null | string>, number, string | undefined]>([
		['POST', '/openapi/crm/nothing/here', { signature: null }, 404, undefined],
		['POST', `${PATHS.crmAdd}/`, {}, 404, undefined],
		['GET', PATHS.groupList, {}, 405, 'POST'],
		['POST', PATHS.crmFindById('123'), {}, 405, 'GET'],
		['PUT', PATHS.crmAdd, {}, 405, 'POST, GET'],
		['POST', PATHS.groupList, { 'content-type': null }, 415, undefined],
		['POST', PATHS.groupList, { 'content-type': 'text/plain' }, 415, undefined],
	])(
		'%s %s with headers %j answers HTTP %i and a Spring-like body',
		async (method, path, headers, status, allow) => {
			const res = await sb.client.request(path, { method, body: {}, headers });
			expect(res.status).toBe(status);
			expect(res.json).toMatchObject({ status, error: STATUS_CODES[status], path });
			expect(res.headers.allow).toBe(allow);
		},
	);

	it('accepts a JSON content type with parameters', async () => {
		const headers = { 'content-type': 'application/json; charset=utf-8' };
		okA(await sb.post(PATHS.groupList, {}, { headers }));
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

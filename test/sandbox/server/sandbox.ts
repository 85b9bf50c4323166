/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test code, not shipped */
import {
	STATUS_CODES,
	createServer,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

import { callTaskRoutes } from '../api/callTasks';
import { customerFieldRoutes } from '../api/customerFields';
import { customerRoutes } from '../api/customers';
import { displayNumberGroupRoutes } from '../api/displayNumberGroups';
import { serviceGroupRoutes } from '../api/serviceGroups';
import { serviceRecordRoutes } from '../api/serviceRecords';
import { taskImportRoutes } from '../api/taskImport';
import { voiceAgentRoutes } from '../api/voiceAgents';
import { hex32 } from '../lib/ids';
import { parseJsonLossless, stringifyWithLongs } from '../lib/json';
import { Clock, isValidTimeZone } from '../lib/time';
import { ApiError, ControlError, FAIL, Fields, failControl, isObject } from '../lib/validate';
import { feedDemoChanges, feedDemoRecord, seedDemo } from '../seed/demo';
import { DEFAULT_TIMEZONE, Tenant } from '../state/tenant';
import type { FaultSpec, LogEntry, SandboxOptions, TenantConfig } from '../types';
import { advanceTasks } from '../state/taskRunner';
import {
	authenticate,
	isSandboxSignatureOrder,
	SANDBOX_SIGNATURE_ORDERS,
	type AuthSettings,
} from './auth';
import { ScriptedChatModel } from './chatModel';
import { handleControl } from './control';
import { FaultRegistry } from './faults';
import { RequestLog } from './log';
import { Traffic } from './traffic';
import { envelopeOf, type Envelope, type RouteDef } from './routes';

export const CONTROL_PREFIX = '/__control';
/** The scripted OpenAI-compatible chat model's endpoint (chatModel.ts). */
export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';
export const DEFAULT_TENANT: TenantConfig = { appId: '1090', appSecret: 'demo-secret' };
const JSON_TYPE = 'application/json;charset=UTF-8';
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const ROUTES: RouteDef[] = [
	...customerRoutes,
	...customerFieldRoutes,
	...serviceGroupRoutes,
	...displayNumberGroupRoutes,
	...serviceRecordRoutes,
	...voiceAgentRoutes,
	...callTaskRoutes,
	...taskImportRoutes,
];

/** Each route with its path as a pattern (`{name}` segments as named groups). */
function compileRoutes(routes: RouteDef[]): { route: RouteDef; pattern: RegExp }[] {
	const hasParams = (r: RouteDef) => r.path.includes('{');
	// Literal paths first, so that POST /openapi/crm/add never reaches GET /openapi/crm/{id}.
	return [...routes.filter((r) => !hasParams(r)), ...routes.filter(hasParams)].map((route) => ({
		route,
		pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
	}));
}

interface Reply {
	status: number;
	headers: Record<string, string>;
	body: string;
	code: string | number | null;
}

function reply(
	status: number,
	body: string,
	headers: Record<string, string> = {},
	code: Reply['code'] = null,
): Reply {
	return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body, code };
}

/** Spring Boot's error body, for answers outside the envelope (404, 405, 415, faults). */
function springError(status: number, path: string, headers: Record<string, string> = {}): Reply {
	const error = STATUS_CODES[status] ?? 'Error';
	const body = { timestamp: new Date().toISOString(), status, error, path };
	return reply(status, JSON.stringify(body), headers);
}

/** An answer inside the envelope (HTTP 200): `data`, or a failure (envelope B's then carries no data). */
function envelopeReply(
	envelope: Envelope,
	data: unknown,
	failure?: { code: string | number; message: string },
): Reply {
	const traceId = hex32();
	const code = failure?.code ?? (envelope === 'A' ? '200' : 200);
	const body =
		envelope === 'A'
			? { success: !failure, code, message: failure?.message ?? 'success', data, traceId }
			: { code, data: failure ? null : data, message: failure?.message ?? null, traceId };
	return reply(200, stringifyWithLongs(body), {}, code);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return out;
}

function isJsonContentType(value: string | undefined): boolean {
	return value !== undefined && /^application\/json\s*(;|$)/i.test(value.trim());
}

/** A request body parsed once, for the handler and the log: bare integers beyond 2^53 become bigint. */
interface ParsedBody {
	empty: boolean;
	value?: unknown;
	error?: string;
}

function parseBody(raw: string): ParsedBody {
	if (raw.trim() === '') return { empty: true };
	try {
		return { empty: false, value: parseJsonLossless(raw, 'bigint') };
	} catch (error) {
		return { empty: false, error: (error as Error).message };
	}
}

type Entry = Omit<LogEntry, 'seq'>;

const HTML_PAGE = (status: number) =>
	`<html>\r\n<head><title>${status} ${STATUS_CODES[status] ?? ''}</title></head>\r\n<body>\r\n<center><h1>${status} ${STATUS_CODES[status] ?? ''}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** The whole sandbox: tenants, clock, faults, request log, and the HTTP server serving them. */
export class Sandbox {
	readonly clock = new Clock();
	readonly tenants = new Map<string, Tenant>();
	readonly faults = new FaultRegistry();
	readonly log: RequestLog;
	readonly chat = new ScriptedChatModel();
	readonly traffic: Traffic;
	readonly authSettings: AuthSettings;
	private readonly initialSignatureOrder: AuthSettings['signatureOrder'];
	private readonly nonceTtlMs: number;
	private readonly initialTenants: TenantConfig[];
	private readonly routes = compileRoutes(ROUTES);
	private readonly server: Server;
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly demoFeedMs: number;
	private readonly onAnswered: SandboxOptions['onAnswered'];

	constructor(options: SandboxOptions = {}) {
		this.log = new RequestLog(options.maxLogEntries ?? 100_000);
		this.traffic = new Traffic(options.latencyMs);
		this.authSettings = {
			clockSkewSeconds: options.clockSkewSeconds ?? 300,
			nonceReplayKey: options.nonceReplayKey ?? 'nonce',
			signatureOrder: options.signatureOrder ?? 'appIdTimestampNonce',
		};
		if (!isSandboxSignatureOrder(this.authSettings.signatureOrder))
			throw new Error(
				`signatureOrder must be one of ${SANDBOX_SIGNATURE_ORDERS.join(', ')}; got ${String(options.signatureOrder)}`,
			);
		this.initialSignatureOrder = this.authSettings.signatureOrder;
		this.nonceTtlMs = (options.nonceTtlSeconds ?? 300) * 1000;
		this.initialTenants = options.tenants ?? [DEFAULT_TENANT];
		this.demoFeedMs = (options.demoFeedSeconds ?? 0) * 1000;
		this.onAnswered = options.onAnswered;
		this.reset(this.initialTenants);
		this.server = createServer({ keepAliveTimeout: 30_000 }, (req, res) =>
			this.onRequest(req, res),
		);
		this.server.on('connection', (socket: Socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	/** Forgets every tenant's data, the log, the faults and the clock offset; re-creates the tenants. */
	reset(configs: TenantConfig[] = this.initialTenants): void {
		const taken = new Set<string>();
		const checked = configs.map((c) => this.checkTenantConfig(c, taken));
		this.tenants.clear();
		this.faults.clear();
		this.log.clear();
		this.chat.setScript([]);
		this.traffic.reset();
		this.clock.reset();
		this.authSettings.signatureOrder = this.initialSignatureOrder;
		for (const config of checked) this.addTenant(config);
	}

	addTenant(config: TenantConfig): Tenant {
		const c = this.checkTenantConfig(config, new Set(this.tenants.keys()));
		const tenant = new Tenant(
			c.appId,
			c.appSecret,
			c.timezone ?? DEFAULT_TIMEZONE,
			this.clock,
			this.nonceTtlMs,
		);
		if (c.callSeconds !== undefined) tenant.callSeconds = c.callSeconds;
		this.tenants.set(tenant.appId, tenant);
		if (c.seed === 'demo') {
			seedDemo(tenant);
			if (this.demoFeedMs > 0) {
				let n = 0;
				const feed = setInterval(() => {
					// A tenant replaced by a reset gets no more records from this timer.
					if (this.tenants.get(tenant.appId) === tenant) {
						feedDemoRecord(tenant, n);
						feedDemoChanges(tenant, n++);
					} else clearInterval(feed);
				}, this.demoFeedMs);
				feed.unref();
				this.timers.add(feed);
			}
		}
		return tenant;
	}

	tenant(appId: string | undefined): Tenant {
		const tenant = appId === undefined ? undefined : this.tenants.get(appId);
		if (!tenant) throw new ControlError(`unknown appId ${JSON.stringify(appId)}`, 404);
		return tenant;
	}

	listen(port: number): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, '127.0.0.1', () => {
				this.server.off('error', reject);
				const address = this.server.address();
				resolve(typeof address === 'object' && address ? address.port : port);
			});
		});
	}

	close(): Promise<void> {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			for (const socket of this.sockets) socket.destroy();
		});
	}

	private checkTenantConfig(config: unknown, taken: Set<string>): TenantConfig {
		if (!isObject(config))
			throw new ControlError(
				'a tenant must be an object {appId, appSecret, timezone?, seed?, callSeconds?}',
			);
		const f = new Fields(config, failControl, 'tenant ');
		const appId = f.string('appId', { required: true }) as string;
		f.string('appSecret', { required: true });
		const timezone = f.string('timezone');
		if (timezone !== undefined && !isValidTimeZone(timezone))
			failControl(`tenant timezone ${JSON.stringify(timezone)} is not an IANA zone`);
		f.oneOf('seed', ['demo', 'empty']);
		f.integer('callSeconds', { min: 0 });
		if (taken.has(appId)) throw new ControlError(`tenant ${appId} already exists`, 409);
		taken.add(appId);
		return config as unknown as TenantConfig;
	}

	private onRequest(req: IncomingMessage, res: ServerResponse): void {
		const arrivedAt = performance.now();
		if (!(req.url ?? '/').startsWith(CONTROL_PREFIX)) this.traffic.enter(res);
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		// A client that goes away mid-request must not crash the server.
		req.on('error', () => undefined);
		req.on('end', () => {
			const url = req.url ?? '/';
			const q = url.indexOf('?');
			const path = q < 0 ? url : url.slice(0, q);
			try {
				const query = Object.fromEntries(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
				if (size > MAX_BODY_BYTES) return this.write(res, springError(413, path));
				const rawBody = Buffer.concat(chunks).toString('utf8');
				if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
					return handleControl(this, req, res, path.slice(CONTROL_PREFIX.length), query, rawBody);
				}
				if (path === CHAT_COMPLETIONS_PATH && req.method === 'POST') {
					const { status, contentType, body } = this.chat.answer(
						rawBody,
						req.headers.authorization,
					);
					return this.write(res, reply(status, body, { 'Content-Type': contentType }));
				}
				this.serveApi(req, res, path, query, rawBody, arrivedAt);
			} catch (error) {
				console.error(`sandbox: ${req.method} ${path} failed:`, error);
				this.write(res, springError(500, path));
			}
		});
	}

	private serveApi(
		req: IncomingMessage,
		res: ServerResponse,
		path: string,
		query: Record<string, string>,
		rawBody: string,
		arrivedAt: number,
	): void {
		const method = req.method ?? 'GET';
		const headers = flatHeaders(req);
		const parsed = parseBody(rawBody);
		// The log keeps bigints; the control API writes them as strings.
		const entry: Entry = {
			time: new Date(this.clock.nowMs()).toISOString(),
			method,
			path,
			query,
			appId: headers.appid ?? null,
			headers,
			rawBody,
			body: parsed.value ?? null,
			signatureValid: false,
			httpStatus: 0,
			code: null,
			durationMs: 0,
		};
		const fault = this.faults.take(method, path);
		const runsHandler =
			!fault || fault.kind === 'delay' || (fault.kind === 'reset' && fault.runHandler === true);
		if (!runsHandler) {
			// The request never reaches the service: state is untouched and the nonce stays unused.
			const auth = authenticate(entry.headers, this.tenants, this.clock, this.authSettings, false);
			entry.signatureValid = auth.signatureValid;
			if (auth.error) entry.authError = auth.error;
			entry.fault = fault.kind;
			const reply =
				fault.kind === 'reset' ? undefined : this.faultReply(fault, envelopeOf(path), path);
			return this.finish(req, res, entry, arrivedAt, reply);
		}
		const reply = this.process(req, method, path, parsed, entry);
		if (!fault) return this.finish(req, res, entry, arrivedAt, reply);
		entry.fault = fault.kind;
		if (fault.kind === 'reset') return this.finish(req, res, entry, arrivedAt);
		// delay: the handler has run (state changed); the answer goes out late.
		const logged = this.log.push({ ...entry, httpStatus: reply.status, code: reply.code });
		this.later(fault.delayMs ?? 1000, () => this.answer(res, reply, logged, arrivedAt));
	}

	/** Writes an API answer after the configured latency; the log entry gets the real duration. */
	private answer(res: ServerResponse, reply: Reply, logged: LogEntry, arrivedAt: number): void {
		const send = () => {
			this.write(res, reply);
			logged.durationMs = Math.round(performance.now() - arrivedAt);
			this.onAnswered?.(logged, reply.body);
		};
		const latency = this.traffic.nextDelayMs();
		if (latency > 0) this.later(latency, send);
		else send();
	}

	private later(ms: number, run: () => void): void {
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			run();
		}, ms);
		this.timers.add(timer);
	}

	private process(
		req: IncomingMessage,
		method: string,
		path: string,
		parsed: ParsedBody,
		entry: Entry,
	): Reply {
		const envelope = envelopeOf(path);
		const allowed = new Set<string>();
		let found: { route: RouteDef; params: Record<string, string> } | undefined;
		for (const { route, pattern } of this.routes) {
			const m = pattern.exec(path);
			if (!m) continue;
			if (route.method !== method) {
				allowed.add(route.method);
				continue;
			}
			const groups = Object.entries(m.groups ?? {});
			found = { route, params: Object.fromEntries(groups.map(([k, v]) => [k, safeDecode(v)])) };
			break;
		}
		if (!found)
			return allowed.size > 0
				? springError(405, path, { Allow: [...allowed].join(', ') })
				: springError(404, path);

		const auth = authenticate(entry.headers, this.tenants, this.clock, this.authSettings, true);
		entry.signatureValid = auth.signatureValid;
		const fail = FAIL[envelope];
		try {
			if (auth.error || !auth.tenant) {
				entry.authError = auth.error;
				return fail(
					envelope === 'A'
						? `app id parameter error: ${auth.error}`
						: (auth.error ?? 'authentication failed'),
				);
			}
			if (method === 'POST' && !isJsonContentType(req.headers['content-type']))
				return springError(415, path);
			if (parsed.error !== undefined) fail(`malformed JSON body: ${parsed.error}`);
			if (parsed.empty && method === 'POST') fail('request body is missing');
			const body = parsed.empty ? {} : parsed.value;
			if (!isObject(body)) return fail('request body must be a JSON object');
			advanceTasks(auth.tenant);
			const { tenant } = auth;
			const data = found.route.handler({
				tenant,
				body,
				f: new Fields(body, fail),
				params: found.params,
			});
			return envelopeReply(envelope, data);
		} catch (error) {
			if (error instanceof ApiError) return envelopeReply(envelope, error.data, error);
			// A sandbox bug: answer like a crashed Spring service and say so on stderr.
			console.error(`sandbox: ${method} ${path} failed:`, error);
			return springError(500, path);
		}
	}

	private faultReply(fault: FaultSpec, envelope: Envelope, path: string): Reply {
		switch (fault.kind) {
			case 'status': {
				const after = fault.retryAfterSeconds;
				const headers: Record<string, string> =
					after === undefined ? {} : { 'Retry-After': `${after}` };
				return springError(fault.status ?? 500, path, headers);
			}
			case 'truncated': {
				const full = envelopeReply(envelope, { list: [{ id: '1', name: 'truncated' }], count: 1 });
				return { ...full, body: full.body.slice(0, Math.floor(full.body.length / 2)), code: null };
			}
			case 'nonjson':
				return reply(
					200,
					'upstream connect error or disconnect/reset before headers. reset reason: connection termination',
				);
			case 'html': {
				const status = fault.status ?? 502;
				return reply(status, HTML_PAGE(status), { 'Content-Type': 'text/html' });
			}
			case 'json':
				return reply(fault.status ?? 200, JSON.stringify(fault.body ?? null));
			case 'envelope': {
				const code = fault.envelopeCode ?? (envelope === 'A' ? '00000500' : 500);
				const message = fault.envelopeMessage ?? 'system busy, please try again later';
				return envelopeReply(envelope, null, { code, message });
			}
			default:
				throw new Error(`fault kind ${fault.kind} has no reply`);
		}
	}

	/** Logs the request, then writes `reply`, or drops the connection (a reset fault: no reply). */
	private finish(
		req: IncomingMessage,
		res: ServerResponse,
		entry: Entry,
		arrivedAt: number,
		reply?: Reply,
	): void {
		const durationMs = Math.round(performance.now() - arrivedAt);
		const [httpStatus, code] = reply ? [reply.status, reply.code] : [0, null];
		const logged = this.log.push({ ...entry, httpStatus, code, durationMs });
		if (reply) this.answer(res, reply, logged, arrivedAt);
		else req.socket.destroy();
	}

	private write(res: ServerResponse, reply: Reply): void {
		if (res.destroyed || res.headersSent) return;
		const body = Buffer.from(reply.body, 'utf8');
		res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
		res.end(body);
	}
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

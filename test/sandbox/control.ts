// Typed client of the sandbox's control API (`/__control`): plain HTTP with fetch, no signing.

import type * as T from './types';

export type * from './types';

/** A control request the sandbox refused; `status` is its HTTP status. */
export class SandboxControlError extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message);
	}
}

type TenantInfo = { appId: string; timezone: string };

export class SandboxControl {
	/**
	 * `url` is the sandbox's base URL (as `RunningSandbox.url`); a trailing `/__control` is accepted
	 * too. A function is read at each call, so a test fixture can hand out the client before its
	 * sandbox listens.
	 */
	constructor(private readonly target: string | (() => string)) {}

	private get base(): string {
		const url = typeof this.target === 'function' ? this.target() : this.target;
		return `${url.replace(/\/+$/, '').replace(/\/__control$/, '')}/__control`;
	}

	/** Wipes data, log, faults, nonces and the clock offset; re-creates `tenants` (default: the initial ones). */
	reset(tenants?: T.TenantConfig[]): Promise<{ tenants: string[] }> {
		return this.call('POST', '/reset', tenants ? { tenants } : {});
	}

	/** One endpoint: `request` is the JSON body (none for a GET or DELETE). */
	private endpoint<R, A>(method: 'GET' | 'POST' | 'DELETE', path: string) {
		return (request: R): Promise<A> => this.call(method, path, request);
	}

	readonly addTenant = this.endpoint<T.TenantConfig, TenantInfo>('POST', '/tenants');
	readonly listTenants = this.endpoint<void, { tenants: TenantInfo[] }>('GET', '/tenants');

	/** Seeds rows and returns their ids (for fields their `field` ids, for service groups their queue numbers). */
	private seeder<R>(path: string): (request: R) => Promise<string[]> {
		return async (request) => (await this.call<{ ids: string[] }>('POST', path, request)).ids;
	}

	readonly seedCustomers = this.seeder<T.Seed<'customers', T.Customer>>('/customers');
	/** Changes existing customers (`fields`, `updateTime` — late ones too — and `updateAgent`). */
	readonly changeCustomers = this.seeder<T.ChangeCustomersRequest>('/customers/changes');
	readonly seedAgents = this.seeder<T.Seed<'agents', T.VoiceAgent>>('/agents');
	readonly seedCallerNumberGroups =
		this.seeder<T.Seed<'groups', T.CallerNumberGroup>>('/caller-number-groups');
	readonly seedFields = this.seeder<T.Seed<'fields', T.CustomerFieldVO>>('/fields');
	readonly seedServiceGroups = this.seeder<T.Seed<'groups', T.ServiceGroup>>('/service-groups');
	readonly seedDisplayNumberGroups =
		this.seeder<T.Seed<'groups', T.DisplayNumberGroup>>('/display-number-groups');
	/** Tasks in any state; `totalCount` creates that many stand-in imported customers. */
	readonly seedTasks = this.seeder<T.SeedTasksRequest>('/tasks');

	/** Service records, explicit (any updateTime, past ones included) and/or generated evenly over a window. */
	async injectRecords(request: T.InjectRecordsRequest): Promise<string[]> {
		return (await this.call<{ eventUniqueIds: string[] }>('POST', '/records', request))
			.eventUniqueIds;
	}

	readonly setTaskProgress = this.endpoint<T.TaskProgressRequest, T.TaskStateDump>(
		'POST',
		'/tasks/progress',
	);

	/** Moves a task to `done` (the API itself never does). */
	finishTask(appId: string, taskId: string): Promise<T.TaskStateDump> {
		return this.call('POST', '/tasks/finish', { appId, taskId });
	}

	async getTaskCustomers(appId: string, taskId: string): Promise<T.ImportedCustomer[]> {
		const q = new URLSearchParams({ appId, taskId });
		return (await this.call<{ customers: T.ImportedCustomer[] }>('GET', `/tasks/customers?${q}`))
			.customers;
	}

	readonly addFault = this.endpoint<T.FaultSpec, T.ActiveFault>('POST', '/faults');

	async listFaults(): Promise<T.ActiveFault[]> {
		return (await this.call<{ faults: T.ActiveFault[] }>('GET', '/faults')).faults;
	}

	removeFault(id: string): Promise<{ removed: string }> {
		return this.call('DELETE', `/faults/${encodeURIComponent(id)}`);
	}

	readonly clearFaults = this.endpoint<void, { cleared: number }>('DELETE', '/faults');

	async getLog(query: T.LogQuery = {}): Promise<T.LogEntry[]> {
		const given = Object.entries(query).filter(([, v]) => v !== undefined);
		const q = new URLSearchParams(given.map(([k, v]): [string, string] => [k, String(v)]));
		const suffix = given.length === 0 ? '' : `?${q}`;
		return (await this.call<{ entries: T.LogEntry[] }>('GET', `/log${suffix}`)).entries;
	}

	readonly clearLog = this.endpoint<void, { cleared: true }>('DELETE', '/log');

	/** Scripts the chat model (`POST /v1/chat/completions`) and forgets the requests it received. */
	async setChatScript(turns: T.ChatScriptTurn[]): Promise<void> {
		await this.call('POST', '/chat/script', { turns });
	}

	/** What the chat model received, oldest first. */
	async getChatRequests(): Promise<T.ChatCompletionRecord[]> {
		return (await this.call<{ requests: T.ChatCompletionRecord[] }>('GET', '/chat/requests'))
			.requests;
	}

	getState(appId: string): Promise<T.TenantStateDump> {
		return this.call('GET', `/state?${new URLSearchParams({ appId })}`);
	}

	/**
	 * Sets the server clock: a number shifts it to real time + offsetSeconds (absolute, not cumulative)
	 * and lets it run; `{ freezeAt }` stops it at an instant. A reset restores real time.
	 */
	setClock(clock: number | T.ClockRequest): Promise<T.ClockState> {
		return this.call(
			'POST',
			'/clock',
			typeof clock === 'number' ? { offsetSeconds: clock } : clock,
		);
	}

	readonly getClock = this.endpoint<void, T.ClockState>('GET', '/clock');
	/** API requests in flight now and the most seen at once since the last `resetTraffic` (or reset). */
	readonly getTraffic = this.endpoint<void, T.TrafficState>('GET', '/traffic');
	/** Starts a new peak: `maxInFlight` becomes the number in flight now. */
	readonly resetTraffic = this.endpoint<void, T.TrafficState>('DELETE', '/traffic');

	/** Every API answer from now on waits `ms` (a number) or a seeded uniform time in [minMs, maxMs]. */
	setLatency(latency: number | T.Latency): Promise<T.TrafficState> {
		return this.call('POST', '/latency', typeof latency === 'number' ? { ms: latency } : latency);
	}

	/** The signature order the API checks (`signatureOrder`: until the next reset, which restores the start-up one). */
	readonly getAuth = this.endpoint<void, T.AuthState>('GET', '/auth');
	readonly setAuth = this.endpoint<T.AuthState, T.AuthState>('POST', '/auth');

	private async call<T>(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		body?: unknown,
	): Promise<T> {
		const response = await fetch(this.base + path, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		const parsed = text === '' ? {} : (JSON.parse(text) as unknown);
		if (!response.ok) {
			const message =
				typeof parsed === 'object' && parsed && 'error' in parsed ? String(parsed.error) : text;
			throw new SandboxControlError(
				`sandbox control ${method} ${path}: HTTP ${response.status}: ${message}`,
				response.status,
			);
		}
		return parsed as T;
	}
}

// Typed client of the sandbox's control API (`/__control`): plain HTTP with fetch, no signing.

import type {
	ActiveFault,
	ChatCompletionRecord,
	ChatScriptTurn,
	ClockRequest,
	ClockState,
	FaultSpec,
	IdsResponse,
	ImportedCustomer,
	InjectRecordsRequest,
	InjectRecordsResponse,
	Latency,
	LogEntry,
	LogQuery,
	SeedAgentsRequest,
	SeedCallerNumberGroupsRequest,
	SeedCustomersRequest,
	ChangeCustomersRequest,
	SeedDisplayNumberGroupsRequest,
	SeedFieldsRequest,
	SeedServiceGroupsRequest,
	SeedTasksRequest,
	TaskProgressRequest,
	TaskStateDump,
	TenantConfig,
	TenantStateDump,
	TrafficState,
} from './types';

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
	reset(tenants?: TenantConfig[]): Promise<{ tenants: string[] }> {
		return this.call('POST', '/reset', tenants ? { tenants } : {});
	}

	addTenant(tenant: TenantConfig): Promise<{ appId: string; timezone: string }> {
		return this.call('POST', '/tenants', tenant);
	}

	listTenants(): Promise<{ tenants: { appId: string; timezone: string }[] }> {
		return this.call('GET', '/tenants');
	}

	async seedCustomers(request: SeedCustomersRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/customers', request)).ids;
	}

	/** Changes existing customers (`fields`, `updateTime` — late ones too — and `updateAgent`). */
	async changeCustomers(request: ChangeCustomersRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/customers/changes', request)).ids;
	}

	async seedAgents(request: SeedAgentsRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/agents', request)).ids;
	}

	async seedCallerNumberGroups(request: SeedCallerNumberGroupsRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/caller-number-groups', request)).ids;
	}

	/** Custom customer-field configurations; returns their `field` ids. */
	async seedFields(request: SeedFieldsRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/fields', request)).ids;
	}

	/** Returns the queue numbers. */
	async seedServiceGroups(request: SeedServiceGroupsRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/service-groups', request)).ids;
	}

	async seedDisplayNumberGroups(request: SeedDisplayNumberGroupsRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/display-number-groups', request)).ids;
	}

	/** Tasks in any state; `totalCount` creates that many stand-in imported customers. */
	async seedTasks(request: SeedTasksRequest): Promise<string[]> {
		return (await this.call<IdsResponse>('POST', '/tasks', request)).ids;
	}

	/** Service records, explicit (any updateTime, past ones included) and/or generated evenly over a window. */
	async injectRecords(request: InjectRecordsRequest): Promise<string[]> {
		return (await this.call<InjectRecordsResponse>('POST', '/records', request)).eventUniqueIds;
	}

	setTaskProgress(request: TaskProgressRequest): Promise<TaskStateDump> {
		return this.call('POST', '/tasks/progress', request);
	}

	/** Moves a task to `done` (the API itself never does). */
	finishTask(appId: string, taskId: string): Promise<TaskStateDump> {
		return this.call('POST', '/tasks/finish', { appId, taskId });
	}

	async getTaskCustomers(appId: string, taskId: string): Promise<ImportedCustomer[]> {
		const q = new URLSearchParams({ appId, taskId });
		return (await this.call<{ customers: ImportedCustomer[] }>('GET', `/tasks/customers?${q}`))
			.customers;
	}

	addFault(fault: FaultSpec): Promise<ActiveFault> {
		return this.call('POST', '/faults', fault);
	}

	async listFaults(): Promise<ActiveFault[]> {
		return (await this.call<{ faults: ActiveFault[] }>('GET', '/faults')).faults;
	}

	removeFault(id: string): Promise<{ removed: string }> {
		return this.call('DELETE', `/faults/${encodeURIComponent(id)}`);
	}

	clearFaults(): Promise<{ cleared: number }> {
		return this.call('DELETE', '/faults');
	}

	async getLog(query: LogQuery = {}): Promise<LogEntry[]> {
		const given = Object.entries(query).filter(([, v]) => v !== undefined);
		const q = new URLSearchParams(given.map(([k, v]): [string, string] => [k, String(v)]));
		const suffix = given.length === 0 ? '' : `?${q}`;
		return (await this.call<{ entries: LogEntry[] }>('GET', `/log${suffix}`)).entries;
	}

	clearLog(): Promise<{ cleared: true }> {
		return this.call('DELETE', '/log');
	}

	/** Scripts the chat model (`POST /v1/chat/completions`) and forgets the requests it received. */
	async setChatScript(turns: ChatScriptTurn[]): Promise<void> {
		await this.call('POST', '/chat/script', { turns });
	}

	/** What the chat model received, oldest first. */
	async getChatRequests(): Promise<ChatCompletionRecord[]> {
		return (await this.call<{ requests: ChatCompletionRecord[] }>('GET', '/chat/requests'))
			.requests;
	}

	getState(appId: string): Promise<TenantStateDump> {
		return this.call('GET', `/state?${new URLSearchParams({ appId })}`);
	}

	/**
	 * Sets the server clock: a number shifts it to real time + offsetSeconds (absolute, not cumulative)
	 * and lets it run; `{ freezeAt }` stops it at an instant. A reset restores real time.
	 */
	setClock(clock: number | ClockRequest): Promise<ClockState> {
		return this.call(
			'POST',
			'/clock',
			typeof clock === 'number' ? { offsetSeconds: clock } : clock,
		);
	}

	getClock(): Promise<ClockState> {
		return this.call('GET', '/clock');
	}

	/** API requests in flight now and the most seen at once since the last `resetTraffic` (or reset). */
	getTraffic(): Promise<TrafficState> {
		return this.call('GET', '/traffic');
	}

	/** Starts a new peak: `maxInFlight` becomes the number in flight now. */
	resetTraffic(): Promise<TrafficState> {
		return this.call('DELETE', '/traffic');
	}

	/** Every API answer from now on waits `ms` (a number) or a seeded uniform time in [minMs, maxMs]. */
	setLatency(latency: number | Latency): Promise<TrafficState> {
		return this.call('POST', '/latency', typeof latency === 'number' ? { ms: latency } : latency);
	}

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

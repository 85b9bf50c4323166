// Public shapes of the sandbox: the API's records as the sandbox serves them, and the payloads of the
// control API. Type-only, so the control client can import it without pulling in the server.

export interface TenantConfig {
	appId: string;
	appSecret: string;
	/** IANA zone of the tenant's zone-less `yyyy-MM-dd HH:mm:ss` times; default `Asia/Shanghai`. */
	timezone?: string;
	/** `demo` fills the tenant with realistic data; default `empty`. */
	seed?: 'demo' | 'empty';
	/**
	 * A running call task calls `maxConcurrency` customers every this many seconds of the sandbox
	 * clock and is done when all were called; default 30; 0: tasks move only by the control API.
	 */
	callSeconds?: number;
}

/** appId, timestamp and nonce, in the order they are joined before signing. */
export type SignatureOrderName =
	| 'appIdTimestampNonce'
	| 'appIdNonceTimestamp'
	| 'timestampNonceAppId';

/** `GET` and `POST /__control/auth`. */
export interface AuthState {
	signatureOrder: SignatureOrderName;
}

export interface SandboxOptions {
	/** Default 0 (an ephemeral port). The server binds 127.0.0.1 only. */
	port?: number;
	/** Default: one empty tenant `{ appId: '1090', appSecret: 'demo-secret' }`. */
	tenants?: TenantConfig[];
	/** Largest accepted |timestamp − server clock|, seconds; default 300. */
	clockSkewSeconds?: number;
	/** How long a used nonce is refused again, seconds; default 300. */
	nonceTtlSeconds?: number;
	/**
	 * What a replayed request is recognised by: the nonce alone (default, the lead's decision) or the
	 * pair timestamp+nonce (tolerates the birthday collisions of random 6-digit nonces under load).
	 */
	nonceReplayKey?: 'nonce' | 'timestamp+nonce';
	/**
	 * The order this API joins appId, timestamp and nonce in before HMAC-SHA256 signing (the real API's
	 * documentation does not say); default `appIdTimestampNonce`. `POST /__control/auth` changes it
	 * while running; a reset restores this one.
	 */
	signatureOrder?: SignatureOrderName;
	/** The request log keeps this many newest entries; default 100,000. */
	maxLogEntries?: number;
	/**
	 * Every demo tenant gets a new service record naming one of its customers this often (seconds),
	 * alternating call and chat, as a live tenant would; default off. `npm start` turns it on.
	 */
	demoFeedSeconds?: number;
	/**
	 * Every API answer is written this late (ms): a number (fixed) or `{ min, max }` (uniform, seeded),
	 * as a hosted API's round trip; the handler runs at arrival. Default 0. `POST /__control/latency`
	 * changes it while running.
	 */
	latencyMs?: number | { min: number; max: number };
	/** Called in-process right after an API answer is written: a test acting at that instant (e.g. killing the client). */
	onAnswered?: (entry: LogEntry, body: string) => void;
}

export type Channel = 'call' | 'im';
export type PushType = 'serviceNoteInsert' | 'serviceNoteUpdate';

export interface ContactEntry {
	value: string;
	memo?: string | null;
}

/** `Words<'a b c'>` is `'a' | 'b' | 'c'`: a long list of keys written as one string. */
export type Words<S extends string, Acc extends string = never> = S extends `${infer H} ${infer T}`
	? Words<T, Acc | H>
	: Acc | S;
/** The keys `K` (space-separated), each of type `T`. */
type Of<T, K extends string> = { [P in Words<K>]: T };
type OptionalOf<T, K extends string> = { [P in Words<K>]?: T };

export type Customer = Of<string, '_id accountId createTime updateTime'> &
	OptionalOf<
		string | null,
		'customerName owner assignTime createMethod customerOrigin visitorId mobileDecrypt firstOwner firstAssignTime importBatchNumber lastCallTime lastCallUser firstCallTime firstCallUser lastChatTime lastChatUser createAgent updateAgent wxAddState'
	> &
	OptionalOf<ContactEntry[], 'mobile email qq wechat'> &
	OptionalOf<string[], 'customerSource openSeaIds'> &
	OptionalOf<number, 'callingNumber imNumber sumBridgeDuration'> & {
		/** Custom fields, keyed by their configured `field` id. */
		[customField: string]: unknown;
	};

export type ChoiceOption = Of<string, 'key value'> & { isDefault: boolean };
export type CascadeChild = Of<string, 'key value'> & { children: CascadeChild[] };
export type CascadeOptions = Of<number, 'level fillLevel'> & { children: CascadeChild[] };

export type CustomerFieldVO = Of<
	string,
	'accountId glFieldId field name param type createTime updateTime createAgent updateAgent'
> &
	Of<boolean, 'searchable oplog isSystem required'> & {
		/** 0 disabled, 1 enabled, -1 deleted (never returned by the API). */
		status: number;
		sort: number;
		choices: ChoiceOption[] | null;
		options: CascadeOptions | null;
		scenes: string[] | null;
	};

export interface GroupMember {
	agentNumber: string;
	weight: string | number;
}

export type ServiceGroup = Of<string, '_id accountId queueNumber level parentId name strategy'> &
	Of<number, 'maxWaitLimit waitTime timeout status'> &
	Of<boolean, 'broadcastMember failedNotAssigned noIdleTransfer'> & {
		groupLeader: string[];
		members: GroupMember[];
	};

export type DisplayNumberGroup = Of<string, 'id accountId groupName strategy'> &
	Of<
		string | null,
		'remark city areaCode overflowGroupId createTime updateTime createAgent updateAgent'
	> & {
		numberList: string[];
		defaultNumberList: string[] | null;
	};

/** `callId` on call records only, `sessionId` on online (im) records only. */
export type ServiceRecord = Of<string, 'accountId updateTime eventUniqueId'> &
	OptionalOf<string | null, 'callId sessionId'> & {
		data: Record<string, unknown>;
		updateAgent: string | null;
		scene: 'callCenter' | 'im';
		pushType: PushType;
		otherParams: Record<string, unknown> | null;
	};

export type AgentType = 'voicebot' | 'voiceagent';
export type PublishStatus = 'PUBLISHED' | 'OFFLINE' | 'NEVER_PUBLISHED';

/** As held by the sandbox; the API writes `id` as a bare 18-digit JSON number. */
export type VoiceAgent = Of<
	string,
	'id name answerSource description voice language createTime updateTime'
> &
	Of<number, 'callInOut followUpInterval maxFollowUpCount'> & {
		wakeUpEnabled: boolean;
		publishStatus: PublishStatus;
		/** '2' for voicebot agents, '3' for voiceagent agents (the sandbox's reading of "agent version type"). */
		version: string;
		/** Not served by the API; decides which `agentType` a task may name (803 otherwise). */
		agentType: AgentType;
	};

/** As held by the sandbox; the API writes `id` as a bare 18-digit JSON number. */
export type CallerNumberGroup = Of<string, 'id groupName strategyName createTime updateTime'> & {
	strategy: 'RANDOM' | 'RR_MEMORY' | 'AREA_CODE';
	/** Strings holding a JSON array of numbers. */
	displayNumbers: string;
	defaultNumbers: string;
	status: number;
};

export type TaskStatus = 'draft' | 'running' | 'pause' | 'done';

export interface CallWindowRange {
	callWeekdays: number[];
	callTimeRanges: string[];
}

export interface CallStrategy {
	callWindowRanges: CallWindowRange[];
	maxConcurrency: number;
	callerNumberGroupId: string;
	callerNumberGroupName: string | null;
}

export type RetryStrategy = { retryEnabled: boolean; retryReasons?: string[] | null } & OptionalOf<
	number | null,
	'maxRetryTimes retryIntervalValue'
> & { retryIntervalUnit?: string | null };

/** As held by the sandbox; the API writes `voiceAgentId` as a bare 18-digit JSON number. */
export type CallTask = Of<
	string,
	'id taskName voiceAgentId createUser updateUser createTime updateTime'
> &
	Of<string | null, 'voiceAgentName scheduledStartTime lastExecutedTime'> &
	Of<number, 'totalCount completedCount connectedCount progressRate maxConcurrency'> & {
		agentType: AgentType | null;
		startType: 'manual' | 'scheduled';
		callStrategy: CallStrategy;
		retryStrategy: RetryStrategy | null;
		status: TaskStatus;
	};

export type ImportedCustomer = Of<string | null, 'customerName remark'> & {
	customerNumber: string;
	variables: Record<string, string> | null;
	importBatchId: string;
};

// ---- request log -------------------------------------------------------------------------------

export type FaultKind = Words<'status delay truncated nonjson html envelope reset json'>;

export interface LogEntry {
	seq: number;
	/** ISO time (real time plus the clock offset) the request arrived. */
	time: string;
	method: string;
	/** Path without the query string. */
	path: string;
	query: Record<string, string>;
	/** The `appid` header (any case), null when absent. */
	appId: string | null;
	/** Lower-cased names; the signature header included. */
	headers: Record<string, string>;
	rawBody: string;
	/** Parsed losslessly (integers beyond 2^53 as strings); null when the body is empty or not JSON. */
	body: unknown;
	/** Whether the HMAC signature matched the tenant's secret (false for unknown tenants). */
	signatureValid: boolean;
	/** Why authentication refused the request, when it did. */
	authError?: string;
	/** 0 when the connection was reset. */
	httpStatus: number;
	/** Envelope code answered; null when no envelope was answered. */
	code: string | number | null;
	/** Kind of the fault that hit the request. */
	fault?: FaultKind;
	/** Time from arrival to the response being written, ms (delay faults included). */
	durationMs: number;
}

export interface LogQuery {
	appId?: string;
	pathContains?: string;
	/** Only entries with seq greater than this. */
	sinceSeq?: number;
}

// ---- faults ------------------------------------------------------------------------------------

export interface FaultSpec {
	/** Matched against the request path: as a substring, or else as a regular expression source. */
	pathPattern: string;
	kind: FaultKind;
	/** Only requests of this method (default: any). */
	method?: 'GET' | 'POST';
	/** HTTP status for `status` (default 500) and `html` (default 502). */
	status?: number;
	/** For `delay` (default 1000): the handler runs, the answer is written this late. */
	delayMs?: number;
	/** For `envelope`: default '00000500' on envelope-A paths, 500 on envelope-B paths. */
	envelopeCode?: string | number;
	envelopeMessage?: string;
	/** For `status` 429/503: the Retry-After header, seconds. */
	retryAfterSeconds?: number;
	/** Hit the next N matching requests (default 1; with `probability`, default unlimited). */
	count?: number;
	/** Hit each matching request with this probability (0..1) instead. */
	probability?: number;
	/** Seed of the probability's generator, for reproducible runs (default 1). */
	seed?: number;
	/** For `json`: the whole answer (any JSON value, e.g. an envelope whose data has another shape), sent with HTTP `status` (default 200). */
	body?: unknown;
	/** For `reset`: run the handler first (the write happens, the answer is lost). Default false. */
	runHandler?: boolean;
}

export interface ActiveFault extends FaultSpec {
	id: string;
	hits: number;
	/** Hits left; null when unlimited. */
	remaining: number | null;
}

// ---- control payloads --------------------------------------------------------------------------

/** Seeds rows: explicit ones under `key`, completed with defaults, and `count` generated ones. */
export type Seed<K extends string, T> = { appId: string; count?: number } & {
	[P in K]?: Partial<T>[];
};
export type SeedTasksRequest = Seed<'tasks', CallTask>;
export interface ChangeCustomersRequest {
	appId: string;
	changes: Array<{
		_id: string;
		updateTime?: string;
		updateAgent?: string;
		fields?: Partial<Customer>;
	}>;
}

export interface InjectRecordsRequest {
	appId: string;
	channel: Channel;
	/** Explicit records; `updateTime` is required on each. */
	records?: (Partial<ServiceRecord> & { updateTime: string })[];
	generate?: {
		count: number;
		/** `yyyy-MM-dd HH:mm:ss` in the tenant's zone, inclusive; records are spread evenly. */
		from: string;
		to: string;
		/** Default `mixed`: about one record in five is an update of an earlier one. */
		pushType?: PushType | 'mixed';
	};
}

export type TaskProgressRequest = Of<string, 'appId taskId'> &
	Partial<Pick<CallTask, 'completedCount' | 'connectedCount' | 'status'>>;

export interface TaskStateDump extends CallTask {
	importedCustomers: number;
	importBatchIds: string[];
}

export interface TenantStateDump {
	appId: string;
	timezone: string;
	customers: Customer[];
	/** Custom field configurations, deleted ones included. */
	fields: CustomerFieldVO[];
	serviceGroups: ServiceGroup[];
	displayNumberGroups: DisplayNumberGroup[];
	agents: VoiceAgent[];
	callerNumberGroups: CallerNumberGroup[];
	tasks: TaskStateDump[];
	recordCounts: Record<Channel, number>;
	/** Nonces currently refused for replay. */
	nonceCount: number;
}

export interface ClockRequest {
	/** The clock runs at real time + offsetSeconds (absolute, not cumulative). */
	offsetSeconds?: number;
	/** An ISO instant at which the clock stands still; null (or absent) lets it run again. */
	freezeAt?: string | null;
}

/** Answer latency: fixed when minMs = maxMs, else uniform in [minMs, maxMs] from a generator seeded with `seed` (default 1). */
export interface Latency {
	minMs: number;
	maxMs: number;
	seed?: number;
}

/** API requests in flight (arrived, answer not yet written) now and at most since the last reset. */
export interface TrafficState {
	inFlight: number;
	maxInFlight: number;
	latency: { minMs: number; maxMs: number };
}

export interface ClockState {
	offsetSeconds: number;
	frozenAt: string | null;
	/** ISO instant of the server's "now". */
	now: string;
}

// ---- the scripted chat model (POST /v1/chat/completions) ---------------------------------------

/** One tool call the model makes; string argument values `{{tool:PATH}}` come from tool results. */
export interface ChatToolCallScript {
	/** The tool's name as the model was offered it (n8n: the node's name, `_` for other characters). */
	name: string;
	/** An object (placeholders resolved), or JSON text sent exactly as written. */
	arguments?: Record<string, unknown> | string;
}

/** One answer of the model: tool calls, or (without them) the final text. */
export interface ChatScriptTurn {
	toolCalls?: ChatToolCallScript[];
	text?: string;
}

/** A request the chat model received. */
export interface ChatCompletionRecord {
	/** The script turn it was answered with (one after the latest turn whose tool calls it holds). */
	turn: number;
	model: string;
	stream: boolean;
	/** The Authorization header (the credential's API key), or null. */
	authorization: string | null;
	/** The tools offered, as sent (`{ type: 'function', function: { name, description, parameters } }`). */
	tools: unknown[];
	/** `toolCalls`: an assistant message's tool calls as sent (JSON). */
	messages: Array<{ role: string; content: string; toolCallId?: string; toolCalls?: string }>;
}

/** The shapes of what the real-n8n tooling reads and writes (the parts the tests use). */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One entry of the array `n8n import:credentials` reads; a plain `data` object is encrypted on import. */
export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

/** One entry of the array `n8n import:workflow` reads (also the shape of `examples/*.json`). */
export interface WorkflowImport {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
}

export interface NodeExecutionItem {
	json: JsonObject;
}

export interface TaskData {
	startTime: number;
	executionTime: number;
	data?: { main?: Array<NodeExecutionItem[] | null> };
	error?: { message: string; description?: string; [key: string]: unknown };
}

/** n8n's `IRun` as `n8n execute` prints it and the public API returns it in `data`. */
export interface RunData {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, TaskData[]>;
			error?: { message: string; description?: string; [key: string]: unknown };
		};
		[key: string]: unknown;
	};
}

/** An execution as `GET /api/v1/executions` lists it. */
export interface PublicExecution {
	id: number | string;
	workflowId: string;
	status: string;
	mode: string;
	finished: boolean;
	startedAt: string;
	stoppedAt: string | null;
	data?: RunData['data'];
}

/** A workflow as `GET /api/v1/workflows/:id` returns it. */
export interface PublicWorkflow {
	id: string;
	name: string;
	active: boolean;
	nodes: WorkflowNode[];
	staticData: Record<string, unknown> | null;
	updatedAt: string;
}

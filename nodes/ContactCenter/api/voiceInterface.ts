/**
 * The voice-agent interface (envelope B): voice agents, caller number groups and call tasks
 * (query, create, import, start/pause).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PageWatch, warnIfChanged } from './responses';
import { callEndpoint } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import { textOnly, type TextOnly } from '../transport/json';
import type { RequestBody } from '../input/issues';
import {
	collectPages,
	PAGE_SIZE,
	pageSizeFor,
	voiceInterfaceHasMore,
	type Page,
} from '../transport/pagination';
import { dataObject, pageRows } from './shapes';

/** The voice-agent interface's page shape. */
export interface VoiceInterfacePage {
	pageNum?: number;
	pageSize?: number;
	total?: number;
	list?: IDataObject[] | null;
	hasNext?: boolean;
}

export type VoicePage = Page<IDataObject> & { total?: unknown };

export interface VoiceListOptions {
	limit?: number;
	/** Rows to keep; a client-side filter makes every page the largest size. */
	filter?: (row: IDataObject) => boolean;
	itemIndex?: number;
}

export interface AgentFilters {
	name?: string;
}
export interface NumberGroupFilters {
	groupName?: string;
}
export interface TaskFilters {
	query?: { [key: string]: string | string[] };
}

/** What an import request answers. */
export interface ImportResult {
	taskId?: string;
	importBatchId?: string;
	totalCount?: number;
	successCount?: number;
	failureCount?: number;
	[key: string]: unknown;
}

/**
 * The three queries of the interface. They differ only in data: the endpoint, the name of the
 * page-number field (`pageNo` for agents and number groups, `pageNum` for tasks, as the spec names
 * them), the words a warning uses for the rows, and the filters each takes.
 */
const QUERIES = {
	voiceAgents: { endpoint: ENDPOINTS.voiceAgentQuery, pageField: 'pageNo', what: 'voice agents' },
	callerNumberGroups: {
		endpoint: ENDPOINTS.callerNumberGroupQuery,
		pageField: 'pageNo',
		what: 'caller number groups',
	},
	callTasks: { endpoint: ENDPOINTS.callTaskQuery, pageField: 'pageNum', what: 'call tasks' },
} as const;

/** A voice-interface query: `voiceAgents`, `callerNumberGroups` or `callTasks`. */
export type VoiceQuery = keyof typeof QUERIES;

/** The filters each query takes. */
export interface VoiceFilters {
	voiceAgents: AgentFilters;
	callerNumberGroups: NumberGroupFilters;
	callTasks: TaskFilters;
}

/** One page of a voice-interface query. */
export async function fetchVoicePage<Q extends VoiceQuery>(
	this: RequestContext,
	query: Q,
	filters: VoiceFilters[Q],
	page: number,
	pageSize: number,
	itemIndex?: number,
): Promise<VoicePage> {
	const { endpoint, pageField } = QUERIES[query];
	const raw = await callEndpoint.call(this, endpoint, {
		body: { [pageField]: page, pageSize, ...filters },
		itemIndex,
	});
	const data = dataObject(
		this,
		raw,
		endpoint.path,
		'data.list (the rows of the page) with data.total',
		itemIndex,
	) as VoiceInterfacePage & IDataObject;
	const rows = pageRows(this, data, endpoint.path, data.total, itemIndex);
	return {
		rows,
		total: data.total,
		hasMore: voiceInterfaceHasMore(
			data.hasNext,
			Number(data.pageNum ?? page),
			Number(data.pageSize ?? pageSize),
			rows.length,
			Number(data.total ?? 0),
		),
	};
}

/** Every row (or the first `limit` rows that pass `filter`) of a voice-interface query, in pages of 500. */
export async function listVoiceRows<Q extends VoiceQuery>(
	this: RequestContext,
	query: Q,
	filters: VoiceFilters[Q],
	options: VoiceListOptions,
): Promise<IDataObject[]> {
	// A client-side filter may drop rows, so it pages at the maximum size whatever the limit.
	const pageSize = options.filter
		? PAGE_SIZE.voiceAgentInterface
		: pageSizeFor(PAGE_SIZE.voiceAgentInterface, options.limit);
	// Rows that move to a later page while it is read (new rows in front) are output once.
	const watch = new PageWatch((row) => row.id);
	const rows = await collectPages(
		async (page, size) => {
			const result = await fetchVoicePage.call(this, query, filters, page, size, options.itemIndex);
			watch.total(result.total);
			return { rows: watch.keep(result.rows), hasMore: result.hasMore };
		},
		{ pageSize, limit: options.limit, filter: options.filter },
	);
	warnIfChanged(this, watch, QUERIES[query].what, options.itemIndex);
	return rows;
}

/** Create a task; answers the API's `data` (the new task's id and state), or `{}` when it sent none. */
export async function createCallTask(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<IDataObject> {
	const data = (await callEndpoint.call(this, ENDPOINTS.callTaskCreate, {
		body,
		itemIndex,
	})) as IDataObject | null;
	return data ?? {};
}

/**
 * Import customer rows into one task (at most 10,000 a request); answers the import result, or `{}`.
 * The rows are text only (their type says so), so the body is written without a walk for bigints.
 */
export async function importCallTaskCustomers(
	this: IExecuteFunctions,
	body: {
		taskId: string;
		customers: Array<{ [key: string]: TextOnly | undefined }>;
		dupStrategy?: string;
	},
	itemIndex: number,
): Promise<ImportResult> {
	const data = (await callEndpoint.call(this, ENDPOINTS.callTaskImport, {
		body: { ...body, customers: textOnly(body.customers) },
		itemIndex,
	})) as ImportResult | null;
	return data ?? {};
}

/** Start or pause a task; answers the API's `{taskId, status, operatedTime}`, or `{ taskId }`. */
export async function operateCallTask(
	this: IExecuteFunctions,
	taskId: string,
	operation: 'start' | 'pause',
	itemIndex: number,
): Promise<IDataObject> {
	const data = (await callEndpoint.call(this, ENDPOINTS.callTaskOperate, {
		body: { taskId, operation },
		itemIndex,
	})) as IDataObject | null;
	return data ?? { taskId };
}

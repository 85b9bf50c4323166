import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type RequestContext } from '../transport';
import type { JsonBodyValue } from '../transport/json';
import { dataObject, pageRows, PageWatch, warnIfChanged } from './responses';
import {
	collectPages,
	PAGE_SIZE,
	pageSizeFor,
	voiceInterfaceHasMore,
	type Page,
} from '../transport/pagination';

/** The voice-agent interface's page shape. */
export interface VoiceInterfacePage {
	pageNum?: number;
	pageSize?: number;
	total?: number;
	list?: IDataObject[] | null;
	hasNext?: boolean;
}

export const VOICE_PATHS = {
	agents: '/openapi/agent/web/v1/agent/query',
	callerNumberGroups: '/openapi/agent/web/v1/number/group/query',
	tasks: '/openapi/agent/web/v1/callTask/query',
} as const;

/** The page-number field: `pageNo` for agents and number groups, `pageNum` for tasks (as the spec names them). */
function pageField(path: string): 'pageNo' | 'pageNum' {
	return path === VOICE_PATHS.tasks ? 'pageNum' : 'pageNo';
}

export async function fetchVoiceInterfacePage(
	this: RequestContext,
	path: string,
	filters: Record<string, JsonBodyValue | undefined>,
	page: number,
	pageSize: number,
	itemIndex?: number,
): Promise<Page<IDataObject> & { total?: unknown }> {
	const body: Record<string, JsonBodyValue | undefined> = {
		[pageField(path)]: page,
		pageSize,
		...filters,
	};
	const raw = await apiRequest.call<
		RequestContext,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path,
		body,
		envelope: 'B',
		kind: 'read',
		itemIndex,
	});
	const data = dataObject(
		this,
		raw,
		path,
		'data.list (the rows of the page) with data.total',
		itemIndex,
	) as VoiceInterfacePage & IDataObject;
	const rows = pageRows(this, data, path, data.total, itemIndex);
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

/** Every row (or the first `limit` rows that pass `filter`) of a voice-interface list, in pages of 500. */
export async function listVoiceInterface(
	this: RequestContext,
	path: string,
	filters: Record<string, JsonBodyValue | undefined>,
	options: {
		limit?: number;
		filter?: (row: IDataObject) => boolean;
		itemIndex?: number;
		what?: string;
	},
): Promise<IDataObject[]> {
	// A client-side filter may drop rows, so it pages at the maximum size whatever the limit.
	const pageSize = options.filter
		? PAGE_SIZE.voiceAgentInterface
		: pageSizeFor(PAGE_SIZE.voiceAgentInterface, options.limit);
	// Rows that move to a later page while it is read (new rows in front) are output once.
	const watch = new PageWatch((row) => row.id);
	const rows = await collectPages(
		async (page, size) => {
			const result = await fetchVoiceInterfacePage.call(
				this,
				path,
				filters,
				page,
				size,
				options.itemIndex,
			);
			watch.total(result.total);
			return { rows: watch.keep(result.rows), hasMore: result.hasMore };
		},
		{ pageSize, limit: options.limit, filter: options.filter },
	);
	warnIfChanged(this, watch, options.what ?? 'rows', options.itemIndex);
	return rows;
}

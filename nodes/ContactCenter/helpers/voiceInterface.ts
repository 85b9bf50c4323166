import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type RequestContext } from '../transport';
import type { JsonBodyValue } from '../transport/json';
import { collectPages, PAGE_SIZE, pageSizeFor, voiceInterfaceHasMore, type Page } from '../transport/pagination';

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
): Promise<Page<IDataObject>> {
	const body: Record<string, JsonBodyValue | undefined> = { [pageField(path)]: page, pageSize, ...filters };
	const data = await apiRequest.call<RequestContext, Parameters<typeof apiRequest>, Promise<VoiceInterfacePage | null>>(this, {
		method: 'POST',
		path,
		body,
		envelope: 'B',
		kind: 'read',
		itemIndex,
	});
	const rows = Array.isArray(data?.list) ? data.list : [];
	return {
		rows,
		hasMore: voiceInterfaceHasMore(data?.hasNext, data?.pageNum ?? page, data?.pageSize ?? pageSize, rows.length, data?.total ?? 0),
	};
}

/** Every row (or the first `limit` rows that pass `filter`) of a voice-interface list, in pages of 500. */
export async function listVoiceInterface(
	this: RequestContext,
	path: string,
	filters: Record<string, JsonBodyValue | undefined>,
	options: { limit?: number; filter?: (row: IDataObject) => boolean; itemIndex?: number },
): Promise<IDataObject[]> {
	// A client-side filter may drop rows, so it pages at the maximum size whatever the limit.
	const pageSize = options.filter ? PAGE_SIZE.voiceAgentInterface : pageSizeFor(PAGE_SIZE.voiceAgentInterface, options.limit);
	return await collectPages(
		async (page, size) => await fetchVoiceInterfacePage.call(this, path, filters, page, size, options.itemIndex),
		{ pageSize, limit: options.limit, filter: options.filter },
	);
}

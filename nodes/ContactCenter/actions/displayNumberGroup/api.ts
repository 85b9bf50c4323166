import type { IDataObject } from 'n8n-workflow';

import { dataObject, pageRows, PageWatch, warnIfChanged } from '../../helpers/responses';
import { apiRequest, type RequestContext } from '../../transport';
import {
	collectPages,
	DISPLAY_GROUP_MIN_PAGE_SIZE,
	displayGroupHasMore,
	PAGE_SIZE,
	pageSizeFor,
	type Page,
} from '../../transport/pagination';

export const DISPLAY_GROUP_PATHS = {
	create: '/openapi/call/web/v1/number/group/create',
	update: '/openapi/call/web/v1/number/group/update',
	delete: '/openapi/call/web/v1/number/group/delete',
	query: '/openapi/call/web/v1/number/group/query',
} as const;

interface QueryData {
	list?: IDataObject[] | null;
	page?: { pageSize?: number; pageNumber?: number; totalPage?: number; total?: number } | null;
}

/** One page of the query (`page` from 1, `pageSize` 10 to 100). */
export async function fetchDisplayGroupPage(
	this: RequestContext,
	page: number,
	pageSize: number,
	itemIndex?: number,
): Promise<Page<IDataObject> & { total?: unknown }> {
	const raw = await apiRequest.call<
		RequestContext,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path: DISPLAY_GROUP_PATHS.query,
		body: { page, pageSize },
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	const data = dataObject(
		this,
		raw,
		DISPLAY_GROUP_PATHS.query,
		'data.list (the groups) with data.page',
		itemIndex,
	) as QueryData & IDataObject;
	const rows = pageRows(this, data, DISPLAY_GROUP_PATHS.query, data.page?.total, itemIndex);
	const pageNumber = Number(data.page?.pageNumber ?? page);
	const totalPage = Number(data.page?.totalPage ?? 0);
	return {
		rows,
		total: data.page?.total,
		hasMore: displayGroupHasMore(pageNumber, totalPage, rows.length),
	};
}

/** Every group (or the first `limit`), in as few pages as the page-size limits allow. */
export async function listDisplayGroups(
	this: RequestContext,
	limit: number | undefined,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const watch = new PageWatch((row) => row.id);
	const groups = await collectPages(
		async (page, size) => {
			const result = await fetchDisplayGroupPage.call(this, page, size, itemIndex);
			watch.total(result.total);
			return { rows: watch.keep(result.rows), hasMore: result.hasMore };
		},
		{
			pageSize: pageSizeFor(PAGE_SIZE.displayNumberGroup, limit, DISPLAY_GROUP_MIN_PAGE_SIZE),
			limit,
		},
	);
	warnIfChanged(this, watch, 'display-number groups', itemIndex);
	return groups;
}

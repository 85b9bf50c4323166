/** Display-number groups: query (paged), create, update, delete. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PageWatch, warnIfChanged } from './responses';
import { callEndpoint } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import type { RequestBody } from '../input/issues';
import {
	collectPages,
	DISPLAY_GROUP_MIN_PAGE_SIZE,
	displayGroupHasMore,
	PAGE_SIZE,
	pageSizeFor,
	type Page,
} from '../transport/pagination';
import { dataObject, pageRows } from './shapes';

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
	const endpoint = ENDPOINTS.displayGroupQuery;
	const raw = await callEndpoint.call(this, endpoint, { body: { page, pageSize }, itemIndex });
	const data = dataObject(
		this,
		raw,
		endpoint.path,
		'data.list (the groups) with data.page',
		itemIndex,
	) as QueryData & IDataObject;
	const rows = pageRows(this, data, endpoint.path, data.page?.total, itemIndex);
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

/** Create; the API answers the created group (or null). */
export async function createDisplayGroup(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<IDataObject | null> {
	return (await callEndpoint.call(this, ENDPOINTS.displayGroupCreate, {
		body,
		itemIndex,
	})) as IDataObject | null;
}

/** Update (`body.id` names the group); the API answers null. */
export async function updateDisplayGroup(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<void> {
	await callEndpoint.call(this, ENDPOINTS.displayGroupUpdate, { body, itemIndex });
}

export async function deleteDisplayGroup(
	this: IExecuteFunctions,
	id: string,
	itemIndex: number,
): Promise<void> {
	await callEndpoint.call(this, ENDPOINTS.displayGroupDelete, { body: { id }, itemIndex });
}

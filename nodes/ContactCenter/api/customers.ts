/** Customers (CRM): add, update, get, delete, list. */
import type { IDataObject, IExecuteFunctions, INode, NodeApiError } from 'n8n-workflow';

import { PageWatch, warnIfChanged } from './responses';
import { idString } from '../input/parameters';
import { isRecord } from '../input/values';
import { callEndpoint, callEndpointForEnvelope, type EnvelopeResult } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import { vendorError, type VendorFailure } from '../transport/errors';
import type { RequestBody } from '../input/issues';
import {
	collectPages,
	customerHasMore,
	PAGE_SIZE,
	pageSizeFor,
	type Page,
} from '../transport/pagination';
import { dataObject, pageRows } from './shapes';

/** The vendor code of "add customer with a phone number that already exists". */
export const PHONE_EXISTS = '03001004';

/** The ids of `data.repeatId` of a "phone exists" failure, as strings. */
export function repeatIdsOf(data: unknown): string[] {
	const repeatId =
		typeof data === 'object' && data !== null ? (data as IDataObject).repeatId : undefined;
	return Array.isArray(repeatId) ? repeatId.map(idString).filter((id) => id !== '') : [];
}

/** The vendor error of a failed add; for "phone exists" it also names the customers that have the number. */
export function addError(node: INode, failure: VendorFailure, itemIndex: number): NodeApiError {
	const error = vendorError(node, failure, itemIndex);
	const ids = failure.code === PHONE_EXISTS ? repeatIdsOf(failure.data) : [];
	if (ids.length > 0) {
		error.description =
			`${error.description ?? ''} Existing customer ID${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}.`.trim();
		error.context.repeatId = ids;
	}
	return error;
}

/** The customer record of an add/update/get answer (`data`), or an empty object when the API sent none. */
export function customerRecord(data: unknown): IDataObject {
	return isRecord(data) ? data : {};
}

/** Add, with the envelope's failure returned (Create explains it, Create or Update handles "phone exists"). */
export async function addCustomer(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<EnvelopeResult<unknown>> {
	return await callEndpointForEnvelope.call(this, ENDPOINTS.customerAdd, { body, itemIndex });
}

/** Update (`body._id` names the customer); answers the updated record. */
export async function updateCustomer(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<IDataObject> {
	return customerRecord(
		await callEndpoint.call(this, ENDPOINTS.customerUpdate, { body, itemIndex }),
	);
}

/** Update, with the envelope's failure returned instead of thrown. */
export async function updateCustomerForEnvelope(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<EnvelopeResult<unknown>> {
	return await callEndpointForEnvelope.call(this, ENDPOINTS.customerUpdate, { body, itemIndex });
}

/** One customer by id. */
export async function getCustomer(
	this: IExecuteFunctions,
	id: string,
	itemIndex: number,
): Promise<IDataObject> {
	const data = await callEndpoint.call(this, ENDPOINTS.customerGet, {
		pathParams: { id },
		itemIndex,
	});
	// The record itself; anything else (null, a list, a page) is not a customer and is not output as one.
	const record = dataObject(
		this,
		data,
		ENDPOINTS.customerGet.path,
		'data (the customer record)',
		itemIndex,
	);
	return customerRecord(record);
}

export async function deleteCustomer(
	this: IExecuteFunctions,
	id: string,
	itemIndex: number,
): Promise<void> {
	await callEndpoint.call(this, ENDPOINTS.customerDelete, { body: { id }, itemIndex });
}

interface ListData {
	list?: unknown;
	count?: unknown;
}

/** One page of the customer list (`page` from 1), for any context (the Customer ID list search and the customer trigger too). */
export async function fetchCustomerPage(
	this: RequestContext,
	query: RequestBody,
	page: number,
	size: number,
	itemIndex?: number,
): Promise<Page<IDataObject> & { count: unknown }> {
	const { path } = ENDPOINTS.customerList;
	const raw = await callEndpoint.call(this, ENDPOINTS.customerList, {
		body: { ...query, page, limit: size },
		itemIndex,
	});
	const data = dataObject(
		this,
		raw,
		path,
		'data.list (the customers) with data.count',
		itemIndex,
	) as ListData & IDataObject;
	const rows = pageRows(this, data, path, data.count, itemIndex);
	const count = Number(data.count);
	const hasMore =
		data.count !== undefined && data.count !== null && Number.isFinite(count)
			? customerHasMore(page, size, rows.length, count)
			: rows.length === size;
	return { rows, hasMore, count: data.count };
}

/** Rows asked for beyond the limit when the answer is checked (`keep`), so a few dropped rows cost no second request. */
export const KEEP_HEADROOM = 10;

/**
 * Every customer matching the query (or the first `limit`): pages of the largest size, or just
 * enough for the limit, until `count` is reached. With `keep`, only the rows it keeps count and
 * are output: pages of `limit` + KEEP_HEADROOM rows, and more pages while the limit is not reached.
 */
export async function listCustomers(
	this: IExecuteFunctions,
	query: RequestBody,
	limit: number | undefined,
	itemIndex: number,
	keep?: (customer: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const pageSize =
		keep && limit !== undefined
			? Math.min(PAGE_SIZE.customer, limit + KEEP_HEADROOM)
			: pageSizeFor(PAGE_SIZE.customer, limit);
	// Customers added in front while the list is read push rows onto the next page: each is output once.
	const watch = new PageWatch((row) => row._id);
	const customers = await collectPages<IDataObject>(
		async (page, size) => {
			const { rows, hasMore, count } = await fetchCustomerPage.call(
				this,
				query,
				page,
				size,
				itemIndex,
			);
			watch.total(count);
			return { rows: watch.keep(rows), hasMore };
		},
		{ pageSize, limit, filter: keep },
	);
	warnIfChanged(this, watch, 'customers', itemIndex);
	return customers;
}

import type { IDataObject, IExecuteFunctions, INode, NodeApiError } from 'n8n-workflow';

import { dataObject, pageRows, PageWatch, warnIfChanged } from '../../helpers/responses';
import { idString } from '../../helpers/validation';
import { apiRequest, requestEnvelope, type EnvelopeResult } from '../../transport';
import { vendorError, type VendorFailure } from '../../transport/errors';
import { collectPages, customerHasMore, PAGE_SIZE, pageSizeFor } from '../../transport/pagination';
import type { CustomerBody } from './fields';

export const CUSTOMER_PATHS = {
	add: '/openapi/crm/add',
	update: '/openapi/crm/update',
	list: '/openapi/crm/list',
	delete: '/openapi/crm/delete',
	/** The spec's table path; the spec's sample uses /openapi/crm/findById/{id}. */
	get: (id: string) => `/openapi/crm/${encodeURIComponent(id)}`,
} as const;

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

const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The customer record of an add/update/get answer (`data`), or an empty object when the API sent none. */
export function customerRecord(data: unknown): IDataObject {
	return isRecord(data) ? data : {};
}

export async function writeCustomer(
	this: IExecuteFunctions,
	path: string,
	body: CustomerBody,
	itemIndex: number,
): Promise<IDataObject> {
	const data = await apiRequest.call<
		IExecuteFunctions,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path,
		body,
		envelope: 'A',
		kind: 'write',
		itemIndex,
	});
	return customerRecord(data);
}

/** Add, with the envelope's failure returned (upsert handles "phone exists" itself). */
export async function addCustomerEnvelope(
	this: IExecuteFunctions,
	body: CustomerBody,
	itemIndex: number,
): Promise<EnvelopeResult<unknown>> {
	return await customerEnvelope.call(this, CUSTOMER_PATHS.add, body, itemIndex);
}

/** An add or update, with the envelope's failure returned instead of thrown. */
export async function customerEnvelope(
	this: IExecuteFunctions,
	path: string,
	body: CustomerBody,
	itemIndex: number,
): Promise<EnvelopeResult<unknown>> {
	return await requestEnvelope.call<
		IExecuteFunctions,
		Parameters<typeof requestEnvelope>,
		Promise<EnvelopeResult<unknown>>
	>(this, {
		method: 'POST',
		path,
		body,
		envelope: 'A',
		kind: 'write',
		itemIndex,
	});
}

interface ListData {
	list?: unknown;
	count?: unknown;
}

/**
 * Every customer matching the query (or the first `limit`): pages of the largest size, or just
 * enough for the limit, until `count` is reached.
 */
export async function listCustomers(
	this: IExecuteFunctions,
	query: CustomerBody,
	limit: number | undefined,
	itemIndex: number,
): Promise<IDataObject[]> {
	const pageSize = pageSizeFor(PAGE_SIZE.customer, limit);
	// Customers added in front while the list is read push rows onto the next page: each is output once.
	const watch = new PageWatch((row) => row._id);
	const customers = await collectPages<IDataObject>(
		async (page, size) => {
			const raw = await apiRequest.call<
				IExecuteFunctions,
				Parameters<typeof apiRequest>,
				Promise<unknown>
			>(this, {
				method: 'POST',
				path: CUSTOMER_PATHS.list,
				body: { ...query, page, limit: size },
				envelope: 'A',
				kind: 'read',
				itemIndex,
			});
			const data = dataObject(
				this,
				raw,
				CUSTOMER_PATHS.list,
				'data.list (the customers) with data.count',
				itemIndex,
			) as ListData & IDataObject;
			const rows = pageRows(this, data, CUSTOMER_PATHS.list, data.count, itemIndex);
			const count = Number(data.count);
			watch.total(data.count);
			const hasMore =
				data.count !== undefined && data.count !== null && Number.isFinite(count)
					? customerHasMore(page, size, rows.length, count)
					: rows.length === size;
			return { rows: watch.keep(rows), hasMore };
		},
		{ pageSize, limit },
	);
	warnIfChanged(this, watch, 'customers', itemIndex);
	return customers;
}

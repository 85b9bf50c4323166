import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type RequestContext } from '../../transport';
import type { JsonBodyValue } from '../../transport/json';

export const FIELD_LIST_PATH = '/openapi/crm/config/field/list';

export type FieldListBody = { [key: string]: JsonBodyValue | undefined };

const isRecord = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The customer field configuration (CustomerFieldVO rows); the endpoint answers everything at once. */
export async function listCustomerFieldRows(this: RequestContext, body: FieldListBody, itemIndex?: number): Promise<IDataObject[]> {
	const data = await apiRequest.call<RequestContext, Parameters<typeof apiRequest>, Promise<unknown>>(this, {
		method: 'POST',
		path: FIELD_LIST_PATH,
		body,
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	return Array.isArray(data) ? data.filter(isRecord) : [];
}

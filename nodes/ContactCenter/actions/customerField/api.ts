import type { IDataObject } from 'n8n-workflow';

import { recordList } from '../../helpers/responses';
import { apiRequest, type RequestContext } from '../../transport';
import type { JsonBodyValue } from '../../transport/json';

export const FIELD_LIST_PATH = '/openapi/crm/config/field/list';

export type FieldListBody = { [key: string]: JsonBodyValue | undefined };

/** The customer field configuration (CustomerFieldVO rows); the endpoint answers everything at once. */
export async function listCustomerFieldRows(
	this: RequestContext,
	body: FieldListBody,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const data = await apiRequest.call<
		RequestContext,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path: FIELD_LIST_PATH,
		body,
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	return recordList(this, data, FIELD_LIST_PATH, 'data as the list of customer fields', itemIndex);
}

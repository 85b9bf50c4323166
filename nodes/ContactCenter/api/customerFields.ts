/** The customer field configuration. */
import type { IDataObject } from 'n8n-workflow';

import { callEndpoint } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import type { RequestBody } from '../input/issues';
import { recordList } from './shapes';

/** The customer field configuration (CustomerFieldVO rows); the endpoint answers everything at once. */
export async function listCustomerFields(
	this: RequestContext,
	body: RequestBody,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const endpoint = ENDPOINTS.customerFieldList;
	const data = await callEndpoint.call(this, endpoint, { body, itemIndex });
	return recordList(this, data, endpoint.path, 'data as the list of customer fields', itemIndex);
}

/** Service groups: list, create, update, delete. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { callEndpoint } from '../transport';
import type { RequestContext } from '../transport/credentialSettings';
import { ENDPOINTS } from '../transport/endpoints';
import type { RequestBody } from '../input/issues';
import { recordList } from './shapes';

/** Every service group of the tenant (the list endpoint has no paging), or the one with this queue number. */
export async function listServiceGroups(
	this: RequestContext,
	queueNumber?: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const endpoint = ENDPOINTS.serviceGroupList;
	const data = await callEndpoint.call(this, endpoint, {
		body: queueNumber ? { queueNumber } : {},
		itemIndex,
	});
	return recordList(this, data, endpoint.path, 'data as the list of service groups', itemIndex);
}

/** Create; the API answers the new group's queue number only (`{ queueNumber }`), or null. */
export async function createServiceGroup(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<{ queueNumber?: unknown } | null> {
	return (await callEndpoint.call(this, ENDPOINTS.serviceGroupCreate, { body, itemIndex })) as {
		queueNumber?: unknown;
	} | null;
}

/** Update (`body.queueNumber` names the group); the API answers null. */
export async function updateServiceGroup(
	this: IExecuteFunctions,
	body: RequestBody,
	itemIndex: number,
): Promise<void> {
	await callEndpoint.call(this, ENDPOINTS.serviceGroupUpdate, { body, itemIndex });
}

export async function deleteServiceGroup(
	this: IExecuteFunctions,
	queueNumber: string,
	itemIndex: number,
): Promise<void> {
	await callEndpoint.call(this, ENDPOINTS.serviceGroupDelete, {
		body: { queueNumber },
		itemIndex,
	});
}

import type { IDataObject } from 'n8n-workflow';

import { recordList } from '../../helpers/responses';
import { apiRequest, type RequestContext } from '../../transport';

export const SERVICE_GROUP_PATHS = {
	list: '/openapi/platform/v1/group/list',
	create: '/openapi/platform/v1/group/create',
	update: '/openapi/platform/v1/group/update',
	delete: '/openapi/platform/v1/group/delete',
} as const;

/** Every service group of the tenant (the list endpoint has no paging), or the one with this queue number. */
export async function listServiceGroups(
	this: RequestContext,
	queueNumber?: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const data = await apiRequest.call<
		RequestContext,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'POST',
		path: SERVICE_GROUP_PATHS.list,
		body: queueNumber ? { queueNumber } : {},
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	return recordList(
		this,
		data,
		SERVICE_GROUP_PATHS.list,
		'data as the list of service groups',
		itemIndex,
	);
}

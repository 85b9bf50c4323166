import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { assertValid } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { readIdParameter } from './common';

export const OPERATE_PATH = '/openapi/agent/web/v1/callTask/operate';

/** Start or pause the item's task; returns the API's `{taskId, status, operatedTime}`. */
export async function operateTask(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: 'start' | 'pause',
): Promise<IDataObject> {
	const read = readIdParameter.call(this, 'taskId', itemIndex);
	assertValid(this.getNode(), itemIndex, [read.issue]);
	const taskId = read.value ?? '';
	const data = await apiRequest.call<
		IExecuteFunctions,
		Parameters<typeof apiRequest>,
		Promise<IDataObject | null>
	>(this, {
		method: 'POST',
		path: OPERATE_PATH,
		body: { taskId, operation },
		envelope: 'B',
		kind: 'write',
		itemIndex,
	});
	return data ?? { taskId };
}

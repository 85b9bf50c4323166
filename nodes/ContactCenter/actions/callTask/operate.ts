import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { operateCallTask } from '../../api/voiceInterface';
import { readIdParameter } from './common';

/** Start or pause the item's task; returns the API's `{taskId, status, operatedTime}`. */
export async function operateTask(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: 'start' | 'pause',
): Promise<IDataObject> {
	const read = readIdParameter.call(this, 'taskId', itemIndex);
	assertValid(this.getNode(), itemIndex, [read.issue]);
	const taskId = read.value ?? '';
	return await operateCallTask.call(this, taskId, operation, itemIndex);
}

import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { readOutput, shapeRecord } from '../output';
import { assertValid } from '../../input/validation';
import { answerError, VENDOR_CODE_HELP } from '../../transport/errors';
import { readIdParameter, taskIdLocator } from './common';
import { callTaskOutputProperties, simplifyCallTask } from './simplify';
import { findTask } from './taskQuery';

const properties: INodeProperties[] = [
	taskIdLocator('The task to get, with its status, counts and progress'),
	...callTaskOutputProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const read = readIdParameter.call(this, 'taskId', itemIndex);
	assertValid(this.getNode(), itemIndex, [read.issue]);
	const output = readOutput.call(this, itemIndex);
	const taskId = read.value ?? '';
	const task = await findTask.call(this, taskId, itemIndex);
	if (!task) {
		throw answerError(this.getNode(), `The call task ${taskId} does not exist`, {
			itemIndex,
			description: `No task with this ID is among the tenant's tasks (the task query returned every task). ${VENDOR_CODE_HELP['801']}`,
		});
	}
	return shapeRecord(task, output, simplifyCallTask);
}

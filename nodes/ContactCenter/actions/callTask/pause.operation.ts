import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { taskIdLocator } from './common';
import { operateTask } from './operate';

const properties: INodeProperties[] = [taskIdLocator('The running task to pause')];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['pause'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await operateTask.call(this, itemIndex, 'pause');
}

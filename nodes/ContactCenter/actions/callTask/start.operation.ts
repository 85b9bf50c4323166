import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { taskIdLocator } from './common';
import { operateTask } from './operate';

const properties: INodeProperties[] = [
	taskIdLocator(
		'The task to start. It needs imported customers and a state that allows starting (e.g. draft or paused).',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['callTask'], operation: ['start'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await operateTask.call(this, itemIndex, 'start');
}

import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { updateCustomer } from '../../api/customers';
import {
	contactProperties,
	customerIdFields,
	customFieldsField,
	optionalCollection,
} from './descriptions';
import { customerIdOf, readWriteBody } from './itemInput';

const properties: INodeProperties[] = [
	...customerIdFields,
	...contactProperties('update'),
	...optionalCollection('updateFields'),
	customFieldsField('update'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { value: id = '', issue } = customerIdOf.call(this, itemIndex);
	const body = await readWriteBody.call(this, itemIndex, 'update', issue ? [issue] : []);
	return await updateCustomer.call(this, { _id: id, ...body }, itemIndex);
}

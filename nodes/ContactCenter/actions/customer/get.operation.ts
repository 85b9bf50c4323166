import { type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { getCustomer } from '../../api/customers';
import { readOutput } from '../output';
import { customerIdFields } from './descriptions';
import { readCustomerId } from './itemInput';
import { customerOutput, customerOutputProperties } from './output';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['get'] } },
	[...customerIdFields, ...customerOutputProperties()],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readCustomerId.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	const customer = await getCustomer.call(this, id, itemIndex);
	return await customerOutput.call(this, [customer], output, itemIndex);
}

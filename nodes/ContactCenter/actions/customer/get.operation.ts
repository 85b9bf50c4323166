import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getCustomer } from '../../api/customers';
import { readOutput } from '../../helpers/output';
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

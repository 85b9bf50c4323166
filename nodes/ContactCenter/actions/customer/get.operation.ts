import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dataObject } from '../../helpers/responses';
import { apiRequest } from '../../transport';
import { customerRecord, CUSTOMER_PATHS } from './api';
import { customerIdField } from './descriptions';
import { readCustomerId } from './itemInput';

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['get'] } },
	[customerIdField],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readCustomerId.call(this, itemIndex);
	const data = await apiRequest.call<
		IExecuteFunctions,
		Parameters<typeof apiRequest>,
		Promise<unknown>
	>(this, {
		method: 'GET',
		path: CUSTOMER_PATHS.get(id),
		envelope: 'A',
		kind: 'read',
		itemIndex,
	});
	// The record itself; anything else (null, a list, a page) is not a customer and is not output as one.
	const record = dataObject(
		this,
		data,
		CUSTOMER_PATHS.get('{id}'),
		'data (the customer record)',
		itemIndex,
	);
	return customerRecord(record);
}

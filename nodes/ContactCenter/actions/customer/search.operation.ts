import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { listCustomers } from '../../api/customers';
import { returnAllAndLimit } from '../descriptions';
import { readCredentialSettings } from '../../transport/credentialSettings';
import { readOutput } from '../output';
import { assertValid } from '../../input/validation';
import { readItemLimit } from '../limit';
import { buildSearch } from './criteria';
import { customerOutput, customerOutputProperties } from './output';

const properties: INodeProperties[] = [
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. 13800000001',
		description:
			"Phone number of the customer, such as the caller's number; matches any of the customer's numbers. Spaces, dashes, dots and parentheses are ignored, and a + or 00 prefix with the credential's Country Code (+86 or 0086 by default) matches the number without it.",
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		default: '',
		placeholder: 'e.g. name@email.com',
		description: "E-mail address of the customer; matches any of the customer's addresses exactly",
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Jane',
		description:
			'Name of the customer, or part of it. Fill in at least one of Phone, Email and Name; customers must match all that are filled in.',
	},
	...returnAllAndLimit(),
	...customerOutputProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customer'], operation: ['search'] } },
	properties,
);

/**
 * One list request with the criteria as conditions; no match is no item, not an error. A phone's
 * answer is checked number by number; when the check drops rows, the next page is read until Limit
 * customers are found.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { countryCode } = await readCredentialSettings.call(this);
	const query = buildSearch({
		phone: this.getNodeParameter('phone', itemIndex, ''),
		email: this.getNodeParameter('email', itemIndex, ''),
		name: this.getNodeParameter('name', itemIndex, ''),
		countryCode,
	});
	const limit = readItemLimit.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	assertValid(this.getNode(), itemIndex, query.issues);
	const customers = await listCustomers.call(this, query.body, limit, itemIndex, query.keep);
	return await customerOutput.call(this, customers, output, itemIndex);
}

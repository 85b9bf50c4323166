import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { toFieldConfig, type CustomerFieldConfig } from '../actions/customer/customFields';
import { listCustomerFields } from '../api/customerFields';

/** Fields a customer record carries that the field configuration does not list. */
const RECORD_FIELDS = [
	['ID', '_id'],
	['Account ID', 'accountId'],
] as const;

/** An option named as the user knows the field, with the key it has in the output. */
const option = (name: string, field: string, custom = false): INodePropertyOptions => ({
	name: `${name} (${field}${custom ? ', custom' : ''})`,
	value: field,
});

export const loadOptions = {
	/**
	 * Output → Selected Fields of customers (CUSTOMER_OUTPUT_FIELDS_METHOD): every field of the record by its field ID (the key it
	 * has in the record), preset and custom, enabled or not (a disabled field still has its values).
	 */
	async getCustomerOutputFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const configs = (await listCustomerFields.call(this, {}))
			.map(toFieldConfig)
			.filter((c): c is CustomerFieldConfig => c !== undefined);
		return [
			...RECORD_FIELDS.map(([name, field]) => option(name, field)),
			...configs.map((c) => option(c.name, c.field, !c.isSystem)),
		].sort((a, b) => a.name.localeCompare(b.name));
	},
};

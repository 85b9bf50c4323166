/**
 * Include Customer, on Service Record → Get Many and the service-record trigger: the same two
 * options on both, and the same check of what they hold.
 */
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { Read } from '../../input/issues';

/** The form field of the demo tenant's records that holds the customer's phone. */
export const DEFAULT_CUSTOMER_PHONE_FIELD = 'customerPhone';

/** The choice: off, or on with the form field holding the phone. */
export interface IncludeCustomer {
	field: string;
}

/** Include Customer and Customer Phone Field, for an Options collection (sorted into it by the caller). */
export function includeCustomerOptions(show: IDisplayOptions['show'] = {}): INodeProperties[] {
	return [
		{
			displayName: 'Customer Phone Field',
			name: 'customerPhoneField',
			type: 'string',
			default: DEFAULT_CUSTOMER_PHONE_FIELD,
			placeholder: `e.g. ${DEFAULT_CUSTOMER_PHONE_FIELD}`,
			displayOptions: { show: { ...show, includeCustomer: [true] } },
			description:
				"With Include Customer: the name of the field of the record's form (its \"data\" object; the fields are your tenant's own) that holds the customer's phone number",
		},
		{
			displayName: 'Include Customer',
			name: 'includeCustomer',
			type: 'boolean',
			default: false,
			...(Object.keys(show ?? {}).length > 0 ? { displayOptions: { show } } : {}),
			description:
				'Whether to add "customer" to each item: the customer holding the phone number of Customer Phone Field, simplified as Customer → Search outputs it (the oldest one when several hold it), or null when the field holds no phone number or nobody holds it. One customer-list request per 200 distinct numbers, whatever the number of records.',
		},
	];
}

/** The choice from an Options value: undefined when off; an issue when the field is blank. */
export function readIncludeCustomer(options: IDataObject): Read<IncludeCustomer> {
	if (options.includeCustomer !== true) return {};
	const raw = options.customerPhoneField ?? DEFAULT_CUSTOMER_PHONE_FIELD;
	const field = typeof raw === 'string' ? raw.trim() : '';
	if (field === '')
		return {
			issue: {
				field: 'options.customerPhoneField',
				problem: 'is empty',
				fix: `Enter the name of the record's form field that holds the customer's phone, e.g. ${DEFAULT_CUSTOMER_PHONE_FIELD}.`,
			},
		};
	return { value: { field } };
}

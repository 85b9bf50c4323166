/** What an item gives Customer operations: its customer ID, its add/update body, and the two time zones its dates are read in. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readId } from '../../helpers/parameters';
import type { Read } from '../../helpers/issue';
import { assertValid, type Issue } from '../../helpers/validation';
import { readZones } from '../../helpers/zones';
import type { RequestBody } from '../../transport/json';
import type { MapperMode } from './customFields';
import { buildCustomerBody, CONTACT_KINDS, type ContactKind } from './fields';

/**
 * The add/update body of one item, validated: an invalid item throws before anything is sent.
 * `issues` found elsewhere (update's customer ID) are reported together with the body's.
 */
export async function readWriteBody(
	this: IExecuteFunctions,
	itemIndex: number,
	mode: MapperMode,
	issues: Issue[] = [],
): Promise<RequestBody> {
	const contacts: Partial<Record<ContactKind, unknown>> = {};
	for (const kind of CONTACT_KINDS) contacts[kind] = this.getNodeParameter(kind, itemIndex, {});
	const optionalParameter = mode === 'add' ? 'additionalFields' : 'updateFields';
	const built = buildCustomerBody({
		mode,
		customerName: mode === 'add' ? this.getNodeParameter('customerName', itemIndex, '') : undefined,
		optionalParameter,
		optionalFields: this.getNodeParameter(optionalParameter, itemIndex, {}) as IDataObject,
		contacts,
		customFields: this.getNodeParameter('customFields', itemIndex, {}),
		zones: await readZones.call(this),
	});
	assertValid(this.getNode(), itemIndex, [...issues, ...built.issues]);
	return built.body;
}

/** The `customerId` parameter, or its issue when blank. */
export function customerIdOf(this: IExecuteFunctions, itemIndex: number): Read<string> {
	return readId('customerId', this.getNodeParameter('customerId', itemIndex, ''), {
		required: true,
		fix: 'Enter the customer `_id` (from Create or Get Many), for example with an expression.',
	});
}

/** The `customerId` parameter, required. */
export function readCustomerId(this: IExecuteFunctions, itemIndex: number): string {
	const { value: id = '', issue } = customerIdOf.call(this, itemIndex);
	assertValid(this.getNode(), itemIndex, [issue]);
	return id;
}

/** What an item gives Customer operations: its customer ID, its add/update body, and the two time zones its dates are read in. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readId } from '../../input/parameters';
import type { Read, Issue, RequestBody } from '../../input/issues';
import { assertValid } from '../../input/validation';
import { readZones } from '../../transport/zones';
import type { MapperMode } from './customFields';
import {
	buildCustomerBody,
	CONTACT_KINDS,
	CONTACT_LIST_FIELDS,
	type ContactKind,
	type WriteInput,
} from './rules';

/**
 * The add/update body of one item, validated: an invalid item throws before anything is sent.
 * `issues` found elsewhere (update's customer ID) are reported together with the body's. With
 * `nameOptional` (Create or Update) an empty Customer Name is left out of the body.
 */
export async function readWriteBody(
	this: IExecuteFunctions,
	itemIndex: number,
	mode: MapperMode,
	issues: Issue[] = [],
	nameOptional = false,
): Promise<RequestBody> {
	const contacts: Partial<Record<ContactKind, unknown>> = {};
	// The contact lists come either entry by entry or as data, as Contacts Input says.
	const asData = this.getNodeParameter('contactsInput', itemIndex, 'fields') === 'data';
	const contactLists: WriteInput['contactLists'] = {};
	for (const kind of CONTACT_KINDS) {
		if (!asData) contacts[kind] = this.getNodeParameter(kind, itemIndex, {});
		else {
			const field = CONTACT_LIST_FIELDS[kind];
			contactLists[kind] = { field, value: this.getNodeParameter(field, itemIndex, '') };
		}
	}
	const optionalParameter = mode === 'add' ? 'additionalFields' : 'updateFields';
	const built = buildCustomerBody({
		mode,
		customerName: mode === 'add' ? this.getNodeParameter('customerName', itemIndex, '') : undefined,
		nameOptional,
		optionalParameter,
		optionalFields: this.getNodeParameter(optionalParameter, itemIndex, {}) as IDataObject,
		contacts,
		customFields: this.getNodeParameter('customFields', itemIndex, {}),
		zones: await readZones.call(this),
		contactLists,
	});
	assertValid(this.getNode(), itemIndex, [...issues, ...built.issues]);
	return built.body;
}

/** The `customerId` parameter, or its issue when blank. */
export function customerIdOf(this: IExecuteFunctions, itemIndex: number): Read<string> {
	// A resource locator ({mode, value}); readId reads its value.
	return readId('customerId', this.getNodeParameter('customerId', itemIndex, ''), {
		required: true,
		fix: 'Pick the customer from the list, or enter its `_id` (from Create, Search or Get Many).',
	});
}

/** The `customerId` parameter, required. */
export function readCustomerId(this: IExecuteFunctions, itemIndex: number): string {
	const { value: id = '', issue } = customerIdOf.call(this, itemIndex);
	assertValid(this.getNode(), itemIndex, [issue]);
	return id;
}

/** What an item gives Customer operations: its customer ID, its add/update body, and the two time zones its dates are read in. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readId } from '../../helpers/parameters';
import { isV2 } from '../../helpers/version';
import type { Read } from '../../helpers/issue';
import { assertValid, type Issue } from '../../helpers/validation';
import { readZones } from '../../helpers/zones';
import type { RequestBody } from '../../transport/json';
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
 * `issues` found elsewhere (update's customer ID) are reported together with the body's.
 */
export async function readWriteBody(
	this: IExecuteFunctions,
	itemIndex: number,
	mode: MapperMode,
	issues: Issue[] = [],
): Promise<RequestBody> {
	const contacts: Partial<Record<ContactKind, unknown>> = {};
	// Version 2 takes the contact lists either entry by entry or as data, as Contacts Input says.
	const v2 = isV2(this.getNode());
	const asData = v2 && this.getNodeParameter('contactsInput', itemIndex, 'fields') === 'data';
	let contactLists: WriteInput['contactLists'];
	if (v2) contactLists = {};
	for (const kind of CONTACT_KINDS) {
		if (!asData) contacts[kind] = this.getNodeParameter(kind, itemIndex, {});
		else if (contactLists) {
			const field = CONTACT_LIST_FIELDS[kind];
			contactLists[kind] = { field, value: this.getNodeParameter(field, itemIndex, '') };
		}
	}
	const optionalParameter = mode === 'add' ? 'additionalFields' : 'updateFields';
	const built = buildCustomerBody({
		mode,
		customerName: mode === 'add' ? this.getNodeParameter('customerName', itemIndex, '') : undefined,
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
	// Version 1 stores text, version 2 a resource locator ({mode, value}); readId takes both.
	return readId('customerId', this.getNodeParameter('customerId', itemIndex, ''), {
		required: true,
		fix: isV2(this.getNode())
			? 'Pick the customer from the list, or enter its `_id` (from Create, Search or Get Many).'
			: 'Enter the customer `_id` (from Create or Get Many), for example with an expression.',
	});
}

/** The `customerId` parameter, required. */
export function readCustomerId(this: IExecuteFunctions, itemIndex: number): string {
	const { value: id = '', issue } = customerIdOf.call(this, itemIndex);
	assertValid(this.getNode(), itemIndex, [issue]);
	return id;
}

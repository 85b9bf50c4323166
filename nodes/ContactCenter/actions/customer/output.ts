/**
 * What Customer Get, Get Many and Search, and the trigger's customer items, output: one function for
 * all of them, so that a customer has the same shape wherever it comes from.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listCustomerFields } from '../../api/customerFields';
import type { RequestContext } from '../../transport/credentialSettings';
import { outputProperties, shapeRecord, type OutputChoice } from '../output';
import { toFieldConfig, type CustomerFieldConfig } from './customFields';
import { customFieldIds, simplifyCustomer } from './simplify';

/** The load-options method behind Selected Fields: the customer's fields, custom ones included. */
export const CUSTOMER_OUTPUT_FIELDS_METHOD = 'getCustomerOutputFields';

/** Output and Fields of Customer Get, Get Many and Search (and the trigger's customer items). */
export function customerOutputProperties(): INodeProperties[] {
	return outputProperties({
		what: 'customers',
		simplified:
			'ID, name, phones, e-mails, owner, last call and chat, number of calls, times and the custom fields (by field ID)',
		fields: { loadOptionsMethod: CUSTOMER_OUTPUT_FIELDS_METHOD },
	});
}

// One field-configuration request per execution (or poll), shared by all its items.
const idsOfRun = new WeakMap<object, Promise<string[]>>();

function customFieldsOf(context: RequestContext, itemIndex?: number): Promise<string[]> {
	let ids = idsOfRun.get(context);
	if (!ids) {
		ids = listCustomerFields
			.call(context, {}, itemIndex)
			.then((rows) =>
				customFieldIds(
					rows.map(toFieldConfig).filter((c): c is CustomerFieldConfig => c !== undefined),
				),
			);
		// A failed read is not kept: the next item asks again (and fails on its own item).
		ids.catch(() => idsOfRun.delete(context));
		idsOfRun.set(context, ids);
	}
	return ids;
}

/** The records as the choice outputs them; only Simplified reads the field configuration. */
export async function customerOutput(
	this: RequestContext,
	records: IDataObject[],
	choice: OutputChoice,
	itemIndex?: number,
): Promise<IDataObject[]> {
	if (choice.mode !== 'simple' || records.length === 0)
		return records.map((record) => shapeRecord(record, choice, (r) => r));
	const ids = await customFieldsOf(this, itemIndex);
	return records.map((record) => simplifyCustomer(record, ids));
}

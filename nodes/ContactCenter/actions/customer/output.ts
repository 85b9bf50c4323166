/** What Customer Get, Get Many and Search output: simplified records (the default), or the API's. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listCustomerFields } from '../../api/customerFields';
import { readSimplify } from '../../helpers/descriptions';
import { toFieldConfig, type CustomerFieldConfig } from './customFields';
import { customFieldNames, simplifyCustomer, type CustomFieldNames } from './simplify';

// One field-configuration request per execution of the node, shared by all its items.
const namesOfRun = new WeakMap<IExecuteFunctions, Promise<CustomFieldNames>>();

function namesFor(context: IExecuteFunctions, itemIndex: number): Promise<CustomFieldNames> {
	let names = namesOfRun.get(context);
	if (!names) {
		names = listCustomerFields
			.call(context, {}, itemIndex)
			.then((rows) =>
				customFieldNames(
					rows.map(toFieldConfig).filter((c): c is CustomerFieldConfig => c !== undefined),
				),
			);
		// A failed read is not kept: the next item asks again (and fails on its own item).
		names.catch(() => namesOfRun.delete(context));
		namesOfRun.set(context, names);
	}
	return names;
}

/** The records as this item outputs them: unchanged (Simplify off), or simplified. */
export async function customerOutput(
	this: IExecuteFunctions,
	records: IDataObject[],
	itemIndex: number,
): Promise<IDataObject[]> {
	if (!readSimplify.call(this, itemIndex) || records.length === 0) return records;
	const names = await namesFor(this, itemIndex);
	return records.map((record) => simplifyCustomer(record, names));
}

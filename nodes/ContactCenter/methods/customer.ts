import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';

import {
	mapperFields,
	isEnabled,
	toFieldConfig,
	type CustomerFieldConfig,
	type MapperMode,
} from '../actions/customer/customFields';
import { contactValues } from '../actions/customer/simplify';
import { listCustomerFields } from '../api/customerFields';
import { fetchCustomerPage } from '../api/customers';
import { cleanPhone, phoneCondition, phoneKey } from '../actions/customer/phoneNumbers';
import { readCredentialSettings } from '../transport/credentialSettings';
import type { JsonBodyValue } from '../input/issues';

/** Customers a Customer ID list shows per page. */
const SEARCH_PAGE_SIZE = 50;

async function fieldConfigs(this: ILoadOptionsFunctions): Promise<CustomerFieldConfig[]> {
	const rows = await listCustomerFields.call(this, {});
	return rows.map(toFieldConfig).filter((c): c is CustomerFieldConfig => c !== undefined);
}

export const loadOptions = {
	/** Enabled customer fields, preset and custom, for filter conditions and sorting. */
	async getCustomerFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const configs = (await fieldConfigs.call(this)).filter(isEnabled);
		return configs
			.map((c) => ({
				name: c.isSystem ? c.name : `${c.name} (custom)`,
				value: c.field,
				description: `Field ID ${c.field}, type ${c.type}${c.searchable ? '' : ', not searchable'}`,
			}))
			.sort((a, b) => a.name.localeCompare(b.name));
	},
};

/**
 * The list condition of a search text: part of a phone number when it looks like one (typed with
 * spaces, dashes, dots, parentheses or a +86 / 0086 prefix as well), else part of a name.
 */
function searchCondition(filter: string | undefined, countryCode: string): JsonBodyValue[] {
	const text = filter?.trim();
	if (!text) return [];
	const clean = cleanPhone(text);
	// "in" is the API's "contains".
	if (clean === undefined) return [{ field: 'customerName', operator: 'in', value: [text] }];
	return [phoneCondition(phoneKey(clean, countryCode), countryCode)];
}

export const listSearch = {
	/** Customers for the Customer ID list, newest first, searched by name or phone number. */
	async searchCustomers(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Number(paginationToken ?? '1') || 1;
		const { countryCode } = await readCredentialSettings.call(this);
		const { rows, hasMore } = await fetchCustomerPage.call(
			this,
			{ search: searchCondition(filter, countryCode), sortList: [] },
			page,
			SEARCH_PAGE_SIZE,
		);
		return {
			results: rows.map((row) => {
				const id = String(row._id);
				const phones = contactValues(row.mobile);
				const name =
					typeof row.customerName === 'string' && row.customerName ? row.customerName : id;
				return {
					name: phones.length > 0 ? `${name} (${phones[0]})` : name,
					value: id,
					description: phones.length > 1 ? `Phones: ${phones.join(', ')}` : undefined,
				};
			}),
			paginationToken: hasMore ? String(page + 1) : undefined,
		};
	},
};

export const resourceMapping = {
	/** The tenant's enabled custom fields; required only when creating (Create, Create or Update). */
	async getCustomerFieldMapping(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		const operation = this.getNodeParameter('operation', 'create') as string;
		const mode: MapperMode = operation === 'update' ? 'update' : 'add';
		const fields = mapperFields(await fieldConfigs.call(this), mode);
		return fields.length > 0
			? { fields }
			: { fields, emptyFieldsNotice: 'This tenant has no enabled custom customer fields.' };
	},
};

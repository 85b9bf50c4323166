import type {
	ILoadOptionsFunctions,
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
import { listCustomerFields } from '../api/customerFields';

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

import type { INodeProperties } from 'n8n-workflow';

import type { MapperMode } from './customFields';
import { CONTACT_LIST_FIELDS, type ContactKind } from './fields';

export const customerIdField: INodeProperties = {
	displayName: 'Customer ID',
	name: 'customerId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
	description:
		'The `_id` of the customer, as returned when the customer was created or by Get Many',
};

export const customerNameField: INodeProperties = {
	displayName: 'Customer Name',
	name: 'customerName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Jane Doe',
	description: 'Name of the customer',
};

const CONTACTS: Record<
	ContactKind,
	{ plural: string; singular: string; valueName: string; placeholder: string }
> = {
	mobile: {
		plural: 'Phones',
		singular: 'Phone',
		valueName: 'Phone Number',
		placeholder: 'e.g. 13800138000',
	},
	email: {
		plural: 'Emails',
		singular: 'Email',
		valueName: 'Email Address',
		placeholder: 'e.g. name@email.com',
	},
	qq: {
		plural: 'QQ Accounts',
		singular: 'QQ Account',
		valueName: 'QQ Number',
		placeholder: 'e.g. 10001',
	},
	wechat: {
		plural: 'WeChat Accounts',
		singular: 'WeChat Account',
		valueName: 'WeChat ID',
		placeholder: 'e.g. wxid_jane',
	},
};

/** `mobile`, `email`, `qq`, `wechat`: fixed collections with the inner list `values` of `{value, memo}`. */
export function contactField(kind: ContactKind, update: boolean): INodeProperties {
	const c = CONTACTS[kind];
	return {
		displayName: c.plural,
		name: kind,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${c.singular}`,
		default: {},
		description: update
			? `${c.plural} of the customer. When any are given they replace the customer's current list; leave empty to keep it.`
			: `${c.plural} of the customer, each with an optional memo`,
		options: [
			{
				displayName: c.singular,
				name: 'values',
				values: [
					{
						displayName: c.valueName,
						name: 'value',
						type: 'string',
						default: '',
						placeholder: c.placeholder,
						description:
							kind === 'mobile'
								? 'The phone number. Adding a number that another customer already has fails with code 03001004.'
								: `The ${c.valueName.toLowerCase()}`,
					},
					{
						displayName: 'Memo',
						name: 'memo',
						type: 'string',
						default: '',
						placeholder: 'e.g. work',
						description: 'A note on this entry, such as "work" or "home"',
					},
				],
			},
		],
	};
}

/** A contact list given as data (an expression), next to the fixed collection that cannot take one. */
function contactListField(kind: ContactKind, update: boolean): INodeProperties {
	const c = CONTACTS[kind];
	return {
		displayName: `${c.plural} (JSON or List)`,
		name: CONTACT_LIST_FIELDS[kind],
		type: 'string',
		default: '',
		placeholder: `e.g. ["${c.placeholder.replace(/^e\.g\. /, '')}"] or [{"value": "...", "memo": "work"}]`,
		description: `${c.plural} as data, for example from an expression: a JSON array of values or of objects with value and memo, or values separated by commas or new lines. They are added after the ${c.plural} entered one by one${update ? "; together they replace the customer's current list" : ''}.`,
	};
}

export function contactFields(update: boolean): INodeProperties[] {
	return (['mobile', 'email', 'qq', 'wechat'] as const).map((kind) => contactField(kind, update));
}

/** The fields of `additionalFields` (create, upsert); `updateFields` adds Customer Name. Sorted by name. */
export function optionalFields(update: boolean): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Assign Time',
			name: 'assignTime',
			type: 'dateTime',
			default: '',
			description:
				"When the customer was assigned to the owner. A date-time without an offset is read in the workflow's time zone and sent in the credential's time zone.",
		},
		{
			displayName: 'Create Method',
			name: 'createMethod',
			type: 'options',
			default: 'API',
			description: 'How the customer was created',
			options: [
				{ name: 'API', value: 'API' },
				{ name: 'Auto-Saved on Incoming Call', value: 'AUTOSAVE' },
				{ name: 'Entry or Pop-Up Save', value: 'INSERT' },
				{ name: 'Import', value: 'IMPORT' },
				{ name: 'User Registration', value: 'USERREGISTRATION' },
				{ name: 'Web Chat', value: 'WEBCHAT' },
				{ name: 'Work Order', value: 'WORKORDER' },
			],
		},
		{
			displayName: 'Customer Origin',
			name: 'customerOrigin',
			type: 'options',
			default: 'selfDevelop',
			description: 'Where the customer came from',
			options: [
				{ name: 'Business Opportunity', value: 'busOpportunity' },
				{ name: 'Open Sea (Public Pool)', value: 'openSeaCustom' },
				{ name: 'Self-Developed', value: 'selfDevelop' },
			],
		},
		{
			displayName: 'Customer Source',
			name: 'customerSource',
			type: 'string',
			default: '',
			placeholder: 'e.g. website, fair',
			description:
				'Sources of the customer, separated by commas (an array from an expression also works)',
		},
		{
			displayName: 'Mobile Decrypt Mode',
			name: 'mobileDecrypt',
			type: 'string',
			default: '',
			description:
				'Phone decryption mode; the API supports one customer-specific value. Leave unset unless your provider gave you one.',
		},
		{
			displayName: 'Owner',
			name: 'owner',
			type: 'string',
			default: '',
			description: 'ID of the user who owns the customer, or ID of an open sea (public pool)',
		},
		{
			displayName: 'Visitor ID',
			name: 'visitorId',
			type: 'string',
			default: '',
			description:
				"Web-channel visitor ID; when it matches, the visitor's conversations are linked to the customer",
		},
	];
	for (const kind of ['mobile', 'email', 'qq', 'wechat'] as const)
		fields.push(contactListField(kind, update));
	if (update) {
		fields.push({
			displayName: 'Customer Name',
			name: 'customerName',
			type: 'string',
			default: '',
			description: 'New name of the customer',
		});
	}
	return fields.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The custom fields of the tenant, loaded from its field configuration into a resource mapper.
 * The mapper's mode is `add` for Update too: in mode `update` the editor shows fields only when one
 * can be a matching column, and customers are matched by Customer ID, not by a field. For Update
 * the mapping method marks no field required (see methods/customer.ts).
 */
export function customFieldsField(mode: MapperMode): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		description:
			mode === 'add'
				? "The tenant's custom customer fields; required ones must be filled"
				: 'Custom customer fields to change; fields left out keep their values',
		typeOptions: {
			// Required flags differ between Create and Update: reload the fields when the operation changes.
			loadOptionsDependsOn: ['operation'],
			resourceMapper: {
				resourceMapperMethod: 'getCustomerFieldMapping',
				mode: 'add',
				fieldWords: { singular: 'custom field', plural: 'custom fields' },
				addAllFields: false,
				supportAutoMap: false,
			},
		},
	};
}

/** Create and upsert share every parameter. */
export function createProperties(): INodeProperties[] {
	return [
		customerNameField,
		...contactFields(false),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: optionalFields(false),
		},
		customFieldsField('add'),
	];
}

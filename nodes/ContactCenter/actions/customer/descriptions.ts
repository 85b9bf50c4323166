import { type IDisplayOptions, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { nonBlankId, resourceLocator } from '../descriptions';
import type { MapperMode } from './customFields';
import { CONTACT_KINDS, CONTACT_LIST_FIELDS, type ContactKind } from './rules';

/** Properties shown only under extra `show` conditions (an input mode). */
function onlyWhen(show: IDisplayOptions['show'], properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show }, properties);
}

/** `customerId`: the customer picked from a list searchable by name or phone, or given by `_id`. */
const customerIdLocator: INodeProperties = resourceLocator({
	name: 'customerId',
	displayName: 'Customer ID',
	description:
		'The customer: pick it from the list (type part of a name or a phone number to search), or enter its `_id`',
	required: true,
	searchListMethod: 'searchCustomers',
	listPlaceholder: 'Select a customer...',
	idDisplayName: 'By ID',
	idPlaceholder: 'e.g. 64f1c2a9e4b0a1b2c3d4e5f6',
	idValidation: nonBlankId('Enter the `_id` of the customer'),
});

export const customerIdFields: INodeProperties[] = [customerIdLocator];

export const customerNameField: INodeProperties = {
	displayName: 'Customer Name',
	name: 'customerName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. Jane Doe',
	description: 'Name of the customer',
};

/** Create or Update's Customer Name: needed only to create. */
const upsertNameField: INodeProperties = {
	...customerNameField,
	required: false,
	description:
		'Name of the customer. Needed to create one; when a customer has the Phone, leave empty to keep its name.',
};

/** Where the contact lists are written: Create (a new customer), Create or Update (added to on a match), Update (replaced). */
export type ContactUse = 'create' | 'upsert' | 'update';

/** What a list given does, said in each list's description. */
function listEffect(plural: string, use: ContactUse): string {
	if (use === 'update')
		return `Replaces the customer's ${plural.toLowerCase()}: it ends with exactly the entries given (to add some without removing any, use Create or Update). Leave empty to keep the list as it is.`;
	if (use === 'upsert')
		return `When a customer has the Phone, these are added to its ${plural.toLowerCase()}, none removed (unless Options → Contact Lists on Match is Replace). Leave empty to keep the list as it is.`;
	return '';
}

/** A list's description with what giving it does, when that is more than writing it. */
function withEffect(description: string, plural: string, use: ContactUse): string {
	const effect = listEffect(plural, use);
	return effect ? `${description}. ${effect}` : description;
}

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
export function contactField(kind: ContactKind, use: ContactUse): INodeProperties {
	const c = CONTACTS[kind];
	return {
		displayName: c.plural,
		name: kind,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${c.singular}`,
		default: {},
		description: withEffect(
			`${c.plural} of the customer, each with an optional memo`,
			c.plural,
			use,
		),
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
								: `${c.valueName} of the customer`,
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

export function contactFields(use: ContactUse): INodeProperties[] {
	return CONTACT_KINDS.map((kind) => contactField(kind, use));
}

/** A contact list given as data (an expression), shown instead of its entries when the input mode is data. */
function contactDataField(kind: ContactKind, use: ContactUse): INodeProperties {
	const c = CONTACTS[kind];
	return {
		displayName: `${c.plural} (JSON or List)`,
		name: CONTACT_LIST_FIELDS[kind],
		type: 'string',
		default: '',
		placeholder: `e.g. ["${c.placeholder.replace(/^e\.g\. /, '')}"] or [{"value": "...", "memo": "work"}]`,
		description: withEffect(
			`${c.plural} as data, for example from an expression: a JSON array of values or of objects with value and memo, or values separated by commas or new lines`,
			c.plural,
			use,
		),
	};
}

/** How the contact lists are given (the entries one by one cannot take one expression for a whole list). */
const contactsInputField: INodeProperties = {
	displayName: 'Contacts Input',
	name: 'contactsInput',
	type: 'options',
	// A form layout, not data: fixed in the editor, so an expression cannot pick an unknown mode.
	noDataExpression: true,
	default: 'fields',
	description:
		'Whether to add phones, e-mails, QQ and WeChat accounts one by one below, or give each list as data (JSON or a list) from an expression',
	options: [
		{ name: 'Using Fields Below', value: 'fields' },
		{ name: 'Using JSON or a List', value: 'data' },
	],
};

/** The contact lists: a switch, then either the entry lists or one data field per list. */
export function contactProperties(use: ContactUse): INodeProperties[] {
	return [
		contactsInputField,
		...onlyWhen({ contactsInput: ['fields'] }, contactFields(use)),
		...onlyWhen(
			{ contactsInput: ['data'] },
			CONTACT_KINDS.map((kind) => contactDataField(kind, use)),
		),
	];
}

/** How and where the customer came from: Create Method, Customer Origin, Customer Source. */
function originFields(): INodeProperties[] {
	return [
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
	];
}

/** Whom the customer is assigned to and what it is linked with: Assign Time, Owner, Mobile Decrypt Mode, Visitor ID. */
function ownershipFields(): INodeProperties[] {
	return [
		{
			displayName: 'Assign Time',
			name: 'assignTime',
			type: 'dateTime',
			default: '',
			description:
				"When the customer was assigned to the owner. A date-time without an offset is read in the workflow's time zone and sent in the credential's time zone.",
		},
		{
			displayName: 'Owner',
			name: 'owner',
			type: 'string',
			default: '',
			description: 'ID of the user who owns the customer, or ID of an open sea (public pool)',
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
			displayName: 'Visitor ID',
			name: 'visitorId',
			type: 'string',
			default: '',
			description:
				"Web-channel visitor ID; when it matches, the visitor's conversations are linked to the customer",
		},
	];
}

/** The fields of `additionalFields` (create, upsert); `updateFields` adds Customer Name. Sorted by name. */
export function optionalFields(update: boolean): INodeProperties[] {
	const fields = [...originFields(), ...ownershipFields()];
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

/** `additionalFields` (create, upsert) or `updateFields` (update). */
export function optionalCollection(
	parameter: 'additionalFields' | 'updateFields',
): INodeProperties[] {
	const update = parameter === 'updateFields';
	return [
		{
			displayName: update ? 'Update Fields' : 'Additional Fields',
			name: parameter,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: optionalFields(update),
		},
	];
}

/** Create's parameters; Create or Update has the same around its Phone. */
export function createProperties(use: 'create' | 'upsert' = 'create'): INodeProperties[] {
	return [
		use === 'create' ? customerNameField : upsertNameField,
		...contactProperties(use),
		...optionalCollection('additionalFields'),
		customFieldsField('add'),
	];
}

/** Create or Update: the notice on what it matches, Phone, and Options → Contact Lists on Match. */
export function upsertProperties(): INodeProperties[] {
	const [name, ...rest] = createProperties('upsert');
	return [
		{
			displayName:
				'Matches an existing customer by Phone (however it is formatted). When a customer has this number it is updated: the phones, e-mails, QQ and WeChat accounts given are added to its lists, none removed (unless Options → Contact Lists on Match is Replace), and fields left empty keep their values. Otherwise a new customer is created, which needs a Customer Name.',
			name: 'matchNotice',
			type: 'notice',
			default: '',
		},
		name,
		{
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 13800000001',
			description:
				"Phone number that identifies the customer. Spaces, dashes, dots and parentheses are ignored, and a + or 00 prefix with the credential's Country Code (+86 or 0086 by default) matches the number without it. It is added to the Phones, without the formatting, when they do not list it.",
		},
		...rest,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Contact Lists on Match',
					name: 'listsOnMatch',
					type: 'options',
					default: 'add',
					description:
						'What happens to the phones, e-mails, QQ and WeChat accounts of the customer found by Phone. A list left empty is not sent and stays as it is, either way.',
					options: [
						{
							name: 'Add to Existing',
							value: 'add',
							description:
								"Each list given is added to the customer's: its entries stay with their memos (a memo given for one of them replaces it), new entries are appended, none is removed. Phone and the Phones given count as the phone list.",
						},
						{
							name: 'Replace',
							value: 'replace',
							description:
								"Each list given replaces the customer's: it ends with exactly the entries given (the phones: Phone and the Phones given)",
						},
					],
				},
			],
		},
	];
}

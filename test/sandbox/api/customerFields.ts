import { failA, words } from '../lib/validate';
import type { Tenant } from '../state/tenant';
import type { ChoiceOption, CustomerFieldVO } from '../types';
import { post, type RouteDef } from '../server/routes';

interface SystemField {
	field: string;
	name: string;
	type: string;
	/** Auto-generated fields are not editable. */
	editable: boolean;
	required?: boolean;
}

export const CREATE_METHODS = words(
	'INSERT WORKORDER WEBCHAT API IMPORT AUTOSAVE USERREGISTRATION',
);
export const CUSTOMER_ORIGINS = ['busOpportunity', 'openSeaCustom', 'selfDevelop'] as const;

// The preset customer fields, in the order the field list returns them.
const SYSTEM_FIELDS: SystemField[] = [
	{ field: 'customerName', name: 'Customer name', type: 'text', editable: true, required: true },
	{ field: 'mobile', name: 'Phone', type: 'phone', editable: true },
	{ field: 'email', name: 'E-mail', type: 'email', editable: true },
	{ field: 'qq', name: 'QQ', type: 'qq', editable: true },
	{ field: 'wechat', name: 'WeChat', type: 'wechat', editable: true },
	{ field: 'owner', name: 'Owner', type: 'user', editable: true },
	{ field: 'assignTime', name: 'Assign time', type: 'datetime', editable: true },
	{ field: 'createMethod', name: 'Create method', type: 'select', editable: true },
	{ field: 'customerOrigin', name: 'Customer origin', type: 'select', editable: true },
	{ field: 'customerSource', name: 'Customer source', type: 'multiSelect', editable: true },
	{ field: 'visitorId', name: 'Visitor id', type: 'text', editable: true },
	{ field: 'firstOwner', name: 'First owner', type: 'user', editable: false },
	{ field: 'firstAssignTime', name: 'First assign time', type: 'datetime', editable: false },
	{ field: 'importBatchNumber', name: 'Import batch number', type: 'text', editable: false },
	{ field: 'lastCallTime', name: 'Last call time', type: 'datetime', editable: false },
	{ field: 'lastCallUser', name: 'Last call agent', type: 'user', editable: false },
	{ field: 'firstCallTime', name: 'First call time', type: 'datetime', editable: false },
	{ field: 'firstCallUser', name: 'First call agent', type: 'user', editable: false },
	{ field: 'lastChatTime', name: 'Last chat time', type: 'datetime', editable: false },
	{ field: 'lastChatUser', name: 'Last chat agent', type: 'user', editable: false },
	{ field: 'callingNumber', name: 'Number of calls', type: 'number', editable: false },
	{ field: 'imNumber', name: 'Number of sessions', type: 'number', editable: false },
	{ field: 'sumBridgeDuration', name: 'Total talk duration', type: 'number', editable: false },
	{ field: 'createAgent', name: 'Created by', type: 'user', editable: false },
	{ field: 'updateAgent', name: 'Updated by', type: 'user', editable: false },
	{ field: 'createTime', name: 'Create time', type: 'datetime', editable: false },
	{ field: 'updateTime', name: 'Update time', type: 'datetime', editable: false },
];

/** The choices of the two preset select fields (each key its own label). */
function choicesOf(field: string): ChoiceOption[] | null {
	const keys = { createMethod: CREATE_METHODS, customerOrigin: CUSTOMER_ORIGINS }[field];
	return keys?.map((key) => ({ key, value: key, isDefault: false })) ?? null;
}

const SYSTEM_FIELD_IDS = new Set(SYSTEM_FIELDS.map((f) => f.field));
const SYSTEM_TIME = '2023-01-01 00:00:00';

/** Field types a custom field may have (a custom `select` value must be one of its choice keys). */
export const CUSTOM_FIELD_TYPES = words(
	'text textarea number date datetime select multiSelect cascade',
);

export function isSystemField(field: string): boolean {
	return SYSTEM_FIELD_IDS.has(field);
}

function systemFieldVOs(tenant: Tenant): CustomerFieldVO[] {
	return SYSTEM_FIELDS.map((f, i) => ({
		accountId: tenant.appId,
		glFieldId: `gl_${f.field}`,
		field: f.field,
		name: f.name,
		param: f.field,
		type: f.type,
		status: 1,
		searchable: true,
		oplog: f.editable,
		choices: choicesOf(f.field),
		options: null,
		scenes: ['customer'],
		sort: i + 1,
		isSystem: true,
		required: f.required ?? false,
		createTime: SYSTEM_TIME,
		updateTime: SYSTEM_TIME,
		createAgent: 'system',
		updateAgent: 'system',
	}));
}

function isEditable(vo: CustomerFieldVO): boolean {
	if (!vo.isSystem) return true;
	return SYSTEM_FIELDS.find((f) => f.field === vo.field)?.editable ?? false;
}

const fieldList = post('/openapi/crm/config/field/list', ({ tenant, f }) => {
	f.onlyKeys(['name', 'category', 'type', 'enabled', 'editable']);
	const name = f.string('name')?.toLowerCase();
	const types = f.stringArray('type');
	const categories = f.stringArray('category');
	categories?.forEach((c, i) => {
		if (c !== 'system' && c !== 'custom') failA(`category[${i}] must be system or custom`);
	});
	const enabled = f.boolean('enabled');
	const editable = f.boolean('editable');
	return [...systemFieldVOs(tenant), ...tenant.liveCustomFields()].filter(
		(vo) =>
			(name === undefined || vo.name.toLowerCase().includes(name)) &&
			(types === undefined || types.length === 0 || types.includes(vo.type)) &&
			(categories === undefined ||
				categories.length === 0 ||
				categories.includes(vo.isSystem ? 'system' : 'custom')) &&
			(enabled === undefined || vo.status === (enabled ? 1 : 0)) &&
			(editable === undefined || isEditable(vo) === editable),
	);
});

export const customerFieldRoutes: RouteDef[] = [fieldList];

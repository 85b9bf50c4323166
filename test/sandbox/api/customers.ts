import { newId } from '../lib/ids';
import { parseWall } from '../lib/time';
import { ApiError, Fields, failA, isObject, words } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { Tenant } from '../state/tenant';
import type { ContactEntry, Customer, CustomerFieldVO } from '../types';
import { CREATE_METHODS, CUSTOMER_ORIGINS } from './customerFields';

export const PHONE_EXISTS = '03001004';
export const TIME_FORMAT_ERROR = '03001023';
export const API_ACTOR = 'openapi';

const CONTACT_FIELDS = words('mobile email qq wechat');
const WRITABLE_FIELDS = words(
	'customerName assignTime owner createMethod customerOrigin mobile email qq wechat visitorId mobileDecrypt customerSource',
);
// Fields the server maintains: accepted in a request (a fetched record can be sent back) but ignored.
const READ_ONLY_FIELDS = words(
	'_id accountId firstOwner firstAssignTime importBatchNumber lastCallTime lastCallUser firstCallTime firstCallUser lastChatTime lastChatUser createAgent updateAgent createTime updateTime openSeaIds callingNumber imNumber sumBridgeDuration wxAddState',
);
const STANDARD_FIELDS = new Set<string>([...WRITABLE_FIELDS, ...READ_ONLY_FIELDS]);
const NUMERIC_FIELDS = new Set(['callingNumber', 'imNumber', 'sumBridgeDuration']);
const OPERATORS = words('eq neq empty nempty in nin gt gte lt lte between');
type Operator = (typeof OPERATORS)[number];

export function timeFormatError(field: string): never {
	throw new ApiError(
		TIME_FORMAT_ERROR,
		`time format incorrect: ${field} must be yyyy-MM-dd HH:mm:ss`,
	);
}

function readTime(f: Fields, key: string): string | undefined {
	if (!f.has(key)) return undefined;
	const v = f.raw(key);
	if (parseWall(v) === null) timeFormatError(f.name(key));
	return v as string;
}

function readContacts(f: Fields, key: string): ContactEntry[] | undefined {
	return f.objects(key)?.map((entry) => {
		entry.onlyKeys(['value', 'memo']);
		return {
			value: entry.string('value', { required: true }) as string,
			memo: entry.string('memo') ?? '',
		};
	});
}

function readCustomField(f: Fields, config: CustomerFieldVO): string {
	const value = f.string(config.field) as string;
	if (config.choices && !config.choices.some((c) => c.key === value)) {
		failA(
			`${config.field} must be one of the field's choice keys: ${config.choices.map((c) => c.key).join(', ')}`,
		);
	}
	return value;
}

/**
 * The writable fields present in a request, validated. A key with value null means "clear" (only
 * meaningful to update). Unknown keys, that are neither standard nor configured custom fields, are refused.
 */
function readWritable(f: Fields, tenant: Tenant): Partial<Customer> {
	const custom = new Map(tenant.liveCustomFields().map((c) => [c.field, c]));
	for (const key of Object.keys(f.obj)) {
		if (!STANDARD_FIELDS.has(key) && !custom.has(key)) failA(`unknown field: ${key}`);
	}
	const patch: Partial<Customer> = {};
	// Present: validated; sent as null: cleared (to an empty list for the list fields).
	const read = (key: string, value: () => unknown, clearedTo: unknown = null) => {
		if (f.has(key)) patch[key] = value();
		else if (key in f.obj) patch[key] = clearedTo;
	};
	for (const key of ['customerName', 'owner', 'visitorId', 'mobileDecrypt'])
		read(key, () => f.string(key, { nonEmpty: key === 'customerName' }));
	read('assignTime', () => readTime(f, 'assignTime'));
	read('createMethod', () => f.oneOf('createMethod', CREATE_METHODS));
	read('customerOrigin', () => f.oneOf('customerOrigin', CUSTOMER_ORIGINS));
	for (const key of CONTACT_FIELDS) read(key, () => readContacts(f, key), []);
	read('customerSource', () => f.stringArray('customerSource'), []);
	for (const [key, config] of custom) read(key, () => readCustomField(f, config));
	return patch;
}

function assertNoPhoneDuplicate(tenant: Tenant, patch: Partial<Customer>, exceptId?: string): void {
	const phones = (patch.mobile ?? []).map((m) => m.value);
	const repeatId = tenant.customersWithPhones(phones, exceptId);
	if (repeatId.length > 0)
		throw new ApiError(PHONE_EXISTS, 'phone number already exists', { repeatId });
}

/** The keys, each with the value `value`. */
function each(keys: string, value: () => unknown): Record<string, unknown> {
	return Object.fromEntries(words(keys).map((key) => [key, value()]));
}

/** A complete customer record with the server-maintained fields at their initial values. */
export function newCustomer(tenant: Tenant, fields: Partial<Customer>): Customer {
	const now = tenant.now();
	const none = () => null;
	return {
		_id: newId(),
		accountId: tenant.appId,
		...each('customerName owner assignTime', none),
		createMethod: 'API',
		customerOrigin: null,
		...each('mobile email qq wechat', () => []),
		...each('visitorId mobileDecrypt', none),
		customerSource: [],
		firstOwner: fields.owner ?? null,
		firstAssignTime: fields.assignTime ?? null,
		...each(
			'importBatchNumber lastCallTime lastCallUser firstCallTime firstCallUser lastChatTime lastChatUser',
			none,
		),
		createAgent: API_ACTOR,
		updateAgent: API_ACTOR,
		createTime: now,
		updateTime: now,
		openSeaIds: [],
		...each('callingNumber imNumber sumBridgeDuration', () => 0),
		wxAddState: null,
		...fields,
	};
}

function getExisting(tenant: Tenant, id: string): Customer {
	const customer = tenant.customers.get(id);
	if (!customer) throw new ApiError('00000400', 'customer does not exist');
	return customer;
}

const add = post('/openapi/crm/add', ({ tenant, f }) => {
	f.string('customerName', { required: true });
	const patch = readWritable(f, tenant);
	assertNoPhoneDuplicate(tenant, patch);
	for (const key of Object.keys(patch)) if (patch[key] === null) delete patch[key];
	const customer = newCustomer(tenant, patch);
	tenant.putCustomer(customer);
	return customer;
});

const update = post('/openapi/crm/update', ({ tenant, body, f }) => {
	const existing = getExisting(tenant, f.string('_id', { required: true }) as string);
	if ('customerName' in body && body.customerName === null) failA('customerName cannot be empty');
	const patch = readWritable(f, tenant);
	assertNoPhoneDuplicate(tenant, patch, existing._id);
	const updated: Customer = {
		...existing,
		...patch,
		updateAgent: API_ACTOR,
		updateTime: tenant.now(),
	};
	for (const key of Object.keys(patch))
		if (patch[key] === null && !STANDARD_FIELDS.has(key)) delete updated[key];
	updated.firstOwner ??= updated.owner ?? null;
	updated.firstAssignTime ??= updated.assignTime ?? null;
	tenant.putCustomer(updated);
	return updated;
});

type Scalar = string | number;

/** A field's values as a flat list: contact entries by their `value`, empty strings and nulls dropped. */
function valuesOf(customer: Customer, field: string): Scalar[] {
	const v = customer[field];
	if (v === undefined || v === null || v === '') return [];
	if (Array.isArray(v)) {
		return v
			.map((item: unknown) => (isObject(item) ? item.value : item))
			.filter((x): x is Scalar => (typeof x === 'string' && x !== '') || typeof x === 'number');
	}
	return typeof v === 'number' || typeof v === 'string' ? [v] : [String(v)];
}

function compare(field: string, a: Scalar, b: Scalar): number {
	if (NUMERIC_FIELDS.has(field)) return Number(a) - Number(b);
	const x = String(a);
	const y = String(b);
	return x < y ? -1 : x > y ? 1 : 0;
}

interface Condition {
	field: string;
	operator: Operator;
	value: Scalar[];
}

/** Whether some of a customer's values (all, for neq and nin: none) pass a condition. */
const TESTS: Record<Operator, (values: Scalar[], c: Condition) => boolean> = {
	empty: (values) => values.length === 0,
	nempty: (values) => values.length > 0,
	eq: (values, c) => values.some((x) => c.value.some((v) => compare(c.field, x, v) === 0)),
	neq: (values, c) => !TESTS.eq(values, c),
	in: (values, c) => values.some((x) => c.value.some((v) => String(x).includes(String(v)))),
	nin: (values, c) => !TESTS.in(values, c),
	gt: (values, c) => values.some((x) => compare(c.field, x, c.value[0]) > 0),
	gte: (values, c) => values.some((x) => compare(c.field, x, c.value[0]) >= 0),
	lt: (values, c) => values.some((x) => compare(c.field, x, c.value[0]) < 0),
	lte: (values, c) => values.some((x) => compare(c.field, x, c.value[0]) <= 0),
	between: (values, c) =>
		values.some(
			(x) => compare(c.field, x, c.value[0]) >= 0 && compare(c.field, x, c.value[1]) <= 0,
		),
};

const VALUE_COUNT: Partial<Record<Operator, number>> = { gt: 1, gte: 1, lt: 1, lte: 1, between: 2 };

function readCondition(item: Fields, knownField: (field: string) => boolean): Condition {
	item.onlyKeys(['field', 'operator', 'value']);
	const field = item.string('field', { required: true }) as string;
	if (!knownField(field)) failA(`${item.name('field')}: unknown field ${field}`);
	const operator = item.oneOf('operator', OPERATORS, { required: true }) as Operator;
	const value = item.array('value');
	if (value === undefined) return failA(`${item.name('value')} is required (an array)`);
	value.forEach((v, i) => {
		if (typeof v !== 'string' && typeof v !== 'number')
			failA(`${item.name('value')}[${i}] must be a string or a number`);
		if (NUMERIC_FIELDS.has(field) && !Number.isFinite(Number(v)))
			failA(`${item.name('value')}[${i}] must be numeric for ${field}`);
	});
	const needed = VALUE_COUNT[operator];
	if (needed !== undefined && value.length !== needed) {
		failA(
			`${item.name('value')} must have exactly ${needed} element${needed > 1 ? 's' : ''} for operator ${operator}`,
		);
	}
	if (['eq', 'neq', 'in', 'nin'].includes(operator) && value.length === 0)
		failA(`${item.name('value')} cannot be empty for operator ${operator}`);
	return { field, operator, value: value as Scalar[] };
}

interface SortKey {
	field: string;
	desc: boolean;
}

function sortCustomers(customers: Customer[], keys: SortKey[]): Customer[] {
	const firstValue = (c: Customer, field: string): Scalar | undefined => valuesOf(c, field)[0];
	return customers.sort((a, b) => {
		for (const key of keys) {
			const x = firstValue(a, key.field);
			const y = firstValue(b, key.field);
			// Empty values sort first ascending, last descending.
			const order =
				x === undefined || y === undefined
					? Number(y === undefined) - Number(x === undefined)
					: compare(key.field, x, y);
			if (order !== 0) return key.desc ? -order : order;
		}
		return 0;
	});
}

function readTimeRange(
	f: Fields,
	beginKey: string,
	endKey: string,
): [string | undefined, string | undefined] {
	const begin = readTime(f, beginKey);
	const end = readTime(f, endKey);
	if (begin !== undefined && end !== undefined && begin > end) {
		throw new ApiError(TIME_FORMAT_ERROR, `${beginKey} cannot be later than ${endKey}`);
	}
	return [begin, end];
}

const list = post('/openapi/crm/list', ({ tenant, body, f }) => {
	f.onlyKeys(
		words('search sortList createTimeBegin createTimeEnd updateTimeBegin updateTimeEnd page limit'),
	);
	const custom = new Set(tenant.liveCustomFields().map((c) => c.field));
	const knownField = (field: string) => STANDARD_FIELDS.has(field) || custom.has(field);
	if (!Array.isArray(body.search))
		failA('search is required (an array of conditions; [] for none)');
	const conditions = (f.objects('search') ?? []).map((item) => readCondition(item, knownField));
	const sortKeys = (f.objects('sortList') ?? []).map((item): SortKey => {
		item.onlyKeys(['field', 'orderBy']);
		const field = item.string('field', { required: true }) as string;
		if (!knownField(field)) failA(`${item.name('field')}: unknown field ${field}`);
		return { field, desc: item.oneOf('orderBy', ['asc', 'desc'], { required: true }) === 'desc' };
	});
	const [createBegin, createEnd] = readTimeRange(f, 'createTimeBegin', 'createTimeEnd');
	const [updateBegin, updateEnd] = readTimeRange(f, 'updateTimeBegin', 'updateTimeEnd');
	const page = f.integer('page', { min: 1 }) ?? 1;
	const limit = f.integer('limit', { min: 1, max: 1000 }) ?? 10;

	const found = [...tenant.customers.values()].filter(
		(c) =>
			(createBegin === undefined || c.createTime >= createBegin) &&
			(createEnd === undefined || c.createTime <= createEnd) &&
			(updateBegin === undefined || c.updateTime >= updateBegin) &&
			(updateEnd === undefined || c.updateTime <= updateEnd) &&
			conditions.every((cond) => TESTS[cond.operator](valuesOf(c, cond.field), cond)),
	);
	// Ids grow with creation, so `_id` breaks ties of equal seconds in creation order.
	const keys =
		sortKeys.length > 0
			? [...sortKeys, { field: '_id', desc: false }]
			: [
					{ field: 'createTime', desc: true },
					{ field: '_id', desc: true },
				];
	const sorted = sortCustomers(found, keys);
	return { list: sorted.slice((page - 1) * limit, page * limit), count: found.length };
});

const getById = (path: string): RouteDef => ({
	method: 'GET',
	path,
	handler: ({ tenant, params }) => getExisting(tenant, params.id),
});

const remove = post('/openapi/crm/delete', ({ tenant, f }) => {
	f.onlyKeys(['id']);
	const id = f.string('id', { required: true }) as string;
	getExisting(tenant, id);
	tenant.deleteCustomer(id);
	return null;
});

export const customerRoutes: RouteDef[] = [
	add,
	update,
	list,
	remove,
	getById('/openapi/crm/findById/{id}'),
	getById('/openapi/crm/{id}'),
];

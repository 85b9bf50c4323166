/**
 * The customer tests' sandboxes. Each function starts one (useSandbox: its own server for the file or
 * the describe it is called in) with the tenants and the seed a group of tests was written against,
 * and returns what those tests use. Real HTTP against the sandbox; requests from its log.
 */
import type {
	IDataObject,
	INodeParameters,
	ResourceMapperField,
	ResourceMapperValue,
} from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { PATHS, useSandbox } from '../../sandbox/fixture';
import type { CascadeChild } from '../../sandbox/types';
import { customerFieldMapping } from '../run-checks';

export const APP = { appId: '1090', appSecret: 'demo-secret' };
/** The workflow's and the API's zones of the pure rules. */
export const ZONES = { workflow: 'America/New_York', api: 'Asia/Shanghai' };
const defaults = { nodeType: ContactCenter, parameters: { resource: 'customer' } };

/** A cascade option: its key, its label and the options under it. */
export const node = (key: string, value: string, children: CascadeChild[] = []): CascadeChild => ({
	key,
	value,
	children,
});
const REGION = {
	level: 2,
	fillLevel: 1,
	children: [
		node('zj', '浙江', [node('hz', '杭州'), node('nb', '宁波')]),
		node('bj', '北京', [node('cy', '朝阳')]),
	],
};

/** The custom fields of the write tests: Level (a required select), Score, Visit at. */
const WRITE_FIELDS = [
	{
		field: 'level',
		name: 'Level',
		type: 'select',
		required: true,
		choices: [
			{ key: 'gold', value: 'Gold', isDefault: false },
			{ key: 'silver', value: 'Silver', isDefault: true },
		],
	},
	{ field: 'score', name: 'Score', type: 'number' },
	{ field: 'visitAt', name: 'Visit at', type: 'datetime' },
];
/** The custom fields of the read tests: Level (a required select) and a disabled text. */
const READ_FIELDS = [
	{
		field: 'level',
		name: 'Level',
		type: 'select',
		required: true,
		choices: [{ key: 'gold', value: 'Gold', isDefault: false }],
	},
	{ field: 'archived', name: 'Archived note', type: 'text', status: 0 },
];
/** The read tests' customers, in this order: their ids are `ids.amy`, `ids.ben`, `ids.cal`. */
const AMY_BEN_CAL = [
	{
		customerName: 'Amy',
		createTime: '2026-01-10 08:00:00',
		callingNumber: 2,
		level: 'gold',
		mobile: [{ value: '13100000001', memo: '' }],
	},
	{ customerName: 'Ben', createTime: '2026-01-10 14:00:00', callingNumber: 5 },
	{
		customerName: 'Cal',
		createTime: '2026-01-11 09:00:00',
		callingNumber: 9,
		email: [{ value: 'cal@example.com', memo: '' }],
	},
];

/**
 * Create, Create or Update and Update: tenant 1090 with three custom fields (Level, a required
 * select; Score; Visit at) and a second tenant that holds only a cascade custom field. The schemas
 * are the Custom Fields mapper of create and update as the editor saves them with the node.
 */
export function customerWrites() {
	// A second tenant holds only a cascade custom field.
	const CASCADE = { appId: '1095', appSecret: 'cascade-secret' };
	const sandbox = useSandbox({
		tenants: [
			{ ...APP, timezone: 'Asia/Shanghai' },
			{ ...CASCADE, timezone: 'Asia/Shanghai' },
		],
	});
	const { control } = sandbox;
	const schemas: { add: ResourceMapperField[]; update: ResourceMapperField[] } = {
		add: [],
		update: [],
	};

	beforeAll(async () => {
		await control.seedFields({
			appId: APP.appId,
			fields: WRITE_FIELDS,
		});
		await control.seedFields({
			appId: CASCADE.appId,
			fields: [{ field: 'cf_region', name: 'Region', type: 'cascade', options: REGION }],
		});
		// The schema as the editor saves it with the node: loaded through the resource-mapper method.
		schemas.add = (await customerFieldMapping(sandbox, APP, 'create')).fields;
		schemas.update = (await customerFieldMapping(sandbox, APP, 'update')).fields;
	});

	function customFields(
		value: ResourceMapperValue['value'],
		schema = schemas.add,
	): ResourceMapperValue {
		return {
			mappingMode: 'defineBelow',
			value,
			schema,
			matchingColumns: [],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		};
	}

	return {
		CASCADE,
		sandbox,
		control,
		schemas,
		customFields,
		run: nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, defaults),
		customerInSandbox: async (id: string) =>
			(await control.getState(APP.appId)).customers.find((c) => c._id === id),
		seedCustomer: async (customer: IDataObject) =>
			(await control.seedCustomers({ appId: APP.appId, customers: [customer] }))[0],
	};
}

/**
 * Get, Delete and Get Many: tenant 1090 with Amy, Ben and Cal (their ids in `ids`) and two custom
 * fields (Level, a required select; a disabled text), and a second tenant holding only 2,500
 * customers, so its counts are exact. Output Raw: these tests read the records as the API sends them.
 */
export function customerReads() {
	// A second tenant holds only the bulk customers, so its counts are exact.
	const BULK = { appId: '2090', appSecret: 'bulk-secret' };
	const sandbox = useSandbox({
		tenants: [
			{ ...APP, timezone: 'Asia/Shanghai' },
			{ ...BULK, timezone: 'Asia/Shanghai' },
		],
	});
	const { control } = sandbox;
	const ids: Record<string, string> = {};
	const bulk: { ids: string[] } = { ids: [] };

	beforeAll(async () => {
		await control.seedFields({
			appId: APP.appId,
			fields: READ_FIELDS,
		});
		const seeded = await control.seedCustomers({
			appId: APP.appId,
			customers: AMY_BEN_CAL,
		});
		[ids.amy, ids.ben, ids.cal] = seeded;
		bulk.ids = await control.seedCustomers({ appId: BULK.appId, count: 2500 });
	});

	// Output Raw: these suites read the records as the API sends them (simplified ones: customer/get, Output).
	const raw = { nodeType: ContactCenter, parameters: { resource: 'customer', output: 'raw' } };
	return {
		BULK,
		sandbox,
		control,
		ids,
		bulk,
		run: nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, raw),
		runBulk: nodeRunner(sandbox, { ...BULK, timezone: 'Asia/Shanghai' }, raw),
	};
}

/**
 * Search, the Customer ID locator, Output and Create or Update by Phone: tenant 1090 with two text
 * custom fields (Level; one named "owner", a simplified field's name).
 */
export function customerSearches() {
	const sandbox = useSandbox({ tenants: [{ ...APP, timezone: 'Asia/Shanghai' }] });
	const { control } = sandbox;
	const seed = async (customer: IDataObject) =>
		(await control.seedCustomers({ appId: APP.appId, customers: [customer] }))[0];

	/** A customer holding two numbers with memos, the case that Create or Update used to cut down to one. */
	async function seedTwoNumbers(prefix: string): Promise<{ id: string; a: string; b: string }> {
		const a = `138${prefix}0001`;
		const b = `139${prefix}0002`;
		const id = await seed({
			customerName: `Two numbers ${prefix}`,
			mobile: [
				{ value: a, memo: 'mobile' },
				{ value: b, memo: 'office' },
			],
		});
		return { id, a, b };
	}

	beforeAll(async () => {
		await control.seedFields({
			appId: APP.appId,
			fields: [
				{ field: 'cf_level', name: 'Level', type: 'text' },
				// A display name that is a simplified field's name: the field keeps its id.
				{ field: 'cf_owner', name: 'owner', type: 'text' },
			],
		});
	});

	return {
		sandbox,
		control,
		seed,
		seedTwoNumbers,
		run: nodeRunner(sandbox, { ...APP, timezone: 'Asia/Shanghai' }, defaults),
		paths: (result: RunNodeResult) => result.requests.map((r) => r.path),
		stored: async (id: string) =>
			(await control.getState(APP.appId)).customers.find((c) => c._id === id),
	};
}

/**
 * Phone numbers as people type them (Search, Create or Update, the Customer ID list) and Create or
 * Update's contact lists on a match (issue #33 items 2 and 3): tenant 1090 without custom fields.
 */
export function customerPhones() {
	const TIMEZONE = 'Asia/Shanghai';
	const sandbox = useSandbox({ tenants: [{ ...APP, timezone: TIMEZONE }] });
	const { control } = sandbox;
	const run = nodeRunner(sandbox, { ...APP, timezone: TIMEZONE }, defaults);
	return {
		sandbox,
		control,
		run,
		/** A run with the credential's Country Code set. */
		runIn: (countryCode: string, parameters: INodeParameters) =>
			run(parameters, {
				credentials: sandbox.credentials(APP, { timezone: TIMEZONE, countryCode }),
			}),
		lists: (result: RunNodeResult) => result.requests.filter((r) => r.path === PATHS.crmList),
		stored: async (id: string) =>
			(await control.getState(APP.appId)).customers.find((c) => c._id === id),
		seed: async (...customers: IDataObject[]) =>
			await control.seedCustomers({ appId: APP.appId, customers }),
	};
}

/** The ways people type the national number `n` (11 digits, e.g. 13800000017). */
export const typedForms = (n: string): Array<[string, string]> => {
	const [a, b, c] = [n.slice(0, 3), n.slice(3, 7), n.slice(7)];
	return [
		['national', n],
		['+86 with spaces', `+86 ${a} ${b} ${c}`],
		['parentheses', `(${a}) ${b} ${c}`],
		['0086 and a space', `0086 ${n}`],
		['dashes', `${a}-${b}-${c}`],
		['+86 with dashes', `+86-${a}-${b}-${c}`],
		['dots', `${a}.${b}.${c}`],
	];
};

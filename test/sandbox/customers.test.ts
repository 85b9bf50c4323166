import { cases, errA, okA, PATHS, TENANT_A, useSandbox, wallTime } from './fixture';

const sb = useSandbox({ resetEach: true });
const APP = TENANT_A.appId;
const LEVEL_CHOICES = [
	{ key: 'vip', value: 'VIP', isDefault: false },
	{ key: 'normal', value: 'Normal', isDefault: true },
];

/** Contact entries with these values (seeded rows give the memo the API would default). */
const contacts = (...values: string[]) => values.map((value) => ({ value, memo: '' }));

beforeEach(async () => {
	await sb.control.seedFields({
		appId: APP,
		fields: [
			{ field: 'cf_company', name: 'Company', type: 'text' },
			{ field: 'cf_level', name: 'Level', type: 'select', choices: LEVEL_CHOICES },
			{ field: 'cf_off', name: 'Disabled field', type: 'text', status: 0 },
			{ field: 'cf_gone', name: 'Deleted field', type: 'text', status: -1 },
		],
	});
});

describe('POST /openapi/crm/add', () => {
	it('creates a customer and answers the full record', async () => {
		const before = wallTime(new Date());
		const body = {
			customerName: '王伟',
			mobile: [{ value: '13800138000', memo: '手机' }],
			owner: '1001',
			assignTime: '2026-01-02 03:04:05',
			customerOrigin: 'selfDevelop',
			customerSource: ['官网'],
			cf_company: 'Acme',
			cf_level: 'vip',
		};
		const email = { value: 'wang@example.com' };
		const data = okA(await sb.post(PATHS.crmAdd, { ...body, email: [email] }));
		const after = wallTime(new Date());
		expect(data._id).toMatch(/^\d{18}$/);
		expect(data).toMatchObject({
			...body,
			accountId: APP,
			email: [{ ...email, memo: '' }],
			firstOwner: '1001',
			createMethod: 'API',
			createAgent: 'openapi',
			updateAgent: 'openapi',
			callingNumber: 0,
		});
		expect(data.createTime >= before && data.createTime <= after).toBe(true);
		expect(data.updateTime).toBe(data.createTime);
		const state = await sb.control.getState(APP);
		expect(state.customers.map((c) => c._id)).toEqual([data._id]);
	});

	it('writes times in the tenant zone', async () => {
		await sb.control.addTenant({ appId: 'ny', appSecret: 's', timezone: 'America/New_York' });
		const before = wallTime(new Date(), 'America/New_York');
		const data = okA(
			await sb.clientFor({ appId: 'ny', appSecret: 's' }).post(PATHS.crmAdd, { customerName: 'x' }),
		);
		const after = wallTime(new Date(), 'America/New_York');
		expect(data.createTime >= before && data.createTime <= after).toBe(true);
		expect(wallTime(new Date(), 'Asia/Shanghai')).not.toBe(after); // the zones really differ
	});

	it.each(
		cases(`
		{} | customerName is required
		{"customerName":""} | customerName cannot be empty
		{"customerName":5} | customerName must be a string
		{"customerName":"x","createMethod":"FAX"} | createMethod must be one of INSERT, WORKORDER, WEBCHAT, API, IMPORT, AUTOSAVE, USERREGISTRATION
		{"customerName":"x","customerOrigin":"ads"} | customerOrigin must be one of busOpportunity, openSeaCustom, selfDevelop
		{"customerName":"x","mobile":"13800138000"} | mobile must be an array
		{"customerName":"x","mobile":[{"memo":"no value"}]} | mobile[0].value is required
		{"customerName":"x","email":[{"value":"a@b.c","extra":1}]} | unknown parameter: email[0].extra
		{"customerName":"x","customerSource":"web"} | customerSource must be an array
		{"customerName":"x","nickname":"y"} | unknown field: nickname
		{"customerName":"x","cf_gone":"y"} | unknown field: cf_gone
		{"customerName":"x","cf_level":"VIP"} | cf_level must be one of the field's choice keys: vip, normal
		{"customerName":"x","cf_company":3} | cf_company must be a string
	`),
	)('refuses %j with 00000400', async (body, message) => {
		errA(await sb.post(PATHS.crmAdd, body), '00000400', message);
		expect((await sb.control.getState(APP)).customers).toHaveLength(0);
	});

	it.each(
		cases(`
		2026-01-02
		2026-01-02T03:04:05
		2026-1-2 03:04:05
		2026-02-30 00:00:00
		2026-01-02 24:00:00
		20260102
	`),
	)('refuses assignTime %j with 03001023', async (assignTime) => {
		errA(
			await sb.post(PATHS.crmAdd, { customerName: 'x', assignTime }),
			'03001023',
			/time format incorrect/,
		);
	});

	it('accepts every createMethod, a disabled custom field, and ignores server-maintained fields', async () => {
		for (const createMethod of 'INSERT WORKORDER WEBCHAT API IMPORT AUTOSAVE USERREGISTRATION'.split(
			' ',
		)) {
			expect(
				okA(await sb.post(PATHS.crmAdd, { customerName: createMethod, createMethod })).createMethod,
			).toBe(createMethod);
		}
		const data = okA(
			await sb.post(PATHS.crmAdd, {
				customerName: 'y',
				cf_off: 'z',
				createTime: '2000-01-01 00:00:00',
				accountId: 'other',
				_id: '1',
			}),
		);
		expect(data).toMatchObject({ cf_off: 'z', accountId: APP });
		expect(data.createTime).not.toBe('2000-01-01 00:00:00');
		expect(data._id).not.toBe('1');
	});

	it('refuses a phone number that exists with 03001004 and data.repeatId, changing nothing', async () => {
		const ids = await sb.control.seedCustomers({
			appId: APP,
			customers: [
				{ customerName: 'a', mobile: contacts('13900000001') },
				{ customerName: 'b', mobile: contacts('13900000002', '13900000001') },
			],
		});
		const res = await sb.post(PATHS.crmAdd, {
			customerName: 'c',
			mobile: [{ value: '13700000000' }, { value: '13900000001' }],
		});
		const body = errA(res, '03001004', 'phone number already exists');
		expect(body.data.repeatId.sort()).toEqual([...ids].sort());
		expect((await sb.control.getState(APP)).customers).toHaveLength(2);
	});
});

describe('POST /openapi/crm/update', () => {
	it('updates the given fields, keeps the others and answers the record', async () => {
		const created = okA(
			await sb.post(PATHS.crmAdd, {
				customerName: 'Old',
				owner: '1001',
				mobile: [{ value: '13800000000' }],
				cf_company: 'Acme',
			}),
		);
		await sb.control.setClock(120);
		const updated = okA(
			await sb.post(PATHS.crmUpdate, {
				_id: created._id,
				customerName: 'New',
				mobile: [{ value: '13800000000' }],
				owner: null,
				cf_company: null,
			}),
		);
		expect(updated).toMatchObject({
			_id: created._id,
			customerName: 'New',
			owner: null,
			firstOwner: '1001',
			createTime: created.createTime,
			updateAgent: 'openapi',
		});
		expect(updated.cf_company).toBeUndefined();
		expect(updated.updateTime > created.updateTime).toBe(true);
		const fetched = okA(await sb.client.get(PATHS.crmGet(created._id)));
		expect(fetched).toEqual(updated);
	});

	it("refuses another customer's phone with 03001004", async () => {
		const [other] = await sb.control.seedCustomers({
			appId: APP,
			customers: [{ customerName: 'other', mobile: contacts('13600000000') }],
		});
		const { _id } = okA(await sb.post(PATHS.crmAdd, { customerName: 'me' }));
		const body = errA(
			await sb.post(PATHS.crmUpdate, { _id, mobile: [{ value: '13600000000' }] }),
			'03001004',
		);
		expect(body.data).toEqual({ repeatId: [other] });
		expect((await sb.control.getState(APP)).customers.find((c) => c._id === _id)?.mobile).toEqual(
			[],
		);
	});
});

describe('GET /openapi/crm/{id} and /openapi/crm/findById/{id}', () => {
	it('answers the record at both paths, with no body or an empty JSON object', async () => {
		const created = okA(await sb.post(PATHS.crmAdd, { customerName: 'Get me' }));
		for (const [path, opts] of [
			[PATHS.crmGet(created._id), {}],
			[PATHS.crmFindById(created._id), { rawBody: '{}' }],
			[PATHS.crmFindById(created._id), { headers: { 'content-type': null } }],
		] as const)
			expect(okA(await sb.client.get(path, opts))).toEqual(created);
	});

	it('answers 00000400 for an unknown id at findById', async () => {
		errA(await sb.client.get(PATHS.crmFindById('nope')), '00000400', 'customer does not exist');
	});
});

describe('POST /openapi/crm/delete', () => {
	it('deletes the customer (data null) and frees its phone number', async () => {
		const { _id } = okA(
			await sb.post(PATHS.crmAdd, { customerName: 'Bye', mobile: [{ value: '13500000000' }] }),
		);
		expect(okA(await sb.post(PATHS.crmDelete, { id: _id }))).toBeNull();
		errA(await sb.client.get(PATHS.crmGet(_id)), '00000400', 'customer does not exist');
		okA(await sb.post(PATHS.crmAdd, { customerName: 'Again', mobile: [{ value: '13500000000' }] }));
	});

	it.each(
		cases(`
		crmUpdate | {"customerName":"x"} | 00000400 | _id is required
		crmUpdate | {"_id":"182739465018273946","customerName":"x"} | 00000400 | customer does not exist
		crmUpdate | {"_id":"ID","customerName":null} | 00000400 | customerName cannot be empty
		crmUpdate | {"_id":"ID","customerOrigin":"x"} | 00000400 | customerOrigin must be one of
		crmUpdate | {"_id":"ID","assignTime":"today"} | 03001023 | time format incorrect
		crmDelete | {} | 00000400 | id is required
	`),
	)(
		'refuses %s %j with %s (an existing id, and the rules of add)',
		async (path, body, code, message) => {
			const { _id } = okA(await sb.post(PATHS.crmAdd, { customerName: 'x' }));
			const sent = body._id === 'ID' ? { ...body, _id } : body;
			errA(await sb.post(PATHS[path as 'crmUpdate'], sent), code, message);
		},
	);
});

describe('POST /openapi/crm/list', () => {
	let ids: string[];
	beforeEach(async () => {
		const at = (day: number) => `2026-01-0${day} 10:00:00`;
		const row = (customerName: string, owner: string | null, calls: number, days: number[]) => ({
			customerName,
			owner,
			callingNumber: calls,
			createTime: at(days[0]),
			updateTime: at(days[1]),
		});
		ids = await sb.control.seedCustomers({
			appId: APP,
			customers: [
				{ ...row('Alice', '1001', 3, [1, 5]), mobile: contacts('13800000001'), cf_level: 'vip' },
				{ ...row('Bob', '1002', 12, [2, 2]), mobile: contacts('13800000002', '02100000002') },
				{
					...row('Carol', null, 0, [3, 3]),
					email: contacts('carol@example.com'),
					cf_level: 'normal',
				},
				row('Dave', '1001', 7, [3, 6]),
			],
		});
	});

	async function names(body: Record<string, unknown>): Promise<string[]> {
		const data = okA(await sb.post(PATHS.crmList, body));
		return data.list.map((c: { customerName: string }) => c.customerName);
	}

	it('lists everything for search [], newest first (createTime desc, then _id desc)', async () => {
		const data = okA(await sb.post(PATHS.crmList, { search: [] }));
		expect(data.count).toBe(4);
		expect(data.list.map((c: { _id: string }) => c._id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
	});

	it.each(
		cases(`
		{"field":"customerName","operator":"eq","value":["Bob"]} | ["Bob"]
		{"field":"customerName","operator":"eq","value":["Bob","Carol"]} | ["Carol","Bob"]
		{"field":"customerName","operator":"neq","value":["Bob"]} | ["Dave","Carol","Alice"]
		{"field":"owner","operator":"empty","value":[]} | ["Carol"]
		{"field":"owner","operator":"nempty","value":[]} | ["Dave","Bob","Alice"]
		{"field":"customerName","operator":"in","value":["a"]} | ["Dave","Carol"]
		{"field":"customerName","operator":"nin","value":["a","B"]} | ["Alice"]
		{"field":"customerName","operator":"nin","value":["o"]} | ["Dave","Alice"]
		{"field":"callingNumber","operator":"gt","value":[7]} | ["Bob"]
		{"field":"callingNumber","operator":"gte","value":["7"]} | ["Dave","Bob"]
		{"field":"callingNumber","operator":"lt","value":[3]} | ["Carol"]
		{"field":"callingNumber","operator":"lte","value":[3]} | ["Carol","Alice"]
		{"field":"callingNumber","operator":"between","value":[3,7]} | ["Dave","Alice"]
		{"field":"createTime","operator":"between","value":["2026-01-02 10:00:00","2026-01-03 09:59:59"]} | ["Bob"]
		{"field":"customerName","operator":"gt","value":["Bob"]} | ["Dave","Carol"]
		{"field":"mobile","operator":"eq","value":["02100000002"]} | ["Bob"]
		{"field":"mobile","operator":"neq","value":["02100000002"]} | ["Dave","Carol","Alice"]
		{"field":"mobile","operator":"in","value":["1380000"]} | ["Bob","Alice"]
		{"field":"mobile","operator":"in","value":["13800000001","+8613800000001","008613800000001"]} | ["Alice"]
		{"field":"mobile","operator":"in","value":["+8613800000001","0210000"]} | ["Bob"]
		{"field":"mobile","operator":"nin","value":["13800000001","0210000"]} | ["Dave","Carol"]
		{"field":"mobile","operator":"empty","value":[]} | ["Dave","Carol"]
		{"field":"email","operator":"in","value":["example.com"]} | ["Carol"]
		{"field":"cf_level","operator":"eq","value":["vip"]} | ["Alice"]
		{"field":"cf_level","operator":"nempty","value":[]} | ["Carol","Alice"]
	`),
	)('filters %j', async (condition, expected) => {
		expect(await names({ search: [condition] })).toEqual(expected);
	});

	it.each(
		cases(`
		{"search":[{"field":"owner","operator":"eq","value":["1001"]},{"field":"callingNumber","operator":"gt","value":[5]}]} | ["Dave"]
		{"search":[],"sortList":[{"field":"customerName","orderBy":"asc"}]} | ["Alice","Bob","Carol","Dave"]
		{"search":[],"sortList":[{"field":"callingNumber","orderBy":"desc"}]} | ["Bob","Dave","Alice","Carol"]
		{"search":[],"sortList":[{"field":"owner","orderBy":"asc"},{"field":"customerName","orderBy":"desc"}]} | ["Carol","Dave","Alice","Bob"]
		{"search":[],"createTimeBegin":"2026-01-02 10:00:00","createTimeEnd":"2026-01-03 10:00:00"} | ["Dave","Carol","Bob"]
		{"search":[],"updateTimeBegin":"2026-01-05 10:00:00"} | ["Dave","Alice"]
		{"search":[],"updateTimeEnd":"2026-01-02 10:00:00"} | ["Bob"]
	`),
	)('lists %j (conditions ANDed, sortList, inclusive time ranges)', async (body, expected) => {
		expect(await names(body)).toEqual(expected);
	});

	it.each(
		cases(`
		{} | 00000400 | search is required
		{"search":{}} | 00000400 | search is required
		{"search":[],"sortList":[{"field":"customerName","orderBy":"up"}]} | 00000400 | orderBy
		{"search":[],"sortList":[{"field":"x","orderBy":"asc"}]} | 00000400 | unknown field x
		{"search":[],"createTimeBegin":"2026-01-02"} | 03001023 | createTimeBegin
		{"search":[],"updateTimeEnd":"2026/01/02 00:00:00"} | 03001023 | updateTimeEnd
		{"search":[],"createTimeBegin":"2026-01-03 00:00:00","createTimeEnd":"2026-01-02 00:00:00"} | 03001023 | cannot be later
		{"search":[],"limit":0} | 00000400 | limit
		{"search":[],"limit":1001} | 00000400 | limit
		{"search":[],"limit":2.5} | 00000400 | limit
		{"search":[],"limit":"10"} | 00000400 | limit
		{"search":[],"page":0} | 00000400 | page
		{"search":[],"page":-1} | 00000400 | page
	`),
	)('refuses the list %j with %s', async (body, code, message) => {
		errA(await sb.post(PATHS.crmList, body), code, message);
	});

	it.each(
		cases(`
		{"field":"nickname","operator":"eq","value":["x"]} | search[0].field: unknown field nickname
		{"field":"cf_gone","operator":"eq","value":["x"]} | unknown field cf_gone
		{"field":"customerName","operator":"like","value":["x"]} | search[0].operator must be one of eq, neq, empty, nempty, in, nin, gt, gte, lt, lte, between
		{"field":"customerName","operator":"eq"} | search[0].value is required
		{"field":"customerName","operator":"eq","value":"x"} | search[0].value must be an array
		{"field":"customerName","operator":"eq","value":[]} | cannot be empty for operator eq
		{"field":"customerName","operator":"between","value":["a"]} | exactly 2 elements for operator between
		{"field":"customerName","operator":"gt","value":["a","b"]} | exactly 1 element for operator gt
		{"field":"customerName","operator":"eq","value":[{}]} | search[0].value[0] must be a string or a number
		{"field":"callingNumber","operator":"gt","value":["many"]} | must be numeric for callingNumber
		{"operator":"eq","value":["x"]} | search[0].field is required
	`),
	)('refuses the condition %j with 00000400', async (condition, message) => {
		errA(await sb.post(PATHS.crmList, { search: [condition] }), '00000400', message);
	});

	it('pages with page (default 1) and limit (default 10, 1..1000), count is the total', async () => {
		await sb.control.seedCustomers({ appId: APP, count: 21 });
		const first = okA(await sb.post(PATHS.crmList, { search: [] }));
		expect(first.list).toHaveLength(10);
		expect(first.count).toBe(25);
		const third = okA(await sb.post(PATHS.crmList, { search: [], page: 3, limit: 10 }));
		expect(third).toMatchObject({ count: 25 });
		expect(third.list).toHaveLength(5);
		expect(okA(await sb.post(PATHS.crmList, { search: [], page: 4, limit: 10 })).list).toEqual([]);
	});
});

describe('POST /openapi/crm/config/field/list', () => {
	it('never lists deleted fields; custom fields carry the tenant, system fields their rules', async () => {
		const data = okA(await sb.post(PATHS.crmFields, {}));
		expect(data.map((f: { field: string }) => f.field)).not.toContain('cf_gone');
		const level = data.find((f: { field: string }) => f.field === 'cf_level');
		expect(level).toMatchObject({ accountId: APP });
		expect(data.find((f: { field: string }) => f.field === 'customerName')).toMatchObject({
			isSystem: true,
			required: true,
			status: 1,
		});
	});

	async function fieldIds(body: Record<string, unknown>): Promise<string[]> {
		return okA(await sb.post(PATHS.crmFields, body)).map((f: { field: string }) => f.field);
	}

	it('filters by name, type, enabled, editable and category', async () => {
		expect(await fieldIds({ name: 'LEVEL' })).toEqual(['cf_level']);
		expect(await fieldIds({ type: ['select'], category: ['custom'] })).toEqual(['cf_level']);
		expect(await fieldIds({ enabled: true })).not.toContain('cf_off');
		const notEditable = await fieldIds({ editable: false });
		expect(notEditable).toEqual(
			expect.arrayContaining(['createTime', 'updateTime', 'createAgent']),
		);
		expect(notEditable).not.toContain('customerName');
		expect(await fieldIds({ category: ['custom'] })).toEqual(['cf_company', 'cf_level', 'cf_off']);
		expect((await fieldIds({ category: ['system'] })).every((f) => !f.startsWith('cf_'))).toBe(
			true,
		);
	});

	it('refuses malformed filters', async () => {
		errA(await sb.post(PATHS.crmFields, { type: 'text' }), '00000400', 'type must be an array');
		errA(
			await sb.post(PATHS.crmFields, { enabled: 'yes' }),
			'00000400',
			'enabled must be a boolean',
		);
		errA(await sb.post(PATHS.crmFields, { category: ['misc'] }), '00000400', /category\[0\]/);
	});
});

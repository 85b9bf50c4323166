import type { Tenant } from '../state/tenant';
import {
	generateRecords,
	seedAgents,
	seedCallerNumberGroups,
	seedCustomers,
	seedDisplayNumberGroups,
	seedFields,
	seedServiceGroups,
	seedTasks,
} from './factories';

const DAY = 86400;

/** What a new user sees at once: a realistic small tenant, with service records up to now. */
export function seedDemo(tenant: Tenant): void {
	const agentIds = seedAgents(tenant, {
		agents: [
			{
				name: '售后回访助手',
				publishStatus: 'PUBLISHED',
				agentType: 'voicebot',
				description: '售后满意度回访',
			},
			{
				name: 'Renewal reminder',
				publishStatus: 'PUBLISHED',
				agentType: 'voiceagent',
				language: 'en-US',
				description: 'Reminds customers of renewals',
			},
			{
				name: '账单提醒机器人',
				publishStatus: 'OFFLINE',
				agentType: 'voicebot',
				description: '月度账单提醒',
			},
			{
				name: '活动邀约',
				publishStatus: 'NEVER_PUBLISHED',
				agentType: 'voiceagent',
				description: '线下活动邀约',
			},
			{
				name: 'Delivery confirmation',
				publishStatus: 'PUBLISHED',
				agentType: 'voicebot',
				language: 'en-US',
				description: 'Confirms delivery slots',
			},
			{
				name: '新客欢迎',
				publishStatus: 'OFFLINE',
				agentType: 'voiceagent',
				description: '新注册客户欢迎电话',
			},
		],
	});
	seedCallerNumberGroups(tenant, {
		groups: [
			{
				groupName: '杭州外呼号码组',
				strategy: 'RANDOM',
				displayNumbers: '["057188880001","057188880002","057188880003"]',
				status: 1,
			},
			{
				groupName: '北京外呼号码组',
				strategy: 'RR_MEMORY',
				displayNumbers: '["01066660001","01066660002"]',
				status: 1,
			},
			{
				groupName: '全国归属地号码组',
				strategy: 'AREA_CODE',
				displayNumbers: '["02155550001","075577770001","02888880001"]',
				defaultNumbers: '["4008001234"]',
				status: 0,
			},
		],
	});
	seedFields(tenant, {
		fields: [
			{ field: 'cf_company', name: 'Company', type: 'text' },
			{
				field: 'cf_level',
				name: 'Customer level',
				type: 'select',
				choices: [
					{ key: 'vip', value: 'VIP', isDefault: false },
					{ key: 'normal', value: '普通客户', isDefault: true },
					{ key: 'potential', value: '潜在客户', isDefault: false },
				],
			},
			{
				field: 'cf_region',
				name: 'Region',
				type: 'cascade',
				options: {
					level: 2,
					fillLevel: 1,
					children: [
						{
							key: 'zj',
							value: '浙江',
							children: [
								{ key: 'hz', value: '杭州', children: [] },
								{ key: 'nb', value: '宁波', children: [] },
							],
						},
						{ key: 'bj', value: '北京', children: [{ key: 'cy', value: '朝阳', children: [] }] },
					],
				},
			},
		],
	});
	const customerIds = seedCustomers(tenant, { count: 25 });
	// Web-chat visitors known to the CRM: chat records name their customer by visitor id.
	const visitorIds = seedCustomers(tenant, {
		customers: [
			{
				customerName: '周岚',
				visitorId: 'v_demo_0001',
				mobile: [{ value: '13800139101', memo: '手机' }],
			},
			{
				customerName: 'Lin Yu',
				visitorId: 'v_demo_0002',
				mobile: [{ value: '13800139102', memo: 'work' }],
			},
			{ customerName: '陈静', visitorId: 'v_demo_0003', mobile: [] },
		],
	});
	// Created after the customers, so none holds a value yet: the service-record example fills it.
	seedFields(tenant, {
		fields: [{ field: 'cf_last_contact', name: 'Last contact', type: 'text' }],
	});
	seedServiceGroups(tenant, {
		groups: [
			{
				name: '售前咨询组',
				strategy: 'rrmemory',
				members: [
					{ agentNumber: '1001', weight: 5 },
					{ agentNumber: '1002', weight: 3 },
				],
			},
			{
				name: '售后服务组',
				strategy: 'maxFreeTime',
				members: [{ agentNumber: '1003', weight: 1 }],
				groupLeader: ['1003'],
			},
		],
	});
	seedDisplayNumberGroups(tenant, { count: 2 });
	// The task uses the first agent and, by default, the first caller number group.
	seedTasks(tenant, { tasks: [{ taskName: '售后满意度回访（示例）', voiceAgentId: agentIds[0] }] });

	const now = tenant.wallNow();
	const phones = customerIds
		.map((id) => tenant.customers.get(id)?.mobile?.[0]?.value)
		.filter((v): v is string => !!v);
	const visitors = visitorIds
		.map((id) => tenant.customers.get(id)?.visitorId)
		.filter((v): v is string => !!v);
	for (const [channel, count, recent] of [
		['call', 240, [50, 35, 12]],
		['im', 120, [40, 8]],
	] as const) {
		// Spread over three days, plus a few in the last hour (what the example's manual run reads).
		const times = [
			...Array.from({ length: count }, () => now - tenant.rng.int(3600, 3 * DAY)),
			...recent.map((minutes) => now - minutes * 60),
		].sort((a, b) => a - b);
		const records = generateRecords(tenant, channel, times, 'mixed').map((record, i) => {
			// Every record of the last hour and every third older one names a demo customer.
			if (now - times[i] >= 3600 && i % 3 !== 0) return record;
			if (channel === 'call')
				return { ...record, data: { ...record.data, customerPhone: phones[i % phones.length] } };
			return {
				...record,
				otherParams: { channel: 'web', visitorId: visitors[i % visitors.length] },
			};
		});
		tenant.records[channel].insert(records);
	}
}

/** One new record naming a demo customer, written now: call records by phone, chats by visitor id (the `n`th alternates). */
export function feedDemoRecord(tenant: Tenant, n: number): void {
	const customers = [...tenant.customers.values()];
	const channel = n % 2 === 0 ? 'call' : 'im';
	const [record] = generateRecords(tenant, channel, [tenant.wallNow()], 'serviceNoteInsert');
	if (channel === 'call') {
		const phones = customers.flatMap((c) => (c.mobile ?? []).slice(0, 1).map((m) => m.value));
		if (phones.length === 0) return;
		tenant.records.call.insert([
			{
				...record,
				data: { ...record.data, customerPhone: phones[tenant.rng.int(0, phones.length - 1)] },
			},
		]);
	} else {
		const visitors = customers.map((c) => c.visitorId).filter((v): v is string => !!v);
		if (visitors.length === 0) return;
		tenant.records.im.insert([
			{
				...record,
				otherParams: {
					channel: 'web',
					visitorId: visitors[tenant.rng.int(0, visitors.length - 1)],
				},
			},
		]);
	}
}

/**
 * What a live tenant does besides writing records, for a published trigger to see: every second
 * tick a demo customer is updated (its "Last contact"), and every tenth tick (from the second on) a
 * small call task starts, which the dialler finishes a round of calls later (state/taskRunner.ts).
 */
export function feedDemoChanges(tenant: Tenant, n: number): void {
	if (n % 2 === 1) {
		const customers = [...tenant.customers.values()];
		const customer = customers[Math.floor(n / 2) % customers.length];
		if (customer)
			tenant.putCustomer({
				...customer,
				cf_last_contact: `Called back at ${tenant.now()}`,
				updateAgent: 'demo agent',
				updateTime: tenant.now(),
			});
	}
	if (n % 10 === 1) {
		seedTasks(tenant, {
			tasks: [
				{
					taskName: `Delivery confirmation (demo) ${Math.floor(n / 10) + 1}`,
					status: 'running',
					totalCount: 5,
				},
			],
		});
	}
}

import type { Tenant } from '../state/tenant';
import type { Channel, Customer, ServiceRecord } from '../types';
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
// name, publishStatus, agentType, description, language (default zh-CN)
const DEMO_AGENTS = [
	['After-sales follow-up', 'PUBLISHED', 'voicebot', 'After-sales satisfaction calls'],
	['Renewal reminder', 'PUBLISHED', 'voiceagent', 'Reminds customers of renewals', 'en-US'],
	['Billing reminder bot', 'OFFLINE', 'voicebot', 'Monthly bill reminders'],
	['Event invitation', 'NEVER_PUBLISHED', 'voiceagent', 'Invitations to in-person events'],
	['Delivery confirmation', 'PUBLISHED', 'voicebot', 'Confirms delivery slots', 'en-US'],
	['New customer welcome', 'OFFLINE', 'voiceagent', 'Welcome calls to new sign-ups'],
] as const;
// groupName, strategy, displayNumbers, status, defaultNumbers
const DEMO_CALLER_GROUPS = [
	['Hangzhou outbound numbers', 'RANDOM', ['057188880001', '057188880002', '057188880003'], 1],
	['Beijing outbound numbers', 'RR_MEMORY', ['01066660001', '01066660002'], 1],
	[
		'Nationwide local numbers',
		'AREA_CODE',
		['02155550001', '075577770001', '02888880001'],
		0,
		['4008001234'],
	],
] as const;

const leaf = (key: string, value: string) => ({ key, value, children: [] });

/** What a new user sees at once: a realistic small tenant, with service records up to now. */
export function seedDemo(tenant: Tenant): void {
	const agentIds = seedAgents(tenant, {
		agents: DEMO_AGENTS.map(([name, publishStatus, agentType, description, language]) => ({
			name,
			publishStatus,
			agentType,
			...(language ? { language } : {}),
			description,
		})),
	});
	seedCallerNumberGroups(tenant, {
		groups: DEMO_CALLER_GROUPS.map(([groupName, strategy, numbers, status, defaults]) => ({
			groupName,
			strategy,
			displayNumbers: JSON.stringify(numbers),
			...(defaults ? { defaultNumbers: JSON.stringify(defaults) } : {}),
			status,
		})),
	});
	seedFields(tenant, {
		fields: [
			{ field: 'cf_company', name: 'Company', type: 'text' },
			{
				field: 'cf_level',
				name: 'Customer level',
				type: 'select',
				choices: [
					['vip', 'VIP'],
					['normal', 'Normal customer'],
					['potential', 'Potential customer'],
				].map(([key, value]) => ({ key, value, isDefault: key === 'normal' })),
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
							value: 'Zhejiang',
							children: [leaf('hz', 'Hangzhou'), leaf('nb', 'Ningbo')],
						},
						{ key: 'bj', value: 'Beijing', children: [leaf('cy', 'Chaoyang')] },
					],
				},
			},
		],
	});
	const customerIds = seedCustomers(tenant, { count: 25 });
	// Web-chat visitors known to the CRM: chat records name their customer by visitor id.
	const visitorIds = seedCustomers(tenant, {
		customers: [
			['Zhou Lan', 'v_demo_0001', '13800139101', 'mobile'],
			['Lin Yu', 'v_demo_0002', '13800139102', 'work'],
			['Chen Jing', 'v_demo_0003'],
		].map(([customerName, visitorId, phone, memo]) => ({
			customerName,
			visitorId,
			mobile: phone ? [{ value: phone, memo }] : [],
		})),
	});
	// Created after the customers, so none holds a value yet: the service-record example fills it.
	seedFields(tenant, {
		fields: [{ field: 'cf_last_contact', name: 'Last contact', type: 'text' }],
	});
	seedServiceGroups(tenant, {
		groups: [
			{
				name: 'Pre-sales',
				strategy: 'rrmemory',
				members: [
					{ agentNumber: '1001', weight: 5 },
					{ agentNumber: '1002', weight: 3 },
				],
			},
			{
				name: 'After-sales',
				strategy: 'maxFreeTime',
				members: [{ agentNumber: '1003', weight: 1 }],
				groupLeader: ['1003'],
			},
		],
	});
	seedDisplayNumberGroups(tenant, { count: 2 });
	// The task uses the first agent and, by default, the first caller number group.
	seedTasks(tenant, {
		tasks: [{ taskName: 'After-sales satisfaction calls (sample)', voiceAgentId: agentIds[0] }],
	});

	const now = tenant.wallNow();
	const named = (ids: string[], channel: Channel) =>
		contactsOf(
			ids.map((id) => tenant.customers.get(id) as Customer),
			channel,
		);
	const phones = named(customerIds, 'call');
	const visitors = named(visitorIds, 'im');
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
			return naming(
				record,
				channel === 'call' ? phones[i % phones.length] : visitors[i % visitors.length],
			);
		});
		tenant.records[channel].insert(records);
	}
}

/** Who a record can name: each customer's first phone (call records) or visitor id (chats). */
function contactsOf(customers: Customer[], channel: Channel): string[] {
	return customers
		.map((c) => (channel === 'call' ? c.mobile?.[0]?.value : c.visitorId))
		.filter((v): v is string => !!v);
}

/** The record naming a demo customer: a call record by phone, a chat by visitor id. */
function naming(record: ServiceRecord, contact: string): ServiceRecord {
	return record.scene === 'callCenter'
		? { ...record, data: { ...record.data, customerPhone: contact } }
		: { ...record, otherParams: { channel: 'web', visitorId: contact } };
}

/** One new record naming a demo customer, written now (the `n`th alternates call and chat). */
export function feedDemoRecord(tenant: Tenant, n: number): void {
	const channel = n % 2 === 0 ? 'call' : 'im';
	const [record] = generateRecords(tenant, channel, [tenant.wallNow()], 'serviceNoteInsert');
	const contacts = contactsOf([...tenant.customers.values()], channel);
	if (contacts.length === 0) return;
	tenant.records[channel].insert([
		naming(record, contacts[tenant.rng.int(0, contacts.length - 1)]),
	]);
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

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
			{ name: '售后回访助手', publishStatus: 'PUBLISHED', agentType: 'voicebot', description: '售后满意度回访' },
			{ name: 'Renewal reminder', publishStatus: 'PUBLISHED', agentType: 'voiceagent', language: 'en-US', description: 'Reminds customers of renewals' },
			{ name: '账单提醒机器人', publishStatus: 'OFFLINE', agentType: 'voicebot', description: '月度账单提醒' },
			{ name: '活动邀约', publishStatus: 'NEVER_PUBLISHED', agentType: 'voiceagent', description: '线下活动邀约' },
			{ name: 'Delivery confirmation', publishStatus: 'PUBLISHED', agentType: 'voicebot', language: 'en-US', description: 'Confirms delivery slots' },
			{ name: '新客欢迎', publishStatus: 'OFFLINE', agentType: 'voiceagent', description: '新注册客户欢迎电话' },
		],
	});
	seedCallerNumberGroups(tenant, {
		groups: [
			{ groupName: '杭州外呼号码组', strategy: 'RANDOM', displayNumbers: '["057188880001","057188880002","057188880003"]', status: 1 },
			{ groupName: '北京外呼号码组', strategy: 'RR_MEMORY', displayNumbers: '["01066660001","01066660002"]', status: 1 },
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
						{ key: 'zj', value: '浙江', children: [{ key: 'hz', value: '杭州', children: [] }, { key: 'nb', value: '宁波', children: [] }] },
						{ key: 'bj', value: '北京', children: [{ key: 'cy', value: '朝阳', children: [] }] },
					],
				},
			},
		],
	});
	seedCustomers(tenant, { count: 25 });
	seedServiceGroups(tenant, {
		groups: [
			{ name: '售前咨询组', strategy: 'rrmemory', members: [{ agentNumber: '1001', weight: 5 }, { agentNumber: '1002', weight: 3 }] },
			{ name: '售后服务组', strategy: 'maxFreeTime', members: [{ agentNumber: '1003', weight: 1 }], groupLeader: ['1003'] },
		],
	});
	seedDisplayNumberGroups(tenant, { count: 2 });
	// The task uses the first agent and, by default, the first caller number group.
	seedTasks(tenant, { tasks: [{ taskName: '售后满意度回访（示例）', voiceAgentId: agentIds[0] }] });

	const now = tenant.wallNow();
	for (const [channel, count] of [['call', 240], ['im', 120]] as const) {
		const times = Array.from({ length: count }, () => now - tenant.rng.int(0, 3 * DAY)).sort((a, b) => a - b);
		tenant.records[channel].insert(generateRecords(tenant, channel, times, 'mixed'));
	}
}

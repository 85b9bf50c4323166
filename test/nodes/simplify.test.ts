/**
 * The simplifiers of version 2 (pure): at most 10 top-level fields, chosen for workflows, every
 * chosen field present (null when the API left it out), the record itself untouched.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifyCallTask } from '../../nodes/ContactCenter/actions/callTask/simplify';
import { simplifyServiceRecord } from '../../nodes/ContactCenter/actions/serviceRecord/simplify';
import { simplifyVoiceAgent } from '../../nodes/ContactCenter/actions/voiceAgent/simplify';

// Records shaped as the spec's samples, with every field the spec lists.
const TASK: IDataObject = {
	id: '182739465018273951',
	taskName: 'Renewal calls November',
	voiceAgentId: '182739465018273947',
	voiceAgentName: 'Renewal reminder',
	agentType: 'voicebot',
	createUser: 'api',
	updateUser: 'api',
	createTime: '2026-11-20 09:00:00',
	updateTime: '2026-11-20 09:30:00',
	startType: 'manual',
	scheduledStartTime: null,
	callStrategy: {
		callWindowRanges: [{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-18:00'] }],
		maxConcurrency: 3,
		callerNumberGroupId: '182739465018273949',
	},
	retryStrategy: null,
	lastExecutedTime: '2026-11-20T09:05:00',
	totalCount: 120,
	completedCount: 90,
	connectedCount: 61,
	progressRate: 0.75,
	status: 'running',
	maxConcurrency: 3,
};

const AGENT: IDataObject = {
	id: '182739465018273947',
	name: 'Renewal reminder',
	answerSource: 'llm',
	description: 'Reminds customers of renewals',
	callInOut: 2,
	voice: 'female-1',
	language: 'en-US',
	wakeUpEnabled: false,
	followUpInterval: 5,
	maxFollowUpCount: 2,
	publishStatus: 'PUBLISHED',
	version: '3',
	createTime: '2026-10-01 10:00:00',
	updateTime: '2026-11-01 10:00:00',
};

const CALL_RECORD: IDataObject = {
	accountId: '1090',
	data: { category: '咨询', customerPhone: '13800138001' },
	updateAgent: '1001',
	updateTime: '2026-11-20 09:59:00',
	eventUniqueId: '0f3c9a7e5b2d4c1a8e6f0b9d7c5a3e1f',
	callId: '1763603940.1',
	scene: 'callCenter',
	pushType: 'serviceNoteInsert',
	otherParams: null,
};

const CHAT_RECORD: IDataObject = {
	accountId: '1090',
	data: { category: 'Billing question' },
	updateAgent: '',
	updateTime: '2026-11-20 09:58:00',
	eventUniqueId: '1a2b3c4d5e6f70819a0b1c2d3e4f5a6b',
	sessionId: '691e8a40c0ffee0000000001',
	scene: 'im',
	pushType: 'serviceNoteUpdate',
	otherParams: { channel: 'web', visitorId: 'v_demo_0001' },
};

describe('simplifyCallTask', () => {
	test('keeps who, state, counts, progress and times (10 fields), not the strategies', () => {
		const copy = structuredClone(TASK);
		expect(simplifyCallTask(TASK)).toEqual({
			id: '182739465018273951',
			taskName: 'Renewal calls November',
			status: 'running',
			voiceAgentName: 'Renewal reminder',
			totalCount: 120,
			completedCount: 90,
			connectedCount: 61,
			progressRate: 0.75,
			createTime: '2026-11-20 09:00:00',
			lastExecutedTime: '2026-11-20T09:05:00',
		});
		expect(TASK).toEqual(copy);
	});

	test('a field the API left out is null, so every item has the same columns', () => {
		const simplified = simplifyCallTask({ id: '1', taskName: 'Draft', status: 'draft' });
		expect(Object.keys(simplified)).toHaveLength(10);
		expect(simplified.lastExecutedTime).toBeNull();
		expect(simplified.totalCount).toBeNull();
	});
});

describe('simplifyVoiceAgent', () => {
	test('keeps id, name, publish state, description, language, voice, version and times (9 fields)', () => {
		expect(simplifyVoiceAgent(AGENT)).toEqual({
			id: '182739465018273947',
			name: 'Renewal reminder',
			publishStatus: 'PUBLISHED',
			description: 'Reminds customers of renewals',
			language: 'en-US',
			voice: 'female-1',
			version: '3',
			createTime: '2026-10-01 10:00:00',
			updateTime: '2026-11-01 10:00:00',
		});
		expect(Object.keys(simplifyVoiceAgent({}))).toHaveLength(9);
	});
});

describe('simplifyServiceRecord', () => {
	test('a call record: identity, channel, call ID, event, time, agent, form and chat parameters (8 fields)', () => {
		expect(simplifyServiceRecord(CALL_RECORD, 'call')).toEqual({
			eventUniqueId: '0f3c9a7e5b2d4c1a8e6f0b9d7c5a3e1f',
			channel: 'call',
			callId: '1763603940.1',
			pushType: 'serviceNoteInsert',
			updateTime: '2026-11-20 09:59:00',
			updateAgent: '1001',
			data: { category: '咨询', customerPhone: '13800138001' },
			otherParams: null,
		});
	});

	test('an online chat record carries its session ID; an empty agent is null', () => {
		const simplified = simplifyServiceRecord(CHAT_RECORD, 'im');
		expect(simplified).toEqual({
			eventUniqueId: '1a2b3c4d5e6f70819a0b1c2d3e4f5a6b',
			channel: 'im',
			sessionId: '691e8a40c0ffee0000000001',
			pushType: 'serviceNoteUpdate',
			updateTime: '2026-11-20 09:58:00',
			updateAgent: null,
			data: { category: 'Billing question' },
			otherParams: { channel: 'web', visitorId: 'v_demo_0001' },
		});
		expect(simplified).not.toHaveProperty('callId');
		expect(simplified).not.toHaveProperty('scene');
	});

	test('fields the spec says may be missing are null', () => {
		expect(simplifyServiceRecord({ updateTime: '2026-11-20 09:00:00' }, 'call')).toEqual({
			eventUniqueId: null,
			channel: 'call',
			callId: null,
			pushType: null,
			updateTime: '2026-11-20 09:00:00',
			updateAgent: null,
			data: null,
			otherParams: null,
		});
	});
});

test('no simplifier returns more than 10 top-level fields', () => {
	for (const simplified of [
		simplifyCallTask(TASK),
		simplifyVoiceAgent(AGENT),
		simplifyServiceRecord(CALL_RECORD, 'call'),
		simplifyServiceRecord(CHAT_RECORD, 'im'),
	]) {
		expect(Object.keys(simplified).length).toBeLessThanOrEqual(10);
	}
});

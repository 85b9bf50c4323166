/**
 * What the node suites of version 2 (callTask.v2, serviceRecord.v2) do not show of the simplifiers:
 * records missing every field the spec calls optional, and the record itself left untouched.
 */
import { simplifyCallTask } from '../../nodes/ContactCenter/actions/callTask/simplify';
import { simplifyServiceRecord } from '../../nodes/ContactCenter/actions/serviceRecord/simplify';
import { simplifyVoiceAgent } from '../../nodes/ContactCenter/actions/voiceAgent/simplify';

test('service record fields the spec says may be missing are null', () => {
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

test('a voice agent without its fields: the same nine columns, null', () => {
	const columns = ['id', 'name', 'publishStatus', 'description', 'language', 'voice', 'version'];
	expect(simplifyVoiceAgent({})).toEqual(
		Object.fromEntries([...columns, 'createTime', 'updateTime'].map((k) => [k, null])),
	);
});

test('simplifying a call task leaves the record as it was', () => {
	const task = {
		id: '1',
		taskName: 'Draft',
		callStrategy: { maxConcurrency: 3 },
		retryStrategy: null,
	};
	const copy = structuredClone(task);
	expect(Object.keys(simplifyCallTask(task))).toHaveLength(10);
	expect(task).toEqual(copy);
});

/**
 * What the node suites of version 2 (callTask.v2, serviceRecord.v2) do not show of the simplifiers:
 * a record missing every field the spec calls optional, and the record itself left untouched.
 */
import { simplifyCallTask } from '../../nodes/ContactCenter/actions/callTask/simplify';
import { simplifyServiceRecord } from '../../nodes/ContactCenter/actions/serviceRecord/simplify';

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

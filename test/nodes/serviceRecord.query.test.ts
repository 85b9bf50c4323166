import {
	readRecordQuery,
	saturationMessage,
} from '../../nodes/ContactCenter/actions/serviceRecord/query';
import { outputRecord } from '../../nodes/ContactCenter/api/serviceRecords';

const read = (
	input: Partial<Parameters<typeof readRecordQuery>[0]>,
	zone = 'America/New_York',
	apiZone = 'Asia/Shanghai',
) =>
	readRecordQuery(
		{
			channel: 'call',
			startTime: '2026-11-21T20:00:00',
			endTime: '2026-11-21T21:00:00',
			filters: {},
			...input,
		},
		zone,
		apiZone,
	);

describe('service-record query (pure)', () => {
	it('converts the range from the workflow zone to the API zone', () => {
		expect(read({})).toEqual({
			issues: [],
			value: {
				channel: 'call',
				startTime: '2026-11-22 09:00:00',
				endTime: '2026-11-22 10:00:00',
				idFilter: undefined,
			},
		});
		expect(read({ startTime: '2026-11-22T01:00:00Z' }).value?.startTime).toBe(
			'2026-11-22 09:00:00',
		);
	});

	it('requires both times, as date-times, start not after end (naming both fields)', () => {
		expect(
			read({ startTime: '', endTime: undefined }).issues.map((i) => [i.field, i.problem]),
		).toEqual([
			['startTime', 'is required'],
			['endTime', 'is required'],
		]);
		expect(read({ endTime: 'tomorrow' }).issues[0].field).toBe('endTime');
		const reversed = read({ startTime: '2026-11-21T21:00:01' }).issues;
		expect(reversed).toHaveLength(1);
		expect(reversed[0].field).toBe('startTime');
		expect(reversed[0].problem).toBe(
			'(2026-11-22 10:00:01) is later than "endTime" (2026-11-22 10:00:00), both in the API\'s time zone Asia/Shanghai',
		);
		expect(read({ startTime: '2026-11-21T21:00:00' }).issues).toEqual([]);
	});

	it('takes callId for calls and sessionId for online chats only', () => {
		expect(read({ filters: { callId: ' c1 ' } }).value?.idFilter).toEqual({
			key: 'callId',
			value: 'c1',
		});
		expect(
			read({ channel: 'im', filters: { sessionId: 's1', callId: '' } }).value?.idFilter,
		).toEqual({ key: 'sessionId', value: 's1' });
		expect(
			read({ channel: 'call', filters: { sessionId: 's1' } }).issues.map((i) => i.field),
		).toEqual(['filters.sessionId']);
		expect(read({ channel: 'im', filters: { callId: 'c1' } }).issues.map((i) => i.field)).toEqual([
			'filters.callId',
		]);
		expect(read({ channel: 'fax' }).issues.map((i) => i.field)).toEqual(['channel']);
	});

	it('outputs records as given, with the optional fields present as null', () => {
		const record = { eventUniqueId: 'e', updateTime: '2026-11-22 09:00:00', data: {} };
		expect(outputRecord(record, 'call')).toEqual({
			...record,
			callId: null,
			updateAgent: null,
			otherParams: null,
		});
		expect(outputRecord({ ...record, sessionId: 's', otherParams: { a: 1 } }, 'im')).toEqual({
			...record,
			sessionId: 's',
			updateAgent: null,
			otherParams: { a: 1 },
		});
	});

	it('names the saturated seconds in the warning', () => {
		const message = saturationMessage('call', ['2026-11-22 09:30:00'], 'Asia/Shanghai', 0, 1000);
		expect(message).toContain('2026-11-22 09:30:00');
		expect(message).toContain('1,000');
		expect(message).toContain('cannot be read');
		const many = saturationMessage(
			'im',
			Array.from({ length: 12 }, (_, i) => `s${i}`),
			'UTC',
			1,
			1000,
		);
		expect(many).toContain('12 seconds hold');
		expect(many).toContain('and 2 more');
	});
});

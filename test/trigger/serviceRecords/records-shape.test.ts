/**
 * One record, one shape: Get Many and the trigger output the same JSON for the same record, for
 * each Output choice (Raw: the API's record plus channel; Simplified: the fields the API may leave
 * empty present as null). A valid JSON answer of the wrong shape (another API's
 * paging shape, the sandbox's `json` fault) fails both clearly instead of reading as "no records".
 */
import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { runNode } from '../../harness';
import { APP_ID, QUERY_PATH, sandboxNow, shiftWall, useTriggerSandbox, ZONE } from '../driver';

const { control, credentials, trigger } = useTriggerSandbox();
/** A valid envelope whose data is another API's paging shape. */
const listShape = async () =>
	await control.addFault({
		pathPattern: QUERY_PATH.call,
		kind: 'json',
		body: { success: true, code: '200', message: 'success', data: { list: [], total: 0 } },
	});

/** Get Many of calls (Output Raw unless told: each record as the API sends it, plus `channel`). */
async function getMany(startTime: string, endTime: string, output = 'raw') {
	return await runNode({
		nodeType: ContactCenter,
		parameters: {
			resource: 'serviceRecord',
			operation: 'getAll',
			channel: 'call',
			startTime: startTime.replace(' ', 'T'),
			endTime: endTime.replace(' ', 'T'),
			returnAll: true,
			output,
		},
		credentials: credentials(),
		timezone: ZONE,
	});
}

describe('one shape for one record', () => {
	it('Get Many and the trigger output the same JSON for every record, with channel: Simplified (empty fields as null) and Raw', async () => {
		const now = await sandboxNow(control);
		const run = trigger({ channel: 'call' }, { timezone: ZONE });
		const raw = trigger({ channel: 'call', output: 'raw' }, { timezone: ZONE });
		expect((await raw.poll()).items).toBeNull();
		expect((await run.poll()).items).toBeNull();
		// Generated records: updateAgent is '' or null in some, otherParams null for calls.
		const ids = await control.injectRecords({
			appId: APP_ID,
			channel: 'call',
			generate: { count: 60, from: shiftWall(now, -30), to: now },
		});
		for (const id of ids)
			for (const r of [run, raw])
				r.injected.set(id, { id, channel: 'call', updateTime: now, pushType: 'serviceNoteInsert' });
		const triggered = (await run.poll()).items ?? [];
		expect(triggered).toHaveLength(60);
		const rawItems = (await raw.poll()).items ?? [];
		const rawListed = await getMany(shiftWall(now, -30), now);
		expect(rawItems.map((item) => item.json)).toEqual(rawListed.items.map((item) => item.json));
		expect(rawItems.every((item) => item.json.scene === 'callCenter')).toBe(true);
		const listed = await getMany(shiftWall(now, -30), now, 'simple');
		expect(listed.error).toBeUndefined();
		const byId = new Map(listed.items.map((item) => [item.json.eventUniqueId, item.json]));
		for (const item of triggered) expect(item.json).toEqual(byId.get(item.json.eventUniqueId));
		const keys = new Set(triggered.map((item) => Object.keys(item.json).sort().join(',')));
		expect(keys.size).toBe(1);
		expect([...keys][0].split(',')).toEqual(
			expect.arrayContaining(['callId', 'updateAgent', 'otherParams', 'eventUniqueId', 'channel']),
		);
		expect(triggered.every((item) => item.json.channel === 'call')).toBe(true);
		expect(triggered.some((item) => item.json.updateAgent === null)).toBe(true);
	});
});

describe('a valid JSON answer of the wrong shape', () => {
	it('Get Many fails clearly, naming the shape it got', async () => {
		const now = await sandboxNow(control);
		await listShape();
		const result = await getMany(shiftWall(now, -10), now);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			'The call service-record query answered with an object with the keys list, total where the API returns a list of records [item 0]',
		);
		expect(result.items).toEqual([]);
	});

	it('the trigger fails the poll and keeps its state', async () => {
		const run = trigger({ channel: 'call' }, { timezone: ZONE });
		await run.poll();
		await listShape();
		// The driver checks that a failed poll emits nothing and leaves the static data as it was.
		const result = await run.poll({ expectFailure: true });
		expect(result.error?.message).toMatch(/answered with an object with the keys list, total/);
	});
});

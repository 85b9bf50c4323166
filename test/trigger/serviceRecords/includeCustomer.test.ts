/**
 * The service-record trigger with Options → Include Customer (issue #36 item 2), through n8n-core's
 * PollContext against the sandbox: each item gains `customer` (Customer → Search's simplified shape,
 * or null); a poll's lookups are ONE customer-list request per 200 distinct numbers plus one
 * field-configuration read, from the sandbox's request log; a failing lookup fails the poll, emits
 * nothing, leaves the position where it was, and the next poll emits every record once with its
 * customer.
 */
import type { IDataObject } from 'n8n-workflow';

import { NUMBERS_PER_LOOKUP } from '../../../nodes/ContactCenter/actions/customer/phoneLookup';
import type { PollResult } from '../../harness';
import { PATHS } from '../../sandbox/fixture';
import type { Channel } from '../../sandbox/control';
import {
	APP_ID,
	QUERY_PATH,
	sandboxNow,
	shiftWall,
	useTriggerSandbox,
	type TriggerRun,
} from '../driver';

const { control, trigger } = useTriggerSandbox();
const ENRICHED = { includeCustomer: true };

/** Records naming these phones (data.customerPhone), one a second from `start`, known to the run. */
async function write(run: TriggerRun, channel: Channel, start: string, phones: unknown[]) {
	const records = phones.map((phone, i) => ({
		updateTime: shiftWall(start, i % 30),
		pushType: 'serviceNoteInsert' as const,
		data: phone === undefined ? { note: 'no phone' } : { customerPhone: phone },
	}));
	const ids = await control.injectRecords({ appId: APP_ID, channel, records });
	ids.forEach((id, k) =>
		run.injected.set(id, {
			id,
			channel,
			updateTime: records[k].updateTime,
			pushType: 'serviceNoteInsert',
		}),
	);
	return ids;
}

const paths = (result: PollResult) => result.requests.map((r) => r.path);
const listRequests = (result: PollResult) =>
	result.requests.filter((r) => r.path === PATHS.crmList);
const customerIdOf = (json: IDataObject) => (json.customer as IDataObject | null)?._id ?? null;

async function seedCustomers() {
	const [ann, bob] = await control.seedCustomers({
		appId: APP_ID,
		customers: [
			{ customerName: 'Ann', mobile: [{ value: '+8613800002001', memo: 'mobile' }] },
			{ customerName: 'Bob', mobile: [{ value: '13800002002', memo: '' }] },
		],
	});
	return { ann, bob };
}

describe('service-record trigger, Include Customer', () => {
	it('items carry their customer or null; the poll adds one list request and one field read, whatever the records', async () => {
		const { ann, bob } = await seedCustomers();
		const run = trigger({ channel: 'call', options: ENRICHED });
		expect((await run.poll()).items).toBeNull();
		const now = await sandboxNow(control);
		const phones = ['138 0000 2001', '+86 138-0000-2002', '13800002001', '19900000000', undefined];
		const ids = await write(run, 'call', shiftWall(now, -30), phones);
		const result = await run.poll();
		const items = (result.items ?? []).map((i) => i.json);
		expect(items.map((j) => j.eventUniqueId)).toEqual(ids);
		expect(items.map(customerIdOf)).toEqual([ann, bob, ann, null, null]);
		expect(items[0].customer).toMatchObject({ customerName: 'Ann', phones: ['+8613800002001'] });
		// Today's poll (the record query) plus exactly ⌈3 distinct numbers / 200⌉ = 1 list request and
		// one field-configuration read: the customers of the poll's five records looked up together.
		expect(paths(result)).toEqual([QUERY_PATH.call, PATHS.crmList, PATHS.crmFields]);
		expect((listRequests(result)[0].body as { search: IDataObject[] }).search).toEqual([
			{
				field: 'mobile',
				operator: 'in',
				value: [
					...['13800002001', '+8613800002001', '008613800002001'],
					...['13800002002', '+8613800002002', '008613800002002'],
					...['19900000000', '+8619900000000', '008619900000000'],
				],
			},
		]);
		// A poll with nothing new looks nothing up.
		expect(paths(await run.poll())).toEqual([QUERY_PATH.call]);
		run.assertRecords();
	});

	it(`a poll of ${NUMBERS_PER_LOOKUP + 50} distinct numbers over 400 records: exactly ⌈D / ${NUMBERS_PER_LOOKUP}⌉ = 2 list requests`, async () => {
		const distinct = NUMBERS_PER_LOOKUP + 50;
		const numbers = Array.from(
			{ length: distinct },
			(_, i) => `1590000${String(i).padStart(4, '0')}`,
		);
		const seeded = await control.seedCustomers({
			appId: APP_ID,
			customers: numbers.map((value, i) => ({ customerName: `C${i}`, mobile: [{ value }] })),
		});
		const run = trigger({ channel: 'call', options: ENRICHED });
		await run.poll();
		const now = await sandboxNow(control);
		await write(
			run,
			'call',
			shiftWall(now, -40),
			Array.from({ length: 400 }, (_, i) => numbers[i % distinct]),
		);
		const result = await run.poll();
		expect(result.items).toHaveLength(400);
		expect(listRequests(result)).toHaveLength(Math.ceil(distinct / NUMBERS_PER_LOOKUP));
		expect(paths(result).filter((p) => p === PATHS.crmFields)).toHaveLength(1);
		const holder = new Map(numbers.map((n, i) => [n, seeded[i]]));
		for (const { json } of result.items ?? [])
			expect(customerIdOf(json)).toBe(
				holder.get((json.data as IDataObject).customerPhone as string),
			);
		run.assertRecords();
	});

	it.each<['call' | 'all']>([['call'], ['all']])(
		'Channel %s: a failing lookup fails the poll, emits nothing, keeps the position; the next emits each record once with its customer',
		async (channel) => {
			const { ann } = await seedCustomers();
			const run = trigger({ channel, options: ENRICHED });
			await run.poll();
			const before = JSON.stringify(run.state);
			const now = await sandboxNow(control);
			await write(run, 'call', shiftWall(now, -20), ['13800002001', '13800002001']);
			if (channel === 'all') await write(run, 'im', shiftWall(now, -20), ['+86 13800002001']);
			const fault = await control.addFault({
				pathPattern: PATHS.crmList,
				kind: 'status',
				status: 500,
				retryAfterSeconds: 0,
				count: 1_000_000,
			});
			const failed = await run.poll({ expectFailure: true });
			expect(failed.items).toBeNull();
			expect(paths(failed)).toContain(PATHS.crmList);
			expect(JSON.stringify(run.state)).toBe(before); // the driver checks all static data too
			await control.removeFault(fault.id);
			const next = await run.poll();
			const items = (next.items ?? []).map((i) => i.json);
			expect(items).toHaveLength(channel === 'all' ? 3 : 2);
			expect(items.every((j) => customerIdOf(j) === ann)).toBe(true);
			expect(run.state?.failures).toBeUndefined();
			run.assertRecords();
		},
	);

	it('Fetch Test Event: the sample carries its customer too', async () => {
		const { bob } = await seedCustomers();
		const run = trigger({ channel: 'call', options: ENRICHED });
		const now = await sandboxNow(control);
		await write(run, 'call', shiftWall(now, -10), ['13800002002']);
		const sample = await run.poll({ mode: 'manual' });
		expect(customerIdOf((sample.items ?? [])[0].json)).toBe(bob);
	});

	it('off by default: no lookup, no customer field', async () => {
		await seedCustomers();
		const run = trigger({ channel: 'call' });
		await run.poll();
		await write(run, 'call', shiftWall(await sandboxNow(control), -10), ['13800002002']);
		const result = await run.poll();
		expect(paths(result)).toEqual([QUERY_PATH.call]);
		expect('customer' in (result.items ?? [])[0].json).toBe(false);
	});
});

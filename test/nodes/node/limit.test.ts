import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../../harness';
import { useSandbox } from '../../sandbox/fixture';

// The Limit of every Get Many: read and checked in one place (transport/pagination.ts), the
// smallest request that satisfies it, and a clear error for anything that is not a whole number >= 1.
const APP = { appId: '1090', appSecret: 'limit-secret' };
const DAY = { from: '2026-01-01 00:00:00', to: '2026-01-01 23:59:59' };

const sandbox = useSandbox({ tenants: [{ ...APP, timezone: 'Asia/Shanghai' }] });
const { control } = sandbox;

beforeAll(async () => {
	await control.seedCustomers({ appId: APP.appId, count: 30 });
	await control.seedAgents({ appId: APP.appId, count: 30 });
	await control.seedCallerNumberGroups({ appId: APP.appId, count: 30 });
	await control.seedDisplayNumberGroups({ appId: APP.appId, count: 30 });
	await control.seedServiceGroups({ appId: APP.appId, count: 30 });
	await control.seedTasks({ appId: APP.appId, count: 30 });
	await control.injectRecords({
		appId: APP.appId,
		channel: 'call',
		generate: { count: 30, from: DAY.from, to: DAY.to, pushType: 'mixed' },
	});
});

/** Every Get Many, with what its list request calls the page size (undefined: the endpoint has no paging). */
const OPERATIONS: Array<{ resource: string; extra?: INodeParameters; sizeKey?: string }> = [
	{ resource: 'customer', sizeKey: 'limit' },
	{ resource: 'voiceAgent', sizeKey: 'pageSize' },
	{ resource: 'callerNumberGroup', sizeKey: 'pageSize' },
	{ resource: 'callTask', sizeKey: 'pageSize' },
	{ resource: 'displayNumberGroup', sizeKey: 'pageSize' },
	{ resource: 'serviceGroup' },
	{ resource: 'customerField' },
	{
		resource: 'serviceRecord',
		sizeKey: 'limit',
		extra: { channel: 'call', startTime: '2026-01-01T00:00:00', endTime: '2026-01-01T23:59:59' },
	},
];

const run = nodeRunner(
	sandbox,
	{ ...APP, timezone: 'Asia/Shanghai' },
	// Output Raw: a simplified customer also reads the field configuration (a request of its own).
	{
		nodeType: ContactCenter,
		parameters: { operation: 'getAll', output: 'raw' },
		timezone: 'Asia/Shanghai',
	},
);

describe.each(OPERATIONS)('$resource Get Many: Limit', ({ resource, extra, sizeKey }) => {
	test.each([
		['a number', 7],
		['a number from an expression', '={{ 7 }}'],
		['text from an expression', '={{ "7" }}'],
	])('%s returns exactly that many rows with the smallest request', async (_label, limit) => {
		const result = await run({ resource, ...extra, returnAll: false, limit });
		expect(result.error).toBeUndefined();
		// Some resources seed fewer than 7 rows of their own (custom fields); never more than the limit.
		expect(result.items.length).toBeLessThanOrEqual(7);
		if (resource !== 'customerField') expect(result.items).toHaveLength(7);
		expect(result.requests).toHaveLength(1);
		// The page asked for is the limit itself (display-number groups cannot page below 10). Service
		// records keep the NEWEST Limit records: the query (oldest first, no paging) asks for the most,
		// 1,000, to learn whether the window holds more than it returned.
		const size = resource === 'displayNumberGroup' ? 10 : resource === 'serviceRecord' ? 1000 : 7;
		if (sizeKey) expect((result.requests[0].body as IDataObject)[sizeKey]).toBe(size);
	});

	test.each([
		[0, 'got 0'],
		[-3, 'got -3'],
		['={{ 2.5 }}', 'got 2.5'],
		['={{ "ten" }}', 'got "ten"'],
		['={{ "" }}', 'got nothing'],
	])(
		'Limit %p is refused with a clear error naming the item and the field, and nothing is sent',
		async (limit, got) => {
			const result = await run({ resource, ...extra, returnAll: false, limit });
			expect(result.requests).toHaveLength(0);
			expect(result.error?.message).toMatch(/^Invalid input (in item 0|\[item 0\]): /);
			expect(result.error?.message).toContain(
				`"Limit" must be a whole number of at least 1 (${got})`,
			);
			expect(result.error?.description).toMatch(/switch on Return All/);
		},
	);
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- made-up credentials of a local sandbox tenant */
/**
 * Trigger On Customer and Call Task through the harness against the sandbox: settings refused
 * before any request, one kind's state at a time in the static data, and Fetch Test Event.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../sandbox/fixture';
import { poll, type CredentialValues } from '../harness';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { NODE_KEY } from './kindRun';
import { sandboxNow, shiftWall, ZONE } from './driver';

const APP_ID = '5252';
const APP_SECRET = 'kinds-secret-5252';
const sandbox = useSandbox({
	tenants: [{ appId: APP_ID, appSecret: APP_SECRET, timezone: ZONE }],
	nonceReplayKey: 'timestamp+nonce',
});
const { control } = sandbox;
let credentials: CredentialValues;

beforeAll(() => {
	credentials = { baseUrl: sandbox.url, appId: APP_ID, appSecret: APP_SECRET, timezone: ZONE };
});
beforeEach(async () => {
	await control.reset();
});

const run = async (
	parameters: INodeParameters,
	staticData: IDataObject = {},
	mode: 'trigger' | 'manual' = 'trigger',
) =>
	await poll({
		nodeType: ContactCenterTrigger,
		parameters,
		credentials,
		staticData,
		sandbox: control,
		mode,
	});

describe('settings are checked before any request', () => {
	it.each([
		[{ triggerOn: 'customer', customerEvents: [] }, '"Events" is empty'],
		[
			{ triggerOn: 'customer', customerEvents: ['deleted'] },
			'"Events" has unknown values: deleted',
		],
		[{ triggerOn: 'callTask', callTaskEvents: [] }, '"Events" is empty'],
		[
			{ triggerOn: 'callTask', callTaskEvents: ['started'] },
			'"Events" has unknown values: started',
		],
		[
			{ triggerOn: 'customer', options: { lookbackMinutes: -1 } },
			'"Look-Back (Minutes)" must be a whole number',
		],
	])('%j', async (parameters, message) => {
		const result = await run(parameters as INodeParameters);
		expect(result.error?.message).toContain(message);
		expect(result.items).toBeNull();
		expect(result.requests).toEqual([]);
	});
});

describe('static data holds the state of the kind watched only', () => {
	it('switching service records → customers → call tasks drops the previous kind’s state', async () => {
		const staticData: IDataObject = {};
		expect((await run({ channel: 'call' }, staticData)).error).toBeUndefined();
		expect(Object.keys(staticData[NODE_KEY] as object)).toEqual(['cursor']);
		expect((await run({ triggerOn: 'customer' }, staticData)).error).toBeUndefined();
		expect(Object.keys(staticData[NODE_KEY] as object)).toEqual(['customers']);
		expect((await run({ triggerOn: 'callTask' }, staticData)).error).toBeUndefined();
		expect(Object.keys(staticData[NODE_KEY] as object)).toEqual(['callTasks']);
		expect((await run({ channel: 'call' }, staticData)).error).toBeUndefined();
		expect(Object.keys(staticData[NODE_KEY] as object)).toEqual(['cursor']);
	});

	it('an unreadable call-task state starts again from now, with a warning, and emits nothing', async () => {
		const staticData: IDataObject = { [NODE_KEY]: { callTasks: { version: 9 } } };
		await control.seedAgents({ appId: APP_ID, count: 1 });
		await control.seedTasks({
			appId: APP_ID,
			tasks: [{ status: 'done', totalCount: 1, completedCount: 1 }],
		});
		const result = await run({ triggerOn: 'callTask' }, staticData);
		expect(result.items).toBeNull();
		expect(
			result.logs.some(
				(l) => l.level === 'warn' && /call-task state is unreadable/.test(l.message),
			),
		).toBe(true);
	});
});

describe('Fetch Test Event (manual)', () => {
	it('customers: the newest created and the newest updated customer, one request each, state untouched', async () => {
		const now = await sandboxNow(control);
		const [, newer, changed] = await control.seedCustomers({
			appId: APP_ID,
			customers: [
				{
					customerName: 'Older',
					createTime: shiftWall(now, -600),
					updateTime: shiftWall(now, -600),
				},
				{ customerName: 'Newer', createTime: shiftWall(now, -60), updateTime: shiftWall(now, -60) },
				{
					customerName: 'Changed',
					createTime: shiftWall(now, -900),
					updateTime: shiftWall(now, -300),
				},
			],
		});
		const staticData: IDataObject = {};
		const result = await run({ triggerOn: 'customer' }, staticData, 'manual');
		expect(result.items?.map((i) => [i.json._id, i.json.event])).toEqual([
			[newer, 'created'],
			[changed, 'updated'],
		]);
		expect(result.requests).toHaveLength(2);
		expect(staticData[NODE_KEY] ?? {}).toEqual({});
	});

	it('nothing to show: null, not an empty list', async () => {
		expect((await run({ triggerOn: 'customer' }, {}, 'manual')).items).toBeNull();
		expect((await run({ triggerOn: 'callTask' }, {}, 'manual')).items).toBeNull();
	});
});

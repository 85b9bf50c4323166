/**
 * Version 2 names the item in every error message, as validation errors do (`… [item 1]`): API
 * (vendor) errors, transport errors and the node's own "does not exist", in the node error and in
 * the error item of "On Error: Continue" (same keys as version 1). Version 1's messages are kept.
 */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const UNKNOWN_TASK = '123456789012345671';
let taskId: string;

const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

beforeAll(async () => {
	[taskId] = await control.seedTasks({
		appId: APP.appId,
		tasks: [{ taskName: 'Paused task', status: 'pause', totalCount: 3 }],
	});
});

beforeEach(async () => {
	await control.clearFaults();
});

const runAs = nodeRunner(sandbox, APP, {
	nodeType: ContactCenter,
	parameters: {
		resource: 'callTask',
		taskId: { __rl: true, mode: 'id', value: '={{ $json.taskId }}' },
	},
	typeVersion: 2,
});
const run: typeof runAs = async (parameters, options) =>
	await runAs(parameters, { items: [{ taskId }, { taskId: UNKNOWN_TASK }], ...options });

describe('version 2: errors name their item', () => {
	test('a vendor error (801) of the second item: the node error and its message name item 1', async () => {
		const result = await run({ operation: 'start' });
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			message: 'Contact Center error 801: task.not.exist [item 1]',
			context: expect.objectContaining({ itemIndex: 1, vendorCode: '801' }),
		});
	});

	test('On Error: Continue: the error item names its item, with the same keys as version 1', async () => {
		const v2 = await run({ operation: 'start' }, { continueOnFail: true });
		const v1 = await run({ operation: 'start' }, { continueOnFail: true, typeVersion: 1 });
		// Trace ids are the API's, new for every answer.
		const withoutTrace = (json: object) =>
			JSON.parse(JSON.stringify(json).replace(/[0-9a-f]{32}/g, '<trace>')) as unknown;
		expect(withoutTrace(v2.items[1].json)).toEqual(
			withoutTrace({
				...v1.items[1].json,
				error: 'Contact Center error 801: task.not.exist [item 1]',
			}),
		);
		expect(Object.keys(v2.items[1].json).sort()).toEqual(Object.keys(v1.items[1].json).sort());
		expect(v1.items[1].json.error).toBe('Contact Center error 801: task.not.exist');
		expect(v2.items[1].pairedItem).toEqual({ item: 1 });
	});

	test("the node's own error (a task the query does not list) names its item", async () => {
		const result = await run({ operation: 'get' });
		expect(result.error?.message).toBe(`The call task ${UNKNOWN_TASK} does not exist [item 1]`);
		const v1 = await run({ operation: 'get' }, { typeVersion: 1 });
		expect(v1.error?.message).toBe(`The call task ${UNKNOWN_TASK} does not exist`);
	});

	test('a transport error (HTTP 404 page) names its item', async () => {
		await control.addFault({
			pathPattern: '/openapi/agent/web/v1/callTask/query',
			kind: 'html',
			status: 404,
			count: 1,
		});
		const result = await run({ operation: 'get' }, { items: [{ taskId }] });
		expect(result.error?.message).toBe(
			'The server answered HTTP 404 with an HTML page instead of JSON [item 0]',
		);
	});

	test('validation errors keep their one item mark', async () => {
		const result = await run({ operation: 'get' }, { items: [{ taskId: 'abc' }] });
		expect(result.requests).toEqual([]);
		expect(result.error?.message).toMatch(/^Invalid input \[item 0\]: /);
		expect(result.error?.message.match(/\[item \d+\]/g)).toHaveLength(1);
	});
});

/**
 * The node as an AI agent's tool (version 2): bad arguments come back as an error item the model can
 * read (message and fix), with nothing sent, on every n8n release (1.x would otherwise end the
 * agent's run). Version 1 and the action node keep failing the run.
 */
import type { INodeParameters, INodeType } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1090', appSecret: 'demo-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
const { control } = sandbox;
let taskId: string;

/** The tool variant as n8n derives it (`n8n-nodes-contact-center.contactCenterTool`). */
function toolVariant(): INodeType {
	const node = new ContactCenter();
	return Object.assign(node, {
		description: {
			...node.description,
			name: 'contactCenterTool',
			displayName: 'Contact Center Tool',
		},
	});
}

beforeAll(async () => {
	const state = await control.getState(APP.appId);
	[taskId] = await control.seedTasks({
		appId: APP.appId,
		tasks: [{ taskName: 'Tool', voiceAgentId: state.agents[0].id, status: 'draft' }],
	});
});

const tool = nodeRunner(sandbox, APP, { nodeType: toolVariant(), typeVersion: 2 });

const importBadPhone = (): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: { __rl: true, mode: 'id', value: taskId },
	customerNumber: 'call me maybe',
});

describe('bad arguments to the tool (version 2)', () => {
	test('an import with a phone with letters: one error item with the message and the fix, nothing sent', async () => {
		const result = await tool(importBadPhone());
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json)).toEqual([
			{
				error: expect.stringMatching(
					/^Invalid input \[item 0\]: "Customer Number" must be 5 to 20 characters of digits, \+ and -/,
				),
				description: expect.stringContaining('Remove spaces, brackets and letters'),
			},
		]);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }]);
		expect(result.requests).toEqual([]);
	});

	test('an unknown channel: an error item naming the field, nothing sent', async () => {
		const result = await tool({
			resource: 'serviceRecord',
			operation: 'getAll',
			channel: '={{ "sms" }}',
			startTime: '2026-11-01T00:00:00Z',
			endTime: '2026-11-02T00:00:00Z',
		});
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json.error)).toEqual([
			expect.stringMatching(/^Invalid input \[item 0\]: "Channel" .*"sms"/),
		]);
		expect(result.requests).toEqual([]);
	});

	test('a 19-digit ID as a number: an error item, nothing sent', async () => {
		const result = await tool({
			resource: 'customer',
			operation: 'get',
			customerId: { __rl: true, mode: 'id', value: '={{ 1874532109876543210 }}' },
		});
		expect(result.items.map((i) => i.json.error)).toEqual([
			expect.stringMatching(/is the number 1874532109876543200, which is larger than 2\^53/),
		]);
		expect(result.requests).toEqual([]);
	});
});

describe('where errors still fail the run', () => {
	test('the tool at version 1 (saved workflows keep their behaviour)', async () => {
		const result = await tool(importBadPhone(), { typeVersion: 1 });
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/^Invalid input \[item 0\]: "Customer Number"/);
		expect(result.requests).toEqual([]);
	});

	test('the action node at version 2', async () => {
		const result = await tool(importBadPhone(), { nodeType: ContactCenter });
		expect(result.status).toBe('error');
		expect(result.requests).toEqual([]);
	});
});

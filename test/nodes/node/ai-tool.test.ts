/**
 * The node as an AI agent's tool. What a model reads, worked out with n8n-workflow's own functions
 * (the ones n8n-core's createNodeAsTool calls): each operation's own `toolDescription`, shown in the
 * tool variant only. And what it gets back for bad arguments: an error item the model can read
 * (message and fix), with nothing sent, on every n8n release (1.x would otherwise end the agent's
 * run); the action node, and the tool set to stop on errors, fail the run.
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import {
	toolDescribedOperations,
	toolDescriptionText,
} from '../../../nodes/ContactCenter/actions/toolDescriptions';
import { nodeRunner } from '../../harness';
import { useSandbox } from '../../sandbox/fixture';
import { expectRefused } from '../run-checks';

const base = new ContactCenter().description;

/** The tool variant as n8n derives it: same properties, name + 'Tool' (what `@tool` reads). */
const tool: INodeType = Object.assign(new ContactCenter(), {
	description: { ...base, name: `${base.name}Tool`, displayName: `${base.displayName} Tool` },
});

/** The `operation` properties, one per resource. */
const operationProperties = () => base.properties.filter((p) => p.name === 'operation');

/** Every resource and operation the node offers. */
const operations = (): Array<[string, string]> =>
	operationProperties().flatMap((p) =>
		(p.displayOptions?.show?.resource as string[]).flatMap((resource) =>
			(p.options as INodePropertyOptions[]).map((o): [string, string] => [
				resource,
				String(o.value),
			]),
		),
	);

/** The node's parameters with defaults filled in, as n8n's Workflow does before it runs a node. */
function resolved(type: INodeTypeDescription, parameters: INodeParameters) {
	const node: INode = {
		id: 'n1',
		name: 'Contact Center',
		type: `n8n-nodes-contact-center.${type.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const all = NodeHelpers.getNodeParameters(type.properties, parameters, true, false, node, type);
	return { ...node, parameters: all as INodeParameters };
}

/** What n8n tells the model about a tool node with these parameters. */
const told = (parameters: INodeParameters) =>
	NodeHelpers.getToolDescriptionForNode(resolved(tool.description, parameters), tool);

describe('the description a model reads for each operation', () => {
	test.each(operations())('%s %s: the operation’s own text', (resource, operation) => {
		expect(told({ resource, operation })).toBe(toolDescriptionText(resource, operation));
	});

	test('a description the user wrote wins', () => {
		const parameters = { resource: 'customer', operation: 'get' };
		expect(told({ ...parameters, toolDescription: 'Look up the caller' })).toBe(
			'Look up the caller',
		);
	});

	test('n8n adds no selector of its own; the action node never shows or stores it', () => {
		// n8n's convertNodeToAiTool adds descriptionType + toolDescription only when no property is named toolDescription.
		expect(base.properties.some((p) => p.name === 'toolDescription')).toBe(true);
		expect(base.properties.filter((p) => p.name === 'descriptionType')).toEqual([]);
		expect(told({ resource: 'customer', operation: 'get' })).not.toMatch(/ in Contact Center$/);
		const action = resolved(base, { resource: 'customer', operation: 'get' });
		expect(action.parameters).not.toHaveProperty('toolDescription');
	});

	test.each(toolDescribedOperations())(
		'%s %s says what IDs, times and errors look like',
		(resource, operation) => {
			const text = toolDescriptionText(resource, operation)!;
			expect(text).toMatch(/18-digit strings/);
			expect(text).toMatch(/never as numbers/);
			expect(text).toContain("'yyyy-MM-dd HH:mm:ss' in the account's time zone");
			expect(text).toMatch(/refused before anything is sent/);
			// A model reads every tool's text on every turn: keep each one short.
			expect(text.length).toBeLessThan(1200);
		},
	);

	test('list operations say what an empty result means and what bounds it; phone-taking ones what a phone looks like', () => {
		const lists = toolDescribedOperations().filter(([, o]) => ['getAll', 'search'].includes(o));
		for (const [resource, operation] of lists)
			expect(toolDescriptionText(resource, operation)).toMatch(
				/an empty list \[\] means nothing matched.*Limit/,
			);
		const phones = ['customer search', 'customer create', 'customer upsert', 'callTask import'];
		for (const [resource, operation] of phones.map((p) => p.split(' ')))
			expect(toolDescriptionText(resource, operation)).toMatch(/digits, optionally with \+ and -/);
	});
});

const APP = { appId: '1090', appSecret: 'demo-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
let taskId: string;

beforeAll(async () => {
	const state = await sandbox.control.getState(APP.appId);
	[taskId] = await sandbox.control.seedTasks({
		appId: APP.appId,
		tasks: [{ taskName: 'Tool', voiceAgentId: state.agents[0].id, status: 'draft' }],
	});
});

const runTool = nodeRunner(sandbox, APP, { nodeType: tool });
const importBadPhone = (): INodeParameters => ({
	resource: 'callTask',
	operation: 'import',
	taskId: { __rl: true, mode: 'id', value: taskId },
	customerNumber: 'call me maybe',
});

describe('bad arguments to the tool: an error item, nothing sent', () => {
	test('an import with a phone with letters: one error item with the message and the fix', async () => {
		const result = await runTool(importBadPhone());
		expect(result.status).toBe('success');
		expect(result.items).toEqual([
			{
				json: {
					error: expect.stringMatching(
						/^Invalid input \[item 0\]: "Phone Number to Call" must be 5 to 20 characters of digits, \+ and -/,
					),
					description: expect.stringContaining('Remove spaces, brackets and letters'),
				},
				pairedItem: [{ item: 0 }],
			},
		]);
		expect(result.requests).toEqual([]);
	});

	test.each([
		[
			'an unknown channel',
			{
				resource: 'serviceRecord',
				operation: 'getAll',
				channel: '={{ "sms" }}',
				startTime: '2026-11-01T00:00:00Z',
				endTime: '2026-11-02T00:00:00Z',
			},
			/^Invalid input \[item 0\]: "Channel" .*"sms"/,
		],
		[
			'a 19-digit ID as a number',
			{
				resource: 'customer',
				operation: 'get',
				customerId: { __rl: true, mode: 'id', value: '={{ 1874532109876543210 }}' },
			},
			/is the number 1874532109876543200, which is larger than 2\^53/,
		],
	])('%s', async (_name, parameters, message) => {
		const result = await runTool(parameters);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json.error)).toEqual([expect.stringMatching(message)]);
		expect(result.requests).toEqual([]);
	});
});

test('errors fail the run of the tool set to stop (On Error: Stop Workflow) and of the action node', async () => {
	const stopping = await runTool(importBadPhone(), { onError: 'stopWorkflow' });
	expect(stopping.status).toBe('error');
	expectRefused(stopping, /^Invalid input \[item 0\]: "Phone Number to Call"/);
	const action = await runTool(importBadPhone(), { nodeType: ContactCenter });
	expect(action.status).toBe('error');
	expect(action.requests).toEqual([]);
});

/**
 * Contact Center over MCP: a workflow with n8n's MCP Server Trigger exposes Contact Center tool
 * nodes, published and served by a running n8n (the pinned release, the packed package
 * installed); the official MCP client (@modelcontextprotocol/sdk, Streamable HTTP) lists the tools
 * and calls Search against the sandbox. This is how agents outside n8n reach the node.
 */
/* eslint-disable import-x/no-unresolved -- the SDK's subpaths resolve through its exports map (jest, Node) and typesVersions (tsc); the lint resolver reads neither */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
/* eslint-enable import-x/no-unresolved */

import { toolDescriptionText } from '../../nodes/ContactCenter/actions/toolDescriptions';
import { useSandbox } from '../sandbox/fixture';
import { bindCredential, DEMO_TENANT, N8n, sandboxCredential } from './lib';
import { contactCenterTool, fromAI, idFromAI, mcpWorkflow } from './lib/agent';
import { waitFor } from './lib/process';

const APP = DEMO_TENANT.appId;
const PATH = 'contact-center';
const PHONE = '13911112222';
const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;

let n8n: N8n;
let client: Client;
let customerId: string;

/** The JSON of a tool result's first text part. */
function resultJson(result: object): unknown {
	const [first] = ((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>;
	return JSON.parse(first?.text ?? 'null') as unknown;
}

/** Calls Search customers with a phone: whether it failed, its result's JSON, the requests it sent. */
async function search(phone: string) {
	await control.clearLog();
	const result = await client.callTool({
		name: 'Search_customers',
		arguments: { phone, email: '', name: '' },
	});
	const requests = await control.getLog({ appId: APP });
	return { failed: Boolean(result.isError), json: resultJson(result), requests };
}

beforeAll(async () => {
	[customerId] = await control.seedCustomers({
		appId: APP,
		customers: [{ customerName: 'MCP Caller', mobile: [{ value: PHONE, memo: '' }] }],
	});
	const credential = sandboxCredential(sandbox.url);
	const workflow = mcpWorkflow({ id: 'mcpContactCenter', name: 'Contact Center over MCP' }, PATH, [
		contactCenterTool('Search customers', {
			resource: 'customer',
			operation: 'search',
			phone: fromAI('phone', 'Phone number of the customer, digits only'),
			email: fromAI('email', 'E-mail address of the customer, or empty'),
			name: fromAI('name', 'Name of the customer or part of it, or empty'),
		}),
		contactCenterTool('Get customer', {
			resource: 'customer',
			operation: 'get',
			customerId: idFromAI('customerId', 'The customer ID (_id), 18 digits as text'),
		}),
	]);
	const workflows = [bindCredential(workflow, credential)];
	n8n = await N8n.prepared({ credentials: [credential], workflows });
	await n8n.publish(workflow.id);
	await n8n.start();
	// The endpoint answers 404 for a few seconds after n8n is ready, until activation ends.
	const url = new URL(`${n8n.baseUrl}/mcp/${PATH}`);
	const connect = async () => {
		const candidate = new Client({ name: 'contact-center-e2e', version: '1.0.0' });
		await candidate.connect(new StreamableHTTPClientTransport(url));
		return candidate;
	};
	client = await waitFor('the MCP endpoint', 60_000, connect, { every: 1_000 });
}, 15 * 60_000);

afterAll(async () => {
	await client?.close();
	await n8n?.dispose();
}, 60_000);

test('the tool list tells a client what each tool does, with a schema from $fromAI', async () => {
	const { tools } = await client.listTools();
	const byName = new Map(tools.map((t) => [t.name, t]));
	expect([...byName.keys()].sort()).toEqual(['Get_customer', 'Search_customers']);
	expect(byName.get('Search_customers')).toMatchObject({
		description: toolDescriptionText('customer', 'search'),
		inputSchema: {
			type: 'object',
			properties: {
				phone: { type: 'string', description: 'Phone number of the customer, digits only' },
				email: { type: 'string' },
				name: { type: 'string' },
			},
		},
	});
	expect(byName.get('Get_customer')).toMatchObject({
		description: toolDescriptionText('customer', 'get'),
		inputSchema: { properties: { customerId: { type: 'string' } } },
	});
});

test('Search by phone finds the customer (simplified) with one signed list request; the ID from it gets the customer', async () => {
	const found = await search(PHONE);
	const caller = [expect.objectContaining({ _id: customerId, customerName: 'MCP Caller' })];
	expect(found.failed).toBe(false);
	expect(found.json).toEqual(caller);
	const lists = found.requests.filter((q) => q.path === '/openapi/crm/list');
	expect(lists.map((q) => q.signatureValid)).toEqual([true]);
	const got = await client.callTool({ name: 'Get_customer', arguments: { customerId } });
	expect(resultJson(got)).toEqual(caller);
});

test('a phone with letters gets the node’s validation error and sends nothing', async () => {
	// An error item with the message and the fix, so the client's model can correct the call.
	const { json, requests } = await search('call me');
	expect(json).toEqual([
		{
			error: expect.stringMatching(/^Invalid input \[item 0\]: "Phone"/),
			description: expect.any(String),
		},
	]);
	expect(requests).toEqual([]);
});

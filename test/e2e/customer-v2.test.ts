/**
 * Customer in node version 2, inside the pinned n8n (package installed as a community package),
 * against the demo-seeded sandbox: Search by phone (a customer's second number, and no match),
 * Create or Update that keeps a customer's two numbers (version 2 by Phone, and version 1's fix),
 * and Simplify on Get (on, and off: the API record exactly). One `n8n execute` of one workflow.
 */
import { SIMPLIFIED_FIELDS } from '../../nodes/ContactCenter/actions/customer/simplify';
import { useSandbox } from '../sandbox/fixture';
import { ensureN8n } from '../tools/runtime';
import {
	bindCredential,
	DEMO_TENANT,
	N8n,
	nodeOutput,
	sandboxCredential,
	type JsonObject,
	type RunData,
	type WorkflowImport,
} from './lib';
import type { LogEntry } from '../sandbox/control';

const APP = DEMO_TENANT.appId;
const NODE_TYPE = 'n8n-nodes-contact-center.contactCenter';
const LIST = '/openapi/crm/list';

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;
let n8n: N8n;
let run: RunData;
let requests: LogEntry[];
const seeded: Record<'second' | 'v2' | 'v1', string> = { second: '', v2: '', v1: '' };

const out = (node: string): JsonObject[] => nodeOutput(run, node).map((item) => item.json);
const stored = async (id: string) =>
	(await control.getState(APP)).customers.find((c) => c._id === id);

/** The test workflow: a Manual Trigger and one Contact Center node per case, each on its own branch. */
function workflow(): WorkflowImport {
	const nodes: Array<{ name: string; typeVersion: number; parameters: JsonObject }> = [
		{
			name: 'Search by second number',
			typeVersion: 2,
			parameters: { resource: 'customer', operation: 'search', phone: '13911110002' },
		},
		{
			name: 'Search no match',
			typeVersion: 2,
			parameters: { resource: 'customer', operation: 'search', phone: '19900000000' },
		},
		{
			name: 'Create or Update v2',
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'upsert',
				customerName: 'Two numbers (v2, updated)',
				phone: '13922220001',
			},
		},
		{
			name: 'Create or Update v1',
			typeVersion: 1,
			parameters: {
				resource: 'customer',
				operation: 'upsert',
				customerName: 'Two numbers (v1, updated)',
				mobile: { values: [{ value: '13933330001', memo: 'form' }] },
			},
		},
		{
			name: 'Get simplified',
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'get',
				customerId: { __rl: true, mode: 'id', value: seeded.second },
			},
		},
		{
			name: 'Get raw',
			typeVersion: 2,
			parameters: {
				resource: 'customer',
				operation: 'get',
				customerId: { __rl: true, mode: 'list', value: seeded.second },
				simplify: false,
			},
		},
	];
	return {
		id: 'ccE2eCustomerV2',
		name: 'E2E: customer version 2',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...nodes.map((node, i) => ({
				id: `node-${i}`,
				name: node.name,
				type: NODE_TYPE,
				typeVersion: node.typeVersion,
				position: [240, i * 160] as [number, number],
				parameters: node.parameters,
			})),
		],
		connections: {
			Start: {
				main: [nodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))],
			},
		},
	} as unknown as WorkflowImport;
}

beforeAll(async () => {
	[seeded.second, seeded.v2, seeded.v1] = await control.seedCustomers({
		appId: APP,
		customers: [
			{
				customerName: 'Found by second number',
				mobile: [
					{ value: '13911110001', memo: 'mobile' },
					{ value: '13911110002', memo: 'office' },
				],
			},
			{
				customerName: 'Two numbers (v2)',
				mobile: [
					{ value: '13922220001', memo: 'mobile' },
					{ value: '13922220002', memo: 'office' },
				],
			},
			{
				customerName: 'Two numbers (v1)',
				mobile: [
					{ value: '13933330001', memo: 'mobile' },
					{ value: '13933330002', memo: 'office' },
				],
			},
		],
	});
	const runtime = await ensureN8n();
	n8n = await N8n.create({ runtime });
	await n8n.installPackage();
	const credential = sandboxCredential(sandbox.url);
	const flow = bindCredential(workflow(), credential);
	await n8n.importCredentials([credential]);
	await n8n.importWorkflows([flow]);
	await control.clearLog();
	run = await n8n.executeOk(flow.id);
	requests = await control.getLog({ appId: APP });
}, 15 * 60_000);

afterAll(async () => {
	await n8n?.dispose();
}, 60_000);

test('every request signed and answered 200', () => {
	expect(requests.length).toBeGreaterThan(0);
	expect(requests.filter((r) => !r.signatureValid || r.httpStatus !== 200)).toEqual([]);
});

test('Search: a phone finds the customer by any of its numbers (simplified); no match is no item', () => {
	const found = out('Search by second number');
	expect(found).toHaveLength(1);
	expect(found[0]).toMatchObject({
		_id: seeded.second,
		customerName: 'Found by second number',
		phones: ['13911110001', '13911110002'],
	});
	expect(Object.keys(found[0]).slice(0, 10)).toEqual([...SIMPLIFIED_FIELDS]);
	expect(out('Search no match')).toEqual([]);
	// One list request for each search, one for Create or Update v2: a phone is one eq condition on mobile.
	const phonesSearched = requests
		.filter((r) => r.path === LIST)
		.map((r) => (r.body as { search: unknown[] }).search);
	expect(phonesSearched).toEqual([
		[{ field: 'mobile', operator: 'eq', value: ['13911110002'] }],
		[{ field: 'mobile', operator: 'eq', value: ['19900000000'] }],
		[{ field: 'mobile', operator: 'eq', value: ['13922220001'] }],
	]);
});

test('Create or Update keeps both numbers of the matched customer, in version 2 and in version 1', async () => {
	expect(out('Create or Update v2')).toEqual([
		expect.objectContaining({ _id: seeded.v2, customerName: 'Two numbers (v2, updated)' }),
	]);
	expect((await stored(seeded.v2))?.mobile).toEqual([
		{ value: '13922220001', memo: 'mobile' },
		{ value: '13922220002', memo: 'office' },
	]);
	expect(out('Create or Update v1')).toEqual([
		expect.objectContaining({ _id: seeded.v1, customerName: 'Two numbers (v1, updated)' }),
	]);
	expect((await stored(seeded.v1))?.mobile).toEqual([
		{ value: '13933330001', memo: 'form' },
		{ value: '13933330002', memo: 'office' },
	]);
	// Version 1 read the customer before its update: the one extra request of the fix.
	expect(requests.filter((r) => r.path === `/openapi/crm/${seeded.v1}`)).toHaveLength(1);
});

test('Simplify: on, ten fields and the custom fields by name; off, the API record exactly', async () => {
	const [simple] = out('Get simplified');
	expect(Object.keys(simple).slice(0, 10)).toEqual([...SIMPLIFIED_FIELDS]);
	expect(simple).toMatchObject({ _id: seeded.second, phones: ['13911110001', '13911110002'] });
	expect(out('Get raw')).toEqual([await stored(seeded.second)]);
});

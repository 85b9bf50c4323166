/**
 * Customer inside the pinned n8n (package installed as a community package), against the
 * demo-seeded sandbox: Search by phone (a customer's second number, and no match), Create or Update
 * by Phone that keeps a customer's two numbers, and Output on Get (Simplified, and Raw: the API record
 * exactly). One `n8n execute` of one workflow.
 */
import { SIMPLIFIED_FIELDS } from '../../nodes/ContactCenter/actions/customer/simplify';
import { useSandbox } from '../sandbox/fixture';
import {
	bindCredential,
	CC,
	DEMO_TENANT,
	N8n,
	node,
	outputJson,
	sandboxCredential,
	type JsonObject,
	type RunData,
	type WorkflowImport,
} from './lib';
import type { LogEntry } from '../sandbox/control';

const APP = DEMO_TENANT.appId;
const LIST = '/openapi/crm/list';

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
const { control } = sandbox;
let run: RunData;
let requests: LogEntry[];
let n8n: N8n;
/** The seeded customers: found by its second number, and the one that Create or Update matches. */
let ids: { second: string; matched: string };

const out = (node: string) => outputJson(run, node);
const stored = async (id: string) =>
	(await control.getState(APP)).customers.find((c) => c._id === id);
const two = (prefix: string) => [
	{ value: `${prefix}1`, memo: 'mobile' },
	{ value: `${prefix}2`, memo: 'office' },
];

/** A Manual Trigger and one Contact Center node per case (`[name, parameters]`), each on its own branch. */
function workflow(cases: Array<[string, JsonObject]>): WorkflowImport {
	const cc = ([name, parameters]: (typeof cases)[number], i: number) => {
		const customer = { resource: 'customer', ...parameters };
		return node(name, CC, customer, 240, { position: [240, i * 160] });
	};
	return {
		id: 'ccE2eCustomer01',
		name: 'E2E: customer',
		settings: { executionOrder: 'v1' },
		nodes: [node('Start', 'n8n-nodes-base.manualTrigger'), ...cases.map(cc)],
		connections: {
			Start: { main: [cases.map(([name]) => ({ node: name, type: 'main', index: 0 }))] },
		},
	};
}

beforeAll(async () => {
	const [second, matched] = await control.seedCustomers({
		appId: APP,
		customers: [
			{ customerName: 'Found by second number', mobile: two('1391111000') },
			{ customerName: 'Two numbers', mobile: two('1392222000') },
		],
	});
	ids = { second, matched };
	const credential = sandboxCredential(sandbox.url);
	const flow = bindCredential(
		workflow([
			['Search by second number', { operation: 'search', phone: '13911110002' }],
			['Search no match', { operation: 'search', phone: '19900000000' }],
			[
				'Create or Update',
				{ operation: 'upsert', customerName: 'Two numbers (updated)', phone: '13922220001' },
			],
			[
				'Get simplified',
				{ operation: 'get', customerId: { __rl: true, mode: 'id', value: second } },
			],
			[
				'Get raw',
				{
					operation: 'get',
					customerId: { __rl: true, mode: 'list', value: second },
					output: 'raw',
				},
			],
		]),
		credential,
	);
	n8n = await N8n.prepared({ credentials: [credential], workflows: [flow] });
	await control.clearLog();
	run = await n8n.executeOk(flow.id);
	requests = await control.getLog({ appId: APP });
}, 15 * 60_000);

N8n.disposeAfterAll(() => n8n);

test('every request signed and answered 200', () => {
	expect(requests.length).toBeGreaterThan(0);
	expect(requests.filter((r) => !r.signatureValid || r.httpStatus !== 200)).toEqual([]);
});

test('Search: a phone finds the customer by any of its numbers (simplified); no match is no item', () => {
	const found = out('Search by second number');
	expect(found).toEqual([
		expect.objectContaining({
			_id: ids.second,
			customerName: 'Found by second number',
			phones: ['13911110001', '13911110002'],
		}),
	]);
	expect(Object.keys(found[0]).slice(0, 10)).toEqual([...SIMPLIFIED_FIELDS]);
	expect(out('Search no match')).toEqual([]);
	// One list request for each search, one for Create or Update: a phone is one `in` condition on
	// mobile with the forms the tenant may store it in (national, +86, 0086; Country Code 86).
	const searched = requests
		.filter((r) => r.path === LIST)
		.map((r) => (r.body as JsonObject).search);
	expect(searched).toEqual(
		['13911110002', '19900000000', '13922220001'].map((phone) => [
			{ field: 'mobile', operator: 'in', value: [phone, `+86${phone}`, `0086${phone}`] },
		]),
	);
});

test('Create or Update by Phone keeps both numbers of the matched customer', async () => {
	expect(out('Create or Update')).toEqual([
		expect.objectContaining({ _id: ids.matched, customerName: 'Two numbers (updated)' }),
	]);
	expect((await stored(ids.matched))?.mobile).toEqual(two('1392222000'));
});

test('Output: Simplified, ten fields then the custom fields by field id; Raw, the API record exactly', async () => {
	const [simple] = out('Get simplified');
	expect(Object.keys(simple).slice(0, 10)).toEqual([...SIMPLIFIED_FIELDS]);
	expect(simple).toMatchObject({ _id: ids.second, phones: ['13911110001', '13911110002'] });
	expect(out('Get raw')).toEqual([await stored(ids.second)]);
});

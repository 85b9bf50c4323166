/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The example workflows (examples/*.json) run whole from their Manual Trigger against a freshly
 * demo-seeded sandbox (test/support/example-workflow.ts: n8n-core's WorkflowExecute, the real
 * Contact Center nodes, stand-ins for Code/Set/If): no error, and every Contact Center node that
 * ran output items (but for a read with nothing to find on a fresh tenant). Real n8n runs them too, with their results checked (test/e2e/workflows.test.ts);
 * the AI agent example needs n8n's AI nodes (test/e2e/ai-agent.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IDataObject } from 'n8n-workflow';
import * as path from 'node:path';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { useSandbox } from '../sandbox/fixture';
import { runExampleWorkflow, type ExampleWorkflow } from '../support/example-workflow';
import { ROOT } from '../support/sources';

const TENANT = { appId: '1090', appSecret: 'demo-secret', timezone: 'Asia/Shanghai' };
const EXAMPLES = [
	'call-task-finished-summary',
	'phone-list-to-call-task',
	'service-record-to-customer',
	'sync-service-groups',
	'upsert-customers-from-form',
];
const sandbox = useSandbox({ tenants: [TENANT] });

test.each(EXAMPLES)('%s runs without an error on the demo tenant', async (example) => {
	const file = path.join(ROOT, 'examples', `${example}.json`);
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as ExampleWorkflow;
	await sandbox.control.reset([{ ...TENANT, seed: 'demo' }]);
	const run = await runExampleWorkflow(
		workflow,
		[new ContactCenter(), new ContactCenterTrigger()],
		sandbox.credentials(TENANT),
	);
	expect(run.error).toBeUndefined();
	const ours = run.nodes.filter((node) => node.type === 'n8n-nodes-contact-center.contactCenter');
	expect(ours.length).toBeGreaterThan(0);
	expect(ours.flatMap((node) => node.runs.filter((r) => r.error))).toEqual([]);
	// A fresh demo tenant has no finished call task yet: that example's read is empty.
	if (example !== 'call-task-finished-summary')
		expect(ours.every((node) => node.runs.some((r) => r.items.length > 0))).toBe(true);
});

test('service-record-to-customer: the records come with their customers (one customer-list request for the run), whose last contact is set to the newest record', async () => {
	const file = path.join(ROOT, 'examples', 'service-record-to-customer.json');
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as ExampleWorkflow;
	await sandbox.control.reset([{ ...TENANT, seed: 'demo' }]);
	await sandbox.control.clearLog();
	const run = await runExampleWorkflow(
		workflow,
		[new ContactCenter(), new ContactCenterTrigger()],
		sandbox.credentials(TENANT),
	);
	expect(run.error).toBeUndefined();
	const out = (name: string) =>
		run.nodes.find((n) => n.name === name)?.runs.flatMap((r) => r.items.map((i) => i.json)) ?? [];
	const records = out('Recent service records');
	const phoneOf = (json: IDataObject) =>
		String((json.data as IDataObject | null)?.customerPhone ?? '').trim();
	const linked = records.filter((json) => phoneOf(json) !== '');
	expect(linked.length).toBeGreaterThan(0);
	// Every record carries `customer`: found for each demo phone, null for a record without one.
	expect(records.every((json) => 'customer' in json)).toBe(true);
	expect(linked.every((json) => json.customer !== null)).toBe(true);
	expect(out('No customer for the record')).toHaveLength(records.length - linked.length);
	const distinct = new Set(linked.map(phoneOf)).size;
	const log = await sandbox.control.getLog({ appId: TENANT.appId });
	expect(log.filter((entry) => entry.path === '/openapi/crm/list')).toHaveLength(
		Math.ceil(distinct / 200),
	);
	// Each customer's last contact is its newest record's time.
	const newest = new Map<string, string>();
	for (const json of linked) {
		const id = String((json.customer as IDataObject)._id);
		if ((newest.get(id) ?? '') < String(json.updateTime)) newest.set(id, String(json.updateTime));
	}
	const written = (await sandbox.control.getState(TENANT.appId)).customers.filter(
		(c) => c.cf_last_contact,
	);
	expect(written.map((c) => [c._id, c.cf_last_contact]).sort()).toEqual([...newest].sort());
});

/**
 * `npm start` (tools/start.ts) imports every examples/*.json through `loadExamples`: each
 * Contact Center node in them (the action node, its AI-tool variant, the trigger) must be on the
 * one version the package ships, or the editor would show it as an unknown version.
 */
test('every Contact Center node of every example is on the version the package ships (1)', () => {
	const shipped = {
		'n8n-nodes-contact-center.contactCenter': new ContactCenter().description.version,
		'n8n-nodes-contact-center.contactCenterTool': new ContactCenter().description.version,
		'n8n-nodes-contact-center.contactCenterTrigger': new ContactCenterTrigger().description.version,
	};
	expect(Object.values(shipped)).toEqual([1, 1, 1]);
	const files = readdirSync(path.join(ROOT, 'examples')).filter((name) => name.endsWith('.json'));
	expect(files.length).toBeGreaterThanOrEqual(EXAMPLES.length + 1);
	const ours = files.flatMap((file) =>
		(JSON.parse(readFileSync(path.join(ROOT, 'examples', file), 'utf8')) as ExampleWorkflow).nodes
			.filter((node) => node.type.startsWith('n8n-nodes-contact-center.'))
			.map((node) => ({ file, node: node.name, type: node.type, typeVersion: node.typeVersion })),
	);
	expect(new Set(ours.map((n) => n.file)).size).toBe(files.length);
	expect(ours.filter((n) => !(n.type in shipped) || n.typeVersion !== 1)).toEqual([]);
});

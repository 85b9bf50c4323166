/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The example workflows (examples/*.json) run whole from their Manual Trigger against a freshly
 * demo-seeded sandbox (test/support/example-workflow.ts: n8n-core's WorkflowExecute, the real
 * Contact Center nodes, stand-ins for Code/Set/If): no error, and every Contact Center node that
 * ran output items (but for a read with nothing to find on a fresh tenant). Real n8n runs them too, with their results checked (test/e2e/workflows.test.ts);
 * the AI agent example needs n8n's AI nodes (test/e2e/ai-agent.test.ts).
 */
import { readFileSync } from 'node:fs';
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

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * Version 1 is unchanged: the four examples as they were in git before version 2 (commit 1a1f677,
 * copied to test/fixtures/examples-v1/) send the same requests and return the same items with
 * today's code as with that commit's.
 *
 * Each example runs whole from its Manual Trigger (test/support/example-workflow.ts: n8n-core's
 * WorkflowExecute, the real Contact Center nodes, stand-ins for Code/Set/If that run the example's
 * own code and expressions) against a freshly demo-seeded sandbox, with `Date` fixed at one instant
 * for n8n, the nodes and the sandbox alike. What is compared: every request the sandbox received
 * (method, path, query, body; no signature, nonce or timestamp headers) and every item each Contact
 * Center action node output (JSON and pairing). Normalised, because the sandbox draws them at
 * random: 16-20 digit ids and 24/32-hex ids (replaced by `<id:n>` / `<hex:n>` in order of first
 * appearance, so equal ids stay equal). Nothing else is normalised: times are fixed by the clock.
 *
 * The golden files in test/fixtures/examples-v1/recorded/ were written by this same file run on a
 * checkout of 1a1f677 with `RECORD_EXAMPLES_V1=1` (see test/fixtures/examples-v1/README.md).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { useSandbox } from '../sandbox/fixture';
import { runExampleWorkflow, type ExampleWorkflow } from '../support/example-workflow';
import { useVirtualClock } from '../trigger/driver';

const TENANT = { appId: '1090', appSecret: 'demo-secret', timezone: 'Asia/Shanghai' };
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'examples-v1');
const EXAMPLES = [
	'phone-list-to-call-task',
	'service-record-to-customer',
	'sync-service-groups',
	'upsert-customers-from-form',
];
/** A Friday, 10:00 in Shanghai: inside the call windows, with the demo's records of the last hour. */
const NOW = Date.parse('2026-11-20T02:00:00.000Z');
const RECORD = process.env.RECORD_EXAMPLES_V1 === '1';

const sandbox = useSandbox({ tenants: [TENANT] });
const { control } = sandbox;

// Only Date is fixed (the simulations' virtual clock): timers, microtasks and performance stay real.
beforeAll(() => useVirtualClock(NOW));

afterAll(() => {
	jest.useRealTimers();
});

interface Recording {
	example: string;
	error?: string;
	requests: Array<{ method: string; path: string; query?: unknown; body: unknown }>;
	nodes: Array<{ name: string; runs: unknown[] }>;
}

/** A logged body, parsed so that integers past 2^53 keep their digits and show they were numbers. */
function parseBody(raw: string): unknown {
	if (raw === '') return null;
	const marked = raw.replace(/"(?:[^"\\]|\\.)*"|-?\d{16,}(?![\d.eE])/g, (token) =>
		token.startsWith('"') ? token : `"#long:${token}"`,
	);
	return JSON.parse(marked) as unknown;
}

/** Ids the sandbox draws at random, replaced by their order of first appearance. */
function normalise<T>(value: T): T {
	const seen = new Map<string, string>();
	const token = (kind: string, id: string) => {
		let name = seen.get(id);
		if (!name) seen.set(id, (name = `<${kind}:${seen.size + 1}>`));
		return name;
	};
	const text = (s: string) =>
		s
			.replace(/\b\d{16,20}\b/g, (id) => token('id', id))
			.replace(/\b(?:[0-9a-f]{32}|[0-9a-f]{24})\b/g, (id) => token('hex', id));
	const walk = (v: unknown): unknown => {
		if (typeof v === 'string') return text(v);
		if (Array.isArray(v)) return v.map(walk);
		if (v && typeof v === 'object')
			return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
		return v;
	};
	return walk(value) as T;
}

async function record(example: string): Promise<Recording> {
	const workflow = JSON.parse(
		await fs.readFile(path.join(FIXTURES, `${example}.json`), 'utf8'),
	) as ExampleWorkflow;
	// A fresh demo tenant, seeded at the fixed instant.
	await control.reset([{ ...TENANT, seed: 'demo' }]);
	await control.clearLog();
	const run = await runExampleWorkflow(
		workflow,
		[new ContactCenter(), new ContactCenterTrigger()],
		sandbox.credentials(TENANT),
	);
	const log = await control.getLog({ appId: TENANT.appId });
	return normalise({
		example,
		...(run.error !== undefined && { error: run.error }),
		requests: log.map((entry) => ({
			method: entry.method,
			path: entry.path,
			...(Object.keys(entry.query).length > 0 && { query: entry.query }),
			body: parseBody(entry.rawBody),
		})),
		nodes: run.nodes
			.filter((node) => node.type === 'n8n-nodes-contact-center.contactCenter')
			.map(({ name, runs }) => ({ name, runs })),
	});
}

const goldenFile = (example: string) => path.join(FIXTURES, 'recorded', `${example}.json`);

/**
 * The one allowed change of version 1 (issue #21, a data-loss fix): Create or Update keeps a
 * matched customer's other phone numbers, so after the add refused with 03001004 it reads that
 * customer (GET /openapi/crm/{id}) before updating it; exactly this difference is required.
 */
function expectedToday(example: string, golden: Recording): Recording {
	if (example !== 'upsert-customers-from-form') return golden;
	const requests = [...golden.requests];
	const update = requests.findIndex((request) => request.path === '/openapi/crm/update');
	const { _id: customerId } = requests[update].body as { _id: string };
	requests.splice(update, 0, { method: 'GET', path: `/openapi/crm/${customerId}`, body: null });
	return { ...golden, requests };
}

describe('the examples of commit 1a1f677 (version 1) against their recordings', () => {
	test.each(EXAMPLES)('%s: the same requests and the same output items', async (example) => {
		const recording = await record(example);
		// The example did run its Contact Center nodes and reach the sandbox.
		expect(recording.requests.length).toBeGreaterThan(0);
		expect(recording.nodes.length).toBeGreaterThan(0);
		if (RECORD) {
			await fs.writeFile(goldenFile(example), `${JSON.stringify(recording, null, '\t')}\n`);
			return;
		}
		const golden = JSON.parse(await fs.readFile(goldenFile(example), 'utf8')) as Recording;
		expect(recording).toEqual(expectedToday(example, golden));
	});
});

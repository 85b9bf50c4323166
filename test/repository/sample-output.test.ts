/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * docs/sample-output.md shows real outputs: each sample (a ```json block after
 * `<!-- sample: <name> -->`) has exactly the keys of the first item the released node (version 1)
 * outputs for that operation against a freshly demo-seeded sandbox, in the same order, and every id
 * in it is an 18-digit string where the real one is. So the docs cannot drift from the node.
 *
 * The samples were made by this test: `SAMPLES_WRITE=1 npx jest test/repository/sample-output.test.ts`
 * writes each real first item into its block (one line), then check the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner } from '../harness';
import { useSandbox } from '../sandbox/fixture';
import { ROOT } from '../support/sources';
import { locator } from '../nodes/run-checks';

const FILE = path.join(ROOT, 'docs', 'sample-output.md');
const APP = { appId: '1090', appSecret: 'demo-secret', timezone: 'Asia/Shanghai' };
const sandbox = useSandbox({ tenants: [{ ...APP, seed: 'demo' }] });
const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter });
/** The demo customer the customer samples show. */
const CUSTOMER = 'Lin Yu';
const SAMPLE = /(<!-- sample: ([\w.]+) -->\n```json\n)([^\n]*)(\n```)/g;

/** The first output item of one run of the node, failing on an error or no item. */
async function first(parameters: INodeParameters, items?: IDataObject[]): Promise<IDataObject> {
	const result = await run(parameters, items ? { items } : {});
	if (result.error) throw new Error(`${JSON.stringify(parameters)}: ${result.error.message}`);
	if (!result.items[0]) throw new Error(`${JSON.stringify(parameters)}: no item`);
	return result.items[0].json;
}

/** Every sample's real output, made in an order that leaves what the next needs (a created task …). */
async function realOutputs(): Promise<Record<string, IDataObject>> {
	const state = await sandbox.control.getState(APP.appId);
	const customer = state.customers.find((c) => c.customerName === CUSTOMER)!;
	const other = state.customers.find((c) => c.customerName !== CUSTOMER)!;
	const agent = state.agents.find((a) => a.name === 'Delivery confirmation')!;
	const group = state.callerNumberGroups.find((g) => g.status === 1)!;
	const serviceGroups = await first({ resource: 'serviceGroup', operation: 'getAll', limit: 1 });
	const queueNumber = String(serviceGroups.queueNumber);
	const out: Record<string, IDataObject> = {};
	const customerGet = { resource: 'customer', operation: 'get', customerId: locator(customer._id) };
	out['customer.simple'] = await first(customerGet);
	out['customer.raw'] = await first({ ...customerGet, output: 'raw' });
	out['customer.delete'] = await first({
		resource: 'customer',
		operation: 'delete',
		customerId: locator(other._id),
	});
	out['customerField.getAll'] = await first({
		resource: 'customerField',
		operation: 'getAll',
		limit: 1,
	});
	out['serviceGroup.getAll'] = serviceGroups;
	out['displayNumberGroup.getAll'] = await first({
		resource: 'displayNumberGroup',
		operation: 'getAll',
		limit: 1,
	});
	out['serviceGroup.update'] = await first({
		resource: 'serviceGroup',
		operation: 'update',
		queueNumber: locator(queueNumber, 'id'),
		updateFields: { waitTime: 45 },
	});
	out['serviceGroup.delete'] = await first({
		resource: 'serviceGroup',
		operation: 'delete',
		queueNumber: locator(queueNumber, 'id'),
	});
	out['serviceRecord.simple'] = await first({
		resource: 'serviceRecord',
		operation: 'getAll',
		startTime: new Date(Date.now() - 7 * 86_400_000).toISOString(),
		endTime: new Date().toISOString(),
		limit: 1,
	});
	out['voiceAgent.getAll'] = await first({ resource: 'voiceAgent', operation: 'getAll', limit: 1 });
	out['callerNumberGroup.getAll'] = await first({
		resource: 'callerNumberGroup',
		operation: 'getAll',
		limit: 1,
	});
	const created = await first({
		resource: 'callTask',
		operation: 'create',
		taskName: 'Delivery calls',
		voiceAgentId: locator(agent.id, 'id'),
		callerNumberGroupId: locator(group.id, 'id'),
		maxConcurrency: 2,
		startType: 'manual',
	});
	out['callTask.create'] = created;
	const taskId = locator(String(created.taskId), 'id');
	out['callTask.import'] = await first(
		{ resource: 'callTask', operation: 'import', taskId, customerNumber: '={{ $json.phone }}' },
		[{ phone: '13800000001' }, { phone: '13800000002' }, { phone: '13800000003' }],
	);
	out['callTask.start'] = await first({ resource: 'callTask', operation: 'start', taskId });
	out['callTask.simple'] = await first({ resource: 'callTask', operation: 'get', taskId });
	out['callTask.raw'] = await first({
		resource: 'callTask',
		operation: 'get',
		taskId,
		output: 'raw',
	});
	return out;
}

/** JSON on one line, spaced as the docs write it: `{ "a": 1, "b": [1, 2] }`. */
function oneLine(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`);
		return entries.length ? `{ ${entries.join(', ')} }` : '{}';
	}
	return JSON.stringify(value);
}

const ID_KEYS = /^(_id|id|taskId|voiceAgentId|importBatchId)$/;

test('every sample in docs/sample-output.md has the keys of a real run of the node, ids as 18-digit strings', async () => {
	const markdown = readFileSync(FILE, 'utf8');
	const samples = [...markdown.matchAll(SAMPLE)].map((match) => ({
		name: match[2],
		json: JSON.parse(match[3]) as IDataObject,
	}));
	const real = await realOutputs();
	expect(samples.map((s) => s.name).sort()).toEqual(Object.keys(real).sort());

	if (process.env.SAMPLES_WRITE === '1') {
		const written = markdown.replace(
			SAMPLE,
			(_all, head: string, name: string, _old: string, tail: string) =>
				`${head}${oneLine(real[name])}${tail}`,
		);
		writeFileSync(FILE, written);
	}

	for (const { name, json } of samples) {
		expect([name, Object.keys(json)]).toEqual([name, Object.keys(real[name])]);
		for (const [key, value] of Object.entries(real[name]))
			if (ID_KEYS.test(key) && typeof value === 'string' && /^\d{18}$/.test(value))
				expect([name, key, json[key]]).toEqual([name, key, expect.stringMatching(/^\d{18}$/)]);
	}
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The node's own CPU per item, requests excluded (results.md says how): Customer → Create on 1,000
 * items through the harness, the request helper answering from a reply recorded in a warm-up run,
 * process.cpuUsage around execute(). A program: `node -r ts-node/register/transpile-only items.ts
 * <sandbox url>` prints `ITEMS <json>`.
 */
import type {
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { runNode } from '../../test/harness';
import { IMPORTS } from './tenants';
import { childMain, cpuSince, spread } from './util';

export type ItemsReport = Awaited<ReturnType<typeof measureItems>>;

const ITEMS = 1_000;
const RUNS = 7;

let recorded: unknown;
let requests = 0;
let timing: { cpuUs: number; wallMs: number } | undefined;

/** Contact Center with its request helper answering from a recording, and its execute() timed. */
class TimedContactCenter extends ContactCenter {
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const real = this.helpers.httpRequestWithAuthentication;
		const helpers = {
			...this.helpers,
			async httpRequestWithAuthentication(
				this: IExecuteFunctions,
				type: string,
				options: IHttpRequestOptions,
			): Promise<unknown> {
				requests++;
				recorded ??= await real.call(this, type, options);
				return { ...(recorded as object) };
			},
		};
		const context = new Proxy(this, {
			get: (target, key) => (key === 'helpers' ? helpers : (Reflect.get(target, key) as unknown)),
		});
		const cpu = process.cpuUsage();
		const started = performance.now();
		const output = await ContactCenter.prototype.execute.call(context);
		timing = { cpuUs: cpuSince(cpu), wallMs: performance.now() - started };
		return output;
	}
}

const items = Array.from({ length: ITEMS }, (_, i) => ({
	name: `Customer ${i}`,
	phone: String(13_900_000_000 + i),
	email: `c${i}@example.com`,
	owner: `u-${1000 + (i % 50)}`,
	source: 'web',
}));

const parameters = (expression: (field: string) => string): INodeParameters => ({
	resource: 'customer',
	operation: 'create',
	customerName: expression('name'),
	mobile: { values: [{ value: expression('phone') }] },
	email: { values: [{ value: expression('email') }] },
	additionalFields: { owner: expression('owner'), customerSource: expression('source') },
});

async function measure(label: string, url: string, expression: (field: string) => string) {
	const cpu: number[] = [];
	const wall: number[] = [];
	// Run 0 records the reply and warms up; it is not counted.
	for (let run = 0; run <= RUNS; run++) {
		requests = 0;
		const result = await runNode({
			nodeType: TimedContactCenter,
			parameters: parameters(expression),
			items,
			// The import tenant: the one customer the warm-up creates must not change the customer workloads.
			credentials: { baseUrl: url, appId: IMPORTS.appId, appSecret: IMPORTS.appSecret },
		});
		if (result.error) throw new Error(`${label}: ${result.error.message}`);
		if (result.items.length !== ITEMS) throw new Error(`${label}: ${result.items.length} items`);
		if (run === 0 || !timing) continue;
		cpu.push(timing.cpuUs / ITEMS);
		wall.push((timing.wallMs * 1000) / ITEMS);
	}
	const { runs, median } = spread(cpu, 1);
	return {
		label,
		items: ITEMS,
		cpuUsPerItem: runs,
		medianCpuUsPerItem: median,
		wallUsPerItem: spread(wall, 1).runs,
		// Requests the node asked for per run (answered from the recording).
		requests,
	};
}

export async function measureItems(url: string) {
	const { Expression } = await import('n8n-workflow');
	return {
		engine: Expression.getActiveImplementation(),
		results: [
			await measure(
				'Customer → Create, 1,000 items, five {{ $json.x }} parameters (fast path)',
				url,
				(field) => `={{ $json.${field} }}`,
			),
			await measure(
				'the same, each parameter evaluated by n8n ({{ String($json.x) }})',
				url,
				(field) => `={{ String($json.${field}) }}`,
			),
		],
	};
}

if (require.main === module) childMain('ITEMS', async () => await measureItems(process.argv[2]));

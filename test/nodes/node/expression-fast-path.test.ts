import { Expression, type IDataObject } from 'n8n-workflow';

import { ContactCenter } from '../../../nodes/ContactCenter/ContactCenter.node';
import { nodeRunner, type RunNodeResult } from '../../harness';
import { useSandbox } from '../../sandbox/fixture';

// The fast path is applied once, in the router: every per-item operation and the batch import read
// plain `{{ $json.x }}` references from the item, and n8n evaluates none of them; other expressions
// are still evaluated by n8n. Counted on n8n-workflow's own expression entry point.
const APP = { appId: '1090', appSecret: 'fast-path-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

/** What `run` returned, and the expressions reading `$json` that n8n evaluated meanwhile. */
async function evaluatedByN8n(run: () => Promise<RunNodeResult>) {
	const spy = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	try {
		const result = await run();
		const evaluated = spy.mock.calls
			.map(([value]) => value)
			.filter((value): value is string => typeof value === 'string' && value.includes('$json'));
		return { result, evaluated };
	} finally {
		spy.mockRestore();
	}
}

const ITEMS = Array.from({ length: 40 }, (_, i) => ({
	phone: String(13_800_000_000 + i),
	name: `Customer ${i}`,
}));
const run = nodeRunner(sandbox, APP, { nodeType: ContactCenter });

async function importWith(customerNumber: string) {
	const [taskId] = await control.seedTasks({ appId: APP.appId, tasks: [{ status: 'draft' }] });
	const parameters = {
		resource: 'callTask',
		operation: 'import',
		taskId: { __rl: true, mode: 'id', value: taskId },
		customerNumber,
		additionalFields: { customerName: '={{ $json["name"] }}' },
		options: { dupStrategy: 'none' },
	};
	return await evaluatedByN8n(async () => await run(parameters, { items: ITEMS }));
}
const sentRows = ITEMS.map((item) => ({ customerNumber: item.phone, customerName: item.name }));

describe('the expression fast path in the router', () => {
	test('the import mapped with {{ $json.phone }} and {{ $json.name }}: the same rows, no expression evaluated by n8n', async () => {
		const { result, evaluated } = await importWith('={{ $json.phone }}');
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect((result.requests[0].body as IDataObject).customers).toEqual(sentRows);
		expect(evaluated).toEqual([]);
	});

	test('any other expression is still evaluated by n8n for every item, with the same rows', async () => {
		const { result, evaluated } = await importWith('={{ String($json.phone) }}');
		expect((result.requests[0].body as IDataObject).customers).toEqual(sentRows);
		expect(evaluated).toHaveLength(ITEMS.length);
		expect(new Set(evaluated)).toEqual(new Set(['={{ String($json.phone) }}']));
	});

	test('a per-item operation (Customer → Get, ID {{ $json.id }}): one GET per item, no expression evaluated by n8n', async () => {
		const ids = await control.seedCustomers({ appId: APP.appId, count: 5 });
		const { result, evaluated } = await evaluatedByN8n(
			async () =>
				await run(
					{
						resource: 'customer',
						operation: 'get',
						customerId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						output: 'raw',
					},
					{ items: ids.map((id) => ({ id })) },
				),
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json._id)).toEqual(ids);
		expect(result.requests).toHaveLength(ids.length);
		expect(evaluated).toEqual([]);
	});
});

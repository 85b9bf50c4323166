import { Expression, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { runNode } from '../harness';
import { useSandbox } from '../sandbox/fixture';

// The fast path is applied once, in the router: every per-item operation and the batch import read
// plain `{{ $json.x }}` references from the item, and n8n evaluates none of them; other expressions
// are still evaluated by n8n. Counted on n8n-workflow's own expression entry point.
const APP = { appId: '1090', appSecret: 'fast-path-secret' };
const sandbox = useSandbox({ tenants: [{ ...APP }] });
const { control } = sandbox;

/** Expressions reading `$json` that n8n evaluated during `run`. */
async function evaluatedByN8n(run: () => Promise<unknown>): Promise<string[]> {
	const spy = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	try {
		await run();
		return spy.mock.calls
			.map(([value]) => value)
			.filter((value): value is string => typeof value === 'string' && value.includes('$json'));
	} finally {
		spy.mockRestore();
	}
}

const ITEMS = Array.from({ length: 40 }, (_, i) => ({
	phone: String(13_800_000_000 + i),
	name: `Customer ${i}`,
}));

async function importWith(parameters: INodeParameters, typeVersion: number) {
	const [taskId] = await control.seedTasks({ appId: APP.appId, tasks: [{ status: 'draft' }] });
	return await runNode({
		nodeType: ContactCenter,
		parameters: {
			resource: 'callTask',
			operation: 'import',
			taskId: { __rl: true, mode: 'id', value: taskId },
			options: { dupStrategy: 'none' },
			...parameters,
		},
		items: ITEMS,
		typeVersion,
		credentials: sandbox.credentials(APP),
		sandbox: control,
	});
}

describe('the expression fast path in the router', () => {
	test.each([1, 2])(
		'the import mapped with {{ $json.phone }} and {{ $json.name }} (version %i): the same rows, no expression evaluated by n8n',
		async (typeVersion) => {
			let result: Awaited<ReturnType<typeof importWith>> | undefined;
			const evaluated = await evaluatedByN8n(async () => {
				result = await importWith(
					{
						customerNumber: '={{ $json.phone }}',
						additionalFields: { customerName: '={{ $json["name"] }}' },
					},
					typeVersion,
				);
			});
			expect(result?.error).toBeUndefined();
			expect(result?.requests).toHaveLength(1);
			expect((result?.requests[0].body as IDataObject).customers).toEqual(
				ITEMS.map((item) => ({ customerNumber: item.phone, customerName: item.name })),
			);
			expect(evaluated).toEqual([]);
		},
	);

	test('any other expression is still evaluated by n8n for every item, with the same rows', async () => {
		let result: Awaited<ReturnType<typeof importWith>> | undefined;
		const evaluated = await evaluatedByN8n(async () => {
			result = await importWith(
				{
					customerNumber: '={{ String($json.phone) }}',
					additionalFields: { customerName: '={{ $json["name"] }}' },
				},
				2,
			);
		});
		expect((result?.requests[0].body as IDataObject).customers).toEqual(
			ITEMS.map((item) => ({ customerNumber: item.phone, customerName: item.name })),
		);
		expect(evaluated).toHaveLength(ITEMS.length);
		expect(new Set(evaluated)).toEqual(new Set(['={{ String($json.phone) }}']));
	});

	test('a per-item operation (Customer → Get, ID {{ $json.id }}): one GET per item, no expression evaluated by n8n', async () => {
		const ids = (await control.seedCustomers({ appId: APP.appId, count: 5 })).slice(0, 5);
		let result: Awaited<ReturnType<typeof runNode>> | undefined;
		const evaluated = await evaluatedByN8n(async () => {
			result = await runNode({
				nodeType: ContactCenter,
				parameters: { resource: 'customer', operation: 'get', customerId: '={{ $json.id }}' },
				items: ids.map((id) => ({ id })),
				credentials: sandbox.credentials(APP),
				sandbox: control,
			});
		});
		expect(result?.error).toBeUndefined();
		expect(result?.items.map((item) => item.json._id)).toEqual(ids);
		expect(result?.requests).toHaveLength(ids.length);
		expect(evaluated).toEqual([]);
	});
});

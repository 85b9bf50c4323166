/**
 * Display Number Group → Delete (the tests both group resources share run per resource: ../group-fixture.ts).
 */
import { locator } from '../run-checks';
import { groupKind, groupsSandbox } from '../group-fixture';

const world = groupsSandbox();
const KINDS = groupKind(world, 'displayNumberGroup');

describe.each(KINDS)('$resource (shared behaviour)', (kind) => {
	const { run, param, key, paths, what, label } = kind;

	test('delete: one request per input item (ids from the items), {deleted: true, id} paired; deleting again gets the vendor error', async () => {
		const [keep, ...gone] = await kind.seed(3);
		const result = await run(
			{ operation: 'delete', [param]: locator('={{ $json.id }}', 'id') },
			{ items: gone.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.path, r.body, r.signatureValid])).toEqual(
			gone.map((id) => [paths.delete, { [key]: id }, true]),
		);
		expect(result.items).toEqual(
			gone.map((id, item) => ({ json: { deleted: true, id }, pairedItem: { item } })),
		);
		expect(await kind.ids()).toEqual([keep]);
		const again = await run({ operation: 'delete', [param]: locator(gone[0]) });
		expect(again.requests.map((r) => [r.path, r.code])).toEqual([[paths.delete, '00000400']]);
		expect(again.error?.message).toBe(
			`Contact Center error 00000400: ${what} ${gone[0]} does not exist [item 0]`,
		);
	});

	test('an empty id: an error and zero requests (typed: n8n refuses it; from an expression: the node does)', async () => {
		const typed = await run({ operation: 'delete', [param]: locator('', 'id') });
		expect(typed.requests).toEqual([]);
		expect(typed.error?.message).toContain(`Parameter "${label}" is required`);
		const expression = await run({ operation: 'delete', [param]: locator('={{ "" }}', 'id') });
		expect(expression.requests).toEqual([]);
		expect(expression.error?.message).toContain(`Invalid input [item 0]: "${label}" is required`);
	});
});

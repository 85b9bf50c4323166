/** Caller Number Group → Get Many (and the group picker). */
import { bodies, picker } from '../run-checks';
import { FEW, MANY, listsSandbox, pagedKind, pages } from '../list-fixture';

const world = listsSandbox();
const { sandbox, control, runner } = world;
const PAGED = pagedKind(world, 'callerNumberGroup');

describe.each(PAGED)('$resource getAll and picker', (kind) => {
	const getMany = runner(MANY, kind.resource);
	const getFew = runner(FEW, kind.resource);
	const search = (tenant: typeof MANY) =>
		picker(sandbox, tenant, kind.method, { resource: 'callTask', operation: 'create' });

	test('Return All reads 1,100 in exactly 3 signed pages of 500; 18-digit ids arrive as exact strings', async () => {
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.requests.map((r) => [r.method, r.path, r.body, r.signatureValid])).toEqual(
			pages(1, 2, 3).map((body) => ['POST', kind.path, body, true]),
		);
		expect(result.items).toHaveLength(1_100);
		const ids = result.items.map((item) => item.json.id as string);
		expect(new Set(ids)).toEqual(new Set(await kind.ids()));
		expect(ids.every((id) => /^\d{18}$/.test(id))).toBe(true);
		expect(Object.keys(result.items[0].json)).toEqual(expect.arrayContaining(kind.fields));
		const pairs = new Set(result.items.map((item) => JSON.stringify(item.pairedItem)));
		expect(pairs).toEqual(new Set(['{"item":0}']));
	});

	test('the name filter is sent to the API (fuzzy match there)', async () => {
		const { key, typed, sent } = kind.filter;
		const result = await getFew({ returnAll: true, filters: { [key]: typed } });
		expect(bodies(result)).toEqual([{ ...pages(1)[0], [key]: sent }]);
		expect(result.items.map((item) => item.json)).toEqual(kind.named);
	});

	test('picker: names carry the state, ids are exact, the filter is sent; pages with a token', async () => {
		await control.clearLog();
		const { key, sent } = kind.filter;
		expect(await search(FEW)(sent)).toEqual({ results: kind.picked, paginationToken: undefined });
		expect((await control.getLog())[0]).toMatchObject({
			path: kind.path,
			signatureValid: true,
			body: { ...pages(1)[0], [key]: sent },
		});
		const tokens = [];
		for (const token of [undefined, '2', '3']) {
			const page = await search(MANY)(undefined, token);
			tokens.push([page.results.length, page.paginationToken]);
		}
		expect(tokens).toEqual([
			[500, '2'],
			[500, '3'],
			[100, undefined],
		]);
	});
});

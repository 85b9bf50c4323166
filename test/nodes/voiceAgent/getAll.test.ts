/** Voice Agent → Get Many (and the agent picker). */
import { PATHS } from '../../sandbox/fixture';
import { bodies, expectRefused } from '../run-checks';
import {
	FEW,
	MANY,
	envelopeFailureTest,
	listsSandbox,
	pagedListTests,
	pages,
} from '../list-fixture';

const world = listsSandbox();
const { control, runner } = world;

pagedListTests(world, 'voiceAgent');

describe('voiceAgent getAll: Publish Status and failures', () => {
	const getAll = runner(MANY, 'voiceAgent');
	const getFew = runner(FEW, 'voiceAgent');

	test('Publish Status is filtered by the node over pages of 500, up to the limit', async () => {
		const statuses = (await control.getState(MANY.appId)).agents.map((a) => a.publishStatus);
		const neverPublished = statuses.filter((status) => status === 'NEVER_PUBLISHED').length;
		const all = await getAll({ returnAll: true, filters: { publishStatus: ['NEVER_PUBLISHED'] } });
		expect(bodies(all)).toHaveLength(3);
		expect(all.items).toHaveLength(neverPublished);
		expect(all.items.every((item) => item.json.publishStatus === 'NEVER_PUBLISHED')).toBe(true);

		const filters = { publishStatus: ['OFFLINE', 'NEVER_PUBLISHED'] };
		const five = await getAll({ limit: 5, filters });
		expect(bodies(five)).toEqual(pages(1));
		expect(five.items).toHaveLength(5);
		expect(
			five.items.every((item) => filters.publishStatus.includes(item.json.publishStatus as string)),
		).toBe(true);
	});

	test('Publish Status from an expression may be text', async () => {
		const text = await getFew({
			returnAll: true,
			filters: { publishStatus: '={{ "OFFLINE, NEVER_PUBLISHED" }}' },
		});
		expect(text.items.map((item) => item.json.name)).toEqual(['Renewal survey', 'Billing']);
	});

	test('a read hit by an HTTP 503 is retried and succeeds', async () => {
		await control.addFault({
			pathPattern: PATHS.agentQuery,
			kind: 'status',
			status: 503,
			count: 1,
			retryAfterSeconds: 0,
		});
		const result = await getFew({ returnAll: true });
		expect(result.requests.map((r) => r.httpStatus)).toEqual([503, 200]);
		expect(result.items).toHaveLength(3);
	});
});

test.each([
	[
		'voiceAgent',
		{ publishStatus: '={{ ["PUBLISHED", "LIVE"] }}' },
		'"Filters → Publish Status" must be one of NEVER_PUBLISHED, OFFLINE, PUBLISHED (got "LIVE")',
	],
])(
	'%s: a filter value outside its options is refused before sending',
	async (resource, filters, message) => {
		const result = await runner(FEW, resource)({ returnAll: true, filters });
		expectRefused(result, `Invalid input [item 0]: ${message}`);
	},
);

envelopeFailureTest(world, PATHS.agentQuery, 'voiceAgent', 400, 'appId is empty');

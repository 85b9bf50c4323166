/**
 * Customer → Update.
 */
import type { ResourceMapperField } from 'n8n-workflow';

import { PATHS } from '../../sandbox/fixture';
import { expectRefused, locator, signed } from '../run-checks';
import { customerWrites } from './fixture';

const { crmUpdate: UPDATE } = PATHS;
const { customFields, schemas, run, seedCustomer } = customerWrites();
let updateSchema: ResourceMapperField[];
beforeAll(() => {
	updateSchema = schemas.update;
});

describe('customer update: POST /openapi/crm/update', () => {
	test('only the fields given are sent, with _id; phones replace the list; custom fields optional in update mode', async () => {
		const id = await seedCustomer({
			customerName: 'Jo',
			mobile: [{ value: '13500000001', memo: '' }],
			level: 'silver',
			score: '1',
		});
		const result = await run(
			{
				operation: 'update',
				customerId: locator(id, 'id'),
				mobile: { values: [{ value: '13500000009', memo: 'new' }] },
				updateFields: {
					customerName: 'Joanna',
					assignTime: '2026-05-05T12:00:00',
					customerOrigin: 'openSeaCustom',
				},
				customFields: customFields({ score: '42' }, updateSchema),
			},
			{ timezone: 'America/New_York' },
		);
		expect(result.error).toBeUndefined();
		expect(signed(result)).toEqual([['POST', UPDATE, true, '200']]);
		expect(result.requests[0].body).toEqual({
			_id: id,
			customerName: 'Joanna',
			// 12:00 EDT = 00:00 next day in Shanghai
			assignTime: '2026-05-06 00:00:00',
			customerOrigin: 'openSeaCustom',
			mobile: [{ value: '13500000009', memo: 'new' }],
			score: '42',
		});
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					_id: id,
					customerName: 'Joanna',
					level: 'silver',
					score: '42',
					mobile: [{ value: '13500000009', memo: 'new' }],
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(updateSchema.find((f) => f.id === 'level')?.required).toBe(false);
	});

	test('a missing customer id or a blank new name sends nothing', async () => {
		const noId = await run(
			{
				operation: 'update',
				customerId: locator('={{ $json.id }}', 'id'),
				updateFields: { owner: 'x', customerOrigin: '={{ "street" }}' },
			},
			{ items: [{ id: '' }] },
		);
		expectRefused(noId, 'Invalid input [item 0]: "Customer ID" is required (and 1 more problem)');
		expect(noId.error?.description).toContain(
			'"Update Fields → Customer Origin" must be one of busOpportunity, openSeaCustom, selfDevelop (got "street")',
		);
		const blankName = await run({
			operation: 'update',
			customerId: locator('abc', 'id'),
			updateFields: { customerName: '={{ "" }}' },
		});
		expectRefused(blankName, 'Invalid input [item 0]: "Update Fields → Customer Name" is required');
	});
});

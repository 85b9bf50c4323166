/**
 * A cascade custom field (e.g. Region) says in the Custom Fields mapper how its value is written
 * (the keys of each level joined by /, e.g. zj/hz) and which paths are valid, as select fields list
 * their choices; the value is sent as written.
 */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import {
	cascadeHint,
	toFieldConfig,
} from '../../nodes/ContactCenter/actions/customer/customFields';
import { callMethod, runNode } from '../harness';
import { useSandbox } from '../sandbox/fixture';

const APP = { appId: '1095', appSecret: 'cascade-secret' };
const REGION = {
	level: 2,
	fillLevel: 1,
	children: [
		{
			key: 'zj',
			value: '浙江',
			children: [
				{ key: 'hz', value: '杭州', children: [] },
				{ key: 'nb', value: '宁波', children: [] },
			],
		},
		{ key: 'bj', value: '北京', children: [{ key: 'cy', value: '朝阳', children: [] }] },
	],
};

const sandbox = useSandbox({ tenants: [{ ...APP, timezone: 'Asia/Shanghai' }] });
const { control } = sandbox;
const credentials = () => sandbox.credentials(APP, { timezone: 'Asia/Shanghai' });

beforeAll(async () => {
	await control.seedFields({
		appId: APP.appId,
		fields: [{ field: 'cf_region', name: 'Region', type: 'cascade', options: REGION }],
	});
});

describe('a cascade custom field', () => {
	test('the mapper names its value format and its valid paths', async () => {
		const mapping = await callMethod({
			nodeType: ContactCenter,
			kind: 'resourceMapping',
			method: 'getCustomerFieldMapping',
			parameters: { resource: 'customer', operation: 'create' },
			credentials: credentials(),
		});
		expect(mapping.fields).toEqual([
			{
				id: 'cf_region',
				displayName:
					'Region (key path such as zj/hz: zj/hz (浙江/杭州), zj/nb (浙江/宁波), bj/cy (北京/朝阳))',
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: 'string',
			},
		]);
	});

	test('a value written as the hint says is sent unchanged', async () => {
		const result = await runNode({
			nodeType: ContactCenter,
			parameters: {
				resource: 'customer',
				operation: 'create',
				customerName: 'Cascade',
				customFields: {
					mappingMode: 'defineBelow',
					value: { cf_region: 'zj/nb' },
					schema: [
						{
							id: 'cf_region',
							displayName: 'Region',
							required: false,
							display: true,
							type: 'string',
							defaultMatch: false,
						},
					],
				},
			},
			credentials: credentials(),
			sandbox: control,
		});
		expect(result.error).toBeUndefined();
		expect(result.requests).toHaveLength(1);
		expect((result.requests[0].body as Record<string, unknown>).cf_region).toBe('zj/nb');
	});

	test('a long list names the first six paths and how many more there are', () => {
		const children = Array.from({ length: 3 }, (_, p) => ({
			key: `p${p}`,
			value: `Province ${p}`,
			children: Array.from({ length: 3 }, (__, c) => ({
				key: `c${c}`,
				value: `City ${c}`,
				children: [],
			})),
		}));
		const config = toFieldConfig({
			field: 'cf_area',
			name: 'Area',
			type: 'cascade',
			options: { level: 2, fillLevel: 2, children },
		});
		expect(config && cascadeHint(config)).toBe(
			'key path such as p0/c0: p0/c0 (Province 0/City 0), p0/c1 (Province 0/City 1), p0/c2 (Province 0/City 2), ' +
				'p1/c0 (Province 1/City 0), p1/c1 (Province 1/City 1), p1/c2 (Province 1/City 2), and 3 more',
		);
		// A cascade without options still says how its value is written; other types get no cascade hint.
		expect(cascadeHint({ ...config!, cascade: [] })).toBe('key path, levels joined by /');
		expect(cascadeHint({ ...config!, type: 'text', cascade: undefined })).toBeUndefined();
	});
});

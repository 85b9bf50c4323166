/**
 * The package as a real n8n sees it: packed, installed into a fresh user folder the way the
 * editor's community-node install lays it out, and loaded by the pinned n8n 2.41.1 on Node 24.
 */
import { N8n, PACKAGE_NAME } from './lib';

describe('a real n8n with the package installed as a community package', () => {
	let n8n: N8n | undefined;

	beforeAll(async () => {
		n8n = await N8n.prepared();
		await n8n.start();
	}, 20 * 60_000);

	N8n.disposeAfterAll(() => n8n);

	it('loads the package without an error', async () => {
		const lines = (await n8n!.fullLog()).split('\n');
		const loadErrors = lines.flatMap((line, index) =>
			line.includes(`Failed to load package "${PACKAGE_NAME}"`)
				? [`${line}: ${lines[index + 1] ?? ''}`]
				: [],
		);
		expect(loadErrors).toEqual([]);
	});

	it('lists the action node, its AI-tool variant, the trigger and the credential type (/types/*.json)', async () => {
		const names = await n8n!.nodeTypeNames();
		const ours = names.filter((name) => name.startsWith(`${PACKAGE_NAME}.`)).sort();
		expect(ours).toEqual(
			['contactCenter', 'contactCenterTool', 'contactCenterTrigger'].map(
				(n) => `${PACKAGE_NAME}.${n}`,
			),
		);
		expect(await n8n!.typeNames('credentials')).toContain('contactCenterApi');
	});
});

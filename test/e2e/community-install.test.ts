/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The package installed and updated as users do it, in the editor (Chromium): Settings → Community
 * Nodes → Install, then Update when the next version is published. n8n's own installer does the
 * work (version check, `npm pack` from the registry, its checks, the reload of its node types); the
 * package comes from a local Verdaccio that n8n reaches at its default registry's host name, read
 * from n8n's own installer code (lib/registry.ts).
 * The example "new service record → update the customer" runs, published, on the installed package,
 * through a restart of n8n. The next version is a different build: its nodes mark every output item
 * with `packageVersion`. After the update, with nothing re-saved or re-activated, the active
 * workflow's next execution carries that mark in its trigger and its action nodes (the one before
 * did not), and the trigger goes on from its saved cursor: every record exactly once.
 *
 *   npx jest --selectProjects default test/e2e/community-install
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

import { useSandbox } from '../sandbox/fixture';
import { ensureN8n, type Runtime } from '../../tools/runtime';
import {
	DEMO_TENANT,
	N8n,
	PACKAGE_NAME,
	packPackage,
	sandboxCredential,
	type PackedPackage,
	type PublicExecution,
	type WorkflowImport,
} from './lib';
import { openEditor, storySteps, type EditorSession } from './lib/browser';
import { LocalRegistry } from './lib/registry';
import {
	RecordWriter,
	TRIGGER,
	triggerExample,
	TriggerRun,
	type Injected,
} from './lib/trigger-run';

const APP = DEMO_TENANT.appId;
const NODE_TYPES = [`${PACKAGE_NAME}.contactCenter`, `${PACKAGE_NAME}.contactCenterTrigger`];
/** The example's nodes of this package that run for a record with a known phone. */
const PACKAGE_NODES = [TRIGGER, 'Update last contact'];
const PHONE = '13700001111';

interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	installedNodes: Array<{ type: string }>;
	updateAvailable?: string;
}

/** The next patch version: 0.1.0 → 0.1.1. */
function nextPatch(version: string): string {
	const [major, minor, patch] = version.split(/[.+-]/);
	return `${major}.${minor}.${Number(patch) + 1}`;
}

/**
 * The next version's build: each node file (package.json `n8n.nodes`) wraps its class's `execute`
 * and `poll` so that every item they return carries `packageVersion`.
 */
const markOutputs = (version: string) => async (packageDir: string) => {
	const manifest = await fs.readFile(path.join(packageDir, 'package.json'), 'utf8');
	const { nodes } = (JSON.parse(manifest) as { n8n: { nodes: string[] } }).n8n;
	const mark = `({ ...item, json: { ...item.json, packageVersion: '${version}' } })`;
	const wrap = `\nfor (const C of Object.values(exports)) for (const m of ['execute', 'poll']) { const run = C?.prototype?.[m]; if (run) C.prototype[m] = async function (...args) { const out = await run.apply(this, args); return out && out.map((items) => items && items.map((item) => ${mark})); }; }\n`;
	for (const file of nodes) await fs.appendFile(path.join(packageDir, file), wrap);
};

/** The `packageVersion` on the items of the package's nodes in one execution (null: unmarked). */
const marks = (execution: PublicExecution) =>
	Object.fromEntries(
		PACKAGE_NODES.map((node) => [
			node,
			(execution.data?.resultData.runData[node] ?? [])
				.flatMap((task) => task.data?.main?.[0] ?? [])
				.map((item) => item.json.packageVersion ?? null),
		]),
	);
/** One item from each of the package's nodes, marked with `version` (null: unmarked). */
const markedBy = (version: string | null) =>
	Object.fromEntries(PACKAGE_NODES.map((node) => [node, [version]]));

describe('Settings → Community Nodes: install from the registry, use, update (Chromium)', () => {
	const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'empty' }] });
	const records = new RecordWriter(sandbox.control, APP, DEMO_TENANT.timezone);
	let runtime: Runtime;
	let registry: LocalRegistry | undefined;
	let n8n: N8n | undefined;
	let editor: EditorSession | undefined;
	let page: Page;
	let current: PackedPackage;
	let next: PackedPackage;
	let workflow: WorkflowImport;
	let run: TriggerRun;
	let customerId: string;
	let savedAt: unknown;
	const emitted: Injected[] = [];

	beforeAll(async () => {
		runtime = await ensureN8n();
		current = await packPackage();
		registry = await LocalRegistry.start(runtime);
		const version = nextPatch(current.version);
		next = await registry.repackAs(current, version, markOutputs(version));
		await registry.publish(current.tarball);
		// A customer the records' phone finds, with the field the example writes.
		const field = { field: 'cf_last_contact', name: 'Last contact', type: 'text' };
		await sandbox.control.seedFields({ appId: APP, fields: [field] });
		[customerId] = await sandbox.control.seedCustomers({
			appId: APP,
			customers: [{ customerName: 'Caller', mobile: [{ value: PHONE, memo: '' }] }],
		});
		n8n = await N8n.create({ runtime, env: registry.n8nEnv() });
		await registry.writeNpmrc(n8n.userFolder);
		await n8n.start();
		editor = await openEditor(n8n);
		page = editor.page;
	}, 20 * 60_000);

	afterAll(async () => {
		await editor?.close().catch(() => undefined);
		await n8n?.dispose();
		await registry?.stop();
	}, 60_000);

	/** One step of the story: reported as not run once an earlier step failed. */
	const step = storySteps({
		prefix: 'install',
		editor: () => editor,
		context: () => `--- n8n output (tail) ---\n${n8n?.recentOutput(30)}`,
		timeoutMs: 3 * 60_000,
	});

	const installed = () => n8n!.rest<InstalledPackage[]>('GET', '/community-packages');

	/** Opens Settings → Community Nodes and waits for its Install button. */
	async function openCommunityNodes(): Promise<void> {
		await page.goto(`${n8n!.baseUrl}/settings/community-nodes`, {
			waitUntil: 'domcontentloaded',
			timeout: 60_000,
		});
		await installButton().waitFor();
	}

	/** "Install a community node" on the empty page, "Install" in its header once a package is there. */
	const installButton = () =>
		page.getByRole('button', { name: /^(Install a community node|Install)$/ }).first();
	const card = () => page.getByTestId('community-package-card').filter({ hasText: PACKAGE_NAME });

	/** The GETs the proxy passed to the registry since `from`, as "path status". */
	const fetched = (from: number) =>
		registry!.requests
			.slice(from)
			.filter((request) => request.method === 'GET')
			.map((request) => `${request.path} ${request.status}`);
	const tarballPath = (version: string) => `/${PACKAGE_NAME}/-/${PACKAGE_NAME}-${version}.tgz`;

	/** What n8n reports installed, and the version in the folder its installer wrote. */
	async function expectInstalled(version: string): Promise<void> {
		const [pkg, ...others] = await installed();
		expect(others).toEqual([]);
		expect(pkg).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: version });
		expect(pkg.updateAvailable).toBeUndefined();
		expect(pkg.installedNodes.map((node) => node.type).sort()).toEqual(NODE_TYPES);
		const folder = path.join(n8n!.userFolder, '.n8n/nodes/node_modules', PACKAGE_NAME);
		const manifest = await fs.readFile(path.join(folder, 'package.json'), 'utf8');
		expect((JSON.parse(manifest) as { version: string }).version).toBe(version);
	}

	/** A call record with the customer's phone, `seconds` from the sandbox's now. */
	const inject = async (seconds: number) =>
		records.inject('call', [
			{ updateTime: await records.apiTime(seconds), data: { customerPhone: PHONE } },
		]);

	step(
		'installs the package from the registry through Settings → Community Nodes → Install',
		async () => {
			await openCommunityNodes();
			expect(await installed()).toEqual([]);
			const from = registry!.requests.length;

			await installButton().click();
			const modal = page.getByTestId('communityPackageInstall-modal');
			await modal.waitFor();
			await modal.locator('input').first().fill(PACKAGE_NAME);
			await page.getByTestId('user-agreement-checkbox').click();
			await editor!.screenshot('install-01-modal');
			await page.getByTestId('install-community-package-button').click();
			await modal.waitFor({ state: 'hidden', timeout: 120_000 });
			await card().waitFor();
			expect(await card().innerText()).toContain(current.version);
			await editor!.screenshot('install-02-installed');

			// Recorded with both nodes, loaded without a restart, fetched from the registry as /<name>.
			await expectInstalled(current.version);
			expect(await n8n!.nodeTypeNames()).toEqual(expect.arrayContaining(NODE_TYPES));
			expect(await n8n!.typeNames('credentials')).toContain('contactCenterApi');
			expect(fetched(from)).toEqual(
				expect.arrayContaining([`/${PACKAGE_NAME} 200`, `${tarballPath(current.version)} 200`]),
			);
		},
	);

	step(
		'the installed nodes run a published workflow with its credential, across a restart of n8n',
		async () => {
			const credential = sandboxCredential(sandbox.url);
			workflow = await triggerExample(sandbox.control, credential);
			// The CLI shares n8n's SQLite database: stopped meanwhile (the installed package stays).
			await editor!.close();
			await n8n!.stop();
			await n8n!.importCredentials([credential]);
			await n8n!.importWorkflows([workflow]);
			await n8n!.publish(workflow.id);
			run = new TriggerRun(n8n!, workflow.id, TRIGGER);
			const before = await inject(-120);
			await n8n!.start();
			editor = await openEditor(n8n!);
			page = editor.page;

			const executions = await run.waitForEmitted(before, 90);
			expect(executions.flatMap((e) => run.emittedIds(e))).toEqual(before.map((r) => r.id));
			emitted.push(...before);
			expect((await run.cursor()).call.mark).toBe(before[0].updateTime);
			// The version installed through the editor runs: no node marks its items.
			expect(executions.map(marks)).toEqual([markedBy(null)]);
			expect((await installed()).map((p) => p.installedVersion)).toEqual([current.version]);
			savedAt = (await n8n!.getWorkflow(workflow.id)).updatedAt;
		},
		5 * 60_000,
	);

	step('offers the next published version and updates to it through the editor', async () => {
		await registry!.publish(next.tarball);
		expect(await registry!.latest(PACKAGE_NAME)).toBe(next.version);
		// n8n asks the registry (npm outdated) when the list is read.
		const [listed] = await installed();
		expect(listed.updateAvailable).toBe(next.version);

		await openCommunityNodes();
		const from = registry!.requests.length;
		const update = card().getByRole('button', { name: /update/i });
		await update.waitFor();
		await editor!.screenshot('install-03-update-offered');
		await update.click();
		const confirm = page.getByTestId('communityPackageManageConfirm-modal');
		await confirm.getByRole('button', { name: /confirm update/i }).click();
		await confirm.waitFor({ state: 'hidden', timeout: 120_000 });
		await card().getByText(next.version).first().waitFor({ timeout: 60_000 });
		await editor!.screenshot('install-04-updated');

		await expectInstalled(next.version);
		expect(fetched(from)).toContain(`${tarballPath(next.version)} 200`);
	});

	step(
		'the active workflow, not saved again, runs the new version from its next execution, and its trigger goes on from its cursor',
		async () => {
			const stored = await n8n!.getWorkflow(workflow.id);
			expect(stored).toMatchObject({ active: true, updatedAt: savedAt });
			const trigger = stored.nodes.find((node) => node.name === TRIGGER);
			expect(trigger?.credentials?.contactCenterApi?.id).toBe(sandboxCredential(sandbox.url).id);
			const cursorBefore = await run.cursor();
			const executionsBefore = (await run.executions()).length;

			const after = await inject(0);
			const executions = await run.waitForEmitted(after, 150);
			emitted.push(...after);
			const newer = executions.slice(executionsBefore);
			// The trigger (polled by the activation made before the update) and the action nodes.
			expect(newer.map(marks)).toEqual([markedBy(next.version)]);
			expect(executions.slice(0, executionsBefore).map(marks)).toEqual([markedBy(null)]);
			const customer = (await sandbox.control.getState(APP)).customers.find(
				(c) => c._id === customerId,
			);
			expect(customer?.cf_last_contact).toBe(after[0].updateTime);

			// Every record exactly once, across the update: nothing re-emitted from before it.
			const all = executions.flatMap((e) => run.emittedIds(e));
			expect([...all].sort()).toEqual(emitted.map((r) => r.id).sort());
			expect(newer.flatMap((e) => run.emittedIds(e))).toEqual(after.map((r) => r.id));
			const cursorAfter = await run.cursor();
			expect(cursorAfter.call.mark).toBe(after[0].updateTime);
			expect(cursorAfter.call.mark > cursorBefore.call.mark).toBe(true);

			// Every request the nodes sent, before and after the update, was signed with the credential.
			const log = await sandbox.control.getLog({ appId: APP });
			expect(log.length).toBeGreaterThan(0);
			expect(log.filter((entry) => !entry.signatureValid)).toEqual([]);
		},
		5 * 60_000,
	);

	step(
		'a private registry (N8N_COMMUNITY_PACKAGES_REGISTRY) is refused without the licence, as the README says',
		async () => {
			const unlicensed = await N8n.create({
				runtime,
				env: { ...registry!.n8nEnv(), N8N_COMMUNITY_PACKAGES_REGISTRY: `${registry!.url}/` },
			});
			try {
				await registry!.writeNpmrc(unlicensed.userFolder);
				await unlicensed.start();
				const refused = await unlicensed
					.rest('POST', '/community-packages', { name: PACKAGE_NAME })
					.then(
						() => 'installed',
						(error: Error) => error.message,
					);
				expect(refused).toMatch(/license does not allow for feat:communityNodes:customRegistry/);
				expect(await unlicensed.rest('GET', '/community-packages')).toEqual([]);
			} finally {
				await unlicensed.dispose();
			}
		},
	);
});

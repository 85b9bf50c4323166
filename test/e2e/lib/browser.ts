/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * The n8n editor in a real browser: Debian's Chromium (`apt-get install chromium fonts-liberation`)
 * driven by playwright-core, never a browser download. Screenshots go to `artifacts/` (git-ignored)
 * and are meant to be looked at.
 */
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { chromium, selectors, type Locator, type Page } from 'playwright-core';

import type { N8n } from './n8n';
import { REPO_ROOT } from './package';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS_DIR = path.join(REPO_ROOT, 'artifacts');
/** Flags measured to work here: no sandbox as root, and no background traffic to a closed network. */
const CHROMIUM_ARGS =
	'--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage';

/**
 * How long until a wait in the editor (the page's default) for what a click shows, often after a
 * REST call, is called failed; it ends as soon as the thing shows. n8n 2.4.8 once took more than 10 s to show the
 * credential dialog in a full `npm test` (CI of 3941c23).
 */
export const EDITOR_WAIT_MS = 30_000;

export interface EditorSession {
	page: Page;
	/** Saves a full-page PNG as `artifacts/<name>.png` (without n8n's toasts: `hideToasts`); its path. */
	screenshot(name: string, options?: { hideToasts?: boolean }): Promise<string>;
	close(): Promise<void>;
}

/** Debian's Chromium signed in to the editor of a running n8n (its own sign-in form), at 1440×900. */
export async function openEditor(n8n: N8n): Promise<EditorSession> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(
			`${CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium fonts-liberation (or set CHROMIUM_PATH)`,
		);
	}
	// n8n's editor marks its elements with data-test-id, so getByTestId() finds them.
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: CHROMIUM_ARGS.split(' '),
		timeout: 60_000,
	});
	try {
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		context.setDefaultTimeout(EDITOR_WAIT_MS);
		const page = await context.newPage();
		await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
		const form = page.getByTestId('signin-form');
		await form.waitFor({ timeout: 60_000 });
		await form
			.locator('input[type="email"], input[name="emailOrLdapLoginId"]')
			.first()
			.fill(n8n.owner.email);
		const password = form.locator('input[type="password"]').first();
		await password.fill(n8n.owner.password);
		await password.press('Enter');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
		return {
			page,
			screenshot: async (name, options = {}) => {
				await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
				const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
				const style = options.hideToasts
					? '.el-notification { visibility: hidden !important; }'
					: undefined;
				await page.screenshot({ path: file, fullPage: true, timeout: 30_000, style });
				return file;
			},
			close: async () => {
				await context.close().catch(() => undefined);
				await browser.close();
			},
		};
	} catch (error) {
		await browser.close();
		throw error;
	}
}

/**
 * The steps of one story in the editor, run in order on one page: `step(name, body)` declares a
 * jest test that reports "not run" once an earlier step failed, and on failure adds a screenshot
 * (`artifacts/<prefix>-failed-<name>.png`) and whatever `context()` says to the error.
 */
export function storySteps(options: {
	prefix: string;
	editor: () => EditorSession | undefined;
	context?: () => string | undefined;
	timeoutMs?: number;
}): (name: string, body: () => Promise<void>, timeoutMs?: number) => void {
	let failedStep: string | undefined;
	return (name, body, timeoutMs = options.timeoutMs ?? 60_000) => {
		it(
			name,
			async () => {
				if (failedStep) throw new Error(`not run: the earlier step "${failedStep}" failed`);
				try {
					await body();
				} catch (error) {
					failedStep = name;
					const shot = await options
						.editor()
						?.screenshot(`${options.prefix}-failed-${name.slice(0, 40)}`)
						.catch(() => undefined);
					if (error instanceof Error) {
						if (shot) error.message += `\n(screenshot: ${shot})`;
						const context = options.context?.();
						if (context) error.message += `\n${context}`;
					}
					throw error;
				}
			},
			timeoutMs,
		);
	};
}

export async function newWorkflow(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}/workflow/new`, {
		waitUntil: 'domcontentloaded',
		timeout: 60_000,
	});
	await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
}

/**
 * Searches the node panel (the canvas's add button) for `nodeName` and, once the (debounced) search
 * shows it, opens that node's details (its triggers and actions); resolves with the node panel.
 */
export async function openNodeDetails(page: Page, nodeName: string): Promise<Locator> {
	await page.getByTestId('canvas-add-button').click();
	await page.getByTestId('node-creator-search-bar').fill(nodeName);
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: new RegExp(`^${escapeRegExp(nodeName)}$`) })
		.first()
		.click();
	const creator = page.getByTestId('node-creator');
	await creator.getByTestId('node-creator-category-item').first().waitFor();
	// The details panel slides in over the search results; wait until the transition is over.
	await creator
		.locator('.panel-slide-in-enter-active, .panel-slide-in-leave-active')
		.first()
		.waitFor({ state: 'detached' });
	return creator;
}

/**
 * In the node details of the node panel, expands the collapsed categories as needed and clicks
 * the trigger or action named `action`; resolves with the node details view (NDV) of the new node.
 */
export async function chooseNodeAction(page: Page, action: string): Promise<Locator> {
	const creator = page.getByTestId('node-creator');
	const item = creator
		.getByTestId('item-iterator-item')
		.filter({ hasText: new RegExp(`^${escapeRegExp(action)}$`) });
	const collapsed = creator
		.locator('[data-category-collapsed="true"]')
		.getByTestId('node-creator-category-item');
	for (const category of await collapsed.all()) {
		if (await item.isVisible()) break;
		await category.click();
	}
	await item.click();
	const ndv = page.getByTestId('ndv');
	await ndv.getByTestId('node-parameters').waitFor();
	return ndv;
}

/** Chooses `option` (its label) in the dropdown of the `options` parameter `parameter`, and waits for the list to close. */
export async function selectParameterOption(
	scope: Locator,
	parameter: string,
	option: string,
): Promise<void> {
	const page = scope.page();
	await scope.getByTestId(`parameter-input-${parameter}`).click();
	const item = page
		.getByTestId('parameter-input-item')
		.filter({ visible: true })
		.filter({ has: page.locator('.option-headline').getByText(option, { exact: true }) });
	await item.click();
	await item.waitFor({ state: 'hidden' });
}

/** The text input of a string or number parameter (in the NDV or the credential dialog). */
export function parameterInput(scope: Locator, parameter: string): Locator {
	return scope.getByTestId(`parameter-input-${parameter}`).locator('input');
}

/** The value an `options` parameter shows (its label), or the text of a string or number parameter. */
export async function parameterValue(scope: Locator, parameter: string): Promise<string> {
	return scope.getByTestId(`parameter-input-${parameter}`).locator('input').first().inputValue();
}

/** What a resource locator shows: the chosen entry's name in "From list" mode, else the typed value. */
export async function resourceLocatorValue(scope: Locator, parameter: string): Promise<string> {
	return scope.getByTestId(`resource-locator-${parameter}`).getByTestId('rlc-input').inputValue();
}

/**
 * Opens the "From list" dropdown of a resource locator and resolves with its entries once the
 * first one is shown (the list is loaded by the node's list-search method through the credential).
 */
export async function openResourceLocatorList(scope: Locator, parameter: string): Promise<Locator> {
	await scope.getByTestId(`resource-locator-${parameter}`).getByTestId('rlc-input').click();
	const items = scope.page().getByTestId('rlc-item').filter({ visible: true });
	await items.first().waitFor();
	return items;
}

/** Clicks the entry named `label` of an open resource-locator list and waits for the list to close. */
export async function chooseListEntry(items: Locator, label: string): Promise<void> {
	await items.filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }).click();
	await items.first().waitFor({ state: 'hidden' });
}

/**
 * Waits until the NDV's output panel shows a result (after "Execute step" or "Fetch Test Event"):
 * `shows` when given (for a step that ran before, whose old status is still on screen), else the
 * success status. Throws with n8n's error message if the step failed instead.
 */
export async function waitForStepResult(
	ndv: Locator,
	options: { shows?: Locator } = {},
): Promise<Locator> {
	const output = ndv.getByTestId('output-panel');
	const done = options.shows ?? output.getByTestId('node-run-status-success');
	const error = ndv.getByTestId('node-error-message');
	await done.or(error).first().waitFor();
	if (await error.isVisible()) {
		const description = await ndv
			.getByTestId('node-error-description')
			.innerText({ timeout: 1_000 })
			.catch(() => '');
		throw new Error(
			`the step failed in the editor: ${await error.innerText()}${description ? ` — ${description}` : ''}`,
		);
	}
	return output;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

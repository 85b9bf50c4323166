/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * The n8n editor in a real browser: Debian's Chromium (`apt-get install chromium fonts-liberation`)
 * driven by playwright-core, never a browser download. Screenshots go to `artifacts/` (git-ignored)
 * and are meant to be looked at.
 */
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
	chromium,
	selectors,
	type Browser,
	type BrowserContext,
	type Locator,
	type Page,
} from 'playwright-core';

import type { N8n } from './n8n';
import { REPO_ROOT } from './package';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'artifacts');

/**
 * The longest a wait in the editor may take for what a click shows, when showing it takes a call to
 * n8n's REST API (the credential dialog fetches a name for the new credential and tests it, the
 * node panel loads its details, a list or a step run goes through the sandbox) or a transition. In
 * a full `npm test` the other jest worker runs queue mode (PostgreSQL, Redis, main and two workers)
 * on the same 2 cores, and n8n 2.4.8 once took more than 10 s to show the credential dialog (CI of
 * 3941c23). The wait ends as soon as the thing shows; this is only how long until a step is called
 * failed.
 */
export const EDITOR_WAIT_MS = 30_000;

/** Flags measured to work here: no sandbox as root, and no background traffic to a closed network. */
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

let testIdRegistered = false;

export async function launchBrowser(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(
			`${CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium fonts-liberation (or set CHROMIUM_PATH)`,
		);
	}
	if (!testIdRegistered) {
		// n8n's editor marks its elements with data-test-id, so getByTestId() finds them.
		selectors.setTestIdAttribute('data-test-id');
		testIdRegistered = true;
	}
	return chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
		timeout: 60_000,
	});
}

export interface EditorSession {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	/** Saves a full-page PNG as `artifacts/<name>.png` and returns its path. */
	screenshot(name: string, options?: ScreenshotOptions): Promise<string>;
	close(): Promise<void>;
}

export interface ScreenshotOptions {
	/** Leave n8n's toasts out of the picture ("Node executed successfully", …), without closing them. */
	hideToasts?: boolean;
}

/** Saves a PNG of the page under `artifacts/`. */
export async function screenshot(
	page: Page,
	name: string,
	options: ScreenshotOptions = {},
): Promise<string> {
	await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
	const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
	const style = options.hideToasts
		? '.el-notification { visibility: hidden !important; }'
		: undefined;
	await page.screenshot({ path: file, fullPage: true, timeout: 30_000, style });
	return file;
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

/** Signs in through the editor's own sign-in form and waits for the app to leave it. */
export async function signIn(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	const form = page.getByTestId('signin-form');
	await form.waitFor({ timeout: 60_000 });
	await form
		.locator('input[type="email"], input[name="emailOrLdapLoginId"]')
		.first()
		.fill(n8n.owner.email);
	await form.locator('input[type="password"]').first().fill(n8n.owner.password);
	await form.locator('input[type="password"]').first().press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
}

/** A browser signed in to the editor of a running n8n, at a 1440×900 viewport. */
export async function openEditor(n8n: N8n): Promise<EditorSession> {
	const browser = await launchBrowser();
	try {
		const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		context.setDefaultTimeout(30_000);
		const page = await context.newPage();
		await signIn(page, n8n);
		return {
			browser,
			context,
			page,
			screenshot: (name, options) => screenshot(page, name, options),
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

/** Opens a new, empty workflow in the editor. */
export async function newWorkflow(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}/workflow/new`, {
		waitUntil: 'domcontentloaded',
		timeout: 60_000,
	});
	await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
}

/**
 * Opens the node panel (the canvas's add button) and searches it; resolves with the result
 * entries named `name` once the (debounced) search shows one.
 */
export async function searchNodePanel(
	page: Page,
	query: string,
	name = query,
): Promise<ReturnType<Page['getByTestId']>> {
	await page.getByTestId('canvas-add-button').click();
	await page.getByTestId('node-creator-search-bar').fill(query);
	const items = page.getByTestId('node-creator-item-name').filter({ hasText: name });
	await items.first().waitFor({ timeout: EDITOR_WAIT_MS });
	return items;
}

// ---- helpers for driving the node details view (added for editor.test.ts) ----------------------

/**
 * Searches the node panel for `nodeName` and opens that node's details (its triggers and
 * actions); resolves with the node panel.
 */
export async function openNodeDetails(page: Page, nodeName: string): Promise<Locator> {
	const results = await searchNodePanel(page, nodeName);
	await results
		.filter({ hasText: new RegExp(`^${escapeRegExp(nodeName)}$`) })
		.first()
		.click();
	const creator = page.getByTestId('node-creator');
	await creator
		.getByTestId('node-creator-category-item')
		.first()
		.waitFor({ timeout: EDITOR_WAIT_MS });
	// The details panel slides in over the search results; wait until the transition is over.
	await creator
		.locator('.panel-slide-in-enter-active, .panel-slide-in-leave-active')
		.first()
		.waitFor({ state: 'detached', timeout: EDITOR_WAIT_MS });
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
	await ndv.getByTestId('node-parameters').waitFor({ timeout: EDITOR_WAIT_MS });
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
	await item.waitFor({ state: 'hidden', timeout: EDITOR_WAIT_MS });
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
	await items.first().waitFor({ timeout: EDITOR_WAIT_MS });
	return items;
}

/**
 * Waits until the NDV's output panel shows a result (after "Execute step" or "Fetch Test Event"):
 * `shows` when given (for a step that ran before, whose old status is still on screen), else the
 * success status. Throws with n8n's error message if the step failed instead.
 */
export async function waitForStepResult(
	ndv: Locator,
	options: { shows?: Locator; timeout?: number } = {},
): Promise<Locator> {
	const output = ndv.getByTestId('output-panel');
	const done = options.shows ?? output.getByTestId('node-run-status-success');
	const error = ndv.getByTestId('node-error-message');
	await done
		.or(error)
		.first()
		.waitFor({ timeout: options.timeout ?? EDITOR_WAIT_MS });
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

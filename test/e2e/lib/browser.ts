/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * The n8n editor in a real browser: Debian's Chromium (`apt-get install chromium fonts-liberation`)
 * driven by playwright-core, never a browser download. Screenshots go to `artifacts/` (git-ignored)
 * and are meant to be looked at.
 */
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { chromium, selectors, type Browser, type BrowserContext, type Page } from 'playwright-core';

import type { N8n } from './n8n';
import { REPO_ROOT } from './package';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'artifacts');

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
	return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export interface EditorSession {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	/** Saves a full-page PNG as `artifacts/<name>.png` and returns its path. */
	screenshot(name: string): Promise<string>;
	close(): Promise<void>;
}

/** Saves a PNG of the page under `artifacts/`. */
export async function screenshot(page: Page, name: string): Promise<string> {
	await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
	const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
	await page.screenshot({ path: file, fullPage: true, timeout: 30_000 });
	return file;
}

/** Signs in through the editor's own sign-in form and waits for the app to leave it. */
export async function signIn(page: Page, n8n: N8n): Promise<void> {
	await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	const form = page.getByTestId('signin-form');
	await form.waitFor({ timeout: 60_000 });
	await form.locator('input[type="email"], input[name="emailOrLdapLoginId"]').first().fill(n8n.owner.email);
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
			screenshot: (name) => screenshot(page, name),
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
	await page.goto(`${n8n.baseUrl}/workflow/new`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
	await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
}

/**
 * Opens the node panel (the canvas's add button) and searches it; resolves with the result
 * entries named `name` once the (debounced) search shows one.
 */
export async function searchNodePanel(page: Page, query: string, name = query): Promise<ReturnType<Page['getByTestId']>> {
	await page.getByTestId('canvas-add-button').click();
	await page.getByTestId('node-creator-search-bar').fill(query);
	const items = page.getByTestId('node-creator-item-name').filter({ hasText: name });
	await items.first().waitFor({ timeout: 30_000 });
	return items;
}

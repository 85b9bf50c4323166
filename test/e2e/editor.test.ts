/**
 * The editor in Chromium, used as a new user would, step by step on one page (a step whose
 * predecessor failed is reported as not run): the node panel, the credential dialog, executed steps,
 * resource-locator lists loaded from the sandbox (demo tenant), Customer → Search and Get, and the
 * trigger's test event. Screenshots of every milestone go to `artifacts/`.
 */
import type { Locator, Page } from 'playwright-core';

import { formatApiTime } from '../../nodes/ContactCenter/api/time';
import { type TenantStateDump } from '../sandbox/control';
import { useSandbox } from '../sandbox/fixture';
import { DEMO_TENANT, N8n } from './lib';
import {
	chooseListEntry,
	chooseNodeAction,
	EDITOR_WAIT_MS,
	newWorkflow,
	openEditor,
	openNodeDetails,
	openResourceLocatorList,
	parameterInput,
	parameterValue,
	resourceLocatorValue,
	selectParameterOption,
	storySteps,
	waitForStepResult,
	type EditorSession,
} from './lib/browser';
import { waitFor } from './lib/process';

const APP_ID = DEMO_TENANT.appId;
const CREDENTIAL_TEST_PATH = '/openapi/crm/config/field/list';
const AGENT_QUERY_PATH = '/openapi/agent/web/v1/agent/query';
const TASK_CREATE_PATH = '/openapi/agent/web/v1/callTask/create';
const TASK_NAME = 'Delivery slot confirmation (browser test)';
/** A published voicebot agent of the demo seed: the task's default agent type (Voicebot) fits it. */
const AGENT_NAME = 'Delivery confirmation';
const CUSTOMER_LIST_PATH = '/openapi/crm/list';
/** A customer of the demo seed, found by its phone number (stored as digits). */
const DEMO_CUSTOMER = { name: 'Lin Yu', phone: '13800139102' };
/** The same number as a person types it: country code, spaces (the credential's Country Code is 86). */
const TYPED_PHONE = '+86 138 0013 9102';

const selectedCredential = (ndv: Locator) =>
	ndv.getByTestId('node-credentials-select').locator('input').first().inputValue();

describe('the editor in a real browser (Chromium): a new user builds a Contact Center workflow', () => {
	const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'demo' }] });
	const { control } = sandbox;
	let n8n: N8n | undefined;
	let editor: EditorSession | undefined;
	let page: Page;
	let state: TenantStateDump;

	beforeAll(async () => {
		state = await control.getState(APP_ID);
		n8n = await N8n.prepared();
		await n8n.start();
		editor = await openEditor(n8n);
		page = editor.page;
		// Leaving a workflow never waits on a "leave this page?" question.
		page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
	}, 20 * 60_000);

	afterAll(async () => {
		await editor?.close().catch(() => undefined);
		await n8n?.dispose();
	}, 60_000);

	/** One step of the journey: skipped (as a failure naming the cause) once an earlier step failed. */
	const step = storySteps({
		prefix: 'editor',
		editor: () => editor,
		context: () => `--- n8n output (tail) ---\n${n8n?.recentOutput(30)}`,
		timeoutMs: 180_000,
	});

	const lastLogSeq = async () => (await control.getLog({ appId: APP_ID })).at(-1)?.seq ?? 0;
	const requestsSince = async (seq: number, path: string) =>
		(await control.getLog({ appId: APP_ID, sinceSeq: seq })).filter((entry) => entry.path === path);
	const ndv = () => page.getByTestId('ndv');
	const executeStep = () => ndv().getByTestId('node-execute-button').click();

	/** Picks a resource and an operation in the open node, and checks that they show. */
	async function pickOperation(resource: string, operation: string): Promise<void> {
		await selectParameterOption(ndv(), 'resource', resource);
		await selectParameterOption(ndv(), 'operation', operation);
		const shown = [
			await parameterValue(ndv(), 'resource'),
			await parameterValue(ndv(), 'operation'),
		];
		expect(shown).toEqual([resource, operation]);
	}

	/** The text of the output panel's data, once it shows `expected` (the table re-renders after the run status appears). */
	async function outputText(output: Locator, expected: string): Promise<string> {
		const data = output.getByTestId('ndv-data-container');
		await data.getByText(expected).first().waitFor();
		return data.innerText();
	}

	/** A milestone screenshot in `artifacts/`, without the toasts that would cover part of it unless told. */
	const milestone = (name: string, keepToasts = false) =>
		editor!.screenshot(name, { hideToasts: !keepToasts });

	step(
		'finds "Contact Center" in the node panel, with its triggers and actions, and adds "Get many voice agents"',
		async () => {
			await newWorkflow(page, n8n!);
			const creator = await openNodeDetails(page, 'Contact Center');
			const categories = await creator.getByTestId('node-creator-category-item').allInnerTexts();
			expect(categories.map((text) => text.replace(/\s*\(\d+\)$/, '').trim())).toEqual([
				'Triggers',
				'Actions',
			]);
			await expect(creator.getByTestId('node-creator-item-name').allInnerTexts()).resolves.toEqual(
				expect.arrayContaining(['On call task', 'On customer', 'On service record']),
			);
			// Expand the actions too (an empty workflow lists the triggers first, the actions collapsed).
			const collapsedActions = creator
				.locator('[data-category-collapsed="true"]')
				.getByTestId('node-creator-category-item')
				.filter({ hasText: 'Actions' });
			if (await collapsedActions.isVisible()) await collapsedActions.click();
			const actionNames = creator
				.getByTestId('item-iterator-item')
				.filter({ hasText: /^Get many voice agents$/ });
			await actionNames.waitFor();
			await expect(creator.getByTestId('node-creator-item-name').allInnerTexts()).resolves.toEqual(
				expect.arrayContaining([
					'Create a call task',
					'Get many voice agents',
					'Get many customers',
				]),
			);
			await milestone('editor-01-node-panel');

			const details = await chooseNodeAction(page, 'Get many voice agents');
			expect(await parameterValue(details, 'resource')).toBe('Voice Agent');
			expect(await parameterValue(details, 'operation')).toBe('Get Many');
			// A fresh instance has no credential yet: the NDV offers to create one (2.x: an empty state
			// with a button; 1.x: an empty "Select Credential" dropdown).
			await details
				.getByTestId('node-credentials-empty-state')
				.or(details.getByTestId('node-credentials-select'))
				.first()
				.waitFor();
			const select = details.getByTestId('node-credentials-select');
			if (await select.isVisible()) expect(await selectedCredential(details)).toBe('');
		},
	);

	step(
		'creates the credential in its dialog: a wrong secret shows the failure, the right one saves and closes it',
		async () => {
			const before = await lastLogSeq();
			const emptyState = ndv().getByTestId('node-credentials-empty-state');
			if (await emptyState.isVisible()) {
				await emptyState.click();
			} else {
				// n8n 1.x: "Create new credential" at the end of the credential dropdown.
				await ndv().getByTestId('node-credentials-select').click();
				await page
					.getByTestId('node-credentials-select-item-new')
					.filter({ visible: true })
					.click();
			}
			// The dialog's frame opens on the click; its form shows once n8n has answered the request
			// for the new credential's name (GET /rest/credentials/new), which can be slow under load.
			await page.getByTestId('editCredential-modal').waitFor();
			const dialog = page.getByTestId('credential-edit-dialog');
			await dialog.waitFor();
			await parameterInput(dialog, 'baseUrl').fill(sandbox.url);
			await parameterInput(dialog, 'appId').fill(APP_ID);
			await parameterInput(dialog, 'appSecret').fill('wrong-secret');
			await page.getByTestId('credential-save-button').click();

			// Saved, tested, refused: the dialog stays open with n8n's banner and, under "More details", our message.
			await dialog
				.getByText(/Couldn.t connect with these settings/)
				.waitFor()
				.catch(async (error: Error) => {
					// What the page said instead, and whether n8n tested the credential at all.
					const shown = async (where: ReturnType<typeof page.locator>) =>
						(await where.allInnerTexts().catch(() => [])).join(' | ');
					const tested = await requestsSince(before, CREDENTIAL_TEST_PATH);
					throw new Error(
						`${error.message}\nthe dialog shows: ${(await shown(dialog)).slice(0, 600)}\nnotifications: ${await shown(page.locator('.el-notification'))}\ncredential tests the sandbox answered: ${tested.map((t) => `${t.httpStatus}/${String(t.code)}`).join(', ') || 'none'}`,
					);
				});
			await dialog.getByText('More details').click();
			await dialog
				.getByText(
					/The Contact Center API refused these credentials: check the App ID and App Secret/,
				)
				.waitFor();
			await milestone('editor-02-credential-wrong-secret', true);
			const refused = await requestsSince(before, CREDENTIAL_TEST_PATH);
			expect(refused.length).toBeGreaterThanOrEqual(1);
			expect(refused.every((entry) => !entry.signatureValid)).toBe(true);

			const beforeRetry = await lastLogSeq();
			await parameterInput(dialog, 'appSecret').fill(DEMO_TENANT.appSecret);
			await page.getByTestId('credential-save-button').click();
			// n8n 2.x closes the dialog only when the test it runs on saving succeeds; n8n 1.x keeps it
			// open with "Connection tested successfully" (closed here with its × once that shows).
			const settle = (wait: Promise<void>, what: string) =>
				wait.then(
					() => what,
					() => 'timeout',
				);
			const outcome = await Promise.race([
				settle(dialog.waitFor({ state: 'hidden' }), 'closed'),
				settle(dialog.getByText('Connection tested successfully').waitFor(), 'tested'),
			]);
			if (outcome === 'tested')
				await page.locator('.el-dialog__headerbtn').filter({ visible: true }).first().click();
			await dialog.waitFor({ state: 'hidden' });
			expect(await selectedCredential(ndv())).toBe('Contact Center account');
			const accepted = await requestsSince(beforeRetry, CREDENTIAL_TEST_PATH);
			expect(accepted.length).toBeGreaterThanOrEqual(1);
			expect(
				accepted.map((entry) => [entry.signatureValid, entry.httpStatus, entry.authError]),
			).toContainEqual([true, 200, undefined]);

			// One credential, stored once (the failed save created it; the second save updated it).
			const stored = await n8n!.rest<Array<{ name: string; type: string }>>('GET', '/credentials');
			expect(
				stored
					.filter((credential) => credential.type === 'contactCenterApi')
					.map((credential) => credential.name),
			).toEqual(['Contact Center account']);
		},
	);

	step(
		"executes Voice Agent → Get Many and shows the sandbox's agents in the output panel",
		async () => {
			const before = await lastLogSeq();
			await executeStep();
			const output = await waitForStepResult(ndv());
			const table = await outputText(output, AGENT_NAME);
			expect(await output.getByTestId('ndv-items-count').innerText()).toContain(
				`${state.agents.length} items`,
			);
			for (const agent of state.agents) {
				expect(table).toContain(agent.name);
				expect(table).toContain(agent.id);
			}
			await milestone('editor-03-voice-agents-output');
			const queries = await requestsSince(before, AGENT_QUERY_PATH);
			expect(queries.length).toBeGreaterThanOrEqual(1);
			expect(queries.every((entry) => entry.signatureValid && entry.httpStatus === 200)).toBe(true);
		},
	);

	step(
		'picks Call Task → Create; the Voice Agent list loads the agents from the sandbox',
		async () => {
			await pickOperation('Call Task', 'Create');
			await parameterInput(ndv(), 'taskName').fill(TASK_NAME);

			const before = await lastLogSeq();
			const items = await openResourceLocatorList(ndv(), 'voiceAgentId');
			const listed = (await items.allInnerTexts()).map((text) => text.trim());
			// Names come from the sandbox; agents that are not published say so after the name.
			expect(
				listed.map((text) => text.replace(/ \((offline|never published)\)$/, '')).sort(),
			).toEqual(state.agents.map((agent) => agent.name).sort());
			expect(listed).toContain(AGENT_NAME);
			expect((await requestsSince(before, AGENT_QUERY_PATH)).length).toBeGreaterThanOrEqual(1);
			await milestone('editor-04-voice-agent-list');

			await chooseListEntry(items, AGENT_NAME);
			expect(await resourceLocatorValue(ndv(), 'voiceAgentId')).toBe(AGENT_NAME);
		},
	);

	step('creates the call task from the step and shows its id in the output panel', async () => {
		const agent = state.agents.find((candidate) => candidate.name === AGENT_NAME)!;
		const group = state.callerNumberGroups.find((candidate) => candidate.status === 1)!;
		await chooseListEntry(
			await openResourceLocatorList(ndv(), 'callerNumberGroupId'),
			group.groupName,
		);
		// Call Task → Create opens with one call window filled in (Monday to Friday, 09:00-18:00).
		await ndv().getByTestId('fixed-collection-callWindows').getByText('Time Ranges').waitFor();

		const before = await lastLogSeq();
		await executeStep();
		const output = ndv().getByTestId('output-panel');
		// The Get Many result is still on screen until the new one replaces it: wait for the new columns.
		await waitForStepResult(ndv(), { shows: output.locator('th').filter({ hasText: /^taskId$/ }) });

		const created = (await control.getState(APP_ID)).tasks.filter(
			(task) => task.taskName === TASK_NAME,
		);
		expect(created).toHaveLength(1);
		expect(created[0]).toMatchObject({ voiceAgentId: agent.id, status: 'draft' });
		const table = await outputText(output, created[0].id);
		expect(table).toContain(created[0].id);
		expect(table).toContain('draft');
		await milestone('editor-05-call-task-created');

		const sent = await requestsSince(before, TASK_CREATE_PATH);
		expect(sent).toHaveLength(1);
		expect(sent[0].signatureValid).toBe(true);
		expect(sent[0].body).toMatchObject({
			taskName: TASK_NAME,
			voiceAgentId: agent.id,
			startType: 'manual',
			callStrategy: {
				callWindowRanges: [{ callWeekdays: [1, 2, 3, 4, 5], callTimeRanges: ['09:00-18:00'] }],
				maxConcurrency: 1,
				callerNumberGroupId: group.id,
			},
		});
		// Agent Type not added under Options: the field is not sent.
		expect(sent[0].body).not.toHaveProperty('agentType');
		// The agent id travels as a bare JSON number (a Java Long), not as a string.
		expect(sent[0].rawBody).toContain(`"voiceAgentId":${agent.id}`);
	});

	step(
		'picks Customer → Search and finds a demo customer by the phone typed with +86 and spaces (one list request, simplified output)',
		async () => {
			await pickOperation('Customer', 'Search');
			await parameterInput(ndv(), 'phone').fill(TYPED_PHONE);

			const before = await lastLogSeq();
			await executeStep();
			const output = ndv().getByTestId('output-panel');
			// The call task's output is still on screen until the search replaces it: wait for its columns.
			await waitForStepResult(ndv(), {
				shows: output.locator('th').filter({ hasText: /^phones$/ }),
			});
			const table = await outputText(output, DEMO_CUSTOMER.name);
			expect(table).toContain(DEMO_CUSTOMER.phone);
			expect(await output.getByTestId('ndv-items-count').innerText()).toContain('1 item');
			await milestone('editor-06-customer-search');

			const searches = await requestsSince(before, CUSTOMER_LIST_PATH);
			expect(searches).toHaveLength(1);
			// The typed number becomes the forms the tenant may store it in (national, +86, 0086).
			expect(searches[0].body).toMatchObject({
				search: [
					{
						field: 'mobile',
						operator: 'in',
						value: [DEMO_CUSTOMER.phone, `+86${DEMO_CUSTOMER.phone}`, `0086${DEMO_CUSTOMER.phone}`],
					},
				],
			});
		},
	);

	step(
		'picks Customer → Get; the Customer ID list loads the customers by name and phone; the picked one is fetched',
		async () => {
			await selectParameterOption(ndv(), 'operation', 'Get');
			const customer = state.customers.find((c) => c.customerName === DEMO_CUSTOMER.name)!;
			const label = `${DEMO_CUSTOMER.name} (${DEMO_CUSTOMER.phone})`;

			const before = await lastLogSeq();
			const items = await openResourceLocatorList(ndv(), 'customerId');
			const listed = (await items.allInnerTexts()).map((text) => text.trim());
			expect(listed).toContain(label);
			expect((await requestsSince(before, CUSTOMER_LIST_PATH)).length).toBeGreaterThanOrEqual(1);
			await milestone('editor-07-customer-list');

			await chooseListEntry(items, label);
			expect(await resourceLocatorValue(ndv(), 'customerId')).toBe(label);

			const beforeGet = await lastLogSeq();
			await executeStep();
			const getPath = `/openapi/crm/${customer._id}`;
			// The search's output (the same customer) stays on screen: the request tells the run apart.
			const sent = async () => (await requestsSince(beforeGet, getPath)).length > 0 || undefined;
			await waitFor(`a ${getPath} request after Execute step`, EDITOR_WAIT_MS, sent);
			const output = await waitForStepResult(ndv());
			const table = await outputText(output, customer._id);
			expect(table).toContain(DEMO_CUSTOMER.name);
			await milestone('editor-08-customer-get');
			expect(
				(await requestsSince(beforeGet, getPath)).map((entry) => entry.signatureValid),
			).toEqual([true]);
		},
	);

	step(
		'picks Customer → Create or Update: the form says what it matches on and asks for the Phone',
		async () => {
			await selectParameterOption(ndv(), 'operation', 'Create or Update');
			await ndv()
				.getByText(/^Matches an existing customer by Phone \(however it is formatted\)\./)
				.waitFor();
			await parameterInput(ndv(), 'phone').waitFor();
			expect(await parameterValue(ndv(), 'contactsInput')).toBe('Using Fields Below');
			await milestone('editor-09-customer-upsert-form');
		},
	);

	step(
		'adds the Contact Center Trigger to a new workflow; "Fetch Test Event" shows the newest records',
		async () => {
			// The newest record of each channel, written just now (the demo seed's are older).
			const updateTime = formatApiTime(Date.now() - 2_000, state.timezone);
			const inject = async (
				channel: 'call' | 'im',
				updateAgent: string,
				[category, result, satisfaction, remark]: [string, string, number, string],
			) => {
				const data = { category, result, satisfaction, remark };
				const records = [{ updateTime, updateAgent, data }];
				return (await control.injectRecords({ appId: APP_ID, channel, records }))[0];
			};
			const delivery = 'Customer confirmed the new delivery slot';
			const callEvent = await inject('call', '1001', ['Delivery', 'Resolved', 5, delivery]);
			const invoice = 'Asked for an itemised invoice';
			const imEvent = await inject('im', '1002', ['Billing', 'Follow-up', 4, invoice]);

			await newWorkflow(page, n8n!);
			await openNodeDetails(page, 'Contact Center');
			const trigger = await chooseNodeAction(page, 'On service record');
			// The only credential of its type is chosen for the new node.
			expect(await selectedCredential(trigger)).toBe('Contact Center account');
			const fetchButton = trigger.getByTestId('node-execute-button');
			expect(await fetchButton.innerText()).toContain('Fetch Test Event');

			const before = await lastLogSeq();
			await fetchButton.click();
			const output = await waitForStepResult(trigger);
			const table = await outputText(output, delivery);
			expect(await output.getByTestId('ndv-items-count').innerText()).toContain('2 items');
			for (const shown of [callEvent, imEvent, invoice, updateTime]) expect(table).toContain(shown);
			await milestone('editor-10-trigger-test-event');

			const queried = await control.getLog({ appId: APP_ID, sinceSeq: before });
			expect(queried.map((entry) => entry.path)).toEqual(
				expect.arrayContaining([
					'/openapi/crm/service-record/call/query',
					'/openapi/crm/service-record/im/query',
				]),
			);
		},
	);
});

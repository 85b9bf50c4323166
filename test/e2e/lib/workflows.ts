/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The workflows and credential that `npm start` and the end-to-end tests import: the example
 * workflows from `examples/*.json`, bound to one credential pointing at the sandbox.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

import type { SandboxControl } from '../../sandbox/control';
import { PACKAGE_NAME, REPO_ROOT } from './package';
import type { CredentialImport, WorkflowImport, WorkflowNode } from './types';

export const CREDENTIAL_TYPE = 'contactCenterApi';
/** The node types of the action node and the trigger. */
export const CC = `${PACKAGE_NAME}.contactCenter`;
export const CC_TRIGGER = `${PACKAGE_NAME}.contactCenterTrigger`;

/** The examples a Manual Trigger runs without a chat model (ai-agent.test.ts runs the other). */
export const EXAMPLE_FILES = [
	'call-task-finished-summary.json',
	'phone-list-to-call-task.json',
	'service-record-to-customer.json',
	'sync-service-groups.json',
	'upsert-customers-from-form.json',
];

/** The demo tenant `npm start` and the tests run the sandbox with. */
export const DEMO_TENANT = {
	appId: '1090',
	appSecret: 'demo-secret',
	timezone: 'Asia/Shanghai',
} as const;

/** The credential every imported example uses; a fixed id, so a re-import replaces it. */
export function sandboxCredential(
	baseUrl: string,
	tenant: { appId: string; appSecret: string; timezone?: string } = DEMO_TENANT,
): CredentialImport {
	return {
		id: 'ccSandboxDemo001',
		name: 'Contact Center (sandbox)',
		type: CREDENTIAL_TYPE,
		data: {
			baseUrl,
			appId: tenant.appId,
			appSecret: tenant.appSecret,
			timezone: tenant.timezone ?? DEMO_TENANT.timezone,
		},
	};
}

/**
 * Every workflow in `examples/*.json` (a file holds one workflow or an array), each with an id:
 * its own, or one stable per file (16 alphanumerics), so a re-import replaces the workflow.
 */
export async function loadExamples(dir = path.join(REPO_ROOT, 'examples')) {
	const examples: Array<{ file: string; workflow: WorkflowImport }> = [];
	for (const file of (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
		const parsed = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as
			| WorkflowImport
			| WorkflowImport[];
		(Array.isArray(parsed) ? parsed : [parsed]).forEach((workflow, index) => {
			if (!Array.isArray(workflow?.nodes) || typeof workflow.connections !== 'object')
				throw new Error(`examples/${file}: entry ${index} is not an n8n workflow`);
			// n8n 1.123 and 2.4 (isWorkflowIdValid) never save the static data of a workflow whose id is
			// longer than 16 characters, so a trigger's cursor would be lost at every restart.
			if (workflow.id !== undefined && !/^[A-Za-z0-9]{1,16}$/.test(workflow.id))
				throw new Error(`examples/${file}: the id "${workflow.id}" is not 1-16 letters and digits`);
			const id = `ex${createHash('sha256').update(`${file}#${index}`).digest('hex').slice(0, 14)}`;
			examples.push({
				file,
				workflow: { ...workflow, id: workflow.id ?? id, settings: workflow.settings ?? {} },
			});
		});
	}
	return examples;
}

/** A copy of the workflow whose Contact Center nodes all use the given credential. */
export function bindCredential(
	workflow: WorkflowImport,
	credential: { id: string; name: string },
): WorkflowImport {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type.startsWith(`${PACKAGE_NAME}.`) || node.credentials?.[CREDENTIAL_TYPE]
				? {
						...node,
						credentials: {
							...node.credentials,
							[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
						},
					}
				: node,
		),
	};
}

/** A workflow node, its id made from its name; version 1 (a Code node 2) unless `extra` says otherwise. */
export function node(
	name: string,
	type: string,
	parameters: Record<string, unknown> = {},
	x = 0,
	extra: Partial<WorkflowNode> = {},
): WorkflowNode {
	return {
		id: `${name.replace(/\W/g, '-').toLowerCase()}-0001`,
		name,
		type,
		typeVersion: type === 'n8n-nodes-base.code' ? 2 : 1,
		position: [x, 0],
		parameters,
		...extra,
	};
}

/** A workflow of `nodes` connected one after the other, execution order v1. */
export function chain(id: string, name: string, nodes: WorkflowNode[]): WorkflowImport {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Ten minutes before the sandbox's now (ISO): a trigger starting there has records to emit at activation. */
export const tenMinutesBack = async (control: SandboxControl): Promise<string> =>
	new Date(Date.parse((await control.getClock()).now) - 10 * 60_000).toISOString();

/** `examples/<file>` bound to `credential`, its trigger node `trigger` with Start From `startFrom`. */
export async function exampleFrom(
	file: string,
	trigger: string,
	startFrom: string,
	credential: { id: string; name: string },
): Promise<WorkflowImport> {
	const example = (await loadExamples()).find((e) => e.file === file);
	if (!example) throw new Error(`examples/${file} is missing`);
	const nodes = example.workflow.nodes.map((n) =>
		// The example's own options (Include Customer) kept, Start From added.
		n.name === trigger
			? {
					...n,
					parameters: {
						...n.parameters,
						options: { ...((n.parameters.options as object | undefined) ?? {}), startFrom },
					},
				}
			: n,
	);
	return bindCredential({ ...example.workflow, nodes }, credential);
}

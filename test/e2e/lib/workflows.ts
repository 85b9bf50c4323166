/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The workflows and credential that `npm start` and the end-to-end tests import: the example
 * workflows from `examples/*.json`, bound to one credential pointing at the sandbox.
 */
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';

import { PACKAGE_NAME, REPO_ROOT } from './package';
import type { CredentialImport, WorkflowImport } from './types';

export const CREDENTIAL_TYPE = 'contactCenterApi';

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

/** An id n8n accepts (16 alphanumerics), stable for a given file, so a re-import replaces the workflow. */
function stableId(seed: string): string {
	return `ex${createHash('sha256').update(seed).digest('hex').slice(0, 14)}`;
}

export interface ExampleWorkflow {
	file: string;
	workflow: WorkflowImport;
}

/** Every workflow in `examples/*.json` (a file holds one workflow or an array), each with a stable id. */
export async function loadExamples(
	dir = path.join(REPO_ROOT, 'examples'),
): Promise<ExampleWorkflow[]> {
	if (!existsSync(dir)) return [];
	const examples: ExampleWorkflow[] = [];
	for (const file of (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
		const parsed = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as
			| WorkflowImport
			| WorkflowImport[];
		const list = Array.isArray(parsed) ? parsed : [parsed];
		list.forEach((workflow, index) => {
			if (!workflow || !Array.isArray(workflow.nodes) || typeof workflow.connections !== 'object') {
				throw new Error(
					`examples/${file}: entry ${index} is not an n8n workflow (needs nodes and connections)`,
				);
			}
			// n8n 1.123 and 2.4 (2.41 allows 21) treat a workflow id longer than 16 characters as invalid (isWorkflowIdValid):
			// it then never saves the workflow's static data, so a trigger's cursor is lost at every restart.
			if (workflow.id !== undefined && !/^[A-Za-z0-9]{1,16}$/.test(workflow.id)) {
				throw new Error(
					`examples/${file}: entry ${index} has the id "${workflow.id}": use at most 16 letters and digits (n8n 1.x and early 2.x never save the static data of a workflow with a longer id)`,
				);
			}
			examples.push({
				file,
				workflow: {
					...workflow,
					id: workflow.id ?? stableId(`${file}#${index}`),
					settings: workflow.settings ?? {},
				},
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

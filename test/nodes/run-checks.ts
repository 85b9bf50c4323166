/** Checks on a node run, and editor calls, shared by the node suites. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, type RunNodeResult } from '../harness';
import type { RunnerSandbox } from '../harness/run-node';
import type { FaultSpec } from '../sandbox/types';

type Tenant = { appId: string; appSecret: string };

/** The run sent nothing and failed with this exact message (or one matching the pattern). */
export function expectRefused(result: RunNodeResult, message: string | RegExp): void {
	expect(result.requests).toEqual([]);
	if (typeof message === 'string') expect(result.error?.message).toBe(message);
	else expect(result.error?.message).toMatch(message);
}

/** The run sent nothing and refused item 0 with a message starting with this text, and a fix. */
export function expectInvalid(result: RunNodeResult, message: string): void {
	expect(result.requests).toEqual([]);
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.message).toContain(`Invalid input [item 0]: ${message}`);
	expect(result.error?.description).toMatch(/\S/);
}

/** Each request of the run as [path, vendor code]. */
export const calls = (result: RunNodeResult) => result.requests.map((r) => [r.path, r.code]);

/** Each request of the run as [method, path, whether its signature was valid, vendor code]. */
export const signed = (result: RunNodeResult) =>
	result.requests.map((r) => [r.method, r.path, r.signatureValid, r.code]);

/** The request bodies of the run. */
export const bodies = (result: RunNodeResult) => result.requests.map((r) => r.body as IDataObject);

/** A resource locator parameter. */
export const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });

/** A fault answering with the vendor error envelope `code`/`message`. */
export const envelopeFault = (
	pathPattern: string,
	envelopeCode: string | number,
	envelopeMessage: string,
): FaultSpec => ({ pathPattern, kind: 'envelope', envelopeCode, envelopeMessage });

/** A picker (listSearch method) of the node, called as the editor calls it. */
export const picker =
	(sandbox: RunnerSandbox, tenant: Tenant, method: string, parameters: INodeParameters) =>
	async (filter?: string, paginationToken?: string, typeVersion?: number) =>
		await callMethod({
			nodeType: ContactCenter,
			kind: 'listSearch',
			method,
			parameters,
			credentials: sandbox.credentials(tenant),
			filter,
			paginationToken,
			typeVersion,
		});

/** The Custom Fields mapper of a customer operation, loaded as the editor loads it. */
export const customerFieldMapping = async (
	sandbox: RunnerSandbox,
	tenant: Tenant,
	operation: string,
) =>
	await callMethod({
		nodeType: ContactCenter,
		kind: 'resourceMapping',
		method: 'getCustomerFieldMapping',
		parameters: { resource: 'customer', operation },
		credentials: sandbox.credentials(tenant),
	});

/** A custom field as the Custom Fields mapper offers it (shown, not for matching). */
export const mapperField = (
	id: string,
	displayName: string,
	type: string,
	more: IDataObject = {},
) => ({
	id,
	displayName,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type,
	...more,
});

/** Checks on a node run, and editor calls, shared by the node suites. */
import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { callMethod, type RunNodeResult } from '../harness';
import type { RunnerSandbox } from '../harness/run-node';

/** The run sent nothing and failed with this exact message (or one matching the pattern). */
export function expectRefused(result: RunNodeResult, message: string | RegExp): void {
	expect(result.requests).toEqual([]);
	if (typeof message === 'string') expect(result.error?.message).toBe(message);
	else expect(result.error?.message).toMatch(message);
}

/** Each request of the run as [path, vendor code]. */
export const calls = (result: RunNodeResult) => result.requests.map((r) => [r.path, r.code]);

/** Each request of the run as [method, path, whether its signature was valid, vendor code]. */
export const signed = (result: RunNodeResult) =>
	result.requests.map((r) => [r.method, r.path, r.signatureValid, r.code]);

/** The Custom Fields mapper of a customer operation, loaded as the editor loads it. */
export const customerFieldMapping = async (
	sandbox: RunnerSandbox,
	tenant: { appId: string; appSecret: string },
	operation: string,
) =>
	await callMethod({
		nodeType: ContactCenter,
		kind: 'resourceMapping',
		method: 'getCustomerFieldMapping',
		parameters: { resource: 'customer', operation },
		credentials: sandbox.credentials(tenant),
	});

/**
 * Run our nodes the way n8n runs them: real n8n-workflow Workflows executed by n8n-core
 * (WorkflowExecute, PollContext + PollTriggerExecutor, LoadOptionsContext, RoutingNode), real
 * HTTP through n8n's request helpers, and our credential's `authenticate` applied by an
 * ICredentialsHelper that behaves like n8n's. See README.md in this folder.
 */
export type { LogEntry, SandboxControl } from '../sandbox/control';
export { callMethod } from './call-method';
export { CREDENTIAL_TYPE, type CredentialValues } from './credentials';
export { PACKAGE_NAME, type NodeTypeInput } from './node-types';
export { poll, staticDataKeyOf, type PollOptions, type PollResult } from './poll';
export {
	nodeRunner,
	runNode,
	type NodeRunner,
	type RunNodeOptions,
	type RunNodeResult,
} from './run-node';
export type { CapturedLog } from './runtime';
export { testCredential } from './test-credential';

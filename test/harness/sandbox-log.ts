/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/** The sandbox's request log around a harness call (test/sandbox/control.ts). */
import type { LogEntry, SandboxControl } from '../sandbox/control';

export type { LogEntry, SandboxControl };

export async function readSandboxLog(sandbox: SandboxControl | undefined): Promise<LogEntry[]> {
	return sandbox ? await sandbox.getLog() : [];
}

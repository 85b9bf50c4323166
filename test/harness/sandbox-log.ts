/** The sandbox's request log around a harness call (test/sandbox/control.ts). */
import type { LogEntry, SandboxControl } from '../sandbox/control';

export type { LogEntry, SandboxControl };

export async function readSandboxLog(sandbox: SandboxControl | undefined): Promise<LogEntry[]> {
	return sandbox ? await sandbox.getLog() : [];
}

// The contact-center sandbox: a strict, stateful local implementation of the whole Open API, for
// tests, the demo, end-to-end runs and benchmarks. Node built-ins only; bound to 127.0.0.1.

import { CONTROL_PREFIX, DEFAULT_TENANT, Sandbox } from './server/sandbox';
import type { SandboxOptions } from './types';

export type * from './types';
export { CONTROL_PREFIX, DEFAULT_TENANT };

export interface RunningSandbox {
	/** `http://127.0.0.1:PORT`, no trailing slash. */
	url: string;
	port: number;
	/** `url` + `/__control`. */
	controlUrl: string;
	close(): Promise<void>;
}

/** Starts a sandbox (default: port 0, one empty tenant 1090 / demo-secret) and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const sandbox = new Sandbox(options);
	const port = await sandbox.listen(options.port ?? 0);
	const url = `http://127.0.0.1:${port}`;
	return { url, port, controlUrl: url + CONTROL_PREFIX, close: () => sandbox.close() };
}

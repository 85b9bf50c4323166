/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/** Small shared pieces of the benchmark: the machine, statistics, child processes, the sandbox child. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

import { SandboxControl } from '../sandbox/control';
import type { TenantConfig } from '../sandbox/types';

export const REPO = path.resolve(__dirname, '..', '..');

export interface Machine {
	cpu: string;
	cores: number;
	memoryGB: number;
	node: string;
	platform: string;
	loadStart: number[];
	loadEnd?: number[];
	date: string;
}

export function machine(): Machine {
	return {
		cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
		cores: os.cpus().length,
		memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
		node: process.version,
		platform: `${os.type()} ${os.release()} ${os.arch()}`,
		loadStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
		date: new Date().toISOString(),
	};
}

export const loadavg = (): number[] => os.loadavg().map((l) => Math.round(l * 100) / 100);

/** `--name` given on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** The value after `--name`, or the fallback. */
export function option(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined && !process.argv[i + 1].startsWith('--')
		? process.argv[i + 1]
		: fallback;
}

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value: number, digits = 1): number =>
	Math.round(value * 10 ** digits) / 10 ** digits;

export function log(line: string): void {
	process.stdout.write(`[bench] ${line}\n`);
}

/** Arguments of `node` that run a TypeScript file of this repository (ts-node, transpile only). */
export function tsNodeArgs(file: string, args: string[] = []): string[] {
	return ['-r', 'ts-node/register/transpile-only', file, ...args];
}

/** The environment a TypeScript child needs (`.ts` wins over the `.node.json` codex files). */
export function tsNodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		TS_NODE_PREFER_TS_EXTS: 'true',
		TS_NODE_TRANSPILE_ONLY: 'true',
		...extra,
	};
}

/** Runs a child to completion, bounded in time; resolves with its output and exit code. */
export function runChild(
	command: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string },
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- benchmark tooling, not shipped
		const child = spawn(command, args, {
			cwd: options.cwd ?? REPO,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(
				new Error(`${command} ${args.join(' ')} took longer than ${options.timeoutMs / 1000} s`),
			);
		}, options.timeoutMs);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr, ms: performance.now() - started });
		});
	});
}

/**
 * Runs a node child that prints its report as one `PREFIX {json}` line; the parsed report, or the
 * child's first lines of output as the error.
 */
export async function childReport<T>(
	args: string[],
	prefix: string,
	timeoutMs: number,
): Promise<{ report: T; line: string } | { error: string }> {
	const res = await runChild(process.execPath, args, { env: tsNodeEnv(), timeoutMs });
	const line = res.stdout.split('\n').find((l) => l.startsWith(`${prefix} `));
	if (res.code !== 0 || !line)
		return { error: (res.stderr || res.stdout).split('\n').slice(0, 5).join(' ') };
	return { report: JSON.parse(line.slice(prefix.length + 1)) as T, line };
}

export interface SandboxChild {
	url: string;
	control: SandboxControl;
	child: ChildProcess;
	stop(): Promise<void>;
}

/** Starts the sandbox in its own process with these tenants. */
export function startSandboxChild(tenants: TenantConfig[]): Promise<SandboxChild> {
	// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- benchmark tooling, not shipped
	const child = spawn(
		process.execPath,
		tsNodeArgs(path.join(__dirname, 'sandbox-child.ts'), [JSON.stringify(tenants)]),
		{
			cwd: REPO,
			env: tsNodeEnv(),
			stdio: ['pipe', 'pipe', 'inherit'],
		},
	);
	return new Promise((resolve, reject) => {
		let out = '';
		const timer = setTimeout(
			() => reject(new Error('the sandbox child did not start within 60 s')),
			60_000,
		);
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
			if (!m) return;
			clearTimeout(timer);
			const url = m[1];
			resolve({
				url,
				control: new SandboxControl(url),
				child,
				stop: () =>
					new Promise<void>((done) => {
						if (child.exitCode !== null) return done();
						child.once('exit', () => done());
						child.stdin?.end();
						setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
					}),
			});
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`the sandbox child exited with ${code}: ${out}`));
		});
	});
}

export interface Counted {
	method: string;
	path: string;
	httpStatus: number;
	code: unknown;
	signatureValid: boolean;
	bodyBytes: number;
	rawBody: string;
}

/** What the sandbox received since its log was last cleared; clears it again. */
export async function drainLog(control: SandboxControl): Promise<Counted[]> {
	const entries = await control.getLog();
	await control.clearLog();
	return entries.map((e) => ({
		method: e.method,
		path: e.path,
		httpStatus: e.httpStatus,
		code: e.code,
		signatureValid: e.signatureValid,
		bodyBytes: e.rawBody.length,
		rawBody: e.rawBody,
	}));
}

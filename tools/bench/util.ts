/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/** Small shared pieces of the benchmark: the machine, options, statistics, child processes, the sandbox child. */
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

import { runCommand } from '../../test/e2e/lib/process';
import { SandboxControl } from '../../test/sandbox/control';
import type { TenantConfig } from '../../test/sandbox/types';

export const REPO = path.resolve(__dirname, '..', '..');

export const round = (value: number, digits = 1): number =>
	Math.round(value * 10 ** digits) / 10 ** digits;

export const loadavg = (): number[] => os.loadavg().map((l) => round(l, 2));

export function machine() {
	return {
		cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
		cores: os.cpus().length,
		memoryGB: round(os.totalmem() / 1024 ** 3),
		node: process.version,
		platform: `${os.type()} ${os.release()} ${os.arch()}`,
		loadStart: loadavg(),
		date: new Date().toISOString(),
	};
}
export type Machine = ReturnType<typeof machine> & { loadEnd?: number[] };

export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

export function option(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined && !process.argv[i + 1].startsWith('--')
		? process.argv[i + 1]
		: fallback;
}

export const numberOption = (name: string, fallback: number, min: number, max: number): number =>
	Math.max(min, Math.min(max, Number(option(name, String(fallback)))));

export const listOption = (name: string, fallback: string): string[] =>
	option(name, fallback).split(',').filter(Boolean);

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Every run and their median, rounded alike. */
export const spread = (values: number[], digits: number) => ({
	runs: values.map((v) => round(v, digits)),
	median: round(median(values), digits),
});

export const cpuSince = (start: NodeJS.CpuUsage): number => {
	const used = process.cpuUsage(start);
	return used.user + used.system;
};

export function log(line: string): void {
	process.stdout.write(`[bench] ${line}\n`);
}

/** Arguments of `node` that run a TypeScript file of this repository (ts-node, transpile only). */
export function tsNodeArgs(file: string, args: string[] = []): string[] {
	return ['-r', 'ts-node/register/transpile-only', file, ...args];
}

/** The environment a TypeScript child needs (`.ts` wins over the `.node.json` codex files). */
const tsNodeEnv = (): NodeJS.ProcessEnv => ({
	...process.env,
	TS_NODE_PREFER_TS_EXTS: 'true',
	TS_NODE_TRANSPILE_ONLY: 'true',
});

/**
 * Runs a program of tools/bench in a process of its own, compiled (in `js`) or under ts-node; it
 * prints its report as one `PREFIX {json}` line (childMain): the parsed report, or the child's first
 * lines of output as the error.
 */
export async function benchChild<T>(
	name: string,
	args: string[],
	prefix: string,
	js?: string,
): Promise<{ report: T; line: string } | { error: string }> {
	const argv = js
		? [path.join(js, `${name}.js`), ...args]
		: tsNodeArgs(path.join(__dirname, `${name}.ts`), args);
	const res = await runCommand(process.execPath, argv, {
		cwd: REPO,
		env: tsNodeEnv(),
		timeoutMs: 20 * 60_000,
	});
	const line = res.stdout.split('\n').find((l) => l.startsWith(`${prefix} `));
	if (res.code !== 0 || !line)
		return { error: (res.stderr || res.stdout).split('\n').slice(0, 5).join(' ') };
	return { report: JSON.parse(line.slice(prefix.length + 1)) as T, line };
}

/** The main of a bench child: its report as one `PREFIX {json}` line, or the error and exit code 1. */
export function childMain(prefix: string, run: () => Promise<unknown>): void {
	run().then(
		(report) => {
			process.stdout.write(`${prefix} ${JSON.stringify(report)}\n`);
			process.exit(0);
		},
		(error: unknown) => {
			process.stderr.write(`${prefix}: ${error instanceof Error ? error.stack : String(error)}\n`);
			process.exit(1);
		},
	);
}

/** Starts the sandbox in its own process (sandbox-child.ts) with these tenants. */
export function startSandboxChild(tenants: TenantConfig[]) {
	// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- benchmark tooling, not shipped
	const child = spawn(
		process.execPath,
		tsNodeArgs(path.join(__dirname, 'sandbox-child.ts'), [JSON.stringify(tenants)]),
		{ cwd: REPO, env: tsNodeEnv(), stdio: ['pipe', 'pipe', 'inherit'] },
	);
	const stop = () =>
		new Promise<void>((done) => {
			if (child.exitCode !== null) return done();
			child.once('exit', () => done());
			child.stdin.end();
			setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
		});
	return new Promise<{ url: string; control: SandboxControl; pid?: number; stop: typeof stop }>(
		(resolve, reject) => {
			let out = '';
			const timer = setTimeout(
				() => reject(new Error('the sandbox child did not start within 60 s')),
				60_000,
			);
			child.stdout.on('data', (chunk: Buffer) => {
				out += chunk.toString();
				const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
				if (!url) return;
				clearTimeout(timer);
				resolve({ url, control: new SandboxControl(url), pid: child.pid, stop });
			});
			child.once('exit', (code) => {
				clearTimeout(timer);
				reject(new Error(`the sandbox child exited with ${code}: ${out}`));
			});
		},
	);
}

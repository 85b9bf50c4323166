/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The process-wide n8n-core setup the harness needs, done once per module registry (jest gives
 * every test file its own): a log capture wired into n8n's logger, and an InstanceSettings that
 * lives in a temporary user folder instead of the developer's ~/.n8n.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createContext, Script } from 'node:vm';

import { InstanceSettings } from 'n8n-core';
import { LoggerProxy, setSafeRegexEngine, type LogMetadata } from 'n8n-workflow';

import type { LogEntry, SandboxControl } from '../sandbox/control';
import { assertNoSecret } from './secret-guard';

type DiModule = typeof import('@n8n/di');
type BackendCommonModule = typeof import('@n8n/backend-common');
type ConfigModule = typeof import('@n8n/config');

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface CapturedLog {
	level: LogLevel;
	message: string;
	meta?: unknown;
}

// n8n-core ships its own copies of @n8n/di, @n8n/config and @n8n/backend-common (newer than the
// hoisted ones). Its service container is a module-level singleton, so the harness must use the
// very copies n8n-core loads. `require` (jest's, under jest) keeps them in the same registry.
const coreDir = dirname(require.resolve('n8n-core/package.json'));
function requireFromCore<T>(id: string): T {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path computed at run time
	return require(require.resolve(id, { paths: [coreDir] })) as T;
}

/** n8n-core's service container. */
export const { Container } = requireFromCore<DiModule>('@n8n/di');
const { Logger } = requireFromCore<BackendCommonModule>('@n8n/backend-common');
const { GlobalConfig, InstanceSettingsConfig } = requireFromCore<ConfigModule>('@n8n/config');

// Which run a log line belongs to: follows the async context, so concurrent runs stay apart.
const activeLogs = new AsyncLocalStorage<CapturedLog[]>();

function record(level: LogLevel, message: string, meta?: LogMetadata): void {
	activeLogs.getStore()?.push(meta === undefined ? { level, message } : { level, message, meta });
}

/**
 * n8n's own Logger class (what `this.logger` and LoggerProxy resolve to), made silent and
 * redirected into the capture of the current run instead of the console.
 */
class CapturingLogger extends Logger {
	constructor() {
		const globalConfig = Container.get(GlobalConfig);
		super(
			{ ...globalConfig, logging: { ...globalConfig.logging, level: 'silent' } },
			Container.get(InstanceSettingsConfig),
			{ isRoot: false },
		);
		for (const level of ['error', 'warn', 'info', 'debug'] as const)
			this[level] = (message: string, meta?: LogMetadata) => record(level, message, meta);
	}

	override scoped(): CapturingLogger {
		return this;
	}
}

let ready = false;

/**
 * n8n's own regular-expression engine (each match a vm script, as n8n-workflow's safe-regex runs
 * it) with a 10 s limit instead of its 250 ms of wall clock: on a test machine whose two cores are
 * shared with other suites, n8n's limit tripped on the node's own resource-locator patterns
 * ("Regular expression execution timed out") in runs that were merely slow.
 */
function patientRegexEngine(): Parameters<typeof setSafeRegexEngine>[0] {
	const context = createContext({});
	const script = (expression: string) => {
		const compiled = new Script(`result = ${expression}`);
		return (pattern: string, input: string, flags = '', replacement = '') => {
			Object.assign(context, { pattern, input, flags, replacement, result: undefined });
			compiled.runInContext(context, { timeout: 10_000 });
			return context.result as never;
		};
	};
	const regExp = 'new RegExp(pattern, flags)';
	return {
		exec: script(`${regExp}.exec(input)`),
		test: script(`${regExp}.test(input)`),
		replace: script(`input.replace(${regExp}, replacement)`),
		matchAll: script(
			"Array.from(input.matchAll(new RegExp(pattern, flags.includes('g') ? flags : flags + 'g')))",
		),
		split: script(`input.split(${regExp})`),
	};
}

/** Idempotent; every harness entry point calls it before touching n8n-core. */
export function ensureN8nRuntime(): void {
	if (ready) return;
	setSafeRegexEngine(patientRegexEngine());

	// n8n's config objects read N8N_USER_FOLDER when first built, and InstanceSettings (read by
	// every node context: instance id, encryption key) loads or creates `<folder>/.n8n/config`.
	// Build them all inside a throw-away folder so nothing is written to ~/.n8n, then restore the
	// environment and remove the folder: the settings stay in memory, nothing reads the file again.
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	const previous = process.env.N8N_USER_FOLDER;
	process.env.N8N_USER_FOLDER = userFolder;
	try {
		const logger = new CapturingLogger();
		// NodeExecutionContext.logger (this.logger in nodes) is Container.get(Logger).
		Container.set(Logger, logger);
		// n8n-core's engine and n8n-workflow log through LoggerProxy.
		LoggerProxy.init(logger);
		Container.get(InstanceSettings);
	} finally {
		if (previous === undefined) delete process.env.N8N_USER_FOLDER;
		else process.env.N8N_USER_FOLDER = previous;
		rmSync(userFolder, { recursive: true, force: true });
	}

	ready = true;
}

/** Runs `fn` and collects everything n8n and the node logged meanwhile, even if `fn` throws. */
export async function captureLogs<T>(logs: CapturedLog[], fn: () => Promise<T>): Promise<T> {
	return await activeLogs.run(logs, fn);
}

/**
 * One harness call: the runtime ready, the sandbox's request log cleared before and read after,
 * everything logged meanwhile collected in `logs`, and the app secret looked for in all of it.
 */
export async function guardedCall<T>(
	call: { secret?: string; sandbox?: SandboxControl },
	run: () => Promise<T>,
	parts: (outcome: T) => Record<string, unknown>,
): Promise<{ outcome: T; requests: LogEntry[]; logs: CapturedLog[] }> {
	ensureN8nRuntime();
	await call.sandbox?.clearLog();
	const logs: CapturedLog[] = [];
	const outcome = await captureLogs(logs, run);
	const requests = call.sandbox ? await call.sandbox.getLog() : [];
	assertNoSecret(call.secret, { ...parts(outcome), 'the logs': logs }, requests);
	return { outcome, requests, logs };
}

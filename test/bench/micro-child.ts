/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The CPU micro-benchmarks (micro.ts) in a process of their own, started by index.ts as compiled
 * JavaScript: it loads our package's code and n8n-workflow (which that code imports), nothing of
 * n8n-core, the harness or the workloads. In the main bench process, right after n8n-core and the
 * workloads, V8's optimizing compiler and concurrent marking stay busy for seconds and the same
 * functions measured 3–20× slower and varied 2× from run to run (process.cpuUsage counts those
 * threads too). Prints one line: `MICRO <json>`.
 *
 *   node micro-child.js <sandbox url>
 */
import { runMicro } from './micro';

async function main(): Promise<void> {
	const url = process.argv[2];
	if (!url) throw new Error('usage: micro-child <sandbox url>');
	const report = await runMicro(url);
	process.stdout.write(`MICRO ${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The dev tooling (sandbox, `npm start`, tests, benchmarks) runs on Node 24, which `./dev` provides;
 * the package itself runs on whatever Node its n8n runs on (`engines` in package.json). On an older
 * Node the sandbox would start and then fail every request that carries an 18-digit number (its
 * lossless JSON reads each number's source text, a JSON.parse feature of Node 21+), so the tools
 * check at start and say what to do instead.
 */

export const TOOLING_NODE_MAJOR = 24;

/** Why this Node cannot run the tooling, or undefined when it can. */
export function toolingNodeProblem(version = process.versions.node): string | undefined {
	const major = Number(version.split('.')[0]);
	if (major >= TOOLING_NODE_MAJOR) return undefined;
	return (
		`the dev tooling needs Node ${TOOLING_NODE_MAJOR} or newer; this is Node ${version}. ` +
		`Run it through ./dev, which installs Node ${TOOLING_NODE_MAJOR} from npm into a cache folder ` +
		'and runs npm on it: ./dev run sandbox -- …, ./dev start, ./dev test.'
	);
}

/** Stops the process with the reason when this Node cannot run the tooling. */
export function requireToolingNode(tool: string): void {
	const problem = toolingNodeProblem();
	if (!problem) return;
	process.stderr.write(`${tool}: ${problem}\n`);
	process.exit(1);
}

/** Drive a real n8n (pinned 2.41.1 on Node 24) with this package installed: see n8n.ts. */
export {
	DEFAULT_OWNER,
	N8n,
	N8nError,
	nodeOutput,
	parseTrailingJson,
	releaseEnv,
	type CliExecution,
	type N8nOptions,
	type Owner,
} from './n8n';
export {
	installPackage,
	packPackage,
	PACKAGE_NAME,
	REPO_ROOT,
	type PackedPackage,
} from './package';
export { freePort, portInUse } from './ports';
export { killAllChildren, runChecked, runCommand, spawnGroup, stopGroup } from './process';
export * from './types';
export {
	bindCredential,
	CREDENTIAL_TYPE,
	DEMO_TENANT,
	loadExamples,
	sandboxCredential,
	type ExampleWorkflow,
} from './workflows';

/** Drive a real n8n (a pinned release on Node 24) with this package installed: see n8n.ts. */
export { DEFAULT_OWNER, itemsOf, N8n, nodeOutput, outputJson } from './n8n';
export { packPackage, PACKAGE_NAME, REPO_ROOT, type PackedPackage } from './package';
export { portInUse } from './ports';
export { runChecked } from './process';
export * from './types';
export {
	bindCredential,
	CC,
	CC_TRIGGER,
	chain,
	DEMO_TENANT,
	EXAMPLE_FILES,
	exampleFrom,
	loadExamples,
	node,
	sandboxCredential,
	tenMinutesBack,
} from './workflows';

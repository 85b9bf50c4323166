/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/** The repository's TypeScript sources, for the tests that check how the code is laid out. */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** Every `.ts` file under `dir` (declaration files left out), recursively. */
export function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) return sources(full);
		return full.endsWith('.ts') && !full.endsWith('.d.ts') ? [full] : [];
	});
}

/** The shipped sources: every `.ts` file under nodes/ and credentials/. */
export const shippedSources = (): string[] => [
	...sources(path.join(ROOT, 'nodes')),
	...sources(path.join(ROOT, 'credentials')),
];

/** A relative `import … from` or `export … from`; the specifier is the first group. */
export const RELATIVE_IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]/gm;

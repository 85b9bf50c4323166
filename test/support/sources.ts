/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/** The repository's files and TypeScript sources, for the tests that check how the code is laid out or packed. */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** Every file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? filesUnder(full) : [full];
	});
}

/** Every `.ts` file under `dir` (declaration files left out), recursively. */
export const sources = (dir: string): string[] =>
	filesUnder(dir).filter((full) => full.endsWith('.ts') && !full.endsWith('.d.ts'));

/** The shipped sources: every `.ts` file under nodes/ and credentials/. */
export const shippedSources = (): string[] => [
	...sources(path.join(ROOT, 'nodes')),
	...sources(path.join(ROOT, 'credentials')),
];

/** A relative `import … from` or `export … from`; the specifier is the first group. */
export const RELATIVE_IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]/gm;

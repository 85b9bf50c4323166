/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * No import cycles in the shipped sources (nodes/ and credentials/): a cycle makes module load order
 * decide whether a value is there yet (the router and the batch import once imported each other).
 * Every relative import counts, type-only ones too.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

import { RELATIVE_IMPORT, ROOT, shippedSources } from '../support/sources';

function resolveImport(from: string, specifier: string): string {
	const base = path.resolve(path.dirname(from), specifier);
	for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
	}
	throw new Error(`${path.relative(ROOT, from)} imports ${specifier}, which is no source file`);
}

/** Every cycle of the graph, each as the list of files around it (relative to the repository). */
export function findCycles(graph: Map<string, string[]>): string[][] {
	const cycles: string[][] = [];
	const state = new Map<string, 'active' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string): void => {
		state.set(file, 'active');
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'active')
				cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)));
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of graph.keys()) if (!state.has(file)) visit(file);
	return cycles;
}

function importGraph(): Map<string, string[]> {
	return new Map(
		shippedSources().map((file) => [
			file,
			[...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].map((m) =>
				resolveImport(file, m[1]),
			),
		]),
	);
}

describe('import cycles', () => {
	it('the shipped sources import each other without a cycle', () => {
		const graph = importGraph();
		expect(graph.size).toBeGreaterThan(50);
		expect(findCycles(graph)).toEqual([]);
	});

	it('finds a cycle when there is one (the router ↔ batch import cycle this test was written for)', () => {
		const a = path.join(ROOT, 'router.ts');
		const b = path.join(ROOT, 'CallTask.resource.ts');
		const c = path.join(ROOT, 'import.operation.ts');
		const graph = new Map([
			[a, [b]],
			[b, [c]],
			[c, [a]],
		]);
		expect(findCycles(graph)).toEqual([
			['router.ts', 'CallTask.resource.ts', 'import.operation.ts', 'router.ts'],
		]);
	});
});

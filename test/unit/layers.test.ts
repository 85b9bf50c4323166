/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The layers' rules (docs/ARCHITECTURE.md): every endpoint is spelled once, in
 * transport/endpoints.ts; only transport/ sends requests; only api/ calls the transport's request
 * functions, so operations, methods/ and the trigger go through one typed function per endpoint;
 * helpers/ (the input kit) and transport/ stay apart both ways; node errors have two builders.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

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

describe('helpers/ and transport/ apart', () => {
	it('helpers/ imports nothing from transport/ (the input kit serves every layer, transport included)', () => {
		const offenders = files
			.filter(({ file }) => inside(file, 'helpers'))
			.flatMap(({ file, text }) =>
				[...text.matchAll(RELATIVE_IMPORT)]
					.filter(([, to]) => inside(path.join(path.dirname(file), to) + path.sep, 'transport'))
					.map(([, to]) => `${file} imports ${to}`),
			);
		expect(offenders).toEqual([]);
	});

	it('transport/ reads no node parameters (callers pass it plain values)', () => {
		const offenders = matching(/\bget\w*Parameters?\b|\.parameters\b/).filter((file) =>
			inside(file, 'transport'),
		);
		expect(offenders).toEqual([]);
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
			'nodes/ContactCenter/helpers/validation.ts',
			'nodes/ContactCenter/transport/errors.ts',
		]);
	});
});

describe('validation results', () => {
	it('come in the three shapes of helpers/issue.ts (Read, Checked, Built), no function returns its own', () => {
		// A return type spelled as an object literal that carries issues: `): { …issue…: Issue… } {`
		const ownShape = /\):\s*\{[^{}]*\bissues?\??:\s*(Issue|Array<Issue)[^{}]*\}\s*\{/;
		expect(matching(ownShape)).toEqual([]);
	});
});

describe('test suites', () => {
	const testFiles = sources(path.join(ROOT, 'test')).map(read);

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
				'test/tools/start.ts',
				'test/bench/sandbox-child.ts',
				// a test of starting itself: the demo feed's start option
				'test/sandbox/demoFeed.test.ts',
			]
				.map((file) => file.split('/').join(path.sep))
				.sort(),
		);
	});
});

// Runs n8n's community-package scanner rules locally (the published-package scan needs npm
// provenance and a download, so it cannot run here): on the sources, and on the files that
// `npm pack` would publish. Exits non-zero on any finding.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const work = mkdtempSync(join(tmpdir(), 'cc-scan-'));
let failed = false;

function report(label, result) {
	if (result.passed) {
		console.log(`scan ${label}: passed${result.message ? ` (${result.message})` : ''}`);
		return;
	}
	failed = true;
	console.log(`scan ${label}: FAILED: ${result.message}\n${result.details ?? ''}`);
}

try {
	report('sources', await analyzePackage(root, SOURCE_FILE_PATTERNS));
	const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
		cwd: root,
		encoding: 'utf8',
	})
		.trim()
		.split('\n')
		.pop();
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	const published = await analyzePackage(unpacked);
	report('published files (npm pack)', published);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not shipped */
/**
 * The documentation works as written:
 *   - every relative link in README.md, CONTRIBUTING.md, CHANGELOG.md and docs/ points at a file
 *     or folder that exists, and every #anchor at a heading (GitHub's slugs) or an explicit id in
 *     the target;
 *   - the README's install commands run: the manual install into a user folder, and the npm step
 *     of its Dockerfile, each against a registry on 127.0.0.1 that serves this package's tarball
 *     (`npm pack` of the working tree) and nothing else, so nothing leaves the machine and a
 *     command that needed any other package (n8n-workflow as a peer) would fail. The package must
 *     land where n8n loads community packages from: <user folder>/.n8n/nodes/node_modules.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { packPackage, PACKAGE_NAME, type PackedPackage } from '../e2e/lib/package';
import { runChecked } from '../e2e/lib/process';
import { N8N_RELEASES } from '../../tools/runtime';

const ROOT = path.resolve(__dirname, '..', '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

// ---------------------------------------------------------------------------------------------
// Links

const DOCS = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...readdirSync(path.join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks. */
function withoutFences(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside code blocks and inline code, where links are links. */
function prose(markdown: string): string {
	return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading ids (github-slugger): lower case, punctuation dropped, spaces to dashes, -N for repeats. */
function headingIds(markdown: string): Set<string> {
	const text = withoutFences(markdown);
	const ids = new Set<string>();
	const seen = new Map<string, number>();
	for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
		const base = heading
			.replace(/<[^>]+>/g, '')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		ids.add(count === 0 ? base : `${base}-${count}`);
	}
	for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(id);
	return ids;
}

interface Link {
	file: string;
	target: string;
}

function relativeLinks(file: string): Link[] {
	const text = prose(readFileSync(path.join(ROOT, file), 'utf8'));
	const targets = [
		...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
		...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]),
		...[...text.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
	];
	return targets
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
		.map((target) => ({ file, target }));
}

/** Why a link does not resolve, or undefined when it does. */
function brokenReason({ file, target }: Link): string | undefined {
	const [rawPath, anchor] = target.split('#', 2);
	const filePath = decodeURIComponent(rawPath);
	const resolved =
		filePath === ''
			? path.join(ROOT, file)
			: path.resolve(path.dirname(path.join(ROOT, file)), filePath);
	if (!resolved.startsWith(ROOT)) return 'points outside the repository';
	if (!existsSync(resolved)) return 'no such file or folder';
	if (anchor === undefined) return undefined;
	if (!resolved.endsWith('.md') || !statSync(resolved).isFile())
		return 'an #anchor on something that is not a Markdown file';
	const ids = headingIds(readFileSync(resolved, 'utf8'));
	return ids.has(decodeURIComponent(anchor).toLowerCase())
		? undefined
		: `no heading or id "${anchor}" there`;
}

describe('the README', () => {
	test('is at most 15 KB (15,360 bytes): a few screens; the rest lives in docs/', () => {
		expect(Buffer.byteLength(README, 'utf8')).toBeLessThanOrEqual(15_360);
	});

	test('names no registry host: users read "the npm registry"', () => {
		expect(README).not.toMatch(/registry\.[a-z0-9-]+\.(org|com)/);
	});

	test('explains the Signature Order, its credential test, and what n8n 3.0 changes', () => {
		for (const order of [
			'App ID + Timestamp + Nonce',
			'App ID + Nonce + Timestamp',
			'Timestamp + Nonce + App ID',
		])
			expect(README).toContain(order);
		expect(README).toMatch(/n8n 3\.0 stops loading unverified community packages/);
		expect(README).toContain('N8N_UNVERIFIED_PACKAGES_ENABLED=true');
	});
});

describe('links', () => {
	test('GitHub heading ids are computed the way GitHub does (the check below can fail)', () => {
		const ids = headingIds(
			'# Where the spec says "not shown"\n## Queue mode (workers)\n## Queue mode (workers)\n```\n# not a heading\n```\n## `./dev` and Node 24\n<a id="manual-install"></a>',
		);
		expect([...ids]).toEqual(
			expect.arrayContaining(
				'where-the-spec-says-not-shown queue-mode-workers queue-mode-workers-1 dev-and-node-24 manual-install'.split(
					' ',
				),
			),
		);
		expect(ids.has('not-a-heading')).toBe(false);
		expect(brokenReason({ file: 'README.md', target: 'docs/no-such-file.md' })).toBe(
			'no such file or folder',
		);
		expect(brokenReason({ file: 'README.md', target: '#no-such-heading' })).toMatch(/no heading/);
	});

	test('README, CONTRIBUTING and docs/ have relative links, and every one resolves', () => {
		const links = DOCS.flatMap(relativeLinks);
		expect(links.filter((l) => l.file === 'README.md').length).toBeGreaterThan(10);
		expect(links.filter((l) => l.file === 'CONTRIBUTING.md').length).toBeGreaterThan(3);
		const broken = links
			.map((link) => ({ link, reason: brokenReason(link) }))
			.filter(({ reason }) => reason !== undefined)
			.map(({ link, reason }) => `${link.file}: (${link.target}) ${reason}`);
		expect(broken).toEqual([]);
	});
});

// ---------------------------------------------------------------------------------------------
// The README's install commands

/** The fenced block right after `<!-- docs-test: <name> -->` in the README. */
function readmeBlock(name: string): { lang: string; body: string } {
	const match = new RegExp(
		`<!-- docs-test: ${name} -->\\s*\\n(\`\`\`+)([a-z]*)\\n([\\s\\S]*?)\\n\\1\\n`,
	).exec(README);
	if (!match) throw new Error(`README.md has no fenced block marked <!-- docs-test: ${name} -->`);
	return { lang: match[2], body: match[3] };
}

/** A registry on 127.0.0.1 that knows one package (the packed tarball) and answers 404 to the rest. */
async function startRegistry(pack: PackedPackage) {
	const tarball = readFileSync(pack.tarball);
	const unpack = ['-xzOf', pack.tarball, 'package/package.json'];
	const manifest = JSON.parse(
		(await runChecked('tar', unpack, { timeoutMs: 30_000 })).stdout,
	) as Record<string, unknown>;
	const requests: string[] = [];
	const server = createServer((req, res) => {
		requests.push(`${req.method} ${req.url}`);
		const { port } = server.address() as AddressInfo;
		const tarballPath = `/${pack.name}/-/${pack.name}-${pack.version}.tgz`;
		if (req.url === `/${pack.name}`) {
			const dist = {
				tarball: `http://127.0.0.1:${port}${tarballPath}`,
				shasum: createHash('sha1').update(tarball).digest('hex'),
				integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
			};
			const version = { ...manifest, _id: `${pack.name}@${pack.version}`, dist };
			const packument = { name: pack.name, 'dist-tags': { latest: pack.version } };
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify({ ...packument, versions: { [pack.version]: version } }));
		} else if (req.url === tarballPath) {
			res.setHeader('content-type', 'application/octet-stream');
			res.end(tarball);
		} else {
			res.statusCode = 404;
			res.end('{"error":"not found"}');
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { server, url: `http://127.0.0.1:${port}/`, requests };
}

/** npm's environment for a user whose home is `home`: this registry, a private cache, no proxy. */
function userEnv(home: string, registry: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env))
		if (!/^(npm_|NPM_|https?_proxy$|HTTPS?_PROXY$|no_proxy$|NO_PROXY$|N8N_)/.test(key))
			env[key] = value;
	return {
		...env,
		HOME: home,
		npm_config_registry: registry,
		npm_config_cache: path.join(home, '.npm'),
		npm_config_userconfig: path.join(home, '.npmrc'),
		npm_config_update_notifier: 'false',
		npm_config_fetch_retries: '0',
	};
}

function expectInstalledForN8n(home: string, pack: PackedPackage): void {
	const nodes = path.join(home, '.n8n', 'nodes');
	const installed = path.join(nodes, 'node_modules', PACKAGE_NAME);
	const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
		version: string;
		n8n: { nodes: string[]; credentials: string[] };
	};
	expect(manifest.version).toBe(pack.version);
	for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
		expect(existsSync(path.join(installed, file))).toBe(true);
	expect(existsSync(path.join(installed, 'dist/nodes/ContactCenter/ContactCenter.node.js'))).toBe(
		true,
	);
	// Only the package: no copy of n8n-workflow beside it, so it uses n8n's own.
	expect(readdirSync(path.join(nodes, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([
		PACKAGE_NAME,
	]);
	const list = JSON.parse(readFileSync(path.join(nodes, 'package.json'), 'utf8')) as {
		dependencies: Record<string, string>;
	};
	expect(Object.keys(list.dependencies)).toEqual([PACKAGE_NAME]);
}

describe("the README's install commands, against a registry on 127.0.0.1", () => {
	let pack: PackedPackage;
	let registry: Awaited<ReturnType<typeof startRegistry>>;
	let work: string;

	beforeAll(async () => {
		pack = await packPackage();
		registry = await startRegistry(pack);
		work = mkdtempSync(path.join(tmpdir(), 'cc-docs-'));
	}, 5 * 60_000);

	afterAll(async () => {
		await new Promise((resolve) => registry?.server.close(resolve));
		if (work) rmSync(work, { recursive: true, force: true });
	});

	beforeEach(() => {
		registry.requests.length = 0;
	});

	test('the registry refuses any other package (the checks below can fail)', async () => {
		const home = path.join(work, 'control');
		const failed = await runChecked(
			'sh',
			['-c', 'mkdir -p ~/x && cd ~/x && npm install --no-audit --no-fund n8n-workflow'],
			{ env: userEnv(home, registry.url), timeoutMs: 120_000 },
		).then(
			() => 'installed',
			() => 'refused',
		);
		expect(failed).toBe('refused');
		expect(registry.requests).toContain('GET /n8n-workflow');
	}, 150_000);

	/** Runs a README command as a user whose home is `<work>/<name>`; it must install only the package. */
	async function installAs(name: string, shell: string, args: string[]): Promise<void> {
		const home = path.join(work, name);
		await runChecked(shell, args, { env: userEnv(home, registry.url), timeoutMs: 120_000 });
		expectInstalledForN8n(home, pack);
		expect(registry.requests.every((r) => r.startsWith(`GET /${PACKAGE_NAME}`))).toBe(true);
	}

	test('manual install: the commands land the package in <user folder>/.n8n/nodes', async () => {
		const { lang, body } = readmeBlock('manual-install');
		expect(lang).toBe('bash');
		expect(body).toContain(`npm install --legacy-peer-deps ${PACKAGE_NAME}`);
		await installAs('manual', 'bash', ['-euo', 'pipefail', '-c', body]);
	}, 150_000);

	test('Dockerfile: FROM a tested n8n release, and its npm step lands the package in the user folder', async () => {
		const { lang, body } = readmeBlock('dockerfile');
		expect(lang).toBe('dockerfile');
		const from = /^FROM n8nio\/n8n:(\S+)$/m.exec(body);
		expect(N8N_RELEASES.map((release) => release.version)).toContain(from?.[1]);
		expect(body).toMatch(/^USER node$/m);
		expect(body).toMatch(/^ENV N8N_UNVERIFIED_PACKAGES_ENABLED=true$/m);
		expect(body).not.toContain('N8N_CUSTOM_EXTENSIONS');
		const run = /^RUN ((?:.*\\\n)*.*)$/m.exec(body);
		expect(run).not.toBeNull();
		// The image's user is node with HOME /home/node, n8n's user folder there.
		await installAs('docker', 'sh', ['-ec', run![1].replace(/\\\n\s*/g, ' ')]);
	}, 150_000);
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * A local npm registry that n8n's own community-node installer reaches as "the npm registry".
 *
 * n8n's installer (Settings → Community Nodes → Install, and Update) fetches packages with
 * `npm pack <name>@<version> --registry=https://registry.npmjs.org`. Pointing it elsewhere with
 * `N8N_COMMUNITY_PACKAGES_REGISTRY` is a licensed feature (`feat:communityNodes:customRegistry`,
 * `CommunityPackagesService.getNpmRegistry` throws without the licence, in 1.123.81, 2.4.8 and
 * 2.41.1), so an unlicensed n8n (every user of the community edition) always asks
 * registry.npmjs.org. To run that path for real against a package that is not on the public
 * registry, this starts:
 *
 *   - Verdaccio (a real npm registry, pinned in `test/e2e/registry-host/`, installed into the cache
 *     on first use) on a free loopback port, with no uplinks, where the package is published with
 *     `npm publish`;
 *   - an HTTPS proxy on loopback that n8n's npm is told to use (`HTTPS_PROXY` for the processes
 *     that inherit n8n's environment, `https-proxy` in `<user folder>/.n8n/nodes/.npmrc` for the
 *     one that older releases start with a bare environment). It answers `CONNECT registry.npmjs.org:443`
 *     itself, with a certificate for registry.npmjs.org signed by a throwaway CA made here (trusted
 *     through `NODE_EXTRA_CA_CERTS` and `cafile`), and forwards every request to Verdaccio. Any
 *     other host is refused, so nothing leaves the machine.
 *
 * Every request the proxy forwards is recorded (`requests`), so a test can show that n8n's
 * installer, not a copy made by the test, fetched the package.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import {
	createServer,
	request as httpRequest,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import type { ChildProcess } from 'node:child_process';

import { ensureVerdaccio } from '../../tools/runtime';
import { type PackedPackage } from './package';
import { freePort } from './ports';
import { runChecked, spawnGroup, stopGroup, waitFor } from './process';

/** The host n8n's installer asks for packages (its DEFAULT_REGISTRY). */
export const NPM_REGISTRY_HOST = 'registry.npmjs.org';

/** Hosts that never go through the proxy. */
const LOOPBACK = '127.0.0.1,localhost';

export interface RegistryRequest {
	method: string;
	/** Path and query, as Verdaccio received it. */
	path: string;
	status: number;
}

/** A throwaway CA and a certificate for registry.npmjs.org signed by it (openssl, P-256, 2 days). */
async function makeCertificates(dir: string): Promise<{ caFile: string; context: SecureContext }> {
	const file = (name: string): string => path.join(dir, name);
	const openssl = (args: string[]) => runChecked('openssl', args, { cwd: dir, timeoutMs: 30_000 });
	const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
	await openssl([
		'req',
		'-x509',
		...ec,
		'-keyout',
		file('ca.key'),
		'-out',
		file('ca.pem'),
		'-days',
		'2',
		'-subj',
		'/CN=n8n-nodes-contact-center test registry CA',
		'-addext',
		'basicConstraints=critical,CA:TRUE',
		'-addext',
		'keyUsage=critical,keyCertSign,cRLSign',
	]);
	await openssl([
		'req',
		...ec,
		'-keyout',
		file('host.key'),
		'-out',
		file('host.csr'),
		'-subj',
		`/CN=${NPM_REGISTRY_HOST}`,
	]);
	await fs.writeFile(
		file('host.ext'),
		[
			`subjectAltName=DNS:${NPM_REGISTRY_HOST}`,
			'basicConstraints=CA:FALSE',
			'keyUsage=critical,digitalSignature',
			'extendedKeyUsage=serverAuth',
		].join('\n'),
	);
	await openssl([
		'x509',
		'-req',
		'-in',
		file('host.csr'),
		'-CA',
		file('ca.pem'),
		'-CAkey',
		file('ca.key'),
		'-CAcreateserial',
		'-out',
		file('host.pem'),
		'-days',
		'2',
		'-extfile',
		file('host.ext'),
	]);
	const context = createSecureContext({
		key: await fs.readFile(file('host.key')),
		cert: await fs.readFile(file('host.pem')),
	});
	return { caFile: file('ca.pem'), context };
}

function verdaccioConfig(dir: string): string {
	// JSON is YAML: no quoting questions. No uplinks: only what is published here exists.
	return JSON.stringify(
		{
			storage: path.join(dir, 'storage'),
			auth: { htpasswd: { file: path.join(dir, 'htpasswd'), max_users: 1 } },
			uplinks: {},
			packages: {
				'**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' },
			},
			// Tarball addresses follow the Host and X-Forwarded-Proto the proxy sends, so npm fetches
			// them from https://registry.npmjs.org too (through the proxy).
			server: { keepAliveTimeout: 0, trustProxy: 'loopback' },
			web: { enable: false },
			log: { type: 'stdout', format: 'pretty', level: 'warn' },
		},
		null,
		2,
	);
}

export class LocalRegistry {
	private constructor(
		/** Every request the proxy forwarded to Verdaccio, in order. */
		readonly requests: RegistryRequest[],
		/** Verdaccio, for publishing: http://127.0.0.1:<port>. */
		readonly url: string,
		/** The HTTPS proxy n8n's npm goes through: http://127.0.0.1:<port>. */
		readonly proxyUrl: string,
		/** The CA that signed the proxy's registry.npmjs.org certificate. */
		readonly caFile: string,
		private readonly token: string,
		private readonly dir: string,
		private readonly verdaccio: ChildProcess,
		private readonly proxy: Server,
		private readonly sockets: Set<Socket>,
	) {}

	static async start(options: { onLog?: (line: string) => void } = {}): Promise<LocalRegistry> {
		const { nodeBin, verdaccioBin } = await ensureVerdaccio({ log: options.onLog });
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-registry-'));
		const output: string[] = [];
		let verdaccio: ChildProcess | undefined;
		let proxy: Server | undefined;
		const sockets = new Set<Socket>();
		try {
			const { caFile, context } = await makeCertificates(dir);
			const configFile = path.join(dir, 'config.yaml');
			await fs.writeFile(configFile, verdaccioConfig(dir));
			const port = await freePort();
			const url = `http://127.0.0.1:${port}`;
			verdaccio = spawnGroup(
				nodeBin,
				[verdaccioBin, '--config', configFile, '--listen', `127.0.0.1:${port}`],
				{
					cwd: dir,
					onLine: (line) => {
						output.push(line);
						options.onLog?.(`[registry] ${line}`);
					},
				},
			);
			const child = verdaccio;
			const exited = new Promise<never>((_, reject) =>
				child.once('close', (code, signal) =>
					reject(
						new Error(`verdaccio exited (${signal ?? code}):\n${output.slice(-20).join('\n')}`),
					),
				),
			);
			exited.catch(() => undefined);
			await Promise.race([
				waitFor('verdaccio ready', 60_000, async () =>
					(await fetch(`${url}/-/ping`)).ok ? true : undefined,
				),
				exited,
			]);
			// The one user allowed to publish, registered as `npm adduser` does.
			const password = randomBytes(12).toString('hex');
			const created = await fetch(`${url}/-/user/org.couchdb.user:publisher`, {
				method: 'PUT',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ name: 'publisher', password }),
			});
			const { token } = (await created.json()) as { token?: string };
			if (!created.ok || !token)
				throw new Error(`verdaccio refused to register the publisher (${created.status})`);

			const requests: RegistryRequest[] = [];
			proxy = LocalRegistry.proxyServer(port, context, requests, sockets);
			const proxyPort = await freePort();
			await new Promise<void>((resolve, reject) => {
				proxy!.once('error', reject);
				proxy!.listen(proxyPort, '127.0.0.1', () => resolve());
			});
			return new LocalRegistry(
				requests,
				url,
				`http://127.0.0.1:${proxyPort}`,
				caFile,
				token,
				dir,
				child,
				proxy,
				sockets,
			);
		} catch (error) {
			if (proxy) await new Promise((resolve) => proxy!.close(resolve));
			if (verdaccio) await stopGroup(verdaccio, 5_000);
			await fs.rm(dir, { recursive: true, force: true });
			throw error;
		}
	}

	/**
	 * The proxy: `CONNECT registry.npmjs.org:443` is answered here (TLS with the test certificate)
	 * and each request inside is forwarded to Verdaccio; so is a plain request for an
	 * `https://registry.npmjs.org/…` address. Everything else: 403.
	 */
	private static proxyServer(
		verdaccioPort: number,
		context: SecureContext,
		requests: RegistryRequest[],
		sockets: Set<Socket>,
	): Server {
		const forward = (req: IncomingMessage, res: ServerResponse, pathAndQuery: string): void => {
			const upstream = httpRequest(
				{
					host: '127.0.0.1',
					port: verdaccioPort,
					method: req.method,
					path: pathAndQuery,
					headers: { ...req.headers, host: NPM_REGISTRY_HOST, 'x-forwarded-proto': 'https' },
				},
				(answer) => {
					requests.push({
						method: req.method ?? 'GET',
						path: pathAndQuery,
						status: answer.statusCode ?? 0,
					});
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			upstream.on('error', (error) => {
				requests.push({ method: req.method ?? 'GET', path: pathAndQuery, status: 502 });
				if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
				res.end(`local registry unreachable: ${error.message}`);
			});
			req.pipe(upstream);
		};
		const inner = createServer((req, res) => forward(req, res, req.url ?? '/'));
		const outer = createServer((req, res) => {
			const target = req.url ?? '';
			const prefix = `https://${NPM_REGISTRY_HOST}/`;
			if (target.startsWith(prefix)) {
				forward(req, res, target.slice(prefix.length - 1));
				return;
			}
			res.writeHead(403, { 'content-type': 'text/plain' });
			res.end(`this proxy serves ${NPM_REGISTRY_HOST} only`);
		});
		const track = (socket: Socket): void => {
			sockets.add(socket);
			socket.once('close', () => sockets.delete(socket));
		};
		outer.on('connection', track);
		outer.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
			socket.on('error', () => socket.destroy());
			if (req.url !== `${NPM_REGISTRY_HOST}:443`) {
				socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
				return;
			}
			socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length > 0) socket.unshift(head);
			const secure = new TLSSocket(socket, { isServer: true, secureContext: context });
			secure.on('error', () => secure.destroy());
			track(secure);
			inner.emit('connection', secure);
		});
		return outer;
	}

	/** `npm publish` of a packed tarball to Verdaccio (it becomes the `latest` version). */
	async publish(tarball: string): Promise<void> {
		const host = this.url.replace(/^http:/, '');
		await runChecked(
			'npm',
			[
				'publish',
				tarball,
				`--registry=${this.url}/`,
				`--${host}/:_authToken=${this.token}`,
				'--ignore-scripts',
				'--access=public',
			],
			{ cwd: this.dir, timeoutMs: 2 * 60_000 },
		);
	}

	/** The `latest` tag Verdaccio holds for `name` (undefined when nothing is published). */
	async latest(name: string): Promise<string | undefined> {
		const answer = await fetch(`${this.url}/${encodeURIComponent(name)}`);
		if (answer.status === 404) return undefined;
		const doc = (await answer.json()) as { 'dist-tags'?: { latest?: string } };
		return doc['dist-tags']?.latest;
	}

	/**
	 * The environment that sends an n8n process's HTTPS traffic through the proxy, loopback excepted
	 * (the sandbox is plain HTTP on 127.0.0.1): its npm children inherit it (`npm pack`,
	 * `npm install`, `npm view`), and n8n's own calls to other hosts (api.n8n.io) get a 403 at once.
	 */
	n8nEnv(): Record<string, string> {
		return {
			HTTPS_PROXY: this.proxyUrl,
			https_proxy: this.proxyUrl,
			NO_PROXY: LOOPBACK,
			no_proxy: LOOPBACK,
			NODE_EXTRA_CA_CERTS: this.caFile,
		};
	}

	/**
	 * The same settings as `<userFolder>/.n8n/nodes/.npmrc`, for the npm command that n8n runs there
	 * with a bare environment: `npm outdated`, which finds the update the editor offers (n8n 1.123.81
	 * and 2.4.8 pass it only PATH, NODE_PATH, APPDATA and NODE_ENV; 2.41.1 passes its own
	 * environment). npm reads the `.npmrc` of the project it runs in, and `.n8n/nodes` is one (n8n
	 * writes its package.json).
	 */
	async writeNpmrc(userFolder: string): Promise<void> {
		const nodes = path.join(userFolder, '.n8n', 'nodes');
		await fs.mkdir(nodes, { recursive: true });
		await fs.writeFile(
			path.join(nodes, '.npmrc'),
			[
				`https-proxy=${this.proxyUrl}`,
				`noproxy=${LOOPBACK}`,
				`cafile=${this.caFile}`,
				// Its own cache, always asked again: a version published a moment ago is seen at once.
				`cache=${path.join(this.dir, 'npm-cache')}`,
				'prefer-online=true',
				'update-notifier=false',
				'',
			].join('\n'),
		);
	}

	/**
	 * The same package under another version: the tarball unpacked, its package.json `version`
	 * changed, packed again (as a release of the next version would be, with the same code). Kept
	 * until `stop()`.
	 */
	async repackAs(pack: PackedPackage, version: string): Promise<PackedPackage> {
		const dir = await fs.mkdtemp(path.join(this.dir, 'repack-'));
		await runChecked('tar', ['-xzf', pack.tarball, '-C', dir], { timeoutMs: 60_000 });
		const manifestPath = path.join(dir, 'package', 'package.json');
		const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as Record<string, unknown>;
		manifest.version = version;
		await fs.writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
		const tarball = path.join(dir, `${pack.name}-${version}.tgz`);
		await runChecked('tar', ['-czf', tarball, '-C', dir, 'package'], { timeoutMs: 60_000 });
		return { tarball, name: pack.name, version };
	}

	async stop(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.proxy.close(resolve));
		await stopGroup(this.verdaccio, 5_000);
		await fs.rm(this.dir, { recursive: true, force: true });
	}
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
/**
 * A local npm registry that n8n's own community-node installer reaches at its default registry's
 * host name.
 *
 * The installer runs `npm pack <name>@<version> --registry=<its DEFAULT_REGISTRY>`; another
 * registry (`N8N_COMMUNITY_PACKAGES_REGISTRY`) is the licensed feature
 * `feat:communityNodes:customRegistry` (`CommunityPackagesService.getNpmRegistry` in 1.123.81, 2.4.8
 * and 2.41.1). So this reads that default from the n8n under test (`registryHostOf`), starts
 * Verdaccio (pinned in `test/e2e/registry-host/`, no uplinks) on loopback, and an HTTPS proxy that
 * answers `CONNECT <host>:443` itself, with a certificate for that host from a throwaway CA, and
 * forwards every request to Verdaccio (any other host: 403). Every forwarded request is recorded
 * (`requests`): n8n's installer, not the test, fetched the package.
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

import { ensureVerdaccio, type Runtime } from '../../../tools/runtime';
import { type PackedPackage } from './package';
import { freePort } from './ports';
import { runChecked, spawnGroup, stopGroup, untilReady } from './process';

/** Hosts that never go through the proxy. */
const LOOPBACK = '127.0.0.1,localhost';
/** Where n8n's community-node installer keeps its default registry (read there in 1.123.81 and 2.41.1). */
const INSTALLER_SOURCE = 'dist/modules/community-packages/community-packages.service.js';

/**
 * The host name n8n's installer fetches packages from, read from the installed n8n's own code
 * (`const DEFAULT_REGISTRY = 'https://…'`), so that the test follows n8n if the default changes.
 */
export async function registryHostOf(runtime: Runtime): Promise<string> {
	const file = path.join(runtime.n8nDir, 'node_modules', 'n8n', INSTALLER_SOURCE);
	const source = await fs.readFile(file, 'utf8').catch(() => '');
	const url = /\bDEFAULT_REGISTRY\s*=\s*['"]([^'"]+)['"]/.exec(source)?.[1];
	if (!url)
		throw new Error(
			`n8n ${runtime.n8nVersion}: no DEFAULT_REGISTRY in ${file}; find where its community-package installer names its registry and update INSTALLER_SOURCE`,
		);
	return new URL(url).hostname;
}

/** A throwaway CA and a certificate for `host` signed by it (openssl, P-256, 2 days). */
async function makeCertificate(dir: string, host: string): Promise<SecureContext> {
	const openssl = (args: string) =>
		runChecked('openssl', args.split(' '), { cwd: dir, timeoutMs: 30_000 });
	const key = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
	await openssl(
		`req -x509 ${key} -keyout ca.key -out ca.pem -days 2 -subj /CN=contact-center-test-CA -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign`,
	);
	await openssl(`req ${key} -keyout host.key -out host.csr -subj /CN=${host}`);
	await fs.writeFile(
		path.join(dir, 'host.ext'),
		`subjectAltName=DNS:${host}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
	);
	await openssl(
		'x509 -req -in host.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out host.pem -days 2 -extfile host.ext',
	);
	const read = (file: string) => fs.readFile(path.join(dir, file));
	return createSecureContext({ key: await read('host.key'), cert: await read('host.pem') });
}

/** Verdaccio's config (JSON is YAML): no uplinks, so only what is published here exists. */
function verdaccioConfig(dir: string): string {
	return JSON.stringify({
		storage: path.join(dir, 'storage'),
		auth: { htpasswd: { file: path.join(dir, 'htpasswd'), max_users: 1 } },
		uplinks: {},
		packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
		// Tarball addresses follow the Host and X-Forwarded-Proto the proxy sends: npm fetches them
		// from the installer's registry host too (through the proxy).
		server: { keepAliveTimeout: 0, trustProxy: 'loopback' },
		web: { enable: false },
		log: { type: 'stdout', format: 'pretty', level: 'warn' },
	});
}

export class LocalRegistry {
	/** Every request the proxy forwarded to Verdaccio, in order (`path`: with the query). */
	readonly requests: Array<{ method: string; path: string; status: number }> = [];
	/** Verdaccio, for publishing: http://127.0.0.1:<port>. */
	url = '';
	/** The HTTPS proxy n8n's npm goes through: http://127.0.0.1:<port>. */
	proxyUrl = '';
	private token = '';
	private verdaccio: ChildProcess | undefined;
	private proxy: Server | undefined;
	private readonly sockets = new Set<Socket>();

	private constructor(
		private readonly dir: string,
		/** The host name n8n's installer asks for packages (its DEFAULT_REGISTRY's). */
		readonly host: string,
	) {}

	/** A registry standing in for the default registry of the n8n in `runtime`. */
	static async start(runtime: Runtime): Promise<LocalRegistry> {
		const host = await registryHostOf(runtime);
		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-registry-'));
		const registry = new LocalRegistry(dir, host);
		try {
			await registry.boot();
			return registry;
		} catch (error) {
			await registry.stop();
			throw error;
		}
	}

	private async boot(): Promise<void> {
		const { nodeBin, verdaccioBin } = await ensureVerdaccio();
		const context = await makeCertificate(this.dir, this.host);
		const config = path.join(this.dir, 'config.yaml');
		await fs.writeFile(config, verdaccioConfig(this.dir));
		const port = await freePort();
		this.url = `http://127.0.0.1:${port}`;
		const output: string[] = [];
		const child = spawnGroup(
			nodeBin,
			[verdaccioBin, '--config', config, '--listen', `127.0.0.1:${port}`],
			{ cwd: this.dir, onLine: (line) => output.push(line) },
		);
		this.verdaccio = child;
		const ping = async () => (await fetch(`${this.url}/-/ping`)).ok;
		await untilReady(child, 'verdaccio', 60_000, ping, () => output.slice(-20).join('\n'));
		// The one user allowed to publish, registered as `npm adduser` does.
		const created = await fetch(`${this.url}/-/user/org.couchdb.user:publisher`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'publisher', password: randomBytes(12).toString('hex') }),
		});
		const { token } = (await created.json()) as { token?: string };
		if (!created.ok || !token)
			throw new Error(`verdaccio refused to register the publisher (${created.status})`);
		this.token = token;
		const proxy = this.proxyServer(port, context);
		this.proxy = proxy;
		const proxyPort = await freePort();
		await new Promise<void>((resolve, reject) => {
			proxy.once('error', reject);
			proxy.listen(proxyPort, '127.0.0.1', resolve);
		});
		this.proxyUrl = `http://127.0.0.1:${proxyPort}`;
	}

	/**
	 * `CONNECT <host>:443` is answered here (TLS with the test certificate) and each request inside
	 * is forwarded to Verdaccio; so is a plain request for `https://<host>/…`.
	 */
	private proxyServer(verdaccioPort: number, context: SecureContext): Server {
		const { host } = this;
		const forward = (req: IncomingMessage, res: ServerResponse, pathAndQuery: string): void => {
			const method = req.method ?? 'GET';
			const record = (status: number) => this.requests.push({ method, path: pathAndQuery, status });
			const upstream = httpRequest(
				{
					host: '127.0.0.1',
					port: verdaccioPort,
					method,
					path: pathAndQuery,
					headers: { ...req.headers, host, 'x-forwarded-proto': 'https' },
				},
				(answer) => {
					record(answer.statusCode ?? 0);
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			upstream.on('error', (error) => {
				record(502);
				if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
				res.end(`local registry unreachable: ${error.message}`);
			});
			req.pipe(upstream);
		};
		const inner = createServer((req, res) => forward(req, res, req.url ?? '/'));
		const outer = createServer((req, res) => {
			const prefix = `https://${host}/`;
			if (req.url?.startsWith(prefix)) return forward(req, res, req.url.slice(prefix.length - 1));
			res.writeHead(403, { 'content-type': 'text/plain' });
			res.end(`this proxy serves ${host} only`);
		});
		const track = (socket: Socket): void => {
			this.sockets.add(socket);
			socket.once('close', () => this.sockets.delete(socket));
		};
		outer.on('connection', track);
		outer.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
			socket.on('error', () => socket.destroy());
			if (req.url !== `${host}:443`) {
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
		const auth = `--${this.url.replace(/^http:/, '')}/:_authToken=${this.token}`;
		await runChecked(
			'npm',
			['publish', tarball, `--registry=${this.url}/`, auth, '--ignore-scripts', '--access=public'],
			{ cwd: this.dir, timeoutMs: 2 * 60_000 },
		);
	}

	/** The `latest` tag Verdaccio holds for `name` (undefined when nothing is published). */
	async latest(name: string): Promise<string | undefined> {
		const answer = await fetch(`${this.url}/${encodeURIComponent(name)}`);
		if (answer.status === 404) return undefined;
		return ((await answer.json()) as { 'dist-tags'?: { latest?: string } })['dist-tags']?.latest;
	}

	/**
	 * The environment that sends an n8n process's HTTPS traffic through the proxy, loopback excepted
	 * (the sandbox): its npm children inherit it, and n8n's calls to other hosts get a 403 at once.
	 */
	n8nEnv(): Record<string, string> {
		const proxy = { HTTPS_PROXY: this.proxyUrl, https_proxy: this.proxyUrl };
		const caFile = path.join(this.dir, 'ca.pem');
		return { ...proxy, NO_PROXY: LOOPBACK, no_proxy: LOOPBACK, NODE_EXTRA_CA_CERTS: caFile };
	}

	/**
	 * The same settings in `<userFolder>/.n8n/nodes/.npmrc`, for the `npm outdated` (the update the
	 * editor offers) that n8n 1.123.81 and 2.4.8 run there with a bare environment.
	 */
	async writeNpmrc(userFolder: string): Promise<void> {
		const nodes = path.join(userFolder, '.n8n', 'nodes');
		await fs.mkdir(nodes, { recursive: true });
		const settings = [
			`https-proxy=${this.proxyUrl}`,
			`noproxy=${LOOPBACK}`,
			`cafile=${path.join(this.dir, 'ca.pem')}`,
			// Its own cache, always asked again: a version published a moment ago is seen at once.
			`cache=${path.join(this.dir, 'npm-cache')}`,
			'prefer-online=true',
			'update-notifier=false',
		];
		await fs.writeFile(path.join(nodes, '.npmrc'), `${settings.join('\n')}\n`);
	}

	/**
	 * The package as another version: the tarball unpacked, its `version` changed, `edit` applied to
	 * the unpacked folder (`package/`), packed again. Kept until `stop()`.
	 */
	async repackAs(
		pack: PackedPackage,
		version: string,
		edit: (packageDir: string) => Promise<void> = async () => undefined,
	): Promise<PackedPackage> {
		const dir = await fs.mkdtemp(path.join(this.dir, 'repack-'));
		await runChecked('tar', ['-xzf', pack.tarball, '-C', dir], { timeoutMs: 60_000 });
		const manifestPath = path.join(dir, 'package', 'package.json');
		const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as Record<string, unknown>;
		await fs.writeFile(manifestPath, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
		await edit(path.join(dir, 'package'));
		const tarball = path.join(dir, `${pack.name}-${version}.tgz`);
		await runChecked('tar', ['-czf', tarball, '-C', dir, 'package'], { timeoutMs: 60_000 });
		return { tarball, name: pack.name, version };
	}

	async stop(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		const proxy = this.proxy;
		if (proxy) await new Promise((resolve) => proxy.close(resolve));
		if (this.verdaccio) await stopGroup(this.verdaccio, 5_000);
		await fs.rm(this.dir, { recursive: true, force: true });
	}
}

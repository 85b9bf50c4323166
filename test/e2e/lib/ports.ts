/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (listen on port 0, read it, close). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			if (address === null || typeof address === 'string') {
				server.close();
				reject(new Error('could not read the port of a listening socket'));
				return;
			}
			server.close(() => resolve(address.port));
		});
	});
}

/** Whether something already listens on 127.0.0.1:`port`. */
export function portInUse(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(true));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
	});
}

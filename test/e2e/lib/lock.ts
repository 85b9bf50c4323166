/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * A cross-process lock (an atomically created folder holding the owner's pid), so that two test
 * workers or a test and `npm start` never install into the same folder at once. A lock left by a
 * process that no longer exists is taken over.
 */
export async function withLock<T>(
	name: string,
	log: (line: string) => void,
	work: () => Promise<T>,
): Promise<T> {
	const lockDir = `${name}.lock`;
	await fs.mkdir(path.dirname(lockDir), { recursive: true });
	const deadline = Date.now() + 15 * 60_000;
	let announced = false;
	for (;;) {
		try {
			await fs.mkdir(lockDir);
			await fs.writeFile(path.join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const owner = Number(await fs.readFile(path.join(lockDir, 'pid'), 'utf8').catch(() => '0'));
			if (!owner || !isAlive(owner)) {
				// Give a lock just being created a moment to get its pid file before calling it stale.
				const stat = await fs.stat(lockDir).catch(() => undefined);
				if (!stat || Date.now() - stat.mtimeMs > 5_000 || owner) {
					await fs.rm(lockDir, { recursive: true, force: true });
					continue;
				}
			}
			if (Date.now() > deadline)
				throw new Error(`Timed out waiting for ${lockDir} (held by pid ${owner})`);
			if (!announced) {
				log(`waiting for another install (pid ${owner}) to finish…`);
				announced = true;
			}
			await new Promise((r) => setTimeout(r, 1_000));
		}
	}
	try {
		return await work();
	} finally {
		await fs.rm(lockDir, { recursive: true, force: true });
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

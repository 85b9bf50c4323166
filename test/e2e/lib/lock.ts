/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code, not shipped */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

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
	const pidFile = path.join(lockDir, 'pid');
	await fs.mkdir(path.dirname(lockDir), { recursive: true });
	const deadline = Date.now() + 15 * 60_000;
	for (let announced = false; ; ) {
		try {
			await fs.mkdir(lockDir);
			await fs.writeFile(pidFile, String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const owner = Number(await fs.readFile(pidFile, 'utf8').catch(() => '0'));
			// A lock without a pid file yet is being created: stale only after 5 s.
			const age = Date.now() - ((await fs.stat(lockDir).catch(() => undefined))?.mtimeMs ?? 0);
			if ((owner && !isAlive(owner)) || (!owner && age > 5_000)) {
				await fs.rm(lockDir, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir} (pid ${owner})`);
			if (!announced) log(`waiting for another install (pid ${owner}) to finish…`);
			announced = true;
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
	}
	try {
		return await work();
	} finally {
		await fs.rm(lockDir, { recursive: true, force: true });
	}
}

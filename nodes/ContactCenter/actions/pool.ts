/**
 * The bounded pool behind Parallel Requests: items start in input order, at most `limit` run at
 * once, and each item's outcome is kept at its own index, so the router can pair and order the
 * output whatever order the answers come back in. No n8n context here: a pure scheduler.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `task(0)` … `task(count - 1)` with at most `limit` running at once. With `stopOnFailure`, no
 * item starts after the first failure; those already running finish. An item that never started
 * has no outcome (undefined).
 */
export async function runBounded<T>(
	count: number,
	limit: number,
	task: (index: number) => Promise<T>,
	stopOnFailure: boolean,
): Promise<Array<Outcome<T> | undefined>> {
	const outcomes = Array.from<Outcome<T> | undefined>({ length: count });
	let next = 0;
	let stopped = false;
	const worker = async (): Promise<void> => {
		while (!stopped && next < count) {
			const index = next++;
			try {
				outcomes[index] = { ok: true, value: await task(index) };
			} catch (error) {
				outcomes[index] = { ok: false, error };
				if (stopOnFailure) stopped = true;
			}
		}
	};
	const workers = Math.max(1, Math.min(limit, count));
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}

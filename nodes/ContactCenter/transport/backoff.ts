/**
 * The back-off shared by the requests of one node run that sends items in parallel: a 429 (with or
 * without Retry-After), a 5xx or a network failure seen by one request holds back every request of
 * the run, so the whole pool slows down instead of the other requests hammering on.
 */
import { sleep } from 'n8n-workflow';

export class BackoffGate {
	private openAt = 0;

	/** No request of the run goes out until `ms` from now (a longer hold already in force stays). */
	hold(ms: number): void {
		this.openAt = Math.max(this.openAt, Date.now() + ms);
	}

	/** Resolves once no hold is in force; a hold added while waiting is waited for too. */
	async pass(): Promise<void> {
		for (let wait = this.openAt - Date.now(); wait > 0; wait = this.openAt - Date.now()) {
			await sleep(wait);
		}
	}
}

// Kept on the run's context object itself, so a proxy of it (the expression fast path hands
// operations one) finds the same gate.
const GATE = Symbol('contactCenter.backoff');
type WithGate = { [GATE]?: BackoffGate };

/** Gives the requests made through `context` one shared back-off (the router does, for parallel runs). */
export function shareBackoff(context: object): BackoffGate {
	const holder = context as WithGate;
	return (holder[GATE] ??= new BackoffGate());
}

/** The shared back-off of `context`, if its run has one; without it each request backs off alone. */
export function backoffGateOf(context: object): BackoffGate | undefined {
	return (context as WithGate)[GATE];
}

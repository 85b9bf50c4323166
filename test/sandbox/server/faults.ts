import { Rng } from '../lib/random';
import { attempt, Fields, isObject, present, words, type Fail } from '../lib/validate';
import type { ActiveFault, FaultKind, FaultSpec } from '../types';

export const FAULT_KINDS = words('status delay truncated nonjson html envelope reset json');

interface FaultState {
	id: string;
	spec: FaultSpec;
	hits: number;
	/** null: unlimited (a probability fault without a count). */
	remaining: number | null;
	rng: Rng | null;
	regex: RegExp | null;
}

export class FaultSpecError extends Error {}

const fail: Fail = (message) => {
	throw new FaultSpecError(message);
};

function readSpec(input: unknown): FaultSpec {
	if (!isObject(input)) return fail('a fault must be a JSON object');
	const f = new Fields(input, fail);
	f.onlyKeys(
		words(
			'pathPattern kind method status delayMs envelopeCode envelopeMessage retryAfterSeconds count probability seed runHandler body',
		),
	);
	const spec: FaultSpec = {
		pathPattern: f.string('pathPattern', { required: true }) as string,
		kind: f.oneOf('kind', FAULT_KINDS, { required: true }) as FaultKind,
	};
	const optional: Partial<FaultSpec> = {
		method: f.oneOf('method', ['GET', 'POST'] as const),
		status: f.integer('status', { min: 100, max: 599 }),
		delayMs: f.integer('delayMs', { min: 0, max: 120_000 }),
		envelopeMessage: f.string('envelopeMessage'),
		retryAfterSeconds: f.integer('retryAfterSeconds', { min: 0 }),
		count: f.integer('count', { min: 1 }),
		seed: f.integer('seed'),
		runHandler: f.boolean('runHandler'),
	};
	const envelopeCode = f.raw('envelopeCode');
	if (envelopeCode !== undefined) {
		if (typeof envelopeCode !== 'string' && typeof envelopeCode !== 'number')
			fail('envelopeCode must be a string or a number');
		optional.envelopeCode = envelopeCode;
	}
	const body = f.raw('body');
	if (body !== undefined) {
		if (spec.kind !== 'json') fail('body applies to kind json only');
		optional.body = body;
	}
	const probability = f.raw('probability');
	if (probability !== undefined) {
		if (typeof probability !== 'number' || probability < 0 || probability > 1)
			fail('probability must be a number from 0 to 1');
		optional.probability = probability;
	}
	if (optional.runHandler && spec.kind !== 'reset')
		fail('runHandler applies to kind reset only (delay always runs the handler)');
	return { ...spec, ...present(optional) };
}

/** Faults waiting for matching requests, tried in the order they were added. */
export class FaultRegistry {
	private faults: FaultState[] = [];
	private nextId = 1;

	/** Validates and adds a fault; throws FaultSpecError on a bad spec. */
	add(input: unknown): ActiveFault {
		const spec = readSpec(input);
		const state: FaultState = {
			id: `fault-${this.nextId++}`,
			spec,
			hits: 0,
			remaining: spec.count ?? (spec.probability === undefined ? 1 : null),
			rng: spec.probability === undefined ? null : new Rng(spec.seed ?? 1),
			regex: attempt(() => new RegExp(spec.pathPattern), null),
		};
		this.faults.push(state);
		return this.describe(state);
	}

	list(): ActiveFault[] {
		return this.faults.map((f) => this.describe(f));
	}

	remove(id: string): boolean {
		const before = this.faults.length;
		this.faults = this.faults.filter((f) => f.id !== id);
		return this.faults.length < before;
	}

	clear(): void {
		this.faults = [];
	}

	/** The fault that hits this request, if any; its counters move. */
	take(method: string, path: string): FaultSpec | undefined {
		for (const f of this.faults) {
			if (f.spec.method !== undefined && f.spec.method !== method) continue;
			if (!path.includes(f.spec.pathPattern) && !f.regex?.test(path)) continue;
			if (f.rng && f.rng.next() >= (f.spec.probability as number)) continue;
			f.hits++;
			if (f.remaining !== null && --f.remaining === 0)
				this.faults = this.faults.filter((x) => x !== f);
			return f.spec;
		}
		return undefined;
	}

	private describe(f: FaultState): ActiveFault {
		return { ...f.spec, id: f.id, hits: f.hits, remaining: f.remaining };
	}
}

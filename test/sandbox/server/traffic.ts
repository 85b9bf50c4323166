/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
import type { ServerResponse } from 'node:http';

import { Rng } from '../lib/random';
import { ControlError, Fields, failControl, type Json } from '../lib/validate';
import type { Latency, TrafficState } from '../types';

/**
 * The sandbox's answer latency (fixed, or uniform between two bounds from a seeded generator) and
 * its count of API requests in flight: from arrival until the answer is written or the connection
 * closes, with the highest count seen since the last reset.
 */
export class Traffic {
	private latency: Required<Latency> = { minMs: 0, maxMs: 0, seed: 1 };
	private rng = new Rng(1);
	private inFlight = 0;
	private maxInFlight = 0;

	private readonly initial: Latency;

	/** `option`: the start-up latency, `latencyMs` of the sandbox options (ms, or `{min, max}`). */
	constructor(option: number | { min: number; max: number } = 0) {
		const [minMs, maxMs] = typeof option === 'number' ? [option, option] : [option.min, option.max];
		this.initial = { minMs, maxMs };
		this.reset();
	}

	/** Back to the start-up latency, the peak back to what is in flight now. */
	reset(): void {
		this.setLatency(this.initial);
		this.maxInFlight = this.inFlight;
	}

	setLatency(latency: Latency): void {
		const { minMs, maxMs, seed = 1 } = latency;
		const valid = (ms: number) => Number.isInteger(ms) && ms >= 0 && ms <= 120_000;
		if (!valid(minMs) || !valid(maxMs) || maxMs < minMs)
			throw new ControlError('latency needs whole milliseconds 0 ≤ minMs ≤ maxMs ≤ 120000');
		this.latency = { minMs, maxMs, seed };
		this.rng = new Rng(seed);
	}

	/** How long the next answer waits, ms. */
	nextDelayMs(): number {
		const { minMs, maxMs } = this.latency;
		return minMs === maxMs ? minMs : this.rng.int(minMs, maxMs);
	}

	/** An API request arrived; it leaves when its response closes. */
	enter(res: ServerResponse): void {
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		res.once('close', () => this.inFlight--);
	}

	/** Forgets the peak: it becomes the number in flight now. */
	resetPeak(): TrafficState {
		this.maxInFlight = this.inFlight;
		return this.state();
	}

	state(): TrafficState {
		const { minMs, maxMs } = this.latency;
		return { inFlight: this.inFlight, maxInFlight: this.maxInFlight, latency: { minMs, maxMs } };
	}
}

/** `{ms}` (fixed) or `{minMs, maxMs, seed?}` (uniform) from a control request. */
export function readLatency(body: Json): Latency {
	const f = new Fields(body, failControl);
	f.onlyKeys(['ms', 'minMs', 'maxMs', 'seed']);
	const ms = f.integer('ms', { min: 0, max: 120_000 });
	const minMs = f.integer('minMs', { min: 0, max: 120_000 });
	const maxMs = f.integer('maxMs', { min: 0, max: 120_000 });
	const seed = f.integer('seed');
	if (ms !== undefined && (minMs !== undefined || maxMs !== undefined))
		failControl('give ms, or minMs and maxMs, not both');
	if (ms !== undefined) return { minMs: ms, maxMs: ms };
	if (minMs === undefined || maxMs === undefined) failControl('give ms, or minMs and maxMs');
	return {
		minMs: minMs as number,
		maxMs: maxMs as number,
		...(seed === undefined ? {} : { seed }),
	};
}

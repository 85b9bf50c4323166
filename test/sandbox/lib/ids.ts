import { randomBytes, randomUUID } from 'node:crypto';

// One increasing sequence for every 18-digit id the sandbox hands out (customers, tasks, agents,
// groups, import batches). It starts at the spec-sized example value and grows by small random
// steps, so ids look like a Java snowflake's, exceed 2^53, sort in creation order, and are never reused
// while the process runs (not even across a reset). No id ends in 0: a double prints at most 17
// significant digits, so String(JSON.parse(id)) then always differs from the id, and a lossy client
// is caught every time, not by chance.
let nextId = 182739465018273946n;

export function newId(): string {
	const id = nextId;
	nextId += BigInt(1 + Math.floor(Math.random() * 4096));
	if (nextId % 10n === 0n) nextId += 1n;
	return id.toString();
}

/** A random 32-hex string (trace ids, event ids). */
export function hex32(): string {
	return randomUUID().replace(/-/g, '');
}

/** `count` random 32-hex strings at once (bulk record generation). */
export function manyHex32(count: number): string[] {
	const hex = randomBytes(16 * count).toString('hex');
	const out = new Array<string>(count);
	for (let i = 0; i < count; i++) out[i] = hex.slice(i * 32, i * 32 + 32);
	return out;
}

const OBJECT_ID_MIDDLE = randomBytes(5).toString('hex');
let objectIdCounter = Math.floor(Math.random() * 0xffffff);

/** A 24-hex MongoDB-ObjectId-like id: seconds, a per-process random part, a counter (service-group `_id`, im session ids). */
export function objectId(seconds = Math.floor(Date.now() / 1000)): string {
	objectIdCounter = (objectIdCounter + 1) & 0xffffff;
	return (
		(seconds >>> 0).toString(16).padStart(8, '0') +
		OBJECT_ID_MIDDLE +
		objectIdCounter.toString(16).padStart(6, '0')
	);
}

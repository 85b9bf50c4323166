// Request validation: one reader per JSON object, failing with the envelope's parameter-error code and
// a message that names the field.

/** An answer with a failure code inside the envelope (HTTP 200). */
export class ApiError extends Error {
	constructor(
		readonly code: string | number,
		message: string,
		readonly data: unknown = null,
	) {
		super(message);
	}
}

import type { Words } from '../types';

export type Json = Record<string, unknown>;
export type Fail = (message: string) => never;

/** The parameter failure of envelope A ('00000400') and of envelope B (400). */
export const failA: Fail = (message) => {
	throw new ApiError('00000400', message);
};
export const failB: Fail = (message) => {
	throw new ApiError(400, message);
};
export const FAIL = { A: failA, B: failB };

/** The words of a space-separated list, typed as their union. */
export function words<S extends string>(list: S): Words<S>[] {
	return list.split(' ') as Words<S>[];
}

/** `run()`, or `fallback` when it throws (a parse or a lookup that refuses its input). */
export function attempt<T>(run: () => T, fallback: T): T {
	try {
		return run();
	} catch {
		return fallback;
	}
}

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields that have a value (those present in a request), in their order. */
export function present<T>(fields: { [K in keyof T]?: T[K] }): Partial<T> {
	return Object.fromEntries(
		Object.entries(fields).filter(([, v]) => v !== undefined),
	) as Partial<T>;
}

/** Absent and null are the same to every optional field. */
function isAbsent(value: unknown): value is null | undefined {
	return value === undefined || value === null;
}

interface Presence {
	required?: boolean;
}

function rangeText(min: number | undefined, max: number | undefined): string {
	if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
	if (min === 1) return ' greater than 0';
	if (min !== undefined) return ` >= ${min}`;
	if (max !== undefined) return ` <= ${max}`;
	return '';
}

/** Reads typed fields out of one JSON object; every failure names the field (with its path). */
export class Fields {
	constructor(
		readonly obj: Json,
		readonly fail: Fail,
		readonly path = '',
	) {}

	name(key: string): string {
		return this.path + key;
	}

	has(key: string): boolean {
		return !isAbsent(this.obj[key]);
	}

	raw(key: string): unknown {
		return this.obj[key];
	}

	private missing(key: string, required: boolean | undefined): boolean {
		if (!isAbsent(this.obj[key])) return false;
		if (required) this.fail(`${this.name(key)} is required`);
		return true;
	}

	onlyKeys(allowed: readonly string[]): void {
		for (const key of Object.keys(this.obj)) {
			if (!allowed.includes(key)) this.fail(`unknown parameter: ${this.name(key)}`);
		}
	}

	string(
		key: string,
		opts: Presence & { nonEmpty?: boolean; max?: number } = {},
	): string | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		if (typeof v !== 'string') return this.fail(`${this.name(key)} must be a string`);
		if ((opts.nonEmpty || opts.required) && v.trim() === '')
			return this.fail(`${this.name(key)} cannot be empty`);
		if (opts.max !== undefined && v.length > opts.max) {
			return this.fail(`${this.name(key)} must be at most ${opts.max} characters`);
		}
		return v;
	}

	integer(key: string, opts: Presence & { min?: number; max?: number } = {}): number | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		const inRange =
			typeof v === 'number' &&
			Number.isSafeInteger(v) &&
			(opts.min === undefined || v >= opts.min) &&
			(opts.max === undefined || v <= opts.max);
		if (!inRange)
			return this.fail(`${this.name(key)} must be an integer${rangeText(opts.min, opts.max)}`);
		return v;
	}

	boolean(key: string, opts: Presence = {}): boolean | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		if (typeof v !== 'boolean') return this.fail(`${this.name(key)} must be a boolean`);
		return v;
	}

	oneOf<T extends string>(key: string, values: readonly T[], opts: Presence = {}): T | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
			return this.fail(`${this.name(key)} must be one of ${values.join(', ')}`);
		}
		return v as T;
	}

	array(
		key: string,
		opts: Presence & { nonEmpty?: boolean; max?: number } = {},
	): unknown[] | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		if (!Array.isArray(v)) return this.fail(`${this.name(key)} must be an array`);
		if ((opts.nonEmpty || opts.required) && v.length === 0)
			return this.fail(`${this.name(key)} cannot be empty`);
		if (opts.max !== undefined && v.length > opts.max) {
			return this.fail(`${this.name(key)} must have at most ${opts.max} elements`);
		}
		return v;
	}

	stringArray(key: string, opts: Presence & { nonEmpty?: boolean } = {}): string[] | undefined {
		const v = this.array(key, opts);
		if (v === undefined) return undefined;
		v.forEach((item, i) => {
			if (typeof item !== 'string' || item.trim() === '')
				this.fail(`${this.name(key)}[${i}] must be a non-empty string`);
		});
		return v as string[];
	}

	object(key: string, opts: Presence = {}): Fields | undefined {
		if (this.missing(key, opts.required)) return undefined;
		const v = this.obj[key];
		if (!isObject(v)) return this.fail(`${this.name(key)} must be an object`);
		return new Fields(v, this.fail, `${this.name(key)}.`);
	}

	/** Each element of an array of objects, as a reader named `key[i].`. */
	objects(key: string, opts: Presence & { nonEmpty?: boolean } = {}): Fields[] | undefined {
		const v = this.array(key, opts);
		if (v === undefined) return undefined;
		return v.map((item, i) => {
			if (!isObject(item)) return this.fail(`${this.name(key)}[${i}] must be an object`);
			return new Fields(item, this.fail, `${this.name(key)}[${i}].`);
		});
	}
}

/** A refused control-API request (HTTP 400, or the given status). */
export class ControlError extends Error {
	constructor(
		message: string,
		readonly status = 400,
	) {
		super(message);
	}
}

export const failControl: Fail = (message) => {
	throw new ControlError(message);
};

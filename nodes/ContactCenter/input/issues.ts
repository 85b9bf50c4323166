/**
 * The shapes of validation results, all made of `Issue`s (input/validation.ts turns a list of
 * them into the node error; the credential's settings check returns one). Every reader and checker
 * returns one of these three, never a shape of its own: one parameter value read (`Read`, at most
 * one issue), a value checked with every issue found (`Checked`; `value` undefined when nothing can
 * be sent), and a request body built from an item's parameters (`Built`). test/cross-cutting/layers.test.ts
 * keeps it so.
 */
/** One broken rule of one field, phrased for the user. */
export interface Issue {
	/**
	 * The parameter path, e.g. `taskName` or `callWindows.window[1].timeRanges`; the error shows it as
	 * the editor does ("Call Windows → Time Ranges (window 2)"). A display label is shown as it is.
	 */
	field: string;
	/** What is wrong, e.g. `must be at most 50 characters (it has 57)`. */
	problem: string;
	/** How to fix it. */
	fix: string;
}

/** One parameter value as read by input/parameters.ts. */
export interface Read<T> {
	/** Undefined when the value was not given (or is invalid). */
	value?: T;
	issue?: Issue;
}

/** A value read from the input with every issue found on the way (sent only when there are none). */
export interface Checked<T> {
	value: T;
	issues: Issue[];
}

/** A request body built from an item's parameters, with every issue found (sent only when there are none). */
export interface Built {
	issues: Issue[];
	body: RequestBody;
}

/**
 * A JSON value for a request body. A bigint is written as a bare integer, which is how a Java `Long`
 * field (e.g. `voiceAgentId`) is sent without losing digits (transport/json.ts writes it).
 */
export type JsonBodyValue =
	| string
	| number
	| boolean
	| null
	| bigint
	| JsonBodyValue[]
	| { [key: string]: JsonBodyValue | undefined };

/** A request body: a JSON object whose undefined fields are left out when sent. */
export type RequestBody = { [key: string]: JsonBodyValue | undefined };

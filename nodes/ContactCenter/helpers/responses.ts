/**
 * Reading answers safely: a valid JSON answer whose `data` is not the shape an endpoint documents
 * fails clearly instead of giving an empty result, and a Return All whose data changes between
 * pages outputs every id once and says so.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RequestContext } from '../transport';
import { EMPTY_TEXT_ONLY, isBlank, isRecord } from './values';

/** What a value is, for the message: "an object with keys rows, total", "a list", "null". */
export function describeShape(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return `a list of ${value.length}`;
	if (isRecord(value)) {
		const keys = Object.keys(value);
		return keys.length > 0
			? `an object with the keys ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`
			: 'an empty object';
	}
	return `a ${typeof value}`;
}

/** The error of an answer that is valid JSON but not the documented shape. */
export function unexpectedShape(
	node: INode,
	details: { path: string; expected: string; data: unknown; itemIndex?: number },
): NodeOperationError {
	return new NodeOperationError(
		node,
		`The Contact Center API answered ${details.path} in an unexpected shape: ${details.expected} is missing`,
		{
			itemIndex: details.itemIndex,
			description:
				`Expected ${details.expected}, but "data" was ${describeShape(details.data)}. The node stops instead of returning an empty or partial result. ` +
				"Check that the credential's Base URL points at this Open API (not a gateway or another API version that answers differently), and quote this path to support.",
		},
	);
}

/** `data` as a list of records, or the shape error. */
export function recordList(
	context: RequestContext,
	data: unknown,
	path: string,
	expected: string,
	itemIndex?: number,
): IDataObject[] {
	if (!Array.isArray(data))
		throw unexpectedShape(context.getNode(), { path, expected, data, itemIndex });
	return data.filter(isRecord);
}

/** `data` as an object (a record or a page), or the shape error. */
export function dataObject(
	context: RequestContext,
	data: unknown,
	path: string,
	expected: string,
	itemIndex?: number,
): IDataObject {
	if (!isRecord(data))
		throw unexpectedShape(context.getNode(), { path, expected, data, itemIndex });
	return data;
}

/** `page.list` of a paged answer: a list, or null/absent only when the total says there is nothing. */
export function pageRows(
	context: RequestContext,
	page: IDataObject,
	path: string,
	total: unknown,
	itemIndex?: number,
): IDataObject[] {
	if (Array.isArray(page.list)) return page.list.filter(isRecord);
	if ((page.list === null || page.list === undefined) && Number(total) === 0) return [];
	throw unexpectedShape(context.getNode(), {
		path,
		expected: 'data.list (the rows of the page)',
		data: page,
		itemIndex,
	});
}

/**
 * Watches a Return All across pages: rows whose id was output already are dropped, and a total
 * that differs between pages is noted. `report` says what happened, or nothing when the data held still.
 */
export class PageWatch {
	private readonly seen = new Set<string>();
	private readonly totals: number[] = [];
	duplicates = 0;

	constructor(private readonly idOf: (row: IDataObject) => unknown) {}

	/** The rows not output before (rows without an id are kept). */
	keep(rows: IDataObject[]): IDataObject[] {
		return rows.filter((row) => {
			const raw = this.idOf(row);
			if (isBlank(raw, EMPTY_TEXT_ONLY)) return true;
			const id = String(raw);
			if (this.seen.has(id)) {
				this.duplicates++;
				return false;
			}
			this.seen.add(id);
			return true;
		});
	}

	total(value: unknown): void {
		const n = Number(value);
		if (value !== undefined && value !== null && Number.isFinite(n)) this.totals.push(n);
	}

	get changed(): boolean {
		return new Set(this.totals).size > 1;
	}

	report(what: string): string | undefined {
		if (!this.changed && this.duplicates === 0) return undefined;
		const parts: string[] = [];
		if (this.changed)
			parts.push(
				`the total went from ${this.totals[0]} to ${this.totals[this.totals.length - 1]} between pages`,
			);
		if (this.duplicates > 0)
			parts.push(
				`${this.duplicates} ${what} that moved to a later page were output once, not twice`,
			);
		return (
			`The ${what} changed while they were read (${parts.join('; ')}). Every ${what.replace(/s$/, '')} is output at most once, ` +
			`but ${what} added or deleted during the read may be missing. Run again when the data is quiet for a complete list.`
		);
	}
}

interface HintContext {
	addExecutionHints?: (
		...hints: Array<{ message: string; location?: string; type?: string }>
	) => void;
}

/** Says on the output (an execution hint, where this n8n has them) and in the log that a Return All saw its data change. */
export function warnIfChanged(
	context: RequestContext,
	watch: PageWatch,
	what: string,
	itemIndex?: number,
): void {
	const message = watch.report(what);
	if (!message) return;
	context.logger.warn(`Contact Center: ${message}`, { node: context.getNode().name, itemIndex });
	const hints = context as unknown as HintContext;
	if (typeof hints.addExecutionHints === 'function')
		hints.addExecutionHints({ message, location: 'outputPane', type: 'warning' });
}

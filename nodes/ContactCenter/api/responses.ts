/**
 * Reading answers page by page: a Return All whose data changes between pages outputs every id
 * once and says so. (Answers are checked against their documented shape in api/shapes.ts.)
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestContext } from '../transport/credentialSettings';
import { EMPTY_TEXT_ONLY, isBlank } from '../input/values';

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

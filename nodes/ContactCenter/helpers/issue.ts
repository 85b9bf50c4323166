/** The shape of every validation finding (helpers/validation.ts turns a list of them into the node error). */

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

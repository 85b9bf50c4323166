import type { Fields } from '../lib/validate';

export const MAX_PAGE_SIZE = 500;

/** Envelope-B paging: page number (from 1) under `pageKey`, pageSize 1..500, both required. */
export function readPage(
	f: Fields,
	pageKey: 'pageNo' | 'pageNum',
): { page: number; pageSize: number } {
	const page = f.integer(pageKey, { required: true, min: 1 }) as number;
	const pageSize = f.integer('pageSize', { required: true, min: 1, max: MAX_PAGE_SIZE }) as number;
	return { page, pageSize };
}

/** Envelope-B page `{pageNum, pageSize, total, list, hasNext}` of `rows`, each written by `map`. */
export function pageOf<T, R>(rows: T[], page: number, pageSize: number, map: (row: T) => R) {
	return {
		pageNum: page,
		pageSize,
		total: rows.length,
		list: rows.slice((page - 1) * pageSize, page * pageSize).map(map),
		hasNext: page * pageSize < rows.length,
	};
}

/** Case-insensitive substring match; an absent or empty needle matches everything. */
export function fuzzy(haystack: string, needle: string | undefined): boolean {
	return !needle || haystack.toLowerCase().includes(needle.toLowerCase());
}

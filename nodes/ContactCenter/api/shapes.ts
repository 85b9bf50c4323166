/**
 * Answers checked against the shape an endpoint documents: a valid JSON answer whose `data` is not
 * that shape fails clearly (transport/errors.ts unexpectedShape) instead of giving an empty result.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestContext } from '../transport/credentialSettings';
import { unexpectedShape } from '../transport/errors';
import { isRecord } from '../input/values';

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

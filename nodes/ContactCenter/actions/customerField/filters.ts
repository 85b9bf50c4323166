import type { IDataObject } from 'n8n-workflow';

import { readBoolean, readList, readText } from '../../input/parameters';
import type { Built, Issue, RequestBody } from '../../input/issues';
import { oneOf } from '../../input/validation';

export const FIELD_CATEGORIES = ['custom', 'system'] as const;

/** The field-list request from the `filters` collection: only what was set is sent. */
export function buildFieldListBody(filters: IDataObject): Built {
	const issues: Array<Issue | undefined> = [];
	const body: RequestBody = {};
	const name = readText('filters.name', filters.name);
	issues.push(name.issue);
	if (name.value !== undefined) body.name = name.value;
	const categories = readList('filters.category', filters.category, 'categories');
	issues.push(...categories.issues);
	categories.value.forEach((category, index) =>
		issues.push(oneOf(`filters.category[${index}]`, category, FIELD_CATEGORIES)),
	);
	if (categories.value.length > 0) body.category = categories.value;
	const types = readList('filters.type', filters.type, 'field types');
	issues.push(...types.issues);
	if (types.value.length > 0) body.type = types.value;
	for (const flag of ['enabled', 'editable'] as const) {
		const read = readBoolean(`filters.${flag}`, filters[flag]);
		issues.push(read.issue);
		if (read.value !== undefined) body[flag] = read.value;
	}
	return { issues: issues.filter((issue): issue is Issue => issue !== undefined), body };
}

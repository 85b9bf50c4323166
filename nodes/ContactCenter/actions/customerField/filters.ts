import type { IDataObject } from 'n8n-workflow';

import { oneOf, type Issue } from '../../helpers/validation';
import type { FieldListBody } from './api';

export const FIELD_CATEGORIES = ['custom', 'system'] as const;

function list(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((v) => String(v ?? '')) : typeof value === 'string' ? value.split(',') : [];
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The field-list request from the `filters` collection: only what was set is sent. */
export function buildFieldListBody(filters: IDataObject): { issues: Issue[]; body: FieldListBody } {
	const issues: Array<Issue | undefined> = [];
	const body: FieldListBody = {};
	if (typeof filters.name === 'string' && filters.name.trim()) body.name = filters.name.trim();
	const categories = list(filters.category);
	categories.forEach((category, index) => issues.push(oneOf(`filters.category[${index}]`, category, FIELD_CATEGORIES)));
	if (categories.length > 0) body.category = categories;
	const types = list(filters.type);
	if (types.length > 0) body.type = types;
	for (const flag of ['enabled', 'editable'] as const) {
		if (typeof filters[flag] === 'boolean') body[flag] = filters[flag];
	}
	return { issues: issues.filter((issue): issue is Issue => issue !== undefined), body };
}

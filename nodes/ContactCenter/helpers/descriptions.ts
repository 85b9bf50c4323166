import type { INodeProperties } from 'n8n-workflow';

/** `returnAll` and `limit`, as every Get Many has them. */
export function returnAllAndLimit(maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

/** The row limit of a Get Many item: undefined when Return All is on. */
export function readLimit(returnAll: unknown, limit: unknown): number | undefined {
	if (returnAll === true) return undefined;
	return typeof limit === 'number' && limit > 0 ? Math.floor(limit) : 50;
}

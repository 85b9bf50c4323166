import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { fetchDisplayGroupPage } from '../api/displayNumberGroups';
import { listServiceGroups } from '../api/serviceGroups';
import { PAGE_SIZE } from '../transport/pagination';

/** Pages a display-group search reads in one call before handing back a token for the rest. */
const MAX_PAGES_PER_SEARCH = 10;

const STRATEGY_LABELS: Record<string, string> = {
	'1': 'random',
	'2': 'rotating',
	'3': 'by home location',
};

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	const needle = filter?.trim().toLowerCase();
	if (!needle) return true;
	return texts.some(
		(t) =>
			(typeof t === 'string' || typeof t === 'number') && String(t).toLowerCase().includes(needle),
	);
}

function serviceGroupItem(group: IDataObject): INodeListSearchItems {
	const queueNumber = String(group.queueNumber);
	const members = Array.isArray(group.members) ? group.members.length : 0;
	const level = group.level ? `level ${String(group.level)}` : '';
	return {
		name: group.name ? `${String(group.name)} (${queueNumber})` : queueNumber,
		value: queueNumber,
		description: [level, `${members} member${members === 1 ? '' : 's'}`].filter(Boolean).join(', '),
	};
}

function displayGroupItem(group: IDataObject): INodeListSearchItems {
	const numbers = Array.isArray(group.numberList) ? group.numberList.length : 0;
	const strategy = STRATEGY_LABELS[String(group.strategy)];
	return {
		name: group.groupName ? String(group.groupName) : String(group.id),
		value: String(group.id),
		description: [strategy, `${numbers} number${numbers === 1 ? '' : 's'}`]
			.filter(Boolean)
			.join(', '),
	};
}

export const listSearch = {
	/** Service groups by name or queue number (the list endpoint returns every group in one answer). */
	async searchServiceGroups(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const groups = await listServiceGroups.call(this);
		return {
			results: groups.filter((g) => matches(filter, g.name, g.queueNumber)).map(serviceGroupItem),
		};
	},

	/**
	 * Display-number groups by name or ID. The query has no name filter, so a search reads pages
	 * (up to MAX_PAGES_PER_SEARCH per call) and filters them; the next page number is the token.
	 */
	async searchDisplayNumberGroups(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		let page = Number(paginationToken ?? '1') || 1;
		const results: INodeListSearchItems[] = [];
		for (let read = 0; read < MAX_PAGES_PER_SEARCH; read++) {
			const { rows, hasMore } = await fetchDisplayGroupPage.call(
				this,
				page,
				PAGE_SIZE.displayNumberGroup,
			);
			results.push(...rows.filter((g) => matches(filter, g.groupName, g.id)).map(displayGroupItem));
			if (!hasMore) return { results };
			page++;
			if (results.length > 0) break;
		}
		return { results, paginationToken: String(page) };
	},
};

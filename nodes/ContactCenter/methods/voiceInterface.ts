import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { fetchVoicePage, type VoicePage } from '../api/voiceInterface';
import { PAGE_SIZE } from '../transport/pagination';

/** One page of a voice-interface list as list-search results; the page number is the pagination token. */
async function searchPage(
	this: ILoadOptionsFunctions,
	fetchPage: (name: string | undefined, page: number, pageSize: number) => Promise<VoicePage>,
	filter: string | undefined,
	paginationToken: string | undefined,
	describe: (row: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? '1') || 1;
	const { rows, hasMore } = await fetchPage(
		filter?.trim() || undefined,
		page,
		PAGE_SIZE.voiceAgentInterface,
	);
	return { results: rows.map(describe), paginationToken: hasMore ? String(page + 1) : undefined };
}

export const listSearch = {
	async searchVoiceAgents(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchPage.call(
			this,
			async (name, page, size) =>
				await fetchVoicePage.call(this, 'voiceAgents', { name }, page, size),
			filter,
			paginationToken,
			(row) => ({
				name: `${String(row.name ?? row.id)}${row.publishStatus && row.publishStatus !== 'PUBLISHED' ? ` (${String(row.publishStatus).toLowerCase().replace('_', ' ')})` : ''}`,
				value: String(row.id),
				description: typeof row.description === 'string' ? row.description : undefined,
			}),
		);
	},

	async searchCallerNumberGroups(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchPage.call(
			this,
			async (groupName, page, size) =>
				await fetchVoicePage.call(this, 'callerNumberGroups', { groupName }, page, size),
			filter,
			paginationToken,
			(row) => ({
				name: `${String(row.groupName ?? row.id)}${Number(row.status) === 0 ? ' (disabled)' : ''}`,
				value: String(row.id),
			}),
		);
	},
};

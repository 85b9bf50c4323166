import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions, ResourceMapperFields } from 'n8n-workflow';

import * as voiceInterface from './voiceInterface';

// Each resource's methods live in their own file; one line per file here.
export const listSearch: Record<string, (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>> = {
	...voiceInterface.listSearch,
};

export const loadOptions: Record<string, (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>> = {};

export const resourceMapping: Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>> = {};

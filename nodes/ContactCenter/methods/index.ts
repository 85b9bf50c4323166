import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';

import * as callTask from './callTask';
import * as customer from './customer';
import * as groups from './groups';
import * as output from './output';
import * as voiceInterface from './voiceInterface';

// Each resource's methods live in their own file; one line per file here.
export const listSearch: Record<
	string,
	(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	) => Promise<INodeListSearchResult>
> = {
	...callTask.listSearch,
	...customer.listSearch,
	...groups.listSearch,
	...voiceInterface.listSearch,
};

export const loadOptions: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>
> = {
	...customer.loadOptions,
	...output.loadOptions,
};

export const resourceMapping: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>
> = {
	...customer.resourceMapping,
};

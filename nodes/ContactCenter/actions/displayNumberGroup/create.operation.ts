import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { createDisplayGroup } from '../../api/displayNumberGroups';
import { numberListField, optionalFields, strategyField } from './descriptions';
import { buildCreateBody } from './rules';

const properties: INodeProperties[] = [
	{
		displayName: 'Group Name',
		name: 'groupName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Sales outbound numbers',
		description: 'Name of the new display number group',
	},
	{ ...strategyField, required: true },
	numberListField(
		'Phone numbers of the group, separated by commas or new lines (an expression may return an array). Digits, with an optional leading + and - separators.',
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalFields(),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['displayNumberGroup'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { issues, body } = buildCreateBody(
		this.getNodeParameter('groupName', itemIndex, ''),
		this.getNodeParameter('strategy', itemIndex, ''),
		this.getNodeParameter('numberList', itemIndex, ''),
		this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
	);
	assertValid(this.getNode(), itemIndex, issues);

	// The API answers with the created group.
	const group = await createDisplayGroup.call(this, body, itemIndex);
	return group && typeof group === 'object' ? group : { ...(body as IDataObject) };
}

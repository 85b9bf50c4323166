import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { updateDisplayGroup } from '../../api/displayNumberGroups';
import {
	displayGroupLocator,
	numberListField,
	optionalFields,
	strategyField,
} from './descriptions';
import { buildUpdateBody } from './rules';
import { readId } from '../../input/parameters';

const updateFields: INodeProperties[] = (
	[
		...optionalFields(),
		{
			displayName: 'Group Name',
			name: 'groupName',
			type: 'string',
			default: '',
			description: 'New name of the group',
		},
		strategyField,
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

const properties: INodeProperties[] = [
	displayGroupLocator(
		'groupId',
		'Display Number Group',
		'The display number group to update',
		true,
	),
	numberListField(
		'The complete new number list of the group (the API replaces the list), separated by commas or new lines (an expression may return an array)',
	),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are changed; a text field added empty is cleared',
		options: updateFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['displayNumberGroup'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const groupId = readId('groupId', this.getNodeParameter('groupId', itemIndex, ''), {});
	const { issues, body } = buildUpdateBody(
		groupId.value ?? '',
		this.getNodeParameter('numberList', itemIndex, ''),
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	);
	assertValid(this.getNode(), itemIndex, [groupId.issue, ...issues]);

	await updateDisplayGroup.call(this, body, itemIndex);
	// The API answers null: the output says what was changed.
	return { updated: true, ...(body as IDataObject) };
}

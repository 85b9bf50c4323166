import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	updateDisplayOptions,
} from 'n8n-workflow';

import { assertValid } from '../../input/validation';
import { createServiceGroup, listServiceGroups } from '../../api/serviceGroups';
import {
	membersDataField,
	membersField,
	membersInputField,
	serviceGroupLocator,
	settingsFields,
} from './descriptions';
import { buildCreateBody } from './rules';

const additionalFields: INodeProperties[] = (
	[
		...settingsFields,
		{
			displayName: 'Level',
			name: 'level',
			type: 'options',
			default: '1',
			description:
				'Level of the group: 1 for a top-level group, 2 or 3 for a sub-group (which needs a Parent Group)',
			options: [
				{ name: 'First Level', value: '1' },
				{ name: 'Second Level', value: '2' },
				{ name: 'Third Level', value: '3' },
			],
		},
		serviceGroupLocator(
			'parentId',
			'Parent Group',
			'The group this sub-group belongs to (levels 2 and 3). First-level groups have no parent.',
			false,
		),
	] satisfies INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. After-sales hotline',
		description: 'Name of the new service group',
	},
	membersInputField,
	{ ...membersField, required: true, displayOptions: { show: { membersInput: ['fields'] } } },
	{ ...membersDataField, required: true, displayOptions: { show: { membersInput: ['data'] } } },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: additionalFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['serviceGroup'], operation: ['create'] } },
	properties,
);

function readMembersSource(
	this: IExecuteFunctions,
	itemIndex: number,
): { members?: unknown; membersData?: unknown; fromData: boolean } {
	const fromData = this.getNodeParameter('membersInput', itemIndex, 'fields') === 'data';
	return fromData
		? { fromData, membersData: this.getNodeParameter('membersData', itemIndex, '') }
		: { fromData, members: this.getNodeParameter('members', itemIndex, {}) };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { issues, body } = buildCreateBody(
		this.getNodeParameter('name', itemIndex, ''),
		readMembersSource.call(this, itemIndex),
		this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
	);
	assertValid(this.getNode(), itemIndex, issues);

	const created = await createServiceGroup.call(this, body, itemIndex);
	const queueNumber =
		created?.queueNumber === undefined || created.queueNumber === null
			? ''
			: String(created.queueNumber);
	const sent: IDataObject = { ...(body as IDataObject), queueNumber };
	if (!queueNumber) return sent;

	// The API answers with the queue number only; read the group back so the output has every field
	// (defaults included). The group exists now, so a failed read must not fail the item.
	try {
		const groups = await listServiceGroups.call(this, queueNumber, itemIndex);
		const group = groups.find((g) => String(g.queueNumber) === queueNumber);
		if (group) return group;
	} catch (error) {
		this.logger.warn(
			`Service group ${queueNumber} was created, but reading it back failed; the output holds the fields sent`,
			{
				error: error instanceof Error ? error.message : String(error),
			},
		);
	}
	return sent;
}

import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { perItemOperations, withParallelRequests } from './actions/parallel';
import { RESOURCE_OPERATIONS, router } from './actions/router';
import * as callTask from './actions/callTask/CallTask.resource';
import * as callerNumberGroup from './actions/callerNumberGroup/CallerNumberGroup.resource';
import * as customer from './actions/customer/Customer.resource';
import * as customerField from './actions/customerField/CustomerField.resource';
import * as displayNumberGroup from './actions/displayNumberGroup/DisplayNumberGroup.resource';
import * as serviceGroup from './actions/serviceGroup/ServiceGroup.resource';
import * as serviceRecord from './actions/serviceRecord/ServiceRecord.resource';
import * as voiceAgent from './actions/voiceAgent/VoiceAgent.resource';
import { toolDescriptionProperties } from './actions/toolDescriptions';
import { listSearch, loadOptions, resourceMapping } from './methods';
import { contactCenterApiTest } from './transport/credentialTest';

/** The operations Options → Parallel Requests applies to: all but the batch ones (the import). */
const PER_ITEM = perItemOperations(RESOURCE_OPERATIONS);

const NODE_DESCRIPTION =
	'Manage customers, service groups, display number groups, service records and voice-agent outbound call tasks of a contact-center platform';

export class ContactCenter implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contact Center',
		name: 'contactCenter',
		icon: { light: 'file:contactCenter.svg', dark: 'file:contactCenter.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: NODE_DESCRIPTION,
		defaults: { name: 'Contact Center' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contactCenterApi', required: true, testedBy: 'contactCenterApiTest' }],
		properties: withParallelRequests(PER_ITEM, [
			// Shown only when the node is an AI agent's tool: what the model reads about each operation.
			...toolDescriptionProperties(),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Call Task',
						value: 'callTask',
						description: 'Outbound call tasks run by a voice agent',
					},
					{
						name: 'Caller Number Group',
						value: 'callerNumberGroup',
						description: 'Numbers that voice-agent call tasks call out from',
					},
					{ name: 'Customer', value: 'customer', description: 'Customer (CRM) records' },
					{
						name: 'Customer Field',
						value: 'customerField',
						description: 'Configuration of customer fields, including custom fields',
					},
					{
						name: 'Display Number Group',
						value: 'displayNumberGroup',
						description: 'Numbers shown to customers when agents call out',
					},
					{
						name: 'Service Group',
						value: 'serviceGroup',
						description: 'Agent queues with members and allocation strategy',
					},
					{
						name: 'Service Record',
						value: 'serviceRecord',
						description: 'Records written after calls and online chats',
					},
					{
						name: 'Voice Agent',
						value: 'voiceAgent',
						description: 'Voice agents that make the calls of call tasks',
					},
				],
				default: 'customer',
			},
			...callTask.description,
			...callerNumberGroup.description,
			...customer.description,
			...customerField.description,
			...displayNumberGroup.description,
			...serviceGroup.description,
			...serviceRecord.description,
			...voiceAgent.description,
		]),
	};

	methods = { credentialTest: { contactCenterApiTest }, listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}

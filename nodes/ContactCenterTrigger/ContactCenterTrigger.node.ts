import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { loadOptions } from '../ContactCenter/methods/output';
import { contactCenterApiTest } from '../ContactCenter/transport/credentialTest';
import { pollCallTaskKind } from './callTaskKind';
import { pollCustomerKind } from './customerKind';
import { properties } from './properties';
import { pollServiceRecordKind } from './serviceRecordKind';

export class ContactCenterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contact Center Trigger',
		name: 'contactCenterTrigger',
		icon: { light: 'file:contactCenter.svg', dark: 'file:contactCenter.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ $parameter["triggerOn"] === "customer" ? "Customer" : $parameter["triggerOn"] === "callTask" ? "Call Task" : "Service Record: " + ({ all: "All Channels", call: "Call", im: "Online Chat" }[$parameter["channel"]] ?? $parameter["channel"]) }}',
		description:
			'Starts the workflow when a service record is written or updated, a customer is created or updated, or a call task changes status',
		defaults: { name: 'Contact Center Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'contactCenterApi', required: true, testedBy: 'contactCenterApiTest' }],
		properties,
	};

	// The credential is tested by the nodes that use it; n8n may ask either of them.
	// loadOptions: the customer fields of Output → Selected Fields.
	methods = { credentialTest: { contactCenterApiTest }, loadOptions };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const kind = this.getNodeParameter('triggerOn', 'serviceRecord');
		if (kind === 'customer') return await pollCustomerKind.call(this);
		if (kind === 'callTask') return await pollCallTaskKind.call(this);
		return await pollServiceRecordKind.call(this);
	}
}

import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { loadOptions } from '../ContactCenter/methods/output';
import { contactCenterApiTest } from '../ContactCenter/transport/credentialTest';
import { callTaskKind } from './callTaskKind';
import { customerKind } from './customerKind';
import type { HostedKind } from './host';
import { DEFAULT_KIND, kindOf, kindSubtitle, type KindValue } from './kinds';
import { properties } from './properties';
import { serviceRecordKind } from './serviceRecordKind';

/** Each kind's adapter under the host loop: exactly the kinds of kinds.ts. */
const KIND_POLLS: Record<KindValue, HostedKind> = {
	callTask: callTaskKind,
	customer: customerKind,
	serviceRecord: serviceRecordKind,
};

export class ContactCenterTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Contact Center Trigger',
		name: 'contactCenterTrigger',
		icon: { light: 'file:contactCenter.svg', dark: 'file:contactCenter.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: kindSubtitle(),
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
		const kind = kindOf(this.getNodeParameter('triggerOn', DEFAULT_KIND));
		return await KIND_POLLS[kind](this, kind);
	}
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withFastParameters } from '../helpers/fastParameters';
import { useFieldLabels } from '../helpers/validation';
import { errorItemJson, toNodeError } from './errors';
import type { ContactCenterType, ResourceName } from './node.type';
import { isBatchOperation, type Operation } from './types';
import * as callTask from './callTask/CallTask.resource';
import * as callerNumberGroup from './callerNumberGroup/CallerNumberGroup.resource';
import * as customer from './customer/Customer.resource';
import * as customerField from './customerField/CustomerField.resource';
import * as displayNumberGroup from './displayNumberGroup/DisplayNumberGroup.resource';
import * as serviceGroup from './serviceGroup/ServiceGroup.resource';
import * as serviceRecord from './serviceRecord/ServiceRecord.resource';
import * as voiceAgent from './voiceAgent/VoiceAgent.resource';

type OperationMap = { [R in ResourceName]: Record<ContactCenterType[R], Operation> };

const operations: OperationMap = withFastParameters({
	callTask: callTask.operations,
	callerNumberGroup: callerNumberGroup.operations,
	customer: customer.operations,
	customerField: customerField.operations,
	displayNumberGroup: displayNumberGroup.operations,
	serviceGroup: serviceGroup.operations,
	serviceRecord: serviceRecord.operations,
	voiceAgent: voiceAgent.operations,
});

// Validation errors name fields as the editor shows them, from each operation's own parameters.
useFieldLabels(
	(resource, operation) =>
		(operations as Record<string, Record<string, Operation> | undefined>)[resource]?.[operation]
			?.description,
);

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as ResourceName;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = (operations[resource] as Record<string, Operation> | undefined)?.[
		operationName
	];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	if (isBatchOperation(operation)) return [await operation.executeBatch.call(this, items)];

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await operation.execute.call(this, itemIndex);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: errorItemJson(error), pairedItem: { item: itemIndex } });
				continue;
			}
			throw toNodeError(this.getNode(), error, itemIndex);
		}
	}
	return [output];
}

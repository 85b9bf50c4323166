import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { withFastParameters } from '../helpers/fastParameters';
import { inputError, useFieldLabels } from '../helpers/validation';
import { shareBackoff } from '../transport/backoff';
import { errorItemJson, nameItem, toNodeError, withDescription } from './errors';
import type { ContactCenterType, ResourceName } from './node.type';
import { readParallelRequests, stoppedRunSummary } from './parallel';
import { runBounded } from './pool';
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

/** Every resource's operations, by resource and operation value: the one list of them. */
export const RESOURCE_OPERATIONS: OperationMap = {
	callTask: callTask.operations,
	callerNumberGroup: callerNumberGroup.operations,
	customer: customer.operations,
	customerField: customerField.operations,
	displayNumberGroup: displayNumberGroup.operations,
	serviceGroup: serviceGroup.operations,
	serviceRecord: serviceRecord.operations,
	voiceAgent: voiceAgent.operations,
};

const operations: OperationMap = withFastParameters(RESOURCE_OPERATIONS);

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
		throw inputError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	const continues = continuesOnError(this);
	if (isBatchOperation(operation)) {
		try {
			return [await operation.executeBatch.call(this, items)];
		} catch (error) {
			if (!continues) throw toNodeError(this.getNode(), error, 0);
			const pairedItem = items.map((_, item) => ({ item }));
			return [[{ json: errorItemJson(error), pairedItem }]];
		}
	}

	const parallel = readParallelRequests.call(this);
	// Parallel items share one back-off: a 429 or 5xx slows the whole run down.
	if (parallel > 1) shareBackoff(this);
	const outcomes = await runBounded(
		items.length,
		parallel,
		async (itemIndex) => {
			const result = await operation.execute.call(this, itemIndex);
			return Array.isArray(result) ? result : [result];
		},
		!continues,
	);

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < outcomes.length; itemIndex++) {
		const outcome = outcomes[itemIndex];
		if (!outcome) continue;
		if (outcome.ok) {
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(outcome.value), {
					itemData: { item: itemIndex },
				}),
			);
			continue;
		}
		nameItem(outcome.error, itemIndex);
		if (continues) {
			output.push({ json: errorItemJson(outcome.error), pairedItem: { item: itemIndex } });
			continue;
		}
		// With more than one item the error also says what the other items did.
		if (items.length === 1) throw toNodeError(this.getNode(), outcome.error, itemIndex);
		throw withDescription(
			this.getNode(),
			outcome.error,
			itemIndex,
			stoppedRunSummary(outcomes, itemIndex),
		);
	}
	return [output];
}

/**
 * Whether a failure becomes an error item: On Error "Continue", or the node as an AI agent's tool
 * unless set to stop. n8n 2.x hands a failed tool's message to the model itself; 1.x
 * ends the agent's run instead, so the model could not read the error and its fix and call again.
 */
function continuesOnError(context: IExecuteFunctions): boolean {
	const node = context.getNode();
	const tool = node.type.endsWith('Tool') && node.onError !== 'stopWorkflow';
	return context.continueOnFail() || tool;
}

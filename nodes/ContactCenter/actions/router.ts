import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { withFastParameters } from './fastParameters';
import { inputError } from '../input/validation';
import { shareBackoff } from '../transport/backoff';
import { errorItemJson, labelFields, nameItem, toNodeError, withDescription } from './errors';
import type { ContactCenterType, ResourceName } from './node.type';
import { readParallelRequests, stoppedRunSummary } from './parallel';
import { runBounded } from './pool';
import { isBatchOperation, type BatchOperation, type ItemOperation, type Operation } from './types';
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

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const operation = operationOf(this);
	const continues = continuesOnError(this);
	if (isBatchOperation(operation)) return [await runBatch.call(this, operation, items, continues)];
	return [await runItems.call(this, operation, items.length, continues)];
}

function operationOf(context: IExecuteFunctions): Operation {
	const resource = context.getNodeParameter('resource', 0) as ResourceName;
	const name = context.getNodeParameter('operation', 0) as string;
	const operation = (operations[resource] as Record<string, Operation> | undefined)?.[name];
	if (operation) return operation;
	throw inputError(context.getNode(), `The operation "${name}" of "${resource}" is not supported`);
}

/** An operation that takes all items at once; a failure of the whole batch is one error item. */
async function runBatch(
	this: IExecuteFunctions,
	operation: BatchOperation,
	items: INodeExecutionData[],
	continues: boolean,
): Promise<INodeExecutionData[]> {
	try {
		return await operation.executeBatch.call(this, items);
	} catch (error) {
		labelFields(error, operation.description, this.getNode());
		if (!continues) throw toNodeError(this.getNode(), error, 0);
		const pairedItem = items.map((_, item) => ({ item }));
		return [{ json: errorItemJson(error), pairedItem }];
	}
}

/** An operation run once per item, Parallel Requests at a time; output in input order. */
async function runItems(
	this: IExecuteFunctions,
	operation: ItemOperation,
	count: number,
	continues: boolean,
): Promise<INodeExecutionData[]> {
	const parallel = readParallelRequests.call(this);
	// Parallel items share one back-off: a 429 or 5xx slows the whole run down.
	if (parallel > 1) shareBackoff(this);
	const outcomes = await runBounded(
		count,
		parallel,
		async (itemIndex) => {
			const result = await operation.execute.call(this, itemIndex);
			return Array.isArray(result) ? result : [result];
		},
		!continues,
	);
	const node = this.getNode();
	const output: INodeExecutionData[] = [];
	for (const [itemIndex, outcome] of outcomes.entries()) {
		if (!outcome) continue;
		if (outcome.ok) {
			const json = this.helpers.returnJsonArray(outcome.value);
			output.push(
				...this.helpers.constructExecutionMetaData(json, { itemData: { item: itemIndex } }),
			);
			continue;
		}
		labelFields(outcome.error, operation.description, node);
		nameItem(outcome.error, itemIndex);
		if (continues) {
			output.push({ json: errorItemJson(outcome.error), pairedItem: { item: itemIndex } });
			continue;
		}
		// With more than one item the error also says what the other items did.
		if (count === 1) throw toNodeError(node, outcome.error, itemIndex);
		throw withDescription(node, outcome.error, itemIndex, stoppedRunSummary(outcomes, itemIndex));
	}
	return output;
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

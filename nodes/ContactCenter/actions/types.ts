import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** An operation that runs once per input item; the router owns the loop, pairing and continueOnFail. */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * An operation that needs all items at once (call-task import groups rows into requests). It pairs
 * its output items itself and honours continueOnFail per request.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

export function isBatchOperation(operation: Operation): operation is BatchOperation {
	return 'executeBatch' in operation;
}

/**
 * Node versions of Contact Center. A saved workflow stores its node's typeVersion: version 1 keeps
 * every name, default and behaviour it had (only data-loss fixes reach it); version 2 is what the
 * editor gives a node added now, and the only place new defaults live.
 */
import type { IDisplayOptions, INode } from 'n8n-workflow';

export const NODE_VERSIONS = [1, 2];
export const DEFAULT_VERSION = 2;

/** `displayOptions.show` entries: a parameter of version 2 and later, or of version 1 only. */
export const FROM_V2: IDisplayOptions['show'] = { '@version': [{ _cnd: { gte: 2 } }] };
export const V1_ONLY: IDisplayOptions['show'] = { '@version': [1] };

/** Whether the running node has version 2's defaults and behaviour. */
export function isV2(node: INode): boolean {
	return node.typeVersion >= 2;
}

/**
 * The parameters n8n gives a Contact Center node of each version (n8n's own NodeHelpers, as the
 * editor and the workflow loader use them): version 1 keeps its names and defaults; version 2 has
 * the new ones of call tasks and service records, and not version 1's duplicates. What version 2's
 * defaults send (the retry fields, Simplify, the last hour) is proven by running them in
 * callTask.create and serviceRecord.v2.
 */
import { NodeHelpers, type INodeParameters, type INodePropertyOptions } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

const { description } = new ContactCenter();
const { properties } = description;

/** The parameters a new node of `typeVersion` holds once n8n has applied the defaults. */
function parametersOf(typeVersion: number, given: INodeParameters): INodeParameters {
	const node = { typeVersion } as never;
	return NodeHelpers.getNodeParameters(properties, given, true, false, node, description) ?? {};
}

const WINDOW = { window: [{ weekdays: [1, 2, 3, 4, 5], timeRanges: '09:00-18:00' }] };

describe('Call Task → Create', () => {
	const create = { resource: 'callTask', operation: 'create' };

	test('version 1: Agent Type on top, an empty Call Windows list, the Retry collection', () => {
		const parameters = parametersOf(1, create);
		expect(parameters).toMatchObject({ agentType: 'agentDefault', callWindows: {}, retry: {} });
		for (const name of ['retryEnabled', 'retryReasons', 'options', 'simplify'])
			expect(parameters).not.toHaveProperty(name);
	});

	test('version 2: one window filled in, the retry switch off, Agent Type under Options', () => {
		const parameters = parametersOf(2, create);
		expect(parameters).toMatchObject({ callWindows: WINDOW, retryEnabled: false, options: {} });
		for (const name of ['agentType', 'retry', 'retryReasons', 'maxRetryTimes'])
			expect(parameters).not.toHaveProperty(name);
		const options = properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('create'),
		);
		expect(options?.options?.map((o) => o.name)).toEqual(['agentType']);
	});
});

describe('Service Record → Get Many', () => {
	const getAll = { resource: 'serviceRecord', operation: 'getAll' };

	test('version 1: channel Call, no times', () => {
		expect(parametersOf(1, getAll)).toMatchObject({ channel: 'call', startTime: '', endTime: '' });
	});

	test('version 2: channel All first among its channels (what its defaults read: serviceRecord.v2)', () => {
		const channels = properties.filter(
			(p) => p.name === 'channel' && p.displayOptions?.show?.resource?.includes('serviceRecord'),
		);
		expect(
			channels.map((p) => (p.options ?? []).map((o) => ('value' in o ? o.value : ''))),
		).toEqual([
			['call', 'im'],
			['all', 'call', 'im'],
		]);
	});
});

test('the two number groups are described apart', () => {
	const resources = properties.find((p) => p.name === 'resource');
	const described = (value: string) =>
		(resources?.options as INodePropertyOptions[]).find((o) => o.value === value)?.description;
	expect(described('callerNumberGroup')).toBe('Numbers that voice-agent call tasks call out from');
	expect(described('displayNumberGroup')).toBe('Numbers shown to customers when agents call out');
});

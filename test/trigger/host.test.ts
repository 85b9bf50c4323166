/**
 * The host loop every kind runs in, through the driver against the sandbox: settings refused
 * before any request, one kind's state at a time in the static data, and Fetch Test Event with
 * nothing to show. Each kind's own cases are in its folder (serviceRecords/, customers/, callTasks/).
 */
import type { INodeParameters } from 'n8n-workflow';

import { useTriggerSandbox } from './driver';

const { trigger } = useTriggerSandbox();

describe('settings are checked before any request', () => {
	const empty = '"Events" is empty';
	const unknown = (value: string) => `"Events" has unknown values: ${value}`;
	const lookback = '"Look-Back (Minutes)" must be a whole number';
	const startFrom = '"Start From" is not a date and time';
	it.each([
		[{ channel: 'all', events: [] }, empty],
		[{ options: { maxRecordsPerPoll: 0 } }, '"Max Records per Poll" must be a whole number from 1'],
		[{ options: { lookbackMinutes: 2.5 } }, lookback],
		[{ options: { startFrom: 'yesterday' } }, startFrom],
		[{ triggerOn: 'customer', customerEvents: [] }, empty],
		[{ triggerOn: 'customer', customerEvents: ['deleted'] }, unknown('deleted')],
		[{ triggerOn: 'callTask', callTaskEvents: [] }, empty],
		[{ triggerOn: 'callTask', callTaskEvents: ['started'] }, unknown('started')],
		[{ triggerOn: 'customer', options: { lookbackMinutes: -1 } }, lookback],
		[{ triggerOn: 'callTask', options: { startFrom: 'yesterday' } }, startFrom],
	])('%j', async (parameters, message) => {
		const run = trigger(parameters as INodeParameters);
		const result = await run.poll({ expectFailure: true });
		expect(result.error).toMatchObject({ name: 'NodeOperationError' });
		expect(result.error?.message).toContain(message);
		expect(result.requests).toEqual([]);
		expect(run.nodeData).toEqual({});
	});
});

describe('static data holds the state of the kind watched only', () => {
	it('switching service records → customers → call tasks drops the previous kind’s state', async () => {
		const run = trigger({ channel: 'call' });
		for (const [parameters, key] of [
			[{ channel: 'call' }, 'cursor'],
			[{ triggerOn: 'customer' }, 'customers'],
			[{ triggerOn: 'callTask' }, 'callTasks'],
			[{ channel: 'call' }, 'cursor'],
		] as const) {
			run.parameters = parameters;
			await run.poll();
			expect(Object.keys(run.nodeData)).toEqual([key]);
		}
	});
});

describe('Fetch Test Event (manual)', () => {
	it('nothing to show: null, not an empty list', async () => {
		for (const triggerOn of ['customer', 'callTask'])
			expect((await trigger({ triggerOn }).poll({ mode: 'manual' })).items).toBeNull();
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';

describe('Contact Center Trigger description (docs/node-contract.md)', () => {
	const { description } = new ContactCenterTrigger();
	const property = (name: string) =>
		description.properties.find((p) => p.name === name) as INodeProperties;
	const values = (name: string) =>
		property(name).options?.map((o) => (o as { value: string }).value);
	const options = property('options').options as INodeProperties[];

	it('is the polling trigger the contract names', () => {
		expect(description).toMatchObject({
			name: 'contactCenterTrigger',
			displayName: 'Contact Center Trigger',
			polling: true,
			inputs: [],
			group: ['trigger'],
			credentials: [{ name: 'contactCenterApi', required: true, testedBy: 'contactCenterApiTest' }],
		});
		expect(description.usableAsTool).toBeUndefined();
	});

	it('has channel, events and options with the contract names and documented defaults', () => {
		expect(property('channel')).toMatchObject({ type: 'options', default: 'all' });
		expect(values('channel')).toEqual(['all', 'call', 'im']);
		expect(property('events')).toMatchObject({
			type: 'multiOptions',
			default: ['serviceNoteInsert', 'serviceNoteUpdate'],
		});
		expect(options.map((o) => [o.name, o.type, o.default])).toEqual([
			['customerPhoneField', 'string', 'customerPhone'],
			['failAfterPolls', 'number', 3],
			['includeCustomer', 'boolean', false],
			['lookbackMinutes', 'number', 5],
			['maxRecordsPerPoll', 'number', 5000],
			['startFrom', 'dateTime', ''],
		]);
	});

	it('has triggerOn with service records the default (saved triggers unchanged), and each kind its events', () => {
		expect(description.properties[0]).toMatchObject({
			name: 'triggerOn',
			type: 'options',
			default: 'serviceRecord',
			noDataExpression: true,
		});
		expect(values('triggerOn')).toEqual(['callTask', 'customer', 'serviceRecord']);
		for (const name of ['channel', 'events'])
			expect(property(name).displayOptions).toEqual({ show: { triggerOn: ['serviceRecord'] } });
		expect(property('events').options?.map((o) => o.name)).toEqual([
			'Record Created',
			'Record Updated',
		]);
		expect(property('customerEvents')).toMatchObject({
			type: 'multiOptions',
			default: ['created', 'updated'],
			displayOptions: { show: { triggerOn: ['customer'] } },
		});
		expect(property('callTaskEvents')).toMatchObject({
			type: 'multiOptions',
			default: ['finished', 'statusChanged'],
			displayOptions: { show: { triggerOn: ['callTask'] } },
		});
		// Look-back and the per-poll bound do not apply to call tasks (read whole every poll).
		for (const name of ['lookbackMinutes', 'maxRecordsPerPoll'])
			expect(options.find((o) => o.name === name)?.displayOptions).toEqual({
				show: { '/triggerOn': ['serviceRecord', 'customer'] },
			});
		expect(options.find((o) => o.name === 'startFrom')?.displayOptions).toBeUndefined();
		// Fail After Failed Polls is about one channel failing while the other goes on: Channel All only.
		expect(options.find((o) => o.name === 'failAfterPolls')?.displayOptions).toEqual({
			show: { '/triggerOn': ['serviceRecord'], '/channel': ['all'] },
		});
	});

	it('ships its codex and both icons next to the node', () => {
		const dir = join(__dirname, '../../nodes/ContactCenterTrigger');
		const codex = readFileSync(join(dir, 'ContactCenterTrigger.node.json'), 'utf8');
		expect(JSON.parse(codex)).toMatchObject({
			node: 'n8n-nodes-contact-center.contactCenterTrigger',
			categories: ['Communication', 'Sales'],
		});
		expect(description.icon).toEqual({
			light: 'file:contactCenter.svg',
			dark: 'file:contactCenter.dark.svg',
		});
		for (const icon of ['contactCenter.svg', 'contactCenter.dark.svg'])
			expect(readFileSync(join(dir, icon), 'utf8')).toContain('<svg');
	});
});

/**
 * The names users' workflows depend on (docs/node-contract.md), checked against the node's
 * description: every resource and operation exists, with every parameter the contract lists
 * (top level) and every field it lists inside a collection. Renaming any of them fails here.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';

const ADDITIONAL =
	'owner assignTime createMethod customerOrigin visitorId mobileDecrypt customerSource';
const GROUP_SETTINGS =
	'groupLeader strategy maxWaitLimit waitTime broadcastMember failedNotAssigned timeout noIdleTransfer';
const DISPLAY_OPTIONAL = 'remark city areaCode defaultNumberList overflowGroupId';
const WRITE = `customerName additionalFields(${ADDITIONAL}) mobile email qq wechat customFields`;
const LIST = 'returnAll limit';

/**
 * Each operation's contract: its top-level parameters, and in brackets the fields a collection must
 * contain (a parameter without brackets: none checked).
 */
const CONTRACT: Record<string, Record<string, string>> = {
	customer: {
		create: WRITE,
		upsert: `${WRITE} phone options(phonesOnMatch)`,
		search: `phone email name ${LIST} simplify`,
		update: `customerId updateFields(${ADDITIONAL} customerName) customFields`,
		get: 'customerId simplify',
		getAll: `simplify ${LIST} sort filters(conditions createTimeBegin createTimeEnd updateTimeBegin updateTimeEnd)`,
		delete: 'customerId',
	},
	customerField: { getAll: `${LIST} filters(name category type enabled editable)` },
	serviceGroup: {
		create: `name members(member) additionalFields(level parentId ${GROUP_SETTINGS})`,
		update: `queueNumber updateFields(name members ${GROUP_SETTINGS})`,
		delete: 'queueNumber',
		getAll: `${LIST} filters(queueNumber)`,
	},
	displayNumberGroup: {
		create: `groupName strategy numberList additionalFields(${DISPLAY_OPTIONAL})`,
		update: `groupId numberList updateFields(groupName strategy ${DISPLAY_OPTIONAL})`,
		delete: 'groupId',
		getAll: LIST,
	},
	serviceRecord: { getAll: `channel startTime endTime ${LIST} filters(callId sessionId)` },
	voiceAgent: { getAll: `${LIST} filters(name publishStatus)` },
	callerNumberGroup: { getAll: `${LIST} filters(groupName)` },
	callTask: {
		create:
			'taskName voiceAgentId agentType startType callerNumberGroupId maxConcurrency callWindows(window) ' +
			'scheduledStartTime retry(retryEnabled retryReasons maxRetryTimes retryIntervalValue retryIntervalUnit)',
		import:
			'taskId customerNumber additionalFields(customerName remark variables) options(dupStrategy)',
		get: 'taskId',
		getAll: `${LIST} filters(taskName startDate endDate statusList)`,
		start: 'taskId',
		pause: 'taskId',
	},
};

/** A contract entry as [parameter, fields it must contain]. */
const parse = (contract: string) =>
	[...contract.matchAll(/(\w+)(?:\(([^)]*)\))?/g)].map(
		([, name, fields]) => [name, fields?.split(' ') ?? []] as const,
	);

const description = new ContactCenter().description;

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const resources = show.resource as string[] | undefined;
	const operations = show.operation as string[] | undefined;
	return (
		(!resources || resources.includes(resource)) && (!operations || operations.includes(operation))
	);
}

function innerNames(property: INodeProperties): string[] {
	const options = (property.options ?? []) as Array<
		INodeProperties | INodePropertyCollection | INodePropertyOptions
	>;
	return options.map((option) => ('name' in option ? String(option.name) : ''));
}

describe('the node contract', () => {
	it('has exactly the contract resources', () => {
		const resource = description.properties.find((p) => p.name === 'resource');
		const values = ((resource?.options ?? []) as INodePropertyOptions[]).map((o) => o.value).sort();
		expect(values).toEqual(Object.keys(CONTRACT).sort());
	});

	it('is the node type the contract names, usable as a tool, with the contract credential', () => {
		expect(description.name).toBe('contactCenter');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials?.map((c) => c.name)).toEqual(['contactCenterApi']);
	});

	for (const [resource, operations] of Object.entries(CONTRACT)) {
		it(`${resource}: exactly the contract operations, each with an action and a description`, () => {
			const selector = description.properties.find(
				(p) => p.name === 'operation' && shownFor(p, resource, ''),
			);
			const options = (selector?.options ?? []) as INodePropertyOptions[];
			expect(options.map((o) => o.value).sort()).toEqual(Object.keys(operations).sort());
			for (const option of options) {
				expect(option.action).toBeTruthy();
				expect(option.description).toBeTruthy();
			}
		});

		for (const [operation, params] of Object.entries(operations)) {
			it(`${resource} ${operation}: every contract parameter and field exists`, () => {
				const visible = description.properties.filter(
					(p) =>
						p.name !== 'operation' && p.name !== 'resource' && shownFor(p, resource, operation),
				);
				const byName = new Map(visible.map((p) => [p.name, p]));
				const missing: string[] = [];
				for (const [name, fields] of parse(params)) {
					const property = byName.get(name);
					if (!property) {
						missing.push(name);
						continue;
					}
					const inner = innerNames(property);
					for (const field of fields) if (!inner.includes(field)) missing.push(`${name}.${field}`);
				}
				expect(missing).toEqual([]);
			});
		}
	}
});

/**
 * What a model reads about the node when it is an AI agent's tool. n8n (1.123 and 2.41) gives the
 * model the node's name, the `toolDescription` parameter (or, when the node has none, only
 * "<operation action> in Contact Center") and one schema property per `$fromAI()`. So the node
 * brings its own `toolDescription`, one default per resource and operation, shown only in the tool
 * variant (`@tool`): the model learns there what the tool does and the formats it must use.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Conventions every tool shares, said once at the end of each description. */
const IDS =
	'IDs are text: pass them exactly as a result gave them, in quotes (customer and call-task IDs are 18-digit strings such as "1874532109876543210"); never as numbers.';
const TIMES =
	"Times in results are 'yyyy-MM-dd HH:mm:ss' in the account's time zone. Date-time inputs: ISO 8601 with an offset (2026-11-22T09:30:00+08:00) is exact; without an offset it is read in the workflow's time zone.";
const LIST =
	'Returns a JSON list; an empty list [] means nothing matched (not an error). At most Limit items (default 50) unless Return All is on.';
const ERRORS =
	'Invalid input is refused before anything is sent, with an error naming the field and the rule: correct the value and call again.';

const PHONE =
	'Phone numbers are text of digits, optionally with + and - (e.g. "13800138000", "+86-138-0013-8000"); no letters or spaces.';

const conventions = (text: string) => `${text} ${IDS} ${TIMES} ${ERRORS}`;

/** resource → operation → what it does and what it needs (the conventions are appended). */
const TOOL_TEXT: Record<string, Record<string, string>> = {
	customer: {
		search: `Find customers (CRM contacts) by phone, email or name; give at least one. A phone matches any of a customer's numbers, with or without a +86 / 0086 prefix. Use this first to look up a caller. ${PHONE} ${LIST}`,
		get: 'Get one customer by its customer ID (the _id of a search result).',
		getAll: `List customers, optionally filtered by field conditions (field, operator, value) and by creation or update time, and sorted. For a lookup by phone, email or name prefer Search. ${LIST}`,
		create: `Create a customer: Customer Name is required; phones, emails and custom fields are optional. Fails with code 03001004 when one of its phone numbers already belongs to a customer (use Create or Update then). ${PHONE}`,
		upsert: `Create a customer, or update the one that already has the given phone number (with or without a +86 / 0086 prefix). On an update the phones, emails, QQ and WeChat entries given are added to the customer's, none removed, and an empty Customer Name keeps its name; Customer Name is needed to create. ${PHONE}`,
		update:
			'Change fields of one customer by its customer ID; only the fields given change. Returns the updated customer.',
		delete:
			'Delete one customer by its customer ID. Irreversible: only on an explicit request by a person.',
	},
	customerField: {
		getAll: `List the customer fields (preset and custom): field ID, name, type and choices. Custom field IDs (cf_…) are the keys of custom values on customers. ${LIST}`,
	},
	callTask: {
		create:
			'Create an outbound call task for a voice agent: task name, voice agent ID and caller number group ID (from Voice Agent and Caller Number Group Get Many), agent type voicebot or voiceagent, start type manual or scheduled, max concurrency and call windows (weekdays 1-7, time ranges HH:mm-HH:mm). Returns the task with its taskId; then import the numbers to call and start it.',
		import: `Import one customer to call into a call task: task ID and the customer's phone number (5 to 20 characters of digits, + and -), optionally name and remark. Call once per number. ${PHONE}`,
		get: 'Get one call task by its task ID: status (draft, running, pause, done), counts and progress.',
		getAll: `List call tasks, optionally filtered by task name, creation date (yyyy-MM-dd) and status (draft, running, pause, done). ${LIST}`,
		start:
			'Start a call task by its task ID (it needs imported customers). The voice agent then calls real people: only on an explicit request by a person.',
		pause: 'Pause a running call task by its task ID.',
	},
	callerNumberGroup: {
		getAll: `List the caller number groups; their IDs are needed to create a call task. ${LIST}`,
	},
	displayNumberGroup: {
		getAll: `List the display-number groups (caller numbers shown to called parties) with their numbers and strategy. ${LIST}`,
		create:
			'Create a display-number group: group name, strategy (1 random, 2 rotating, 3 by home location) and the list of numbers.',
		update:
			'Replace the number list of a display-number group by its group ID and change the fields given.',
		delete: 'Delete a display-number group by its group ID. Irreversible.',
	},
	serviceGroup: {
		getAll: `List the service groups (agent queues) with their members and settings; filter by queue number. ${LIST}`,
		create:
			'Create a service group (agent queue) with its name, members (agent numbers with weights) and allocation strategy.',
		update:
			'Change the name, members or settings of a service group by its queue number; only the fields given change.',
		delete: 'Delete a service group by its queue number. Irreversible.',
	},
	serviceRecord: {
		getAll: `List the service records written after calls (channel call) or online chats (channel im), or both (all) where offered, updated between Start Time and End Time, oldest first. ${LIST}`,
	},
	voiceAgent: {
		getAll: `List the voice agents (voicebots that make outbound calls), optionally by name or publish status (PUBLISHED, OFFLINE, NEVER_PUBLISHED); their IDs are needed to create a call task. ${LIST}`,
	},
};

/** The description a model reads for one resource and operation (undefined for an unknown pair). */
export function toolDescriptionText(resource: string, operation: string): string | undefined {
	const text = TOOL_TEXT[resource]?.[operation];
	return text === undefined ? undefined : conventions(text);
}

/** Every resource and operation that has a tool description. */
export function toolDescribedOperations(): Array<[string, string]> {
	return Object.entries(TOOL_TEXT).flatMap(([resource, operations]) =>
		Object.keys(operations).map((operation): [string, string] => [resource, operation]),
	);
}

/**
 * One `toolDescription` parameter per resource and operation, shown only in the tool variant; the
 * model gets this text (editable per node) instead of the one-line action name. n8n adds its own
 * "Set Automatically / Set Manually" pair only to a node without a `toolDescription`, so this node
 * has none.
 */
export function toolDescriptionProperties(): INodeProperties[] {
	return Object.entries(TOOL_TEXT).flatMap(([resource, operations]) =>
		Object.entries(operations).map(
			([operation, text]): INodeProperties => ({
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: conventions(text),
				required: true,
				typeOptions: { rows: 4 },
				// Root paths ('/resource'): a tool-only parameter, not one of the operation's own parameters.
				displayOptions: {
					show: { '@tool': [true], '/resource': [resource], '/operation': [operation] },
				},
				description:
					'What the AI agent reads about this tool: what it does, the formats of IDs, times and phone numbers, and what an empty result means',
			}),
		),
	);
}

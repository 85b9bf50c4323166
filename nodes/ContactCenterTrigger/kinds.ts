/**
 * The kinds the trigger watches (Trigger On): the one list the node description, the state keys and
 * the poll's dispatch derive from. A kind's poll is its adapter (serviceRecordKind.ts,
 * customerKind.ts, callTaskKind.ts) run by the host loop (host.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { callTaskOutputProperties } from '../ContactCenter/actions/callTask/simplify';
import { customerOutputProperties } from '../ContactCenter/actions/customer/output';
import { serviceRecordOutputProperties } from '../ContactCenter/actions/serviceRecord/simplify';

interface KindRow {
	/** The Trigger On value (saved in workflows: never changes). */
	value: string;
	/** The Trigger On option's name and description. */
	name: string;
	description: string;
	/** The node's subtitle for this kind: an n8n expression (without `={{ }}`). */
	subtitle: string;
	/** The static-data key of its state (saved in workflows: never changes). */
	stateKey: string;
	/** Time-ordered (Look-Back and Max Records per Poll apply). */
	timeOrdered: boolean;
	/** Output and Fields, as the action node's read of the same resource has them. */
	outputProperties: () => INodeProperties[];
}

/** In the order Trigger On lists them (by name). */
export const KINDS = [
	{
		value: 'callTask',
		name: 'Call Task',
		description: 'A voice-agent call task changed status or finished',
		subtitle: '"Call Task"',
		stateKey: 'callTasks',
		timeOrdered: false,
		outputProperties: callTaskOutputProperties,
	},
	{
		value: 'customer',
		name: 'Customer',
		description: 'A customer was created or updated',
		subtitle: '"Customer"',
		stateKey: 'customers',
		timeOrdered: true,
		outputProperties: customerOutputProperties,
	},
	{
		value: 'serviceRecord',
		name: 'Service Record',
		description: 'A call or Online Chat service record was written or updated',
		subtitle:
			'"Service Record: " + ({ all: "All Channels", call: "Call", im: "Online Chat" }[$parameter["channel"]] ?? $parameter["channel"])',
		stateKey: 'cursor',
		timeOrdered: true,
		outputProperties: serviceRecordOutputProperties,
	},
] as const satisfies readonly KindRow[];

export type KindValue = (typeof KINDS)[number]['value'];

/** What a trigger saved before Trigger On existed watches (and any value not listed). */
export const DEFAULT_KIND = 'serviceRecord' satisfies KindValue;

/** Each kind's static-data key. */
export const STATE_KEYS = Object.fromEntries(KINDS.map((k) => [k.value, k.stateKey])) as Record<
	KindValue,
	string
>;

/** The kind a Trigger On value names; the default for a value that names none. */
export function kindOf(value: unknown): KindValue {
	return KINDS.find((k) => k.value === value)?.value ?? DEFAULT_KIND;
}

/** The time-ordered kinds' values, the default kind first. */
export const TIME_ORDERED_KINDS: KindValue[] = [
	...KINDS.filter((k) => k.timeOrdered && k.value === DEFAULT_KIND),
	...KINDS.filter((k) => k.timeOrdered && k.value !== DEFAULT_KIND),
].map((k) => k.value);

/** displayOptions that show a parameter for these kinds only (`/triggerOn` inside a collection). */
export function shownFor(
	kinds: readonly KindValue[],
	path: 'triggerOn' | '/triggerOn' = 'triggerOn',
): { show: Record<string, KindValue[]> } {
	return { show: { [path]: [...kinds] } };
}

/** The node's subtitle: the kind's own, the default kind's for any other value. */
export function kindSubtitle(): string {
	const others = KINDS.filter((k) => k.value !== DEFAULT_KIND).map(
		(k) => `$parameter["triggerOn"] === "${k.value}" ? ${k.subtitle} : `,
	);
	const fallback = KINDS.find((k) => k.value === DEFAULT_KIND)?.subtitle ?? '""';
	return `={{ ${others.join('')}${fallback} }}`;
}

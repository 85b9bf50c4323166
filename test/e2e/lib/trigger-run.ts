/**
 * Reading what an active Contact Center Trigger did in a running n8n, through n8n's public API:
 * the records its executions emitted, and the cursor it keeps in the workflow's static data. Used
 * by the trigger suite and by the community-install suite (the trigger across a package update).
 */
import { formatApiTime, parseApiTime } from '../../../nodes/ContactCenter/api/time';
import type { Channel, InjectRecordsRequest, SandboxControl } from '../../sandbox/control';
import { itemsOf, type N8n } from './n8n';
import type { CredentialImport, JsonObject, PublicExecution, WorkflowImport } from './types';
import { waitFor } from './process';
import { bindCredential, CC_TRIGGER, chain, exampleFrom, node, tenMinutesBack } from './workflows';

/** The trigger node of the example "new service record → update the customer". */
export const TRIGGER = 'New service record';

/** That example (`examples/service-record-to-customer.json`) bound to `credential`, starting ten minutes back. */
export async function triggerExample(
	control: SandboxControl,
	credential: CredentialImport,
): Promise<WorkflowImport> {
	const file = 'service-record-to-customer.json';
	return exampleFrom(file, TRIGGER, await tenMinutesBack(control), credential);
}

export const CUSTOMER_TRIGGER = 'Customer created or updated';
export const TASK_TRIGGER = 'Call task finished';

/**
 * Trigger On Customer into a No Op (id `customerId`), and the example "call task finished → results
 * summary" (its own id unless `taskId`), both bound to `credential`, starting at `startFrom`.
 */
export async function kindWorkflows(
	credential: CredentialImport,
	startFrom: string,
	customerId: string,
	taskId?: string,
): Promise<WorkflowImport[]> {
	const customers = chain(customerId, 'Contact Center: customers created or updated (e2e)', [
		node(CUSTOMER_TRIGGER, CC_TRIGGER, { triggerOn: 'customer', options: { startFrom } }),
		node('Received', 'n8n-nodes-base.noOp', {}, 240),
	]);
	const file = 'call-task-finished-summary.json';
	const tasks = await exampleFrom(file, TASK_TRIGGER, startFrom, credential);
	return [bindCredential(customers, credential), { ...tasks, id: taskId ?? tasks.id }];
}

/** A service record written into the sandbox by a test. */
export interface Injected {
	id: string;
	channel: Channel;
	updateTime: string;
}

type ChannelCursorView = Record<'mark' | 'floor' | 'seen', string>;

/** Writes service records into a tenant of the sandbox, and tells the sandbox's time. */
export class RecordWriter {
	constructor(
		private readonly control: SandboxControl,
		private readonly appId: string,
		private readonly zone: string,
	) {}

	// Arrow properties, so a test can take them apart: `const { apiTime, inject } = writer`.

	/** The sandbox's "now" as an API time, shifted by `seconds`. */
	readonly apiTime = async (seconds = 0): Promise<string> => {
		const now = Date.parse((await this.control.getClock()).now);
		return formatApiTime(now + seconds * 1000, this.zone);
	};

	readonly shift = (time: string, seconds: number): string =>
		formatApiTime(parseApiTime(time, this.zone)! + seconds * 1000, this.zone);

	readonly inject = async (
		channel: Channel,
		records: NonNullable<InjectRecordsRequest['records']>,
	): Promise<Injected[]> => {
		const ids = await this.control.injectRecords({ appId: this.appId, channel, records });
		return ids.map((id, i) => ({ id, channel, updateTime: records[i].updateTime }));
	};
}

/** An active workflow whose trigger node is `trigger`, watched through the public API. */
export class TriggerRun {
	constructor(
		private readonly n8n: N8n,
		readonly workflowId: string,
		readonly trigger: string,
	) {}

	/** The event ids the trigger node emitted in one execution. */
	emittedIds(execution: PublicExecution): string[] {
		return itemsOf(execution, this.trigger).map((item) => String(item.eventUniqueId));
	}

	/** The finished executions the trigger started, oldest first; an execution that failed throws. */
	async executions(): Promise<PublicExecution[]> {
		const executions = (await this.n8n.getExecutions(this.workflowId)).filter(
			(e) => e.mode === 'trigger',
		);
		const failed = executions.filter((e) => e.status === 'error' || e.status === 'crashed');
		if (failed.length > 0) {
			const error = failed[0].data?.resultData.error;
			throw new Error(
				`trigger execution ${failed[0].id} ${failed[0].status}: ${error?.message ?? 'no error message'}`,
			);
		}
		return executions
			.filter((e) => e.finished && e.status === 'success')
			.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/**
	 * Waits (bounded) until `done` holds for the JSON of every item the trigger emitted (oldest
	 * execution first); resolves with the executions. A failure lists the items and `detail(items)`.
	 */
	async waitForItems(
		what: string,
		done: (items: JsonObject[]) => boolean,
		seconds: number,
		detail = (items: JsonObject[]): string | Promise<string> =>
			`emitted only ${JSON.stringify(items.map((i) => [i._id ?? i.taskId ?? i.id ?? i.eventUniqueId, i.event]))}`,
	): Promise<PublicExecution[]> {
		let executions: PublicExecution[] = [];
		const items = () => executions.flatMap((e) => itemsOf(e, this.trigger));
		const probe = async () => {
			executions = await this.executions();
			return done(items()) ? executions : undefined;
		};
		return waitFor(`${this.trigger}: ${what}`, seconds * 1000, probe, {
			every: 2_000,
			failFast: true,
			detail: async () =>
				`${await detail(items())} (${executions.length} execution(s) so far)\n--- n8n output (tail) ---\n${this.n8n.recentOutput(30)}`,
		});
	}

	/** Waits (bounded) until the trigger's executions together have emitted every id in `expected`. */
	waitForEmitted(expected: Injected[], seconds: number): Promise<PublicExecution[]> {
		const missing = (items: JsonObject[]) => {
			const emitted = new Set(items.map((item) => String(item.eventUniqueId)));
			return expected
				.filter((r) => !emitted.has(r.id))
				.map((r) => `${r.channel} ${r.updateTime} ${r.id}`);
		};
		const all = (items: JsonObject[]) => missing(items).length === 0;
		return this.waitForItems(
			'every record emitted',
			all,
			seconds,
			(items) => `the trigger did not emit ${missing(items).join(', ')}`,
		);
	}

	/** The trigger's cursor per channel, as saved in the workflow's static data. */
	async cursor(): Promise<Record<Channel, ChannelCursorView>> {
		const { staticData } = await this.n8n.getWorkflow(this.workflowId);
		const node = staticData?.[`node:${this.trigger}`] as
			| { cursor?: { channels?: Record<Channel, ChannelCursorView> } }
			| undefined;
		if (!node?.cursor?.channels)
			throw new Error(`no cursor in the static data: ${JSON.stringify(staticData)}`);
		return node.cursor.channels;
	}
}

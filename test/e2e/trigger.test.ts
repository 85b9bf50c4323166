/**
 * The Contact Center Trigger in a real n8n: the example "new service record → update the customer"
 * is published and run by `n8n start`; service records injected into the sandbox between polls must
 * each come out exactly once — at activation, at the next minute poll, and after a restart of n8n
 * (the cursor lives in the workflow's static data) — and the customers they name get updated.
 * Everything is read back through n8n's public API (executions with data, the workflow's static
 * data) and the sandbox's state. n8n polls at activation and then once a minute (its shortest
 * interval), so the test waits for the executions it expects, each within a bounded deadline.
 */
import { useSandbox } from '../sandbox/fixture';
import { DEMO_TENANT, itemsOf, N8n, sandboxCredential } from './lib';
import { RecordWriter, TRIGGER, triggerExample, TriggerRun } from './lib/trigger-run';

jest.setTimeout(8 * 60_000);

const APP = DEMO_TENANT.appId;
const PHONE = '13911110001';
const VISITOR = 'v_trigger_2';
// The example finds customers by the phone in the record's form, online chats included.
const CHAT_PHONE = '13911110002';

const sandbox = useSandbox({ tenants: [{ ...DEMO_TENANT, seed: 'empty' }] });
const { control } = sandbox;
const { apiTime, shift, inject } = new RecordWriter(control, APP, DEMO_TENANT.timezone);
let n8n: N8n;
let run: TriggerRun;
let phoneCustomerId: string;
let visitorCustomerId: string;

/** A chat record of the visitor, with the phone in its form. */
const chat = (updateTime: string, channel = 'web') =>
	inject('im', [
		{
			updateTime,
			data: { customerPhone: CHAT_PHONE },
			otherParams: { channel, visitorId: VISITOR },
		},
	]);
const customer = async (id: string) =>
	(await control.getState(APP)).customers.find((c) => c._id === id);

beforeAll(async () => {
	// An empty tenant: every record the trigger can see is one this test injected.
	await control.seedFields({
		appId: APP,
		fields: [{ field: 'cf_last_contact', name: 'Last contact', type: 'text' }],
	});
	[phoneCustomerId, visitorCustomerId] = await control.seedCustomers({
		appId: APP,
		customers: [
			{ customerName: 'Caller One', mobile: [{ value: PHONE, memo: '' }] },
			{
				customerName: 'Chat Two',
				visitorId: VISITOR,
				mobile: [{ value: CHAT_PHONE, memo: '' }],
			},
		],
	});

	const credential = sandboxCredential(sandbox.url);
	const workflow = await triggerExample(control, credential);
	n8n = await N8n.prepared({ credentials: [credential], workflows: [workflow] });
	await n8n.publish(workflow.id);
	run = new TriggerRun(n8n, workflow.id, TRIGGER);
}, 15 * 60_000);

N8n.disposeAfterAll(() => n8n);

test('records injected before activation, between polls and while n8n is down are each emitted exactly once, and update their customers', async () => {
	// A: written before n8n starts; emitted by the poll at activation (Start From is 10 minutes back).
	const a = [
		...(await inject('call', [
			{
				updateTime: await apiTime(-240),
				callId: 'e2e-call-1',
				data: { result: 'callback', customerPhone: PHONE },
			},
			{ updateTime: await apiTime(-180), data: { result: 'no link' } },
		])),
		...(await chat(await apiTime(-120))),
	];
	await n8n.start();
	const afterA = await run.waitForEmitted(a, 90);
	expect(afterA).toHaveLength(1);
	expect(run.emittedIds(afterA[0]).sort()).toEqual(a.map((r) => r.id).sort());
	expect(await customer(phoneCustomerId)).toMatchObject({ cf_last_contact: a[0].updateTime });
	expect(await customer(visitorCustomerId)).toMatchObject({ cf_last_contact: a[2].updateTime });

	// B: written after the first poll, emitted by the next minute poll: a newer call of the same
	// customer, an update of the first call, and a chat record written late (older than the newest
	// chat already emitted, within the look-back), whose customer must keep the newer time.
	// One time for both calls: two reads of the clock can fall in two seconds, and the cursor's mark is the newer.
	const bTime = await apiTime(0);
	const b = [
		...(await inject('call', [
			{ updateTime: bTime, data: { result: 'solved', customerPhone: PHONE } },
			{
				updateTime: bTime,
				callId: 'e2e-call-1',
				pushType: 'serviceNoteUpdate',
				data: { result: 'callback done' },
			},
		])),
		...(await chat(shift(a[2].updateTime, -60))),
	];
	const afterB = await run.waitForEmitted(b, 150);
	expect(afterB.length).toBeGreaterThanOrEqual(2);
	const beforeRestart = await run.cursor();
	expect(beforeRestart.call.mark).toBe(b[0].updateTime);
	expect(beforeRestart.im.mark).toBe(a[2].updateTime);
	expect(await customer(phoneCustomerId)).toMatchObject({ cf_last_contact: b[0].updateTime });
	expect(await customer(visitorCustomerId)).toMatchObject({ cf_last_contact: a[2].updateTime });

	// C: written while n8n is stopped (one of them late), emitted by the poll when n8n starts again.
	await n8n.stop();
	const restartedAt = Date.now();
	const c = [
		...(await inject('call', [
			{ updateTime: await apiTime(0), data: { result: 'new' } },
			{ updateTime: shift(b[0].updateTime, -30), data: { result: 'late' } },
		])),
		...(await chat(await apiTime(0), 'app')),
	];
	await n8n.start();
	const all = await run.waitForEmitted(c, 90);

	// Every record exactly once: nothing lost, nothing repeated, across every execution.
	const emitted = all.flatMap((e) => run.emittedIds(e));
	expect([...emitted].sort()).toEqual([...a, ...b, ...c].map((r) => r.id).sort());
	const afterRestart = all.filter((e) => Date.parse(e.startedAt) >= restartedAt);
	expect(afterRestart.flatMap((e) => run.emittedIds(e)).sort()).toEqual(c.map((r) => r.id).sort());
	expect(all.length - afterRestart.length).toBeGreaterThanOrEqual(2);

	// The items are the records, simplified (Output's default), each with its customer (the
	// example turns Include Customer on): found by the form's phone, null when it names none.
	const items = all.flatMap((e) => itemsOf(e, TRIGGER));
	const item = (id: string) => items.find((i) => i.eventUniqueId === id);
	expect(item(b[1].id)).toMatchObject({
		pushType: 'serviceNoteUpdate',
		callId: 'e2e-call-1',
		channel: 'call',
		customer: null,
	});
	expect(item(c[2].id)).toMatchObject({
		channel: 'im',
		otherParams: { channel: 'app', visitorId: VISITOR },
		customer: { _id: visitorCustomerId, customerName: 'Chat Two', phones: [CHAT_PHONE] },
	});
	expect(item(a[0].id)).toMatchObject({
		customer: { _id: phoneCustomerId, customerName: 'Caller One', phones: [PHONE] },
	});
	expect(item(a[1].id)?.customer).toBeNull();

	// The cursor survived the restart in the static data and moved past C.
	const afterAll = await run.cursor();
	expect(afterAll.call.mark).toBe(c[0].updateTime);
	expect(afterAll.im.mark).toBe(c[2].updateTime);
	expect(afterAll.call.mark >= beforeRestart.call.mark).toBe(true);

	// The customers hold their newest contact; the late chat record did not overwrite a newer time.
	expect(await customer(phoneCustomerId)).toMatchObject({ cf_last_contact: b[0].updateTime });
	expect(await customer(visitorCustomerId)).toMatchObject({ cf_last_contact: c[2].updateTime });

	// Every request n8n sent was signed correctly.
	const requests = await control.getLog({ appId: APP });
	expect(requests.filter((q) => q.path.includes('/service-record/')).length).toBeGreaterThanOrEqual(
		6,
	);
	expect(requests.filter((q) => !q.signatureValid)).toEqual([]);
	// The customers of a poll are looked up together: at most one customer-list request per
	// emitting poll (each names at most 2 distinct numbers), never one per record.
	const lists = requests.filter((q) => q.path === '/openapi/crm/list');
	const emitting = all.filter((e) => run.emittedIds(e).length > 0).length;
	expect(lists.length).toBeGreaterThan(0);
	expect(lists.length).toBeLessThanOrEqual(emitting);
});

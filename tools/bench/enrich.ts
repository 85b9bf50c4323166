/**
 * Include Customer on the service-record trigger: one poll emitting 5,000 records that name 2,500
 * distinct phone numbers (2,000 held by a customer), timed, and its requests beyond the same poll
 * without Include Customer. On the IMPORTS tenant, so that the MAIN tenant's records and customers
 * (the other scenarios' counts) stay as they are.
 */
import type { IDataObject } from 'n8n-workflow';

import { ContactCenterTrigger } from '../../nodes/ContactCenterTrigger/ContactCenterTrigger.node';
import { NUMBERS_PER_LOOKUP } from '../../nodes/ContactCenter/actions/customer/phoneLookup';
import { formatApiTime } from '../../nodes/ContactCenter/api/time';
import { timedPoll } from './runner';
import { IMPORTS } from './tenants';
import type { Context, NodeOutcome } from './scenarios';

export const ENRICH = { records: 5_000, distinct: 2_500, held: 2_000 };
/** The lookup requests a poll of ENRICH adds: ⌈distinct / chunk⌉ customer lists + one field read. */
export const ENRICH_FLOOR = Math.ceil(ENRICH.distinct / NUMBERS_PER_LOOKUP) + 1;

const LIST = '/openapi/crm/list';
const FIELDS = '/openapi/crm/config/field/list';
const phoneOf = (n: number) => String(18_800_000_000 + n);
let seeded: string | undefined;

/** Once per bench run: the customers, and the records written two to one hours back. */
async function seedOnce(ctx: Context): Promise<string> {
	if (seeded) return seeded;
	const now = Date.now();
	await ctx.control.seedCustomers({
		appId: IMPORTS.appId,
		customers: Array.from({ length: ENRICH.held }, (_, i) => ({
			customerName: `Caller ${i}`,
			mobile: [{ value: i % 2 === 0 ? phoneOf(i) : `+86${phoneOf(i)}`, memo: '' }],
		})),
	});
	const span = 3600;
	const records = Array.from({ length: ENRICH.records }, (_, i) => ({
		updateTime: formatApiTime(
			now - 2 * 3600_000 + Math.floor((i * span) / ENRICH.records) * 1000,
			IMPORTS.timezone,
		),
		pushType: 'serviceNoteInsert' as const,
		data: { customerPhone: phoneOf(i % ENRICH.distinct) },
	}));
	await ctx.control.injectRecords({ appId: IMPORTS.appId, channel: 'call', records });
	seeded = new Date(now - 3 * 3600_000).toISOString();
	return seeded;
}

async function firstPoll(ctx: Context, startFrom: string, includeCustomer: boolean) {
	const staticData: IDataObject = {};
	await ctx.control.clearLog();
	const out = await timedPoll({
		nodeType: ContactCenterTrigger,
		parameters: { channel: 'call', options: { startFrom, includeCustomer } },
		credentials: { baseUrl: ctx.url, ...IMPORTS, timeoutSeconds: 60 },
		staticData,
		timezone: IMPORTS.timezone,
	});
	if (out.error) throw new Error(`enrich poll failed: ${out.error.message}`);
	const items = out.items ?? [];
	if (items.length !== ENRICH.records)
		throw new Error(`enrich: ${items.length} records emitted, expected ${ENRICH.records}`);
	return { out, items, requests: await ctx.control.getLog({ appId: IMPORTS.appId }) };
}

/** The Start From poll of the 5,000 records without and with Include Customer. */
export async function enrichPoll(ctx: Context): Promise<NodeOutcome> {
	const startFrom = await seedOnce(ctx);
	const today = await firstPoll(ctx, startFrom, false);
	const enriched = await firstPoll(ctx, startFrom, true);
	const lookups = enriched.requests.filter((r) => r.path === LIST || r.path === FIELDS);
	const beyond = enriched.requests.length - today.requests.length;
	if (beyond !== lookups.length)
		throw new Error(`enrich: ${beyond} requests beyond, ${lookups.length} lookups`);
	const found = enriched.items.filter((i) => i.json.customer !== null).length;
	return {
		ms: enriched.out.ms,
		items: enriched.items.length,
		requests: lookups,
		polls: 1,
		detail:
			`${enriched.requests.length} requests (${today.requests.length} without Include Customer, ${today.out.ms.toFixed(0)} ms): ` +
			`${lookups.filter((r) => r.path === LIST).length} customer lists + ${lookups.filter((r) => r.path === FIELDS).length} field read for ${ENRICH.distinct} distinct numbers; ${found} records with a customer`,
	};
}

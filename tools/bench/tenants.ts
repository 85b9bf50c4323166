/**
 * The benchmark's sandbox tenants, their signed headers and the day its service records are written
 * to: no n8n, so the CPU micro-benchmarks can run in a process that loads nothing else (micro.ts).
 */
import { signRequest } from '../../nodes/ContactCenter/transport/signing';

// Sandbox-only secrets, built at run time (nothing here is a real credential).
export const MAIN = {
	appId: '51001',
	appSecret: ['bench', 'main', '4b8e'].join('-'),
	timezone: 'Asia/Shanghai',
};
export type Tenant = typeof MAIN;
export const IMPORTS: Tenant = {
	appId: '51002',
	appSecret: ['bench', 'imports', '9c1d'].join('-'),
	timezone: 'Asia/Shanghai',
};

/** The headers of a request signed with our signing function. */
export const signedHeaders = (tenant: Tenant) => ({
	...signRequest({ appId: tenant.appId, appSecret: tenant.appSecret }, Date.now()),
	'content-type': 'application/json',
});

/** The day the 100,000 service records are spread over (in the tenant's zone), yesterday. */
export function recordDay(now = Date.now()) {
	// sv-SE writes dates as yyyy-MM-dd.
	const day = new Intl.DateTimeFormat('sv-SE', {
		timeZone: MAIN.timezone,
		dateStyle: 'short',
	}).format(new Date(now - 86_400_000));
	return {
		from: `${day} 00:00:00`,
		to: `${day} 23:59:59`,
		isoFrom: `${day}T00:00:00`,
		isoTo: `${day}T23:59:59`,
	};
}

/** Import rows as a spreadsheet delivers them: one customer number and name per row. */
export const phoneRows = (count: number) =>
	Array.from({ length: count }, (_, i) => ({
		phone: String(13_000_000_000 + i),
		name: `Customer ${i}`,
	}));

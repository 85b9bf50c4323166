import { createHmac } from 'node:crypto';

import { sign, type RequestOptions } from './client';
import { cases, errA, errB, okA, okB, PATHS, TENANT_A, TENANT_B, useSandbox } from './fixture';

const sb = useSandbox({ resetEach: true });
const FROZEN = '2023-11-14T22:13:20.000Z'; // 1700000000
const A_PATH = PATHS.groupList;
const B_PATH = PATHS.agentQuery;
const B_BODY = { pageNo: 1, pageSize: 10 };

/** Signed over appId + nonce + timestamp instead of appId + timestamp + nonce. */
function wrongOrder(): RequestOptions {
	const ts = String(Math.floor(Date.now() / 1000));
	return {
		timestamp: ts,
		nonce: '777777',
		signature: sign(TENANT_A.appId, TENANT_A.appSecret, '777777', ts),
	};
}

describe('signature', () => {
	it('accepts the golden vector computed with openssl (appId 1090, secret-a, 1700000000, nonce 123456)', async () => {
		// printf '%s' 10901700000000123456 | openssl dgst -sha256 -hmac secret-a -binary | base64
		const golden = 'A+RWraJ3gizS2kzBCQPcw9gtLIoDilmexFUdHwN8QXY=';
		expect(sign('1090', 'secret-a', '1700000000', '123456')).toBe(golden);
		await sb.control.setClock({ freezeAt: FROZEN });
		const signed = { timestamp: '1700000000', nonce: '123456', signature: golden };
		expect(okA(await sb.post(A_PATH, {}, signed))).toEqual([]);
		const [entry] = await sb.control.getLog();
		expect(entry).toMatchObject({ signatureValid: true, httpStatus: 200, code: '200' });
		expect(entry.authError).toBeUndefined();
	});

	it('reads the header names case-insensitively (appId as the outbound interface writes it)', async () => {
		const { appid, nonce, timestamp, signature } = sb.client.signedHeaders();
		const mixedCase = { appId: appid, NONCE: nonce, TimeStamp: timestamp, Signature: signature };
		const unset = { appid: null, nonce: null, timestamp: null, signature: null };
		okB(await sb.post(B_PATH, B_BODY, { headers: { ...unset, ...mixedCase } }));
	});

	it('refuses a signature made with another secret, and never echoes the secret or the expected signature', async () => {
		const h = sb.client.signedHeaders({ appSecret: 'wrong-secret' });
		const expected = sign(TENANT_A.appId, TENANT_A.appSecret, h.timestamp, h.nonce);
		const { timestamp, nonce, signature } = h;
		const res = await sb.post(A_PATH, {}, { timestamp, nonce, signature });
		errA(res, '00000400', 'app id parameter error: signature mismatch');
		expect(res.text).not.toContain(TENANT_A.appSecret);
		expect(res.text).not.toContain(expected);
		const [entry] = await sb.control.getLog();
		expect(entry).toMatchObject({
			signatureValid: false,
			authError: 'signature mismatch',
			code: '00000400',
		});
	});

	it.each<[string, () => RequestOptions, string]>([
		[
			'a signature over appId + nonce + timestamp (the wrong order)',
			wrongOrder,
			'signature mismatch',
		],
		['a bad signature', () => ({ signature: 'AAAA' }), 'signature mismatch'],
		[
			'a nonce longer than 64 characters',
			() => ({ nonce: '1'.repeat(65) }),
			'nonce must be at most 64 characters',
		],
		[
			'a millisecond timestamp',
			() => ({ timestamp: String(Date.now()) }),
			'timestamp must be Unix time in seconds (10 digits)',
		],
	])('refuses %s, and a write so refused changes nothing', async (_what, options, reason) => {
		const res = await sb.post(PATHS.crmAdd, { customerName: 'Nobody' }, options());
		errA(res, '00000400', `app id parameter error: ${reason}`);
		expect((await sb.control.getState(TENANT_A.appId)).customers).toHaveLength(0);
	});

	it('accepts a nonce of 64 characters', async () => {
		okA(await sb.post(A_PATH, {}, { nonce: '2'.repeat(64) }));
	});

	it.each(
		cases(`
		appid | appid header is missing
		signature | signature header is missing
		timestamp | timestamp header is missing
		nonce | nonce header is missing
	`),
	)('refuses a request without %s (envelope A and B)', async (header, reason) => {
		errA(
			await sb.post(A_PATH, {}, { headers: { [header]: null } }),
			'00000400',
			`app id parameter error: ${reason}`,
		);
		const b = errB(await sb.post(B_PATH, B_BODY, { headers: { [header]: null } }), 400);
		expect(b.message).toBe(reason);
	});

	it('refuses an unknown appid in both envelopes', async () => {
		const res = await sb.post(A_PATH, {}, { appId: '9999', appSecret: 'whatever' });
		expect(res.json).toEqual({
			success: false,
			code: '00000400',
			message: 'app id parameter error: unknown appid "9999"',
			data: null,
			traceId: expect.any(String),
		});
		const b = await sb.post(B_PATH, B_BODY, { appId: '9999', appSecret: 'whatever' });
		expect(b.json).toEqual({
			code: 400,
			data: null,
			message: 'unknown appid "9999"',
			traceId: expect.any(String),
		});
	});
});

describe('timestamp window (300 s)', () => {
	beforeEach(async () => {
		await sb.control.setClock({ freezeAt: FROZEN });
	});

	it.each([-300, -1, 0, 299, 300])(
		'accepts a timestamp %i s from the server clock',
		async (skew) => {
			okA(await sb.post(A_PATH, {}, { timestamp: String(1700000000 + skew) }));
		},
	);

	it.each([-301, 301, -86400])('refuses a timestamp %i s from the server clock', async (skew) => {
		const direction = skew < 0 ? 'behind' : 'ahead of';
		errA(
			await sb.post(A_PATH, {}, { timestamp: String(1700000000 + skew) }),
			'00000400',
			`timestamp is ${Math.abs(skew)} s ${direction} the server clock`,
		);
		errB(
			await sb.post(B_PATH, B_BODY, { timestamp: String(1700000000 + skew) }),
			400,
			/the server clock/,
		);
	});

	it('follows the server clock offset', async () => {
		await sb.control.setClock(3600);
		errA(await sb.post(A_PATH, {}), '00000400', /behind the server clock/);
		okA(await sb.post(A_PATH, {}, { skewSeconds: 3600 }));
	});
});

describe('nonce replay (5 minutes, per tenant)', () => {
	it('refuses a nonce used again within 5 minutes, even with a new timestamp', async () => {
		await sb.control.setClock({ freezeAt: FROZEN });
		okA(await sb.post(A_PATH, {}, { nonce: '424242', timestamp: '1700000000' }));
		errA(
			await sb.post(A_PATH, {}, { nonce: '424242', timestamp: '1700000001' }),
			'00000400',
			'app id parameter error: nonce has already been used',
		);
		errB(
			await sb.post(B_PATH, B_BODY, { nonce: '424242', timestamp: '1700000002' }),
			400,
			'nonce has already been used',
		);
		const entries = await sb.control.getLog();
		expect(entries.map((e) => [e.signatureValid, e.authError])).toEqual([
			[true, undefined],
			[true, 'nonce has already been used'],
			[true, 'nonce has already been used'],
		]);
	});

	it('accepts the nonce again once 5 minutes have passed', async () => {
		/** The nonce 515151, sent `seconds` after FROZEN with the server clock frozen there. */
		const sendAt = async (seconds: number) => {
			await sb.control.setClock({
				freezeAt: new Date(Date.parse(FROZEN) + seconds * 1000).toISOString(),
			});
			return sb.post(A_PATH, {}, { nonce: '515151', timestamp: String(1700000000 + seconds) });
		};
		okA(await sendAt(0));
		errA(await sendAt(300), '00000400', /nonce/); // still refused
		okA(await sendAt(301));
	});

	it('keeps nonces per tenant', async () => {
		okA(await sb.post(A_PATH, {}, { nonce: '616161' }));
		okA(await sb.clientFor(TENANT_B).post(A_PATH, {}, { nonce: '616161' }));
	});

	it('does not use up a nonce on a refused request', async () => {
		errA(
			await sb.post(A_PATH, {}, { nonce: '717171', signature: 'bad' }),
			'00000400',
			/signature mismatch/,
		);
		okA(await sb.post(A_PATH, {}, { nonce: '717171' }));
		expect((await sb.control.getState(TENANT_A.appId)).nonceCount).toBe(1);
	});

	it('forgets nonces on reset', async () => {
		okA(await sb.post(A_PATH, {}, { nonce: '818181' }));
		await sb.control.reset();
		okA(await sb.post(A_PATH, {}, { nonce: '818181' }));
	});
});

describe('nonceReplayKey timestamp+nonce', () => {
	const sb2 = useSandbox({ nonceReplayKey: 'timestamp+nonce' });

	it('refuses only the same timestamp and nonce pair', async () => {
		const now = Math.floor(Date.now() / 1000);
		const send = (timestamp: number) =>
			sb2.client.post(A_PATH, {}, { nonce: '123123', timestamp: String(timestamp) });
		okA(await send(now));
		okA(await send(now + 5));
		errA(await send(now + 5), '00000400', /nonce/);
	});
});

describe('signatureOrder: the order the API signs appId, timestamp and nonce in', () => {
	const ORDERS = ['appIdTimestampNonce', 'appIdNonceTimestamp', 'timestampNonceAppId'] as const;
	/** The golden vector's message in each order (appId 1090, timestamp 1700000000, nonce 123456). */
	const MESSAGES = {
		appIdTimestampNonce: '10901700000000123456',
		appIdNonceTimestamp: '10901234561700000000',
		timestampNonceAppId: '17000000001234561090',
	};
	const sb3 = useSandbox({ signatureOrder: 'timestampNonceAppId', resetEach: true });
	const signedIn = (order: (typeof ORDERS)[number], nonce: string): RequestOptions => {
		const timestamp = String(Math.floor(Date.now() / 1000));
		return { timestamp, nonce, signature: sign('1090', 'secret-a', timestamp, nonce, order) };
	};

	it('sign() joins the three parts in each order (HMAC-SHA256 of the message, as openssl computes it)', () => {
		for (const order of ORDERS) {
			const expected = createHmac('sha256', 'secret-a').update(MESSAGES[order]).digest('base64');
			expect(sign('1090', 'secret-a', '1700000000', '123456', order)).toBe(expected);
		}
	});

	it('started with timestampNonceAppId, accepts that order only; its client signs so', async () => {
		okA(await sb3.post(A_PATH, {}));
		okA(await sb3.post(A_PATH, {}, signedIn('timestampNonceAppId', '424242')));
		for (const order of ['appIdTimestampNonce', 'appIdNonceTimestamp'] as const)
			errA(
				await sb3.post(A_PATH, {}, signedIn(order, '434343')),
				'00000400',
				'app id parameter error: signature mismatch',
			);
	});

	it('POST /__control/auth changes the order until the next reset, which restores the start-up one', async () => {
		expect(await sb3.control.getAuth()).toEqual({ signatureOrder: 'timestampNonceAppId' });
		await sb3.control.setAuth({ signatureOrder: 'appIdNonceTimestamp' });
		okA(await sb3.post(A_PATH, {}, signedIn('appIdNonceTimestamp', '454545')));
		errA(
			await sb3.post(A_PATH, {}, signedIn('timestampNonceAppId', '464646')),
			'00000400',
			/signature/,
		);
		await expect(
			sb3.control.setAuth({ signatureOrder: 'nonceFirst' as 'appIdNonceTimestamp' }),
		).rejects.toThrow(
			/signatureOrder must be one of appIdTimestampNonce, appIdNonceTimestamp, timestampNonceAppId/,
		);
		await sb3.control.reset();
		expect(await sb3.control.getAuth()).toEqual({ signatureOrder: 'timestampNonceAppId' });
	});
});

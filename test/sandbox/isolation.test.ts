import { taskBody, PATHS, TENANT_A, TENANT_B, errA, errB, okA, okB, useSandbox } from './fixture';

const sb = useSandbox();

const SAME = {
	customer: { customerName: 'Same', mobile: [{ value: '13800138000' }] },
	group: { name: 'Same', members: [{ agentNumber: '1001', weight: 1 }] },
	numberGroup: { groupName: 'Same', strategy: '1', numberList: ['1'] },
};

describe('tenant isolation', () => {
	it('keeps every kind of data apart, even with equal inputs', async () => {
		const a = sb.clientFor(TENANT_A);
		const b = sb.clientFor(TENANT_B);
		const out: Record<string, Record<string, string>> = {};
		for (const [name, client, tenant] of [
			['a', a, TENANT_A],
			['b', b, TENANT_B],
		] as const) {
			const customer = okA(await client.post(PATHS.crmAdd, SAME.customer));
			const group = okA(await client.post(PATHS.groupCreate, SAME.group));
			const numberGroup = okA(await client.post(PATHS.numberGroupCreate, SAME.numberGroup));
			const [agent] = await sb.control.seedAgents({ appId: tenant.appId, count: 1 });
			const [callerGroup] = await sb.control.seedCallerNumberGroups({
				appId: tenant.appId,
				count: 1,
			});
			const created = okB(await client.post(PATHS.taskCreate, taskBody(agent, callerGroup)));
			await sb.control.injectRecords({
				appId: tenant.appId,
				channel: 'call',
				records: [{ updateTime: '2026-01-01 00:00:00', eventUniqueId: `event-${name}` }],
			});
			out[name] = {
				customer: customer._id,
				queueNumber: group.queueNumber,
				numberGroup: numberGroup.id,
				agent,
				callerGroup,
				task: created.taskId,
			};
		}
		// Same phone in both tenants is no duplicate; queue numbers count per tenant.
		expect(out.a.queueNumber).toBe('8001');
		expect(out.b.queueNumber).toBe('8001');
		expect(out.a.customer).not.toBe(out.b.customer);

		for (const [client, mine, theirs, tenant] of [
			[a, out.a, out.b, TENANT_A],
			[b, out.b, out.a, TENANT_B],
		] as const) {
			const customers = okA(await client.post(PATHS.crmList, { search: [] }));
			expect(customers.list.map((c: { _id: string }) => c._id)).toEqual([mine.customer]);
			expect(customers.list[0].accountId).toBe(tenant.appId);
			errA(await client.get(PATHS.crmGet(theirs.customer)), '00000400', 'customer does not exist');
			for (const [path, body] of [
				[PATHS.crmUpdate, { _id: theirs.customer, customerName: 'x' }],
				[PATHS.crmDelete, { id: theirs.customer }],
			] as const)
				errA(await client.post(path, body), '00000400', 'customer does not exist');
			expect(okA(await client.post(PATHS.groupList, {}))).toHaveLength(1);
			const numberGroups = okA(
				await client.post(PATHS.numberGroupQuery, { page: 1, pageSize: 10 }),
			);
			expect(numberGroups.list.map((g: { id: string }) => g.id)).toEqual([mine.numberGroup]);
			errA(
				await client.post(PATHS.numberGroupDelete, { id: theirs.numberGroup }),
				'00000400',
				'does not exist',
			);
			const agents = okB(await client.post(PATHS.agentQuery, { pageNo: 1, pageSize: 10 }));
			expect(agents.list.map((x: { id: string }) => x.id)).toEqual([mine.agent]);
			const callerGroups = okB(
				await client.post(PATHS.callerGroupQuery, { pageNo: 1, pageSize: 10 }),
			);
			expect(callerGroups.list.map((x: { id: string }) => x.id)).toEqual([mine.callerGroup]);
			errB(await client.post(PATHS.taskCreate, taskBody(theirs.agent, mine.callerGroup)), 803);
			errB(await client.post(PATHS.taskCreate, taskBody(mine.agent, theirs.callerGroup)), 702);
			const tasks = okB(await client.post(PATHS.taskQuery, { pageNum: 1, pageSize: 10 }));
			expect(tasks.list.map((t: { id: string }) => t.id)).toEqual([mine.task]);
			errB(
				await client.post(PATHS.taskImport, {
					taskId: theirs.task,
					customers: [{ customerNumber: '13800138000' }],
				}),
				801,
			);
			errB(await client.post(PATHS.taskOperate, { taskId: theirs.task, operation: 'start' }), 801);
			const second = { startTime: '2026-01-01 00:00:00', endTime: '2026-01-01 00:00:00' };
			const [record, ...more] = okA(await client.post(PATHS.callRecords, second));
			expect(more).toEqual([]);
			expect(record).toMatchObject({
				eventUniqueId: `event-${tenant === TENANT_A ? 'a' : 'b'}`,
				accountId: tenant.appId,
			});
		}
	});

	it("refuses one tenant signing with the other tenant's secret", async () => {
		errA(
			await sb.post(PATHS.groupList, {}, { appId: TENANT_B.appId, appSecret: TENANT_A.appSecret }),
			'00000400',
			/signature mismatch/,
		);
	});
});

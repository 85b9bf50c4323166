/**
 * `npm test` runs every suite on today's n8n (2.41.1), and the real-n8n end-to-end suites once
 * more on each older pinned release (tools/runtime.ts, N8N_RELEASES), in the same jest run:
 * one jest project per release, which selects it through test/e2e/lib/select-release.js.
 * `CONTACT_CENTER_N8N_VERSION=<version> npx jest test/e2e/…` runs files of the default project on
 * another release by hand.
 */
const base = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// The n8n host folders each hold a package.json of the same name.
	modulePathIgnorePatterns: ['<rootDir>/test/e2e/n8n-host/'],
};

/**
 * The older releases and the end-to-end suites that pass on each (README, Compatibility). Keep in
 * step with N8N_RELEASES in tools/runtime.ts.
 */
const OLDER_RELEASES = [
	{
		version: '1.123.81',
		suites: [
			'loads-package',
			'workflows',
			'trigger',
			'editor',
			'community-install',
			'ai-agent',
			'mcp',
		],
	},
	{
		version: '2.4.8',
		suites: ['loads-package', 'workflows', 'trigger', 'editor', 'community-install'],
	},
];

/** @type {import('jest').Config} */
module.exports = {
	projects: [
		{
			...base,
			// Everything on today's n8n (2.41.1). `npx jest --selectProjects default test/e2e/…` runs one
			// end-to-end file on it alone.
			displayName: 'default',
			// Includes queue mode (test/e2e/queue.test.ts: PostgreSQL, Redis, main and workers, about 7
			// minutes); `npm run test:queue` runs it alone.
			testMatch: ['**/*.test.ts'],
		},
		...OLDER_RELEASES.map(({ version, suites }) => ({
			...base,
			displayName: `n8n ${version}`,
			testMatch: suites.map((suite) => `<rootDir>/test/e2e/${suite}.test.ts`),
			globals: { CONTACT_CENTER_N8N_VERSION: version },
			setupFiles: ['<rootDir>/test/e2e/lib/select-release.js'],
		})),
	],
	testTimeout: 60000,
	maxWorkers: 2,
	// At the end of a run jest asks each worker to exit and reports "A worker process has failed to
	// exit gracefully" unless it sees the exit within this time (500 ms by default). Measured with a
	// probe loaded through NODE_OPTIONS (test/support/worker-exit-probe.js): both workers hold only
	// their IPC and stdio pipes when asked and exit 2-9 ms later, but on a busy machine jest's own
	// process took about 600 ms to notice, so the warning named a leak that was not there. A real
	// leak (an open server, a timer without unref) still keeps a worker alive past 10 s and is
	// reported.
	workerGracefulExitTimeout: 10000,
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

// A jest `setupFiles` entry: a project that runs the end-to-end suites on an older pinned n8n sets
// `globals.CONTACT_CENTER_N8N_VERSION` (see jest.config.js); every test file of that project then
// selects that release (tools/runtime.ts reads the variable). Jest gives each test file its
// own copy of process.env, so other projects are not affected.
if (typeof globalThis.CONTACT_CENTER_N8N_VERSION === 'string') {
	process.env.CONTACT_CENTER_N8N_VERSION = globalThis.CONTACT_CENTER_N8N_VERSION;
}

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * One memory measurement in a fresh process that does only that (`node memory-child.js <scenario>
 * <sandbox url>`, compiled by index.ts): `baseline` (load everything, run nothing), `import`
 * (100,000 items into a call task), `drain` (the trigger drains 100,000 records, n8n's static data
 * kept between polls), and the drain's floors, its requests replayed keeping nothing (`drain-raw`:
 * undici; `drain-n8n`: n8n's request helper in a probe node, bodies as text as our transport reads
 * them; `drain-n8n-buffer`: as bytes). Prints `MEMORY <json>`: peak RSS (maxRSS), the RSS after
 * loading, for the drain the static data's size. The harness's secret check is off here (it
 * serialises every output, which a real n8n never does); every other run of the nodes keeps it.
 */
import type { IDataObject } from 'n8n-workflow';

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import { RequestProbe } from './fixtures/RequestProbe.node';
import { ensureN8nRuntime } from '../../test/harness/runtime';
import { SandboxControl } from '../../test/sandbox/control';
import { timedRun } from './runner';
import {
	credentialsFor,
	drainBacklog,
	importItems,
	importParameters,
	IMPORTS,
	MAIN,
	newTask,
	replayRaw,
	SIZES,
} from './scenarios';
import { childMain, round } from './util';

async function measure(scenario: string, url: string): Promise<IDataObject> {
	const control = new SandboxControl(url);
	// The drain's requests, written by the drain child for the floor children; one file per sandbox,
	// so that bench runs of other checkouts at the same time do not read or delete it.
	const drainFile = path.join(tmpdir(), `contact-center-bench-drain-${new URL(url).port}.json`);
	ensureN8nRuntime();
	// Every module the scenarios touch is loaded (imported) before the baseline is read.
	const loadedRss = process.memoryUsage().rss;
	const result: IDataObject = { scenario };
	const started = performance.now();
	if (scenario === 'import') {
		const run = await timedRun({
			nodeType: ContactCenter,
			parameters: importParameters(await newTask(control)),
			items: importItems(SIZES.importRows),
			credentials: credentialsFor(url, IMPORTS),
			timezone: IMPORTS.timezone,
			checkSecret: false,
		});
		if (run.error) throw new Error(run.error.message);
		result.outputItems = run.items.length;
		result.importedRows = run.items.reduce(
			(sum, item) => sum + Number(item.json.successCount ?? 0),
			0,
		);
	} else if (scenario === 'drain') {
		// A drain that fails leaves no requests behind, so the floors fail too instead of replaying an older run's.
		rmSync(drainFile, { force: true });
		const out = await drainBacklog({ url, control }, { checkSecret: false });
		result.polls = out.polls;
		result.emitted = out.items;
		result.requests = out.requests.length;
		const nodeData = Object.values(out.staticData)[0];
		result.staticDataBytes = Buffer.byteLength(JSON.stringify(out.staticData));
		result.nodeStaticDataBytes = Buffer.byteLength(JSON.stringify(nodeData ?? {}));
		const replay = out.requests.map(({ method, path, rawBody }) => ({ method, path, rawBody }));
		writeFileSync(drainFile, JSON.stringify(replay));
	} else if (scenario.startsWith('drain-')) {
		const requests = JSON.parse(readFileSync(drainFile, 'utf8')) as Parameters<typeof replayRaw>[2];
		result.requests = requests.length;
		if (scenario === 'drain-raw') {
			result.emitted = (await replayRaw(url, MAIN, requests, undefined, { keepAlive: false })).rows;
		} else {
			const run = await timedRun({
				nodeType: RequestProbe,
				parameters: {
					requests: JSON.stringify(requests),
					encoding: scenario === 'drain-n8n-buffer' ? 'arraybuffer' : 'text',
				},
				items: [{ json: {} }],
				credentials: credentialsFor(url, MAIN),
				checkSecret: false,
			});
			if (run.error) throw new Error(run.error.message);
			result.emitted = run.items[0]?.json.rows;
		}
	} else if (scenario !== 'baseline') {
		throw new Error(`unknown scenario ${scenario}`);
	}
	result.ms = Math.round(performance.now() - started);
	result.loadedRssMB = round(loadedRss / 1024 / 1024);
	// maxRSS is in kilobytes.
	result.peakRssMB = round(process.resourceUsage().maxRSS / 1024);
	result.heapUsedMB = round(process.memoryUsage().heapUsed / 1024 / 1024);
	return result;
}

childMain('MEMORY', async () => await measure(process.argv[2], process.argv[3]));

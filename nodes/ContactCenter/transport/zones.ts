/**
 * The two time zones every date conversion pairs: the workflow's (an n8n date-time without an
 * offset is wall-clock time there) and the credential's (the API's zone-less times are in it).
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { readCredentialSettings } from './credentialSettings';

export interface Zones {
	/** The workflow's zone: date-times without an offset are wall-clock times there. */
	workflow: string;
	/** The credential's zone: the API's zone-less times are in it. */
	api: string;
}

/** Both zones of this run; the credential is read (and checked) first. */
export async function readZones(this: IExecuteFunctions | IPollFunctions): Promise<Zones> {
	const { timezone } = await readCredentialSettings.call(this);
	return { workflow: this.getTimezone(), api: timezone };
}

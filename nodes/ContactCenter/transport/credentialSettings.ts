/**
 * The credential's non-secret settings, read and checked once per node context (every request,
 * and the time zones of dates); their checks, shared with the credential test; and the redaction of
 * user information in addresses shown to the user.
 */
import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import type { Issue } from '../input/issues';
import { inputError } from '../input/validation';

/** The contexts that read the credential and send requests: a node run, a list search, a poll. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ContactCenterCredentials {
	baseUrl: string;
	appId: string;
	timezone: string;
	timeoutMs: number;
	/** The country calling code of the numbers the tenant stores without a prefix (digits). */
	countryCode: string;
}

export const CREDENTIAL_TYPE = 'contactCenterApi';
const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const DEFAULT_COUNTRY_CODE = '86';

/** The authority's user information (`user:password@`) of an absolute URL. */
const USERINFO = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)@/i;
/** Any `scheme://user:password@` inside a longer text (an error message from the HTTP client). */
const USERINFO_IN_TEXT = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@]*@/gi;

export function hasUserinfo(url: string): boolean {
	return USERINFO.test(url.trim());
}

/** The address as it may be shown: any user name and password replaced by `***`. */
export function redactUrl(url: string): string {
	return url.replace(USERINFO, '$1***@');
}

/** A text with the user information of every URL in it replaced by `***`. */
export function redactUrlsIn(text: string): string {
	return text.replace(USERINFO_IN_TEXT, '$1***@');
}

export function isValidTimeZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/**
 * What is wrong with the Base URL and Time Zone, if anything: an Issue whose field is the
 * credential field as the form shows it and whose problem is a whole sentence. A Base URL with a
 * user name and password is refused rather than used: this API authenticates by signing with the
 * App ID and App Secret, and the HTTP client would send the user information to the server as a
 * Basic authorization header.
 */
export function settingsProblem(baseUrl: string, timezone: string): Issue | undefined {
	const url = baseUrl.trim();
	if (url === '') {
		return {
			field: 'Base URL',
			problem: "The credential's Base URL is empty",
			fix: 'Enter the address of the Open API, for example https://open.example.com.',
		};
	}
	if (!/^https?:\/\/[^/?#]/i.test(url)) {
		return {
			field: 'Base URL',
			problem: `The credential's Base URL "${redactUrl(url)}" does not start with http:// or https://`,
			fix: 'Enter the full address of the Open API, for example https://open.example.com.',
		};
	}
	if (hasUserinfo(url)) {
		return {
			field: 'Base URL',
			problem: `The credential's Base URL (${redactUrl(url)}) contains a user name and password`,
			fix: 'Remove the "user:password@" part: the Contact Center API signs every request with the App ID and App Secret and does not use them. Enter the address only, for example https://open.example.com.',
		};
	}
	if (!isValidTimeZone(timezone)) {
		return {
			field: 'Time Zone',
			problem: `The credential's Time Zone "${timezone}" is not a known time zone`,
			fix: 'Enter an IANA time zone name such as Asia/Shanghai or Europe/Berlin (capital letters as shown), the zone of the times the API reads and writes.',
		};
	}
	return undefined;
}

/** The credential's Country Code as written (blank: 86), without a leading + or 00. */
export function readCountryCode(raw: unknown): string {
	const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	return text === '' ? DEFAULT_COUNTRY_CODE : text.replace(/^(\+|00)/, '');
}

/** What is wrong with the Country Code (after readCountryCode), if anything. */
export function countryCodeProblem(code: string): Issue | undefined {
	if (/^[1-9]\d{0,2}$/.test(code)) return undefined;
	return {
		field: 'Country Code',
		problem: `The credential's Country Code "${code}" is not a country calling code`,
		fix: 'Enter the digits of the calling code of the country whose numbers the tenant stores without a prefix, for example 86 for China or 44 for the United Kingdom (1 to 3 digits).',
	};
}

/**
 * The credential's settings as the form holds them, read one way for every request and for the
 * credential test: Base URL trimmed and without a trailing slash, App ID trimmed, Time Zone trimmed
 * (blank: Asia/Shanghai), time-out in ms (not a positive number: 30 s), Country Code as written
 * (blank: 86).
 */
export function readConnection(data: Record<string, unknown>): ContactCenterCredentials {
	return {
		baseUrl: String(data.baseUrl ?? '')
			.trim()
			.replace(/\/+$/, ''),
		appId: String(data.appId ?? '').trim(),
		timezone:
			typeof data.timezone === 'string' && data.timezone.trim()
				? data.timezone.trim()
				: DEFAULT_TIMEZONE,
		timeoutMs:
			(typeof data.timeoutSeconds === 'number' && data.timeoutSeconds > 0
				? data.timeoutSeconds
				: 30) * 1000,
		countryCode: readCountryCode(data.countryCode),
	};
}

/** What is wrong with the settings read by readConnection, if anything: checked before any request. */
export function connectionProblem(connection: ContactCenterCredentials): Issue | undefined {
	return (
		settingsProblem(connection.baseUrl, connection.timezone) ??
		countryCodeProblem(connection.countryCode)
	);
}

const credentialCache = new WeakMap<object, Promise<ContactCenterCredentials>>();

/** The credential's non-secret settings, read once per node context. */
export async function readCredentialSettings(
	this: RequestContext,
): Promise<ContactCenterCredentials> {
	let cached = credentialCache.get(this);
	if (!cached) {
		const node = this.getNode();
		cached = this.getCredentials(CREDENTIAL_TYPE).then((c) => {
			const connection = readConnection(c);
			// Checked before any request: a zone Intl does not know would otherwise surface as a RangeError.
			const problem = connectionProblem(connection);
			if (problem) {
				throw inputError(node, problem.problem, {
					description: `Open the "Contact Center API" credential and fix its ${problem.field}. ${problem.fix}`,
				});
			}
			return connection;
		});
		credentialCache.set(this, cached);
		cached.catch(() => credentialCache.delete(this));
	}
	return await cached;
}

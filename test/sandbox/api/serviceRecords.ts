import { parseWall } from '../lib/time';
import { ApiError, Fields, failA } from '../lib/validate';
import { post, type RouteDef } from '../server/routes';
import type { Channel, ServiceRecord } from '../types';
import { TIME_FORMAT_ERROR, timeFormatError } from './customers';

export const MAX_RECORDS = 1000;
export const LIMIT_TOO_LARGE = '00000000400';

function readTime(f: Fields, key: string, label: string): string {
	const v = f.raw(key);
	if (v === undefined || v === null || v === '') failA(`${label} cannot be empty`);
	if (parseWall(v) === null) timeFormatError(key);
	return v as string;
}

function readLimit(f: Fields): number {
	const v = f.raw('limit');
	if (v === undefined || v === null) return MAX_RECORDS;
	if (typeof v !== 'number' || !Number.isSafeInteger(v)) failA('limit must be an integer');
	if (v < 1) failA('limit cannot be less than 1');
	if (v > MAX_RECORDS)
		throw new ApiError(LIMIT_TOO_LARGE, `limit cannot be greater than ${MAX_RECORDS}`);
	return v;
}

function recordQuery(channel: Channel): RouteDef {
	const idKey = channel === 'call' ? ('callId' as const) : ('sessionId' as const);
	return post(`/openapi/crm/service-record/${channel}/query`, ({ tenant, f }) => {
		f.onlyKeys(['startTime', 'endTime', 'limit', idKey]);
		const start = readTime(f, 'startTime', 'start time');
		const end = readTime(f, 'endTime', 'end time');
		if (start > end)
			throw new ApiError(TIME_FORMAT_ERROR, 'start time cannot be later than end time');
		const limit = readLimit(f);
		const id = f.string(idKey);
		const filter = id ? (r: ServiceRecord) => r[idKey] === id : undefined;
		return tenant.records[channel].query(start, end, limit, filter);
	});
}

export const serviceRecordRoutes: RouteDef[] = [recordQuery('call'), recordQuery('im')];

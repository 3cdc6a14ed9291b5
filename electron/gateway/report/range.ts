/**
 * The report's parameters (docs/api.md, "Merchant report"): a period given as unix seconds or ISO
 * dates, optional filters, and a page. Every bad value is a 10011 naming the parameter.
 */
import { RESULT_STATUSES, type ResultStatus } from '../../../shared/status.js';
import { paramError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';

export const REPORT_PAGE_SIZE_MAX = 500;
export const REPORT_PAGE_SIZE_DEFAULT = 100;
const DAY_S = 86_400;
/** Longest period one report covers (a year and a day: a leap year's whole). */
const RANGE_MAX_S = 367 * DAY_S;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export interface ReportQuery {
  /** Period in unix seconds: from inclusive, to exclusive. */
  fromS: number;
  toS: number;
  /** A till's id; 'none' for payments created without a till key; undefined: every till. */
  tillId?: string;
  assetId?: string;
  status?: ResultStatus;
  page: number;
  pageSize: number;
}

/** A moment as unix seconds: digits (unix seconds), an ISO date (its UTC midnight) or an ISO date-time. */
function momentOf(name: string, text: string): { s: number; isDate: boolean } {
  if (/^\d{1,12}$/.test(text)) return { s: Number(text), isDate: false };
  if (DATE.test(text) || DATE_TIME.test(text)) {
    const ms = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isFinite(ms)) return { s: Math.floor(ms / 1000), isDate: DATE.test(text) };
  }
  throw paramError(name, 'must be unix seconds, an ISO date (2026-11-23) or an ISO date-time with its offset');
}

function positiveInt(p: ParamReader, name: string, fallback: number, max: number): number {
  const text = p.raw(name);
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw paramError(name, `must be a whole number from 1 to ${max}`);
  return Number(text);
}

/** Reads and checks the report's parameters; an ISO date as `to` includes that whole day. */
export function readReportQuery(params: Params): ReportQuery {
  const p = new ParamReader(params);
  const from = momentOf('from', p.required('from'));
  const toText = p.raw('to');
  const to = toText === undefined ? undefined : momentOf('to', toText);
  const toS = to === undefined ? from.s + DAY_S : to.isDate ? to.s + DAY_S : to.s;
  if (toS <= from.s) throw paramError('to', 'must be after from');
  if (toS - from.s > RANGE_MAX_S) throw paramError('to', 'the period may be at most 367 days');
  const tillText = p.raw('tillId');
  const tillId =
    tillText === undefined || tillText.toLowerCase() === 'none' ? tillText?.toLowerCase() : p.uuid('tillId');
  const status = p.raw('status')?.toLowerCase();
  if (status !== undefined && !(RESULT_STATUSES as readonly string[]).includes(status))
    throw paramError('status', `must be one of ${RESULT_STATUSES.join(', ')}`);
  return {
    fromS: from.s,
    toS,
    tillId,
    assetId: p.uuid('assetId'),
    status: status as ResultStatus | undefined,
    page: positiveInt(p, 'page', 1, 1_000_000),
    pageSize: positiveInt(p, 'pageSize', REPORT_PAGE_SIZE_DEFAULT, REPORT_PAGE_SIZE_MAX),
  };
}

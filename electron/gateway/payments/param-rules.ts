/**
 * Parameter rules of a create (docs/api.md, "Input rules", "Creating a payment", "Deadlines and
 * windows" and "Callbacks"): every parameter read and format-checked in the order the API lists
 * them, before anything is looked up or written. A rejection names the parameter.
 */
import type { Clock } from '../../platform/clock.js';
import { checkCallbackUrl } from '../callbacks/address-policy.js';
import { GatewayError, paramError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';

const MIN_AHEAD_SECONDS = 10;
const MAX_AHEAD_SECONDS = 2880 * 60;
const ORDER_ID = /^[A-Za-z0-9_-]{6,36}$/;
const OPTIONAL_EVENTS = new Set(['settle', 'pending', 'paid_less', 'refund']);

/** Terms as asked in a request; undefined = not given. */
export interface AskedTerms {
  payeeId?: string;
  orderId?: string;
  traceId?: string;
  quoteAssetId?: string;
  quoteAmount?: string;
  paymentAmount?: string;
  paymentAssetId?: string;
  settlementAssetId?: string;
  strictMode?: boolean;
  isChain?: boolean;
  remark?: string;
  note?: string;
  settlementMemo?: string;
  returnTo?: string;
  failedReturnTo?: string;
  callbackUrl?: string;
  callbackEvents?: string;
  /** Deadline asked (unix seconds), the earlier of expiredTimestamp and expireSeconds. */
  deadline?: number;
}

/** What the rules depend on besides the request; made once, so a create allocates none of it. */
export interface ParamRulesContext {
  clock: Clock;
  mode: 'sandbox' | 'live';
  /** Origins callbacks may go to despite the live-mode address policy (read only when a URL is given). */
  callbackAllowlist: () => readonly string[];
}

export const nowSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);

function readDeadline(p: ParamReader, clock: Clock): number | undefined {
  const now = nowSeconds(clock);
  const check = (name: string, at: number): number => {
    const ahead = at - now;
    if (ahead <= MIN_AHEAD_SECONDS)
      throw GatewayError.of('expirationTooSoon', `${name}: must be more than ${MIN_AHEAD_SECONDS} seconds ahead`);
    if (ahead >= MAX_AHEAD_SECONDS)
      throw GatewayError.of('expirationTooLate', `${name}: must be less than 2880 minutes ahead`);
    return at;
  };
  const candidates: number[] = [];
  const ts = p.integer('expiredTimestamp');
  if (ts !== undefined) {
    // Some clients send a duration: 11..172799 reads as seconds from now (docs/api.md, "Deadlines and windows").
    candidates.push(check('expiredTimestamp', ts > MIN_AHEAD_SECONDS && ts < MAX_AHEAD_SECONDS ? now + ts : ts));
  }
  const secs = p.integer('expireSeconds');
  if (secs !== undefined) candidates.push(check('expireSeconds', now + secs));
  return candidates.length > 0 ? Math.min(...candidates) : undefined;
}

function readCallback(p: ParamReader, context: ParamRulesContext): { url?: string; events?: string } {
  const url = p.text('callbackUrl', 2048);
  if (url !== undefined) {
    const verdict = checkCallbackUrl(url, context.mode, context.callbackAllowlist());
    if (!verdict.ok)
      throw verdict.reason === 'invalid_url'
        ? paramError('callbackUrl', 'must be a valid HTTPS URL')
        : GatewayError.of('callbackNotHttps', verdict.message);
  }
  const events = p.raw('callbackEvent');
  if (events !== undefined) {
    const list = events.split('|').map((e) => e.trim());
    if (list.some((e) => !OPTIONAL_EVENTS.has(e)) || new Set(list).size !== list.length) {
      throw GatewayError.of(
        'invalidCallbackEvent',
        'callbackEvent: must be settle, pending, paid_less or refund, several joined with |',
      );
    }
    return { url, events: [...OPTIONAL_EVENTS].filter((e) => list.includes(e)).join('|') };
  }
  return { url };
}

function readUrl(p: ParamReader, name: string): string | undefined {
  const value = p.text(name, 2048);
  if (value !== undefined && !/^https?:\/\/\S+$/i.test(value)) throw paramError(name, 'must be an http(s) URL');
  return value;
}

/** Reads and format-checks every parameter of a create (and of a one-time code), in the API's order. */
export function readCreate(params: Params, context: ParamRulesContext): AskedTerms {
  const p = new ParamReader(params);
  const payeeId = p.uuid('payeeId');
  const orderId = p.raw('orderId');
  if (orderId !== undefined && !ORDER_ID.test(orderId))
    throw paramError('orderId', 'must be 6 to 36 letters, digits, - or _');
  const traceId = p.uuid('traceId');
  const paymentAssetId = p.raw('paymentAssetId')?.toLowerCase();
  const settlementAssetId = p.raw('settlementAssetId')?.toLowerCase();
  const strictMode = p.bool('strictMode');
  const quoteAssetId = p.raw('quoteAssetId')?.toLowerCase();
  const quoteAmount = p.amount('quoteAmount');
  const paymentAmount = p.amount('paymentAmount');
  const isChain = p.bool('isChain');
  p.uuid('clientId');
  const remark = p.text('remark', 50);
  const note = p.text('note', 50);
  const settlementMemo = p.text('settlementMemo', 200);
  const returnTo = readUrl(p, 'returnTo');
  const failedReturnTo = readUrl(p, 'failedReturnTo');
  const callback = readCallback(p, context);
  const deadline = readDeadline(p, context.clock);
  return {
    payeeId,
    orderId,
    traceId,
    paymentAssetId,
    settlementAssetId,
    strictMode,
    quoteAssetId,
    quoteAmount,
    paymentAmount,
    isChain,
    remark,
    note,
    settlementMemo,
    returnTo,
    failedReturnTo,
    callbackUrl: callback.url,
    callbackEvents: callback.events,
    deadline,
  };
}

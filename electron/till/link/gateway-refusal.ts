/**
 * A /v1 refusal relayed to the till (code `gateway_error`, the gateway's own words as `message`), with the
 * `errors` key its /v1 code means, so the cashier reads it in the till's language (the gateway's words
 * stay in the translation, in brackets). Codes: shared/error-codes.ts.
 */
import type { ErrorKey } from '../../../shared/i18n/errors-en.js';
import { API_ERRORS, type ApiErrorName } from '../../../shared/error-codes.js';
import { posError } from '../../../shared/pos-error.js';
import type { PosError } from '../../../shared/posapi.js';

const KEY_OF: Partial<Record<ApiErrorName, ErrorKey>> = {
  parameter: 'gateway_bad_parameter',
  assetNotFound: 'gateway_asset_unknown',
  quoteAssetNotSupported: 'gateway_asset_unknown',
  amountTooLow: 'gateway_amount_too_low',
  amountTooHigh: 'gateway_amount_too_high',
  orderCompleted: 'gateway_order_done',
  orderFailed: 'gateway_order_failed',
  cannotCancel: 'gateway_cannot_cancel',
  orderNotFound: 'gateway_not_found',
  refundNotFound: 'gateway_not_found',
  rateLimited: 'gateway_rate_limited',
  merchantKey: 'gateway_key_refused',
  // A revoked or unknown till key: the cashier needs what to do (register the till again), not the header.
  tillKey: 'gateway_till_key_refused',
};

/** The `errors` key of a /v1 error code (`gateway_error` for codes without a key of their own). */
export function gatewayErrorKey(code: number): ErrorKey {
  const name = (Object.keys(KEY_OF) as ApiErrorName[]).find((n) => API_ERRORS[n].code === code);
  return (name && KEY_OF[name]) || 'gateway_error';
}

/** Judged by the /v1 code only (shared/error-codes.ts): the gateway's words are shown, never read. */
export function gatewayRefusal(code: number, message: string): PosError {
  return posError(gatewayErrorKey(code), { message });
}

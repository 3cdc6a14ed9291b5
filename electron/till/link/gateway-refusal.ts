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
};

/** The `errors` key of a /v1 error code (`gateway_error` for codes without a key of their own). */
export function gatewayErrorKey(code: number): ErrorKey {
  const name = (Object.keys(KEY_OF) as ApiErrorName[]).find((n) => API_ERRORS[n].code === code);
  return (name && KEY_OF[name]) || 'gateway_error';
}

export function gatewayRefusal(code: number, message: string): PosError {
  const key = gatewayErrorKey(code);
  // A revoked or unknown till key has the merchant key's /v1 code; the cashier needs what to do, not the header.
  if (key === 'gateway_key_refused' && /till key/i.test(message))
    return posError('gateway_till_key_refused', { message });
  return posError(key, { message });
}

/**
 * A create refused while the cashier waits keeps only the gateway's words (the order's last error): a
 * revoked or unknown till key is still told as what to do, anything else as the gateway's refusal.
 */
export function refusalFromWords(message: string): PosError {
  if (/till key/i.test(message) && /authorization/i.test(message))
    return gatewayRefusal(API_ERRORS.merchantKey.code, message);
  return posError('gateway_error', { message });
}

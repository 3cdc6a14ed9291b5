/**
 * PosErrors from the `errors` catalogue (shared/i18n/errors-en.ts): `posError('order_not_found', { orderId }, 'orderId')`
 * raises the key's code with its English text filled in as `message`, and carries the key and values so
 * the renderer shows the message in the till's language. A key not in the catalogue fails typecheck.
 */
import { errorCodeOf, errorsEnglish, type ErrorKey } from './i18n/errors-en.js';
import { fillPlaceholders } from './i18n/languages.js';
import { PosError, type PosErrorShape } from './posapi.js';

export type ErrorParams = Record<string, string | number>;

export function posError(key: ErrorKey, params: ErrorParams = {}, field?: string): PosError {
  return new PosError(errorCodeOf(key), fillPlaceholders(errorsEnglish[key], params), field, { key, params });
}

/**
 * The same as a plain shape (for answers built without a throw), with an English `message` of its own
 * when the catalogue's text is only a translation aid (zod's own words for a bad argument).
 */
export function posErrorShape(
  key: ErrorKey,
  params: ErrorParams = {},
  field?: string,
  message?: string,
): PosErrorShape {
  const shape = posError(key, params, field).toShape();
  return message === undefined ? shape : { ...shape, message };
}

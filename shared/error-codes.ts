/**
 * Top-level error codes of the /v1 envelope (docs/api.md, "Envelope and errors"; the README's error table). `code` on the
 * wire is a number; clients judge by `success`, but we still send meaningful HTTP statuses.
 * Refusals of a request as a whole (not of one parameter) use HTTP status + 1000, as the hosted
 * service's 1429 does.
 */
export const API_ERRORS = {
  serverError: { code: -1, http: 500 },
  /** SQLite reported a full disk: nothing was saved, a retry after freeing space works. */
  storageFull: { code: -1, http: 507 },
  merchantKey: { code: 2000, http: 401 },
  /**
   * A till key (`pdt_…`) that is revoked or unknown, where a till key would do: its own code so a till
   * tells "register this till again" from "the merchant key is wrong" without reading words. Clients that
   * know only 2000 still see `success` false and HTTP 401.
   */
  tillKey: { code: 2001, http: 401 },
  rateLimited: { code: 1429, http: 429 },
  parameter: { code: 10011, http: 400 },
  userNotFound: { code: 10001, http: 404 },
  assetNotFound: { code: 10002, http: 400 },
  quoteAssetNotSupported: { code: 10003, http: 400 },
  amountTooLow: { code: 10004, http: 400 },
  amountTooHigh: { code: 10005, http: 400 },
  orderCompleted: { code: 10020, http: 409 },
  cannotCancel: { code: 10032, http: 409 },
  callbackNotHttps: { code: 10061, http: 400 },
  orderNotFound: { code: 10062, http: 404 },
  expirationTooSoon: { code: 10063, http: 400 },
  expirationTooLate: { code: 10064, http: 400 },
  orderFailed: { code: 10065, http: 409 },
  termsConflict: { code: 10084, http: 409 },
  traceUnavailable: { code: 10084, http: 409 },
  invalidCallbackEvent: { code: 10131, http: 400 },
  /** A refund over what is left to refund of the payment (received less refunds). */
  refundTooLarge: { code: 10210, http: 409 },
  /** Unknown refund id. */
  refundNotFound: { code: 10211, http: 404 },
  /** A refund in a status that does not allow the operation (a txid for a confirmed refund). */
  refundState: { code: 10212, http: 409 },
  /** No such path or method under /v1. */
  endpointNotFound: { code: 1404, http: 404 },
  /** The body is over the 64 KB limit. */
  bodyTooLarge: { code: 1413, http: 413 },
  /** Answered by the request guard (electron/platform/http-guard.ts): a foreign Origin's write, a foreign Host. */
  foreignOrigin: { code: 1403, http: 403 },
  misdirected: { code: 1421, http: 421 },
  /**
   * A shop server lost its PostgreSQL connection (the server restarting, a failover): the request is
   * refused, the process reconnects on the next one. A retry in a moment works; a repeated create with
   * the same orderId is safe even when the lost commit did happen.
   */
  databaseUnavailable: { code: -1, http: 503 },
} as const;

export type ApiErrorName = keyof typeof API_ERRORS;

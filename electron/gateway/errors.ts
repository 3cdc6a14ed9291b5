/** Typed gateway errors; the API layer maps them to the envelope and an HTTP status. */
import { API_ERRORS, type ApiErrorName } from '../../shared/error-codes.js';

export class GatewayError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  static of(name: ApiErrorName, message: string): GatewayError {
    const { code, http } = API_ERRORS[name];
    return new GatewayError(code, http, message);
  }
}

/** A parameter error (10011, HTTP 400) whose message names the parameter. */
export function paramError(param: string, problem: string): GatewayError {
  return GatewayError.of('parameter', `${param}: ${problem}`);
}

export interface ErrorEnvelope {
  http: number;
  code: number;
  message: string;
}

/** SQLite's answers when the disk is full (or a write to it failed the way a full disk makes it fail). */
const STORAGE_FULL = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'SQLITE_IOERR_SHMSIZE',
]);

export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_FULL.has(code);
}

/** Nothing was saved: the client may retry once space is freed (the till queues and retries 5xx). */
export function storageFullEnvelope(): ErrorEnvelope {
  const { code, http } = API_ERRORS.storageFull;
  return {
    http,
    code,
    message:
      'Storage is full (or cannot be written): the gateway could not save this request; free disk space, then retry',
  };
}

/** SQLSTATEs of a lost or stuck PostgreSQL connection (pg-sync/sync-pg.ts gives 08006 to every lost one). */
const DATABASE_UNAVAILABLE = new Set(['08000', '08003', '08006', '57014', '57P01', '57P02', '57P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return name === 'PgError' && typeof code === 'string' && DATABASE_UNAVAILABLE.has(code);
}

export function databaseUnavailableEnvelope(): ErrorEnvelope {
  const { code, http } = API_ERRORS.databaseUnavailable;
  return {
    http,
    code,
    message:
      'The gateway lost its database connection for a moment: retry (a repeated create with the same orderId is safe)',
  };
}

/**
 * Errors of the HTTP layer before any route ran (Fastify, its plugins): a parameter error only when
 * it is about the request's content (400); otherwise a code of its own, HTTP status + 1000 as for
 * 1429. On /v1 a 403 or 404 from the static file server means there is no such endpoint.
 */
export function clientErrorEnvelope(status: number, detail: string, request: string, api: boolean): ErrorEnvelope {
  if (status === 404 || (api && status === 403)) {
    const { code, http } = API_ERRORS.endpointNotFound;
    return { http, code, message: `No such endpoint: ${request}` };
  }
  if (status === 413) {
    const { code, http } = API_ERRORS.bodyTooLarge;
    return { http, code, message: 'request: the body is larger than 64 KB' };
  }
  if (status === 400) return { http: 400, code: API_ERRORS.parameter.code, message: `request: ${detail}` };
  return { http: status, code: 1000 + status, message: `request: ${detail}` };
}

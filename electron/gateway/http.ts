/**
 * The gateway's HTTP surface under /v1: body parsing as existing clients send it (form, JSON,
 * JSON as text/plain or with no type, query string on a POST), the envelope on every answer,
 * and error mapping. Routes are added by the gateway's modules through `registerGatewayRoutes`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, ok } from '../../shared/envelope.js';
import { plainNumberText } from '../../shared/money.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { API_ERRORS } from '../../shared/error-codes.js';
import {
  clientErrorEnvelope,
  databaseUnavailableEnvelope,
  GatewayError,
  isDatabaseUnavailable,
  isStorageFull,
  storageFullEnvelope,
} from './errors.js';

/** JSON types a parameter may arrive as besides text (form and query values are always text). */
export type ParamKind = 'number' | 'boolean' | 'null' | 'object' | 'array';

/** Where `requestParams` notes the JSON type of every parameter that did not arrive as text. */
export const PARAM_KINDS: unique symbol = Symbol('paydesk.paramKinds');

/**
 * Parameters as text by name. Numbers and booleans are turned into text (lenient clients send
 * `isChain: 1`); null, objects and arrays have no text, but their JSON type is kept under
 * PARAM_KINDS, so a reader that must refuse them (amounts) can tell them from "not given".
 */
export type Params = Record<string, string> & { readonly [PARAM_KINDS]?: ReadonlyMap<string, ParamKind> };

/** The JSON type `name` arrived as when it was not text. */
export function paramKind(params: Params, name: string): ParamKind | undefined {
  return params[PARAM_KINDS]?.get(name);
}

/** A JSON number as plain decimal text: JSON.parse gives 1e-7 for 0.0000001, which no amount reader takes. */
function numberText(value: number): string {
  const text = String(value);
  return /e/i.test(text) && Number.isFinite(value) ? plainNumberText(value) : text;
}

/**
 * Flattens query + body into one map; the body wins, also with null (a body's null is not the
 * query's value). Arrays keep their first text item (repeated query keys), as clients expect.
 */
export function requestParams(request: FastifyRequest): Params {
  const out: Record<string, string> = {};
  const kinds = new Map<string, ParamKind>();
  const merge = (source: unknown): void => {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) return;
    const record = source as Record<string, unknown>;
    // Every /v1 request passes here: keys without entry pairs, and `delete` only for a key given
    // twice (query and body), as deleting turns `out` into a slower dictionary-mode object.
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value === undefined) continue;
      if (Object.hasOwn(out, key)) delete out[key];
      kinds.delete(key);
      if (typeof value === 'string') out[key] = value;
      else if (typeof value === 'number') {
        out[key] = numberText(value);
        kinds.set(key, 'number');
      } else if (typeof value === 'boolean') {
        out[key] = String(value);
        kinds.set(key, 'boolean');
      } else if (value === null) kinds.set(key, 'null');
      else if (Array.isArray(value)) {
        if (typeof value[0] === 'string') out[key] = value[0];
        kinds.set(key, 'array');
      } else kinds.set(key, 'object');
    }
  };
  merge(request.query);
  merge(request.body);
  return kinds.size > 0 ? Object.assign(out, { [PARAM_KINDS]: kinds }) : out;
}

function parseLooseBody(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      throw new GatewayError(10011, 400, 'body: not valid JSON');
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

/** Accepts every body shape the hosted service's clients send. */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, parseLooseBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export interface EnvelopeContext {
  clock: Clock;
  logger: Logger;
}

/** Sends `data` in the success envelope. */
export function sendOk(reply: FastifyReply, clock: Clock, data: unknown): FastifyReply {
  return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(ok(data, clock.now()));
}

/** The path of a request URL: logs never get its query, which may carry a callback URL's secret token. */
export function pathOf(url: string): string {
  return url.split('?')[0] ?? '';
}

function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * Maps any thrown error to the error envelope with a documented code (README's error table);
 * never leaks a stack trace. Statuses stay meaningful: 4xx for the client's mistakes, 507 when
 * the disk is full (nothing was saved; a retry after space is freed works), 500 for our bugs.
 */
export function installErrorEnvelope(app: FastifyInstance, { clock, logger }: EnvelopeContext): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const send = (envelope: { http: number; code: number; message: string }): FastifyReply =>
      reply
        .code(envelope.http)
        .header('content-type', 'application/json; charset=utf-8')
        .send(failure(envelope.code, envelope.message, clock.now()));
    if (error instanceof GatewayError)
      return send({ http: error.httpStatus, code: error.code, message: error.message });
    const path = pathOf(request.url);
    if (isStorageFull(error)) {
      logger.error('storage is full: a write was refused', {
        method: request.method,
        path,
        sqlite: (error as { code?: unknown }).code,
      });
      return send(storageFullEnvelope());
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn('the database is unavailable: a request was refused', { method: request.method, path });
      return send(databaseUnavailableEnvelope());
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(
        clientErrorEnvelope(
          status,
          error instanceof Error ? error.message : String(error),
          `${request.method} ${path}`,
          isApiPath(path),
        ),
      );
    }
    logger.error('unhandled gateway error', {
      method: request.method,
      path,
      error: error instanceof Error ? error.stack : String(error),
    });
    return send({ http: 500, code: API_ERRORS.serverError.code, message: 'Internal server error' });
  });
}

/**
 * Unknown /v1 paths and methods answer with the error envelope (1404); other paths go to
 * `fallback` (the host's single-page app) or a plain 404.
 */
export function installNotFound(
  app: FastifyInstance,
  clock: Clock,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiPath(path)) {
      const { http, code, message } = clientErrorEnvelope(404, '', `${request.method} ${path}`, true);
      return reply
        .code(http)
        .header('content-type', 'application/json; charset=utf-8')
        .send(failure(code, message, clock.now()));
    }
    if (fallback) return fallback(request, reply);
    return reply.code(404).type('text/plain').send('Not found');
  });
}

/**
 * The gateway's HTTP surface under /v1: body parsing as existing clients send it (form, JSON,
 * JSON as text/plain or with no type, query string on a POST), the envelope on every answer,
 * and error mapping. Routes are added by the gateway's modules through `registerGatewayRoutes`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, ok } from '../../shared/envelope.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { GatewayError } from './errors.js';

export type Params = Record<string, string>;

/** Flattens query + body into one string map; body wins. Non-string JSON values are stringified. */
export function requestParams(request: FastifyRequest): Params {
  const out: Params = {};
  const merge = (source: unknown): void => {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) return;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'string') out[key] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
      else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
    }
  };
  merge(request.query);
  merge(request.body);
  return out;
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

/** Maps any thrown error to the error envelope; never leaks a stack trace. */
export function installErrorEnvelope(app: FastifyInstance, { clock, logger }: EnvelopeContext): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof GatewayError) {
      return reply.code(error.httpStatus).send(failure(error.code, error.message, clock.now()));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, bad content): a parameter error for clients.
      return reply.code(status).send(failure(10011, `request: ${(error as Error).message}`, clock.now()));
    }
    logger.error('unhandled gateway error', { url: request.url, error: error instanceof Error ? error.stack : String(error) });
    return reply.code(500).send(failure(-1, 'Internal server error', clock.now()));
  });
}

/**
 * Unknown /v1 paths answer with the error envelope; other paths go to `fallback` (the host's
 * single-page app) or a plain 404.
 */
export function installNotFound(app: FastifyInstance, clock: Clock, fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/v1' || request.url.startsWith('/v1/') || request.url.startsWith('/v1?')) {
      return reply.code(404).send(failure(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, clock.now()));
    }
    if (fallback) return fallback(request, reply);
    return reply.code(404).type('text/plain').send('Not found');
  });
}

/**
 * The headless host's PosApi transport: POST /pos/call/:command (JSON args, Bearer token) and
 * GET /pos/events (server-sent events, token in the query since EventSource sends no headers).
 * The token is made per start and handed only to the page the host serves.
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { PosOutcome } from '../../shared/posapi.js';
import type { Logger } from '../platform/logger.js';
import { dispatchPosCommand, type PosService } from './dispatch.js';
import { eventsFor, type PosEventHub } from './events.js';
import { posErrorShape } from '../../shared/pos-error.js';

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const HOST_CONNECTION = 'host';

function statusOf(outcome: PosOutcome): number {
  if (outcome.ok) return 200;
  if (outcome.error.code === 'internal') return 500;
  if (outcome.error.code === 'forbidden') return 403;
  if (outcome.error.code === 'signed_out') return 401;
  return 400;
}

export interface BridgeDeps {
  pos: PosService;
  events: PosEventHub;
  token: string;
  logger: Logger;
  now: () => number;
}

export function registerHttpBridge(app: FastifyInstance, { pos, events, token, logger, now }: BridgeDeps): void {
  app.post<{ Params: { command: string } }>('/pos/call/:command', async (request, reply) => {
    const auth = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (!sameToken(auth, token)) return reply.code(401).send({ ok: false, error: posErrorShape('pos_token_refused') });
    // The host has one connection, its token: whoever signed in on it is the caller (README, "Staff and roles").
    const outcome = await dispatchPosCommand(pos, request.params.command, request.body, logger, HOST_CONNECTION);
    return reply.code(statusOf(outcome)).send(outcome);
  });

  app.get<{ Querystring: { token?: string } }>('/pos/events', (request, reply) => {
    if (!sameToken(request.query.token, token)) {
      void reply.code(401).send({ ok: false, error: posErrorShape('pos_token_refused') });
      return;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const send = (data: unknown): void => {
      res.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    send({ event: 'hello', payload: { at: now() } });
    const unsubscribe = events.subscribe(eventsFor(pos, HOST_CONNECTION, send));
    // A comment line every 15 s keeps proxies and the browser from closing an idle stream.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
}

/**
 * The headless host's PosApi transport: POST /pos/call/:command (JSON args, Bearer token) and
 * GET /pos/events (server-sent events, token in the query since EventSource sends no headers).
 * Every page the host serves gets its own token (page-tokens.ts), and each token is its own connection:
 * its own staff session. POST /pos/page/resume lets a reloaded tab keep the token it had.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PosOutcome } from '../../shared/posapi.js';
import type { Logger } from '../platform/logger.js';
import { dispatchPosCommand, type PosService } from './dispatch.js';
import { eventsFor, type PosEventHub } from './events.js';
import { posErrorShape } from '../../shared/pos-error.js';
import type { PageTokens } from './page-tokens.js';

const bearer = (header: string | undefined): string | undefined => header?.replace(/^Bearer\s+/i, '');
const resumeBody = z.object({ fresh: z.string().max(200) }).strict();

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
  pages: PageTokens;
  logger: Logger;
  now: () => number;
}

export function registerHttpBridge(app: FastifyInstance, { pos, events, pages, logger, now }: BridgeDeps): void {
  app.post<{ Params: { command: string } }>('/pos/call/:command', async (request, reply) => {
    const connection = pages.use(bearer(request.headers.authorization));
    if (!connection) return reply.code(401).send({ ok: false, error: posErrorShape('pos_token_refused') });
    // Each page's token is its connection: whoever signed in on that page is the caller (README, "Staff and roles").
    const outcome = await dispatchPosCommand(pos, request.params.command, request.body, logger, connection);
    return reply.code(statusOf(outcome)).send(outcome);
  });

  // A reloaded tab presents the token it kept (Bearer) and gives back the fresh one its page was served.
  app.post('/pos/page/resume', async (request, reply) => {
    const body = resumeBody.safeParse(request.body);
    if (!body.success || !pages.use(bearer(request.headers.authorization)))
      return reply.code(401).send({ ok: false, error: posErrorShape('pos_token_refused') });
    pages.drop(body.data.fresh);
    return reply.code(200).send({ ok: true, result: {} });
  });

  app.get<{ Querystring: { token?: string } }>('/pos/events', (request, reply) => {
    const token = request.query.token ?? '';
    const connection = pages.use(token);
    if (!connection) {
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
    const unsubscribe = events.subscribe(eventsFor(pos, connection, send));
    const release = pages.hold(token);
    // A comment line every 15 s keeps proxies and the browser from closing an idle stream.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      release();
    });
  });
}

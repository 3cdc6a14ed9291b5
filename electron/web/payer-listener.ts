/**
 * The payer listener (`--payer-host`, off by default): a second address, meant for the shop's
 * network, where payers' phones open checkout links and receipts. Its connections feed the same
 * server, but a request that came in through it reaches only the payer's routes below — never the
 * till's page, the PosApi, the customer display, merchant or sandbox routes — and is rate limited
 * per client on its own, loopback included (README "Payer listener").
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { failure } from '../../shared/envelope.js';
import { RateLimiter } from '../gateway/rate-limit.js';
import { hostWithPort } from '../platform/http-guard.js';

/** The routes (method + matched route pattern) a payer's phone may use; everything else is refused. */
export const PAYER_ROUTES: ReadonlySet<string> = new Set([
  'GET /code/:code',
  'GET /code/assets/:file',
  'GET /receipt/:receipt',
  'GET /v1/payments_result',
  'GET /v1/payments_info',
  'GET /v1/setting/payment_assets',
  'GET /v1/payments_estimated',
  'POST /v1/payments',
  'POST /v1/payments/refresh',
]);

export const PAYER_REFUSED_CODE = 1404;
/** Requests per minute per client on the payer listener: a phone polling every 2 s uses 30. */
export const PAYER_RATE_PER_MINUTE = 120;

export interface PayerListener {
  url: string;
  port: number;
  /** The `Host` names it answers to. */
  hosts: Set<string>;
  close(): void;
}

function refuse(reply: FastifyReply, path: string, status: 404 | 429, message: string, now: number): FastifyReply {
  if (path.startsWith('/v1') || path.startsWith('/one_time_payment'))
    return reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(failure(status === 429 ? 1429 : PAYER_REFUSED_CODE, message, now));
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(message);
}

/**
 * Installs the payer filter (after the Host/Origin guard, before rate limits and routes) and answers
 * `isPayerSocket` for the listener to mark its connections.
 */
export function installPayerFilter(app: FastifyInstance, now: () => number): WeakSet<Socket> {
  const payerSockets = new WeakSet<Socket>();
  const limiter = new RateLimiter(PAYER_RATE_PER_MINUTE);
  app.addHook('onRequest', (request, reply, done) => {
    if (!payerSockets.has(request.socket)) return done();
    const path = request.url.split('?')[0] ?? '';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = request.routeOptions.url;
    if (route === undefined || !PAYER_ROUTES.has(`${method} ${route}`)) {
      void refuse(reply, path, 404, 'Not served on the payer listener', now());
      return;
    }
    if (!limiter.take(request.socket.remoteAddress ?? '')) {
      void refuse(reply, path, 429, 'Too many requests; slow down and retry', now());
      return;
    }
    done();
  });
  return payerSockets;
}

/** The address a phone uses for a listener bound to all interfaces: the first non-internal IPv4 one. */
function reachableAddress(bindHost: string): string {
  if (bindHost !== '0.0.0.0' && bindHost !== '::') return bindHost;
  for (const list of Object.values(networkInterfaces()))
    for (const address of list ?? []) if (!address.internal && address.family === 'IPv4') return address.address;
  return '127.0.0.1';
}

/** Binds the payer listener and feeds its connections, marked, to the server. */
export async function startPayerListener(
  app: FastifyInstance,
  payerSockets: WeakSet<Socket>,
  bindHost: string,
  port: number,
): Promise<PayerListener> {
  const listener: NetServer = createNetServer((socket) => {
    payerSockets.add(socket);
    app.server.emit('connection', socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, bindHost, () => resolve());
  });
  const bound = (listener.address() as { port: number }).port;
  const hosts = new Set<string>();
  if (bindHost === '0.0.0.0' || bindHost === '::') {
    for (const list of Object.values(networkInterfaces()))
      for (const address of list ?? []) hosts.add(hostWithPort(address.address.toLowerCase(), bound));
  } else hosts.add(hostWithPort(bindHost.toLowerCase(), bound));
  const shown = reachableAddress(bindHost);
  return {
    url: `http://${hostWithPort(shown, bound)}`,
    port: bound,
    hosts,
    close: () => listener.close(),
  };
}

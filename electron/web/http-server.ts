/**
 * The one HTTP server of a core (gateway /v1, the till's page and PosApi bridge, the checkout path):
 * Fastify with the request limits of README "Security" — body size, header and request timeouts
 * (slow clients are cut off), Node-level parser errors answered with the envelope, and the request
 * guard (Host names, origins) installed before anything else.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { STATUS_CODES, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { failure } from '../../shared/envelope.js';
import { installRequestGuard, type GuardOptions } from '../platform/http-guard.js';

/** Default timeouts: a client that sends its headers or body too slowly is cut off (slowloris). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Errors Node's HTTP parser answers before Fastify sees a request (a malformed request line,
 * headers too large, a request too slow): still the envelope, so clients can read them.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, now: number): string {
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'request: headers too large'
      : status === 408
        ? 'request: not received in time'
        : 'request: malformed HTTP request';
  // 400 is a parameter error like any other; the others follow the HTTP status + 1000 codes (1408, 1431).
  const body = JSON.stringify(failure(status === 400 ? 10011 : 1000 + status, message, now));
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

export interface HttpServerOptions {
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  guard: GuardOptions;
  /** Serve HTTPS with this PEM identity (the shop server's `--tls-cert/--tls-key`). */
  https?: { cert: string; key: string };
}

export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const timeouts = { headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) };
  // With `https` Fastify ignores `http`: the same timeouts go with the TLS identity.
  const tls = options.https ? { https: { ...options.https, ...timeouts } } : {};
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node checks its timeouts on this interval; the default (30 s) would let a slow client linger.
    http: timeouts,
    ...tls,
    clientErrorHandler(error: NodeJS.ErrnoException, socket) {
      if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
      socket.end(clientErrorAnswer(error, options.guard.now()));
    },
  });
  installRequestGuard(app, options.guard);
  return app;
}

/** Bind addresses that already take connections on 127.0.0.1. */
const ALL_LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::']);

/**
 * The till's page is served only on loopback (README "Security"): a server bound to one other
 * address (a LAN one) also takes connections on 127.0.0.1 at the same port, fed to the same server.
 */
export async function alsoOnLoopback(server: Server, bindHost: string, port: number): Promise<NetServer | undefined> {
  if (ALL_LOOPBACK_BINDS.has(bindHost)) return undefined;
  const listener = createNetServer((socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, '127.0.0.1', () => resolve());
  });
  return listener;
}

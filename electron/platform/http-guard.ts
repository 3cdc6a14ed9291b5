/**
 * Who may talk to the embedded server (README "Security"): a request whose `Host` is not one of the
 * server's own names is refused before any route runs (DNS rebinding: a public name made to resolve
 * to 127.0.0.1 would otherwise reach the till), and a browser write from a foreign `Origin` is
 * refused unless the merchant allows that origin (`corsOrigins`), which then gets CORS headers on
 * /v1 only, never on the PosApi. Requests without `Origin` (SDKs, servers, curl) are unaffected.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { failure } from '../../shared/envelope.js';

/** Envelope codes of the guard's refusals (HTTP status + 1000, as 1429 is for 429). */
export const MISDIRECTED_CODE = 1421;
export const FOREIGN_ORIGIN_CODE = 1403;

export interface GuardOptions {
  /** Accepted `Host` values (lower case, `host:port`), read on every request: settings may change. */
  ownHosts: () => ReadonlySet<string>;
  /** The loopback names (`127.0.0.1:port`, `localhost:port`, `[::1]:port`): the till's own origin. */
  tillHosts: () => ReadonlySet<string>;
  /** Browser origins allowed to call /v1 across origins (the merchant's web shops). */
  corsOrigins: () => readonly string[];
  /** The configured public origin (a proxy in front of the gateway), '' when none. */
  publicOrigin: () => string;
  now: () => number;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `host:port` as a browser writes it in `Host` (IPv6 in brackets). */
export function hostWithPort(host: string, port: number): string {
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The names a server bound to `bindHost:port` answers to: loopback names always, the bind address
 * itself, and every interface address when bound to all of them (IP literals cannot be rebound).
 */
export function ownHostsFor(bindHost: string, port: number): Set<string> {
  const names = loopbackHostsFor(port);
  if (bindHost === '0.0.0.0' || bindHost === '::') {
    for (const list of Object.values(networkInterfaces())) {
      for (const address of list ?? []) names.add(hostWithPort(address.address.toLowerCase(), port));
    }
  } else {
    names.add(hostWithPort(bindHost.toLowerCase(), port));
  }
  return names;
}

/** The `host[:port]` part of an origin such as the configured publicOrigin; '' when not a URL. */
export function hostOfOrigin(origin: string): string {
  try {
    return origin ? new URL(origin).host.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The loopback names of a server on `port`: the only names the till's page and PosApi answer on. */
export function loopbackHostsFor(port: number): Set<string> {
  return new Set([hostWithPort('127.0.0.1', port), hostWithPort('localhost', port), hostWithPort('::1', port)]);
}

/** True for a peer address on this machine's loopback (IPv4, IPv6, or IPv4-mapped IPv6). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** The cashier's page, the PosApi and the customer display: served only to this machine, on its loopback names. */
function isTillPath(path: string): boolean {
  return (
    path === '/' ||
    path === '/index.html' ||
    path.startsWith('/pos/') ||
    path === '/display' ||
    path.startsWith('/display/')
  );
}

/** The route the router matched: it decodes escapes and reads absolute-form targets the same way. */
function isTillRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && isTillPath(route);
}

/**
 * The request's path as the router sees it: absolute-form targets (`GET http://host/`) reduced to
 * their path, %-escapes decoded (`/%69ndex.html` is `/index.html`); null when it cannot be read.
 * Judging the raw target let both forms reach the till's page from a LAN device.
 */
function pathOf(request: FastifyRequest): string | null {
  const target = request.url;
  let path: string;
  if (target.startsWith('/')) {
    // Every request passes here: slice rather than split (no array), and decode only when there is
    // an escape to decode (decodeURIComponent of a string without `%` is that string).
    const query = target.indexOf('?');
    path = query === -1 ? target : target.slice(0, query);
    if (!path.includes('%')) return path;
  } else {
    try {
      path = new URL(target).pathname;
    } catch {
      return null;
    }
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/') || path === '/one_time_payment';
}

type Refusal =
  | { status: 421; code: typeof MISDIRECTED_CODE; pos: 'misdirected' }
  | { status: 403; code: typeof FOREIGN_ORIGIN_CODE; pos: 'forbidden_origin' | 'till_only' };

function refuse(
  reply: FastifyReply,
  path: string,
  { status, code, pos }: Refusal,
  message: string,
  now: number,
): FastifyReply {
  if (isApiPath(path))
    return reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(failure(code, message, now));
  if (path.startsWith('/pos/')) return reply.code(status).send({ ok: false, error: { code: pos, message } });
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(message);
}

/** Installs the guard as the first request hook, so it runs before rate limits and routes. */
export function installRequestGuard(app: FastifyInstance, options: GuardOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request);
    if (path === null) {
      void reply.code(400).header('content-type', 'text/plain; charset=utf-8').send('Bad request target');
      return;
    }
    const host = (request.headers.host ?? '').toLowerCase();
    if (!options.ownHosts().has(host)) {
      void refuse(
        reply,
        path,
        { status: 421, code: MISDIRECTED_CODE, pos: 'misdirected' },
        `Host: this server answers only its own names, not "${host.slice(0, 100)}"`,
        options.now(),
      );
      return;
    }
    const tillRequest = isTillPath(path) || isTillRoute(request);
    if (tillRequest && (!options.tillHosts().has(host) || !isLoopbackPeer(request.socket.remoteAddress))) {
      // A LAN device (with --host) or a proxy never gets the till's page or token.
      void refuse(
        reply,
        path,
        { status: 403, code: FOREIGN_ORIGIN_CODE, pos: 'till_only' },
        'The till is served only to this machine (http://127.0.0.1)',
        options.now(),
      );
      return;
    }
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const sameOrigin =
      (origin.startsWith('http://') && options.ownHosts().has(hostOfOrigin(origin))) ||
      (origin !== '' && origin === options.publicOrigin());
    if (sameOrigin) return done();
    const allowed = isApiPath(path) && options.corsOrigins().includes(origin);
    if (allowed) {
      // Browser SDKs of the merchant's own shops: public calls only (no Authorization header allowed).
      void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        void reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '600')
          .send();
        return;
      }
      return done();
    }
    // Cross-origin reads cannot see the answer (no CORS headers); writes and the PosApi are refused outright.
    if (READS.has(request.method) && !path.startsWith('/pos/')) return done();
    void refuse(
      reply,
      path,
      { status: 403, code: FOREIGN_ORIGIN_CODE, pos: 'forbidden_origin' },
      `Origin: requests from ${origin.slice(0, 100)} are not accepted (add it to corsOrigins to allow a web shop)`,
      options.now(),
    );
  });
}

/**
 * The composition root: the one place that opens the databases and wires the parts. Both
 * shells (electron/main.ts with a window, electron/host.ts headless) call `startCore`.
 * The gateway is always served over HTTP on loopback, so the till reaches it through /v1
 * exactly as it would reach a hosted gateway.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS_CODES, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { failure } from '../shared/envelope.js';
import { GatewayModeSchema, type GatewayMode, type PosHandlers } from '../shared/posapi.js';
import { registerHttpBridge } from './bridge/http-bridge.js';
import { PosEventHub } from './bridge/events.js';
import { openGatewayDb, readMeta, writeMeta } from './gateway/db.js';
import { createGateway } from './gateway/gateway.js';
import { registerCheckoutPage } from './gateway/checkout-page.js';
import { installBodyParsers, installErrorEnvelope, installNotFound } from './gateway/http.js';
import { loadOrCreateMerchantKey } from './gateway/merchant-key.js';
import { startCheckpointer, type Checkpointer } from './platform/checkpointer.js';
import { hostOfOrigin, installRequestGuard, loopbackHostsFor, ownHostsFor } from './platform/http-guard.js';
import { OffsetClock, systemClock, type Clock } from './platform/clock.js';
import { loadOrCreateTillIdentity, trustBundle } from './platform/tls.js';
import type { Db } from './platform/db.js';
import { randomIds, type IdSource } from './platform/ids.js';
import { createLogger, type Logger } from './platform/logger.js';
import { ensureDataDir, exposureWarnings } from './platform/paths.js';
import { openTillDb } from './till/db.js';
import { startCallbackReceiver } from './till/receiver.js';
import { Till } from './till/till.js';

export const APP_VERSION = '0.1.0';

export interface CoreOptions {
  dataDir: string;
  shell: 'electron' | 'host';
  /** Port for the gateway (and, in the host, the renderer and PosApi bridge). 0 takes a free one. */
  port?: number;
  /** Bind address; loopback unless the owner opts into the LAN. */
  bindHost?: string;
  /** Mode asked for on the command line; a data directory keeps the mode it was created with. */
  mode?: GatewayMode;
  /** Serve this built renderer folder at / (host only). */
  rendererDir?: string;
  /** Serve the PosApi over HTTP (host only). */
  httpBridge?: boolean;
  /**
   * Resolved path of better-sqlite3, as the shell resolves it; given, WAL checkpoints of gateway.db
   * run in a worker thread instead of stalling requests.
   */
  sqliteModule?: string;
  /** How often real-rail scanners poll their chains (ms; default 1000). */
  railPollMs?: number;
  /** A client must send its request headers within this time (ms; default 10 s). */
  headersTimeoutMs?: number;
  /** ... and the whole request within this time (ms; default 30 s). */
  requestTimeoutMs?: number;
  logger?: Logger;
  clock?: Clock;
  ids?: IdSource;
}

export interface Core {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  mode: GatewayMode;
  handlers: PosHandlers;
  events: PosEventHub;
  /** Per-start token guarding the HTTP PosApi bridge. */
  bridgeToken: string;
  close(): Promise<void>;
}

export class ModeMismatchError extends Error {}

/** A data directory runs in one mode, fixed when it is first used. */
function settleMode(db: Db, asked: GatewayMode | undefined): GatewayMode {
  const stored = readMeta(db, 'mode');
  if (stored === undefined) {
    const mode = asked ?? 'sandbox';
    writeMeta(db, 'mode', mode);
    return mode;
  }
  const mode = GatewayModeSchema.parse(stored);
  if (asked !== undefined && asked !== mode) {
    throw new ModeMismatchError(
      `This data directory runs in ${mode} mode; it cannot be started in ${asked} mode. Use another data directory (--data) for ${asked} mode.`,
    );
  }
  return mode;
}

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Serves the built renderer: its page (with the PosApi token) only at / and /index.html, its
 * assets as files. No other path gets the page: payer paths such as /code/{code} must never carry
 * the token (README "Security").
 */
function registerRenderer(app: FastifyInstance, dir: string, token: string): void {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The renderer is not built (${indexFile} is missing); run npm run build`);
  // The token goes only into the page we serve; scripts of other origins cannot read it.
  const page = (): string => readFileSync(indexFile, 'utf8').replace('%PAYDESK_TOKEN%', token);
  const sendPage = (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page());
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  void app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: true,
    prefix: '/',
    decorateReply: false,
    allowedPath: (path) => path !== '/index.html',
  });
}

/** Bind addresses that already take connections on 127.0.0.1. */
const ALL_LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::']);

/** Feeds connections to 127.0.0.1:port into `server` (one server, two listening addresses). */
async function listenOnLoopback(server: Server, port: number): Promise<NetServer> {
  const listener = createNetServer((socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, '127.0.0.1', () => resolve());
  });
  return listener;
}

/** Default timeouts: a client that sends its headers or body too slowly is cut off (slowloris). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Errors Node's HTTP parser answers before Fastify sees a request (a malformed request line,
 * headers too large, a request too slow): still the envelope, so clients can read them.
 */
function clientErrorAnswer(error: NodeJS.ErrnoException, now: number): string {
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

export async function startCore(options: CoreOptions): Promise<Core> {
  const dataDir = ensureDataDir(options.dataDir);
  const logger = options.logger ?? createLogger({ file: join(dataDir, 'paydesk.log') });
  // Said, not silently changed: the owner may have opened the folder on purpose (e.g. a backup user).
  for (const warning of exposureWarnings(dataDir)) logger.warn(warning);
  const ids = options.ids ?? randomIds;

  const gatewayFile = join(dataDir, 'gateway.db');
  const gatewayDb = openGatewayDb(gatewayFile);
  let tillDb: Db | undefined;
  let checkpointer: Checkpointer | undefined;
  try {
    if (options.sqliteModule) {
      gatewayDb.pragma('wal_autocheckpoint = 20000');
      checkpointer = startCheckpointer({
        file: gatewayFile,
        sqliteModule: options.sqliteModule,
        onError: (error) => logger.warn('checkpoint failed', { error }),
      });
    }
    tillDb = openTillDb(join(dataDir, 'till.db'));
    const mode = settleMode(gatewayDb, options.mode);
    // The sandbox runs on real time plus an offset the owner moves forward; it survives restarts.
    const clock =
      options.clock ??
      (mode === 'sandbox'
        ? new OffsetClock(Number(readMeta(gatewayDb, 'sandbox_clock_offset_ms') ?? '0'), systemClock, (offset) =>
            writeMeta(gatewayDb, 'sandbox_clock_offset_ms', String(offset)),
          )
        : systemClock);
    const merchantKey = loadOrCreateMerchantKey(dataDir, ids);

    // The till's certificate: its callback receiver serves it, and the embedded gateway trusts it.
    const identity = await loadOrCreateTillIdentity(dataDir);
    let url = '';
    let tillReceiverOrigin = '';
    const gateway = createGateway({
      db: gatewayDb,
      clock,
      logger: logger.child({ part: 'gateway' }),
      mode,
      version: APP_VERSION,
      ids,
      merchantKey,
      origin: () => url,
      trustedCa: trustBundle([identity.cert]),
      railPollMs: options.railPollMs,
      // The till's own loopback receiver is trusted by the embedded gateway, also in live mode.
      trustedCallbackOrigins: () => (tillReceiverOrigin ? [tillReceiverOrigin] : []),
    });
    const events = new PosEventHub();
    const bridgeToken = ids.token(32);

    const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
    const app = Fastify({
      logger: false,
      forceCloseConnections: true,
      bodyLimit: 64 * 1024,
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      // Node checks its timeouts on this interval; the default (30 s) would let a slow client linger.
      http: { headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
      clientErrorHandler(error: NodeJS.ErrnoException, socket) {
        if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
        socket.end(clientErrorAnswer(error, clock.now()));
      },
    });
    let ownHosts: ReadonlySet<string> = new Set();
    let tillHosts: ReadonlySet<string> = new Set();
    installRequestGuard(app, {
      tillHosts: () => tillHosts,
      ownHosts: () => {
        const proxied = hostOfOrigin(gateway.settings.get().publicOrigin);
        return proxied ? new Set([...ownHosts, proxied]) : ownHosts;
      },
      corsOrigins: () => gateway.settings.get().corsOrigins,
      publicOrigin: () => gateway.settings.get().publicOrigin,
      now: () => clock.now(),
    });
    installBodyParsers(app);
    installErrorEnvelope(app, { clock, logger });
    gateway.registerRoutes(app);
    registerCheckoutPage(app);

    let receiverUrl = '';
    let loopbackUrl = '';
    const till = new Till({
      db: tillDb,
      clock: systemClock,
      ids,
      logger: logger.child({ part: 'till' }),
      events,
      embeddedUrl: () => loopbackUrl,
      embeddedMode: mode,
      merchantKey,
      callbackUrl: () => receiverUrl,
      appInfo: () => ({ version: APP_VERSION, dataDir, shell: options.shell }),
    });
    const receiver = await startCallbackReceiver({
      identity,
      port: till.settings.stored().receiverPort,
      logger: logger.child({ part: 'till-receiver' }),
      // Callbacks of the embedded gateway are signed with the merchant key; others cannot be checked.
      merchantKey: () => (till.settings.stored().gateway.kind === 'embedded' ? merchantKey : undefined),
      onCallback: (body) => till.onCallback(body),
    });
    receiverUrl = receiver.url;
    tillReceiverOrigin = new URL(receiver.url).origin;
    if (till.settings.stored().receiverPort !== receiver.port) till.settings.update({ receiverPort: receiver.port });
    const handlers = till.handlers();

    if (options.httpBridge)
      registerHttpBridge(app, { handlers, events, token: bridgeToken, logger, now: () => clock.now() });
    if (options.rendererDir) registerRenderer(app, options.rendererDir, bridgeToken);
    installNotFound(app, clock);

    const bindHost = options.bindHost ?? '127.0.0.1';
    await app.listen({ host: bindHost, port: options.port ?? 0 });
    const port = (app.server.address() as AddressInfo).port;
    ownHosts = ownHostsFor(bindHost, port);
    tillHosts = loopbackHostsFor(port);
    // The till's page is served only on loopback (README "Security"): bound to one other address
    // (a LAN one), the same server also takes connections on 127.0.0.1 at the same port.
    const loopbackListener = ALL_LOOPBACK_BINDS.has(bindHost) ? undefined : await listenOnLoopback(app.server, port);
    // The till, its window and the ready line use the loopback URL whatever address the host binds.
    url = `http://127.0.0.1:${port}`;
    loopbackUrl = url;
    till.start();
    logger.info('core started', { url, bindHost, mode, dataDir, callbackReceiver: receiver.url });

    const openTill = tillDb;
    let closed = false;
    return {
      url,
      port,
      mode,
      handlers,
      events,
      bridgeToken,
      async close() {
        if (closed) return;
        closed = true;
        await till.close();
        await receiver.close();
        loopbackListener?.close();
        await app.close();
        await gateway.close();
        await checkpointer?.close();
        gatewayDb.close();
        openTill.close();
        logger.info('core closed');
      },
    };
  } catch (error) {
    await checkpointer?.close();
    tillDb?.close();
    gatewayDb.close();
    throw error;
  }
}

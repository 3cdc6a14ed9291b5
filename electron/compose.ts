/**
 * The composition root: the one place that opens the databases and wires the parts. Both
 * shells (electron/main.ts with a window, electron/host.ts headless) call `startCore`.
 * The gateway is always served over HTTP on loopback, so the till reaches it through /v1
 * exactly as it would reach a hosted gateway.
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { GatewayMode, OrderView } from '../shared/posapi.js';
import type { PosService } from './bridge/dispatch.js';
import { registerHttpBridge } from './bridge/http-bridge.js';
import { PageTokens } from './bridge/page-tokens.js';
import { PosEventHub } from './bridge/events.js';
import { gatewayMigrations, openGatewayDb } from './gateway/db.js';
import { gatewayClock, ServerNames, settleMode } from './gateway-boot.js';
import { createGateway } from './gateway/gateway.js';
import { installBodyParsers, installErrorEnvelope, installNotFound } from './gateway/http.js';
import { loadOrCreateMerchantKey } from './gateway/merchant-key.js';
import { startCheckpointer, type Checkpointer } from './platform/checkpointer.js';
import { describeTarget, openGatewayPg } from './gateway/store/postgres/open.js';
import { systemClock, type Clock } from './platform/clock.js';
import { holdDataDir } from './platform/data-lock.js';
import { loadOrCreateTillIdentity, trustBundle } from './platform/tls.js';
import { latestVersion, type Db } from './platform/db.js';
import { randomIds, type IdSource } from './platform/ids.js';
import { createLogger, type Logger } from './platform/logger.js';
import { ensureDataDir, exposureWarnings } from './platform/paths.js';
import { openTillDb, tillMigrations } from './till/db.js';
import { startCallbackReceiver } from './till/receiver.js';
import { shopLanguage, shopLocale } from './till/settings/store.js';
import { dayOf, dayRange, Till } from './till/till.js';
import { applyPendingRestore } from './backup/pending.js';
import { BackupService } from './backup/service.js';
import { alsoOnLoopback, createHttpServer } from './web/http-server.js';
import { installPayerFilter, startPayerListener } from './web/payer-listener.js';
import { orderFacts } from './till/printing/facts-for.js';
import { registerPayerSide } from './web/payer-side.js';
import type { DisplayCart } from '../shared/posapi-counter.js';
import { saleView } from './till/sales/book.js';
import { displayCart } from './till/sales/counter-display.js';
import { registerRenderer } from './web/renderer-page.js';

export { CSP } from './web/renderer-page.js';
export { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './web/http-server.js';

export const APP_VERSION = '0.1.0';
export { ModeMismatchError } from './gateway-boot.js';

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
  /** The built renderer folder whose payer pages (checkout, customer display) the core serves, in both shells. */
  payerPagesDir?: string;
  /** Bind address of the payer listener (README "Payer listener"); absent: there is none. */
  payerHost?: string;
  /** Its port; 0 or absent takes a free one. */
  payerPort?: number;
  /** Serve the PosApi over HTTP (host only). */
  httpBridge?: boolean;
  /**
   * Resolved path of better-sqlite3, as the shell resolves it; given, WAL checkpoints of gateway.db
   * run in a worker thread instead of stalling requests.
   */
  sqliteModule?: string;
  /**
   * A postgres:// URL: the gateway keeps its state in that PostgreSQL database instead of gateway.db
   * (docs/scaling.md); the till keeps till.db. Its password is never logged.
   */
  databaseUrl?: string;
  /** How often real-rail scanners poll their chains (ms; default 1000). */
  railPollMs?: number;
  /** A client must send its request headers within this time (ms; default 10 s). */
  headersTimeoutMs?: number;
  /** ... and the whole request within this time (ms; default 30 s). */
  requestTimeoutMs?: number;
  /** How the shell restarts the core (to apply a restore staged from first-run Setup); absent: it cannot. */
  requestRestart?: () => void;
  logger?: Logger;
  clock?: Clock;
  ids?: IdSource;
}

export interface Core {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  mode: GatewayMode;
  /** The PosApi: its handlers and the permission check before each (dispatchPosCommand runs both). */
  pos: PosService;
  events: PosEventHub;
  /** The payer listener's URL (http://<address>:<port>), '' when there is none. */
  payerUrl: string;
  /** The HTTP PosApi bridge's page tokens: one per page served at /, each its own connection. */
  pageTokens: PageTokens;
  /** Scheduled and on-demand backups of the data directory (electron/backup/service.ts). */
  backups: BackupService;
  close(): Promise<void>;
}

interface Stores {
  gatewayDb: Db;
  tillDb: Db;
  checkpointer?: Checkpointer;
  close(): Promise<void>;
}

/** Opens gateway.db (with its checkpoint worker when the shell gives one) and till.db; closes what opened on failure. */
async function openStores(
  dataDir: string,
  sqliteModule: string | undefined,
  logger: Logger,
  databaseUrl: string | undefined,
): Promise<Stores> {
  const gatewayFile = join(dataDir, 'gateway.db');
  if (databaseUrl) logger.info('gateway state in PostgreSQL', { database: describeTarget(databaseUrl) });
  const gatewayDb = databaseUrl ? await openGatewayPg(databaseUrl) : openGatewayDb(gatewayFile);
  // Tools that must not copy a live directory (migrate-db) look for this mark; close removes it.
  const releaseDir = holdDataDir(dataDir);
  let checkpointer: Checkpointer | undefined;
  try {
    if (sqliteModule && !databaseUrl) {
      gatewayDb.pragma('wal_autocheckpoint = 20000');
      const onError = (error: unknown) => logger.warn('checkpoint failed', { error });
      checkpointer = startCheckpointer({ file: gatewayFile, sqliteModule, onError });
    }
    const tillDb = openTillDb(join(dataDir, 'till.db'));
    return {
      gatewayDb,
      tillDb,
      checkpointer,
      async close() {
        await checkpointer?.close();
        gatewayDb.close();
        tillDb.close();
        releaseDir();
      },
    };
  } catch (error) {
    void checkpointer?.close();
    gatewayDb.close();
    releaseDir();
    throw error;
  }
}

/** The till with its callback receiver: created against the embedded gateway's loopback URL. */
async function startTillPart(deps: {
  options: CoreOptions;
  dataDir: string;
  tillDb: Db;
  gatewayDb: Db;
  ids: IdSource;
  logger: Logger;
  merchantKey: string;
  mode: GatewayMode;
  events: PosEventHub;
  identity: Awaited<ReturnType<typeof loadOrCreateTillIdentity>>;
  embeddedUrl: () => string;
  receiptUrl: (orderId: string) => string;
}) {
  let receiverUrl = '';
  // Made before the till, which it serves; its shop days follow the till's time zone (read when asked).
  const backups: BackupService = new BackupService({
    dataDir: deps.dataDir,
    gatewayDb: deps.gatewayDb,
    tillDb: deps.tillDb,
    appVersion: APP_VERSION,
    clock: systemClock,
    logger: deps.logger.child({ part: 'backup' }),
    supported: { gateway: latestVersion(gatewayMigrations), till: latestVersion(tillMigrations) },
    dayEndsAt: (ms) => {
      const { timeZone } = till.settings.stored();
      return dayRange(dayOf(ms, timeZone), timeZone)[1];
    },
  });
  const till = new Till({
    db: deps.tillDb,
    clock: systemClock,
    ids: deps.ids,
    logger: deps.logger.child({ part: 'till' }),
    events: deps.events,
    embeddedUrl: deps.embeddedUrl,
    embeddedMode: deps.mode,
    merchantKey: deps.merchantKey,
    callbackUrl: () => receiverUrl,
    appInfo: () => ({ version: APP_VERSION, dataDir: deps.dataDir, shell: deps.options.shell }),
    backups,
    requestRestart: deps.options.requestRestart,
    receiptUrl: deps.receiptUrl,
  });
  const receiver = await startCallbackReceiver({
    identity: deps.identity,
    port: till.settings.stored().receiverPort,
    logger: deps.logger.child({ part: 'till-receiver' }),
    // Callbacks of the embedded gateway are signed with the merchant key; others cannot be checked.
    merchantKey: () => (till.settings.stored().gateway.kind === 'embedded' ? deps.merchantKey : undefined),
    onCallback: (body) => till.onCallback(body),
  });
  receiverUrl = receiver.url;
  if (till.settings.stored().receiverPort !== receiver.port) till.settings.update({ receiverPort: receiver.port });
  const pos: PosService = {
    handlers: till.handlers(),
    authorize: (command, connection) => till.authorize(command, connection),
    mayHearOrders: (connection) => till.mayHearOrders(connection),
  };
  return { till, receiver, pos, backups };
}

/** Listens on the bind address, on loopback when that is another address, and on the payer address when given. */
async function listenAll(
  app: ReturnType<typeof createHttpServer>,
  options: CoreOptions,
  names: ServerNames,
  payerSockets: ReturnType<typeof installPayerFilter>,
) {
  const bindHost = options.bindHost ?? '127.0.0.1';
  await app.listen({ host: bindHost, port: options.port ?? 0 });
  const port = (app.server.address() as AddressInfo).port;
  names.listening(bindHost, port);
  const loopbackListener = await alsoOnLoopback(app.server, bindHost, port);
  const payer = options.payerHost
    ? await startPayerListener(app, payerSockets, options.payerHost, options.payerPort ?? 0)
    : undefined;
  if (payer) names.payer = payer.hosts;
  return { port, loopbackListener, payer };
}

/** A split sale on the customer display: the whole sale its crypto part belongs to. */
function wholeSale(till: Till, orderId: string): DisplayCart | undefined {
  const stored = till.saleBook.byOrder(orderId);
  if (!stored) return undefined;
  const sale = saleView(stored);
  const paid = (kind: 'cash' | 'card') => sale.tenders.find((t) => t.kind === kind)?.amount ?? '0';
  return displayCart(sale.priced, sale.symbol, { cash: paid('cash'), card: paid('card') });
}

/** The payer's side (checkout page, receipts, customer display) over the till's orders and settings. */
function startPayerSide(
  app: ReturnType<typeof createHttpServer>,
  options: CoreOptions,
  parts: { events: PosEventHub; till: Till; merchantKey: string; receiptOrigin: () => string },
) {
  const { till } = parts;
  const stored = () => till.settings.stored();
  return registerPayerSide(app, {
    dir: options.payerPagesDir,
    events: parts.events,
    merchantKey: parts.merchantKey,
    shop: () => stored().shopName || stored().payee?.fullName || '',
    locale: () => shopLocale(stored()),
    language: () => shopLanguage(stored()),
    timeZone: () => stored().timeZone,
    test: () => till.deps.embeddedMode === 'sandbox' && stored().gateway.kind === 'embedded',
    order: (orderId) => {
      const row = till.book.get(orderId);
      return row ? till.view(row) : undefined;
    },
    receiptOrigin: parts.receiptOrigin,
    now: () => systemClock.now(),
    receiptFacts: (order, payerLanguage) => orderFacts(till, order, true, payerLanguage),
    counter: till.counter,
    saleOf: (orderId) => wholeSale(till, orderId),
    openSale: () => openSaleAtStart(till),
  });
}

/** How old an open order may be and still be the sale at the counter when the till starts again. */
const OPEN_SALE_AT_START_MS = 2 * 60 * 60 * 1000;

/**
 * The sale the display shows after a restart: the newest order still open in till.db (with its whole
 * cart sale, when it is a crypto part, through `saleOf`), unless it is older than a counter's sale.
 */
/** The headless host's page tokens (bridge/page-tokens.ts): a dropped token's staff session ends with it. */
function pageTokensOf(till: Till, ids: IdSource): PageTokens {
  return new PageTokens({
    mint: () => ids.token(32),
    // The till's clock (the staff sessions' one), not the gateway's: sandbox.advanceClock must not drop tokens.
    now: () => till.deps.clock.now(),
    idleMs: () => till.settings.stored().idleLockMinutes * 60_000,
    onDrop: (connection, reason) => till.staff.endConnection(connection, reason),
  });
}

function openSaleAtStart(till: Till): OrderView | undefined {
  const newest = till.book.open().at(-1);
  if (!newest || till.deps.clock.now() - newest.created_at > OPEN_SALE_AT_START_MS) return undefined;
  return till.view(newest);
}

export async function startCore(options: CoreOptions): Promise<Core> {
  const dataDir = ensureDataDir(options.dataDir);
  const logger = options.logger ?? createLogger({ file: join(dataDir, 'paydesk.log') });
  // A restore staged from first-run Setup replaces the new install before anything is opened.
  if (await applyPendingRestore(dataDir, (options.clock ?? systemClock).now()))
    logger.info('restored a backup staged from Setup', { dataDir });
  // Said, not silently changed: the owner may have opened the folder on purpose (e.g. a backup user).
  for (const warning of exposureWarnings(dataDir)) logger.warn(warning);
  const ids = options.ids ?? randomIds;
  const stores = await openStores(dataDir, options.sqliteModule, logger, options.databaseUrl);
  try {
    const { gatewayDb, tillDb } = stores;
    const mode = settleMode(gatewayDb, options.mode);
    const clock = gatewayClock(mode, gatewayDb, options.clock);
    const merchantKey = loadOrCreateMerchantKey(dataDir, ids);
    // The till's certificate: its callback receiver serves it, and the embedded gateway trusts it.
    const identity = await loadOrCreateTillIdentity(dataDir);
    let url = '';
    let payerUrl = '';
    let tillReceiverOrigin = '';
    const gateway = createGateway({
      db: gatewayDb,
      clock,
      mode,
      version: APP_VERSION,
      ids,
      merchantKey,
      railPollMs: options.railPollMs,
      logger: logger.child({ part: 'gateway' }),
      // Checkout links point where payers can reach them: the payer listener when there is one.
      origin: () => payerUrl || url,
      trustedCa: trustBundle([identity.cert]),
      // The till's own loopback receiver is trusted by the embedded gateway, also in live mode.
      trustedCallbackOrigins: () => (tillReceiverOrigin ? [tillReceiverOrigin] : []),
    });
    const events = new PosEventHub();
    const names = new ServerNames(() => gateway, clock);
    const app = createHttpServer({ ...options, guard: names.guard() });
    const payerSockets = installPayerFilter(app, () => clock.now());
    installBodyParsers(app);
    installErrorEnvelope(app, { clock, logger });
    gateway.registerRoutes(app);
    const tillDeps = { options, dataDir, tillDb, gatewayDb, ids, logger, merchantKey, mode, events, identity };
    let receiptUrl = (_orderId: string): string => '';
    const urls = { embeddedUrl: () => url, receiptUrl: (orderId: string) => receiptUrl(orderId) };
    const { till, receiver, pos, backups } = await startTillPart({ ...tillDeps, ...urls });
    const receiptOrigin = () => payerUrl || gateway.settings.get().publicOrigin || url;
    const { display, links } = startPayerSide(app, options, { events, till, merchantKey, receiptOrigin });
    receiptUrl = (orderId) => `${receiptOrigin()}/receipt/${links.idFor(orderId)}`;
    tillReceiverOrigin = new URL(receiver.url).origin;
    const pageTokens = pageTokensOf(till, ids);
    if (options.httpBridge) registerHttpBridge(app, { pos, events, pages: pageTokens, logger, now: () => clock.now() });
    if (options.rendererDir) registerRenderer(app, options.rendererDir, () => pageTokens.issue());
    installNotFound(app, clock);

    const bindHost = options.bindHost ?? '127.0.0.1';
    const { port, loopbackListener, payer } = await listenAll(app, options, names, payerSockets);
    payerUrl = payer?.url ?? '';
    // The till, its window and the ready line use the loopback URL whatever address the host binds.
    url = `http://127.0.0.1:${port}`;
    till.start();
    backups.start();
    logger.info('core started', { url, bindHost, mode, dataDir, callbackReceiver: receiver.url, payerUrl });

    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      display.close();
      await till.close();
      await backups.close();
      await receiver.close();
      loopbackListener?.close();
      payer?.close();
      await app.close();
      await gateway.close();
      await stores.close();
      logger.info('core closed');
    };
    return { url, port, mode, payerUrl, pos, events, pageTokens, backups, close };
  } catch (error) {
    await stores.close();
    throw error;
  }
}

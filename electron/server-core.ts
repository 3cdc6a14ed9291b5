/**
 * The shop server (`npm run -s server`, README "Shop server on PostgreSQL"): the gateway alone (no
 * till, no renderer, no PosApi) over a PostgreSQL database that several server processes share. Any
 * process serves any request; what one commits every other sees. The merchant key lives in the
 * database (meta `merchant_key`), made once by whichever process starts first, so every process
 * signs callbacks and checks merchant operations with the same key.
 */
import type { AddressInfo } from 'node:net';
import type { GatewayMode } from '../shared/posapi.js';
import { APP_VERSION } from './compose.js';
import { gatewayClock, ServerNames, settleMode } from './gateway-boot.js';
import { readMeta } from './gateway/db.js';
import { createGateway } from './gateway/gateway.js';
import { installBodyParsers, installErrorEnvelope, installNotFound } from './gateway/http.js';
import { describeTarget, openGatewayPg, withStartupLock } from './gateway/store/postgres/open.js';
import type { Clock } from './platform/clock.js';
import { trustBundle } from './platform/tls.js';
import type { Db } from './platform/db.js';
import { randomIds, type IdSource } from './platform/ids.js';
import type { Logger } from './platform/logger.js';
import type { ServerTls } from './server-tls.js';
import { createHttpServer } from './web/http-server.js';

export interface ServerOptions {
  databaseUrl: string;
  port?: number;
  bindHost?: string;
  mode?: GatewayMode;
  /** Serve HTTPS with this identity (server-tls.ts); plain http without. */
  tls?: ServerTls;
  logger: Logger;
  railPollMs?: number;
  clock?: Clock;
  ids?: IdSource;
}

export interface GatewayServer {
  url: string;
  port: number;
  mode: GatewayMode;
  close(): Promise<void>;
}

/** The database's merchant key: read, or made by the first process (a racing second one reads the first's). */
export function sharedMerchantKey(db: Db, ids: IdSource): string {
  const known = readMeta(db, 'merchant_key');
  if (known) return known;
  db.prepare("INSERT INTO meta (key, value) VALUES ('merchant_key', ?) ON CONFLICT (key) DO NOTHING").run(
    ids.token(32),
  );
  const made = readMeta(db, 'merchant_key');
  if (!made) throw new Error('the merchant key could not be stored in the database');
  return made;
}

export async function startGatewayServer(options: ServerOptions): Promise<GatewayServer> {
  const { logger } = options;
  const ids = options.ids ?? randomIds;
  logger.info('shop server: gateway state in PostgreSQL', { database: describeTarget(options.databaseUrl) });
  const db = await openGatewayPg(options.databaseUrl);
  try {
    let url = '';
    const { mode, clock, gateway } = withStartupLock(db, () => {
      const mode = settleMode(db, options.mode);
      const clock = gatewayClock(mode, db, options.clock);
      const merchantKey = sharedMerchantKey(db, ids);
      const gateway = createGateway({
        db,
        clock,
        mode,
        version: APP_VERSION,
        ids,
        merchantKey,
        railPollMs: options.railPollMs,
        logger: logger.child({ part: 'gateway' }),
        origin: () => gateway.settings.get().publicOrigin || url,
        // Callbacks and price feeds trust the platform's roots, the system bundle and NODE_EXTRA_CA_CERTS.
        trustedCa: trustBundle(),
      });
      return { mode, clock, gateway };
    });
    const names = new ServerNames(() => gateway, clock);
    const app = createHttpServer({ guard: names.guard(), https: options.tls });
    installBodyParsers(app);
    installErrorEnvelope(app, { clock, logger });
    gateway.registerRoutes(app);
    installNotFound(app, clock);
    const bindHost = options.bindHost ?? '127.0.0.1';
    await app.listen({ host: bindHost, port: options.port ?? 0 });
    const port = (app.server.address() as AddressInfo).port;
    names.listening(bindHost, port);
    // Bound to every address: said as the loopback one, as the app's ready line does.
    const shown = bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost;
    url = `${options.tls ? 'https' : 'http'}://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
    logger.info('shop server started', { url, mode });
    let closed = false;
    return {
      url,
      port,
      mode,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await gateway.close();
        db.close();
        logger.info('shop server closed');
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

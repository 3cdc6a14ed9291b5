/**
 * Price sources asked once by several server processes (electron/gateway/prices/refresher.ts): two
 * refreshers over two connections to one real PostgreSQL (as two shop server processes) and a real
 * HTTPS spot source on loopback. Each refresh round reaches the source once, not once per process;
 * both processes quote the stored answer; when the asking process stops asking (dead), the other takes
 * the source over once the lease has ended; a clean stop hands it over at once.
 * Skips with one line where PostgreSQL is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceSourcesConfigSchema } from '../../electron/gateway/prices/config.js';
import { PriceRefresher } from '../../electron/gateway/prices/refresher.js';
import { PriceStore } from '../../electron/gateway/prices/store.js';
import { openGatewayPg } from '../../electron/gateway/store/postgres/open.js';
import type { Db } from '../../electron/platform/db.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { trustBundle } from '../../electron/platform/tls.js';
import { startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

const ETH = '43d61dcd-e413-450d-80b8-101d5e903357';
const available = postgresAvailable();
let cluster: PgCluster;
let server: Receiver;
const open: Db[] = [];
const refreshers: PriceRefresher[] = [];
let now = Date.UTC(2026, 10, 25, 9, 0, 0);

beforeAll(async () => {
  if (!available) return;
  cluster = await startPostgres();
  server = await startReceiver();
}, 60_000);
afterAll(async () => {
  for (const refresher of refreshers) await refresher.close();
  open.splice(0).forEach((db) => db.close());
  await server?.close();
  await cluster?.stop();
});

async function serverProcess(url: string): Promise<{ refresher: PriceRefresher; store: PriceStore }> {
  const db = await openGatewayPg(url);
  open.push(db);
  const store = new PriceStore(db);
  const refresher = new PriceRefresher({
    db,
    store,
    logger: silentLogger,
    realNow: () => now,
    trustedCa: trustBundle([server.identity.cert]),
  });
  refreshers.push(refresher);
  return { refresher, store };
}

const asked = () => server.received.filter((r) => r.path.startsWith('/ticker/')).length;

describe.skipIf(!available)('price sources with two shop server processes over one PostgreSQL', () => {
  it('are asked once per refresh, and taken over when the asking process stops', async () => {
    const url = await cluster.freshDatabase();
    let price = 3000;
    server.on('/ticker/ETHUSDT', (_q, r) =>
      r.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ price: String(price) })),
    );
    const config = PriceSourcesConfigSchema.parse({
      refreshSeconds: 10,
      sources: [
        {
          id: 'ex',
          kind: 'spot',
          url: `${server.url}/ticker/{symbol}`,
          path: 'price',
          pairs: [{ key: ETH, symbol: 'ETHUSDT' }],
        },
      ],
    });
    const a = await serverProcess(url);
    const b = await serverProcess(url);
    a.refresher.configure(config, true);
    b.refresher.configure(config, false);
    await Promise.all([a.refresher.settled(), b.refresher.settled()]);
    expect(asked()).toBe(1);

    // Five refresh periods, both processes looking for due sources each time: five questions, not ten.
    for (let round = 1; round <= 5; round++) {
      now += 10_000;
      price += 1;
      a.refresher.refreshDue();
      b.refresher.refreshDue();
      await Promise.all([a.refresher.settled(), b.refresher.settled()]);
      expect(asked()).toBe(1 + round);
      // Both processes read the one stored answer.
      expect(b.store.observationsOf(ETH)[0]?.usd_price).toBe(String(price));
      expect(a.store.observationsOf(ETH)[0]?.usd_price).toBe(String(price));
    }

    // A (the asker) dies: it asks no more. Within its lease (two periods) B leaves the source alone...
    now += 10_000;
    b.refresher.refreshDue();
    await b.refresher.settled();
    expect(asked()).toBe(6);
    // ...then takes it over and asks.
    now += 10_001;
    b.refresher.refreshDue();
    await b.refresher.settled();
    expect(asked()).toBe(7);

    // B stops cleanly: A (back) asks at the next due refresh, without waiting for B's lease to end.
    await b.refresher.close();
    now += 10_000;
    a.refresher.refreshDue();
    await a.refresher.settled();
    expect(asked()).toBe(8);
  });
});

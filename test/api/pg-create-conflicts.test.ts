/**
 * Creates from several shop server processes add up instead of cancelling each other (docs/scaling.md,
 * "Why creates add up across processes"): two processes over one real PostgreSQL take a till's
 * numbered orders at once, and PostgreSQL cancels none of their create transactions (before, a create
 * looked its order up first and its foreign keys read the payments index: both are reads PostgreSQL's
 * SERIALIZABLE checking locks by index page, and about half the transactions were cancelled and ran
 * again). And the order is still taken exactly once when both processes are asked for it at the same
 * moment. Skips with one line where PostgreSQL is absent.
 */
import { Decimal } from 'decimal.js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, USDT } from '../helpers/gateway.js';
import { printMerchantKey, startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

const suite = useShopServerCluster();
let client: pg.Client;
let servers: string[];
let databaseUrl: string;

const order = (orderId: string) => ({
  payeeId: SHOP,
  orderId,
  quoteAssetId: 'usd',
  quoteAmount: '12.5',
  paymentAssetId: USDT,
  settlementAssetId: USDT,
});

/** Transactions of this database that ended in a rollback so far (the statistics of idle backends, flushed). */
async function rollbacks(): Promise<number> {
  // Backends report their counts when idle, at most once a second: wait until two readings agree.
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await client.query('SELECT pg_stat_clear_snapshot()');
    const row = await client.query<{ n: string }>(
      'SELECT xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    const now = Number(row.rows[0]!.n);
    if (now === last) return now;
    last = now;
  }
}

beforeAll(async () => {
  if (!suite.available) return;
  databaseUrl = await suite.cluster.freshDatabase();
  servers = (await Promise.all([0, 1].map(() => startShopServer(databaseUrl, { PAYDESK_QUIET: '1' })))).map(
    (s) => s.url,
  );
  client = await suite.cluster.connect(databaseUrl);
}, 120_000);
afterAll(async () => {
  await client?.end();
});

describe.skipIf(!suite.available)('creates from two shop server processes over one PostgreSQL', () => {
  it('take 400 numbered orders at once without one create transaction cancelled', async () => {
    const before = await rollbacks();
    let next = 0;
    // 16 lanes, alternating processes: batches of both are open at the same moments all along.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 400) {
          const i = next++;
          await v1(servers[i % 2]!, 'POST', '/v1/payments', order(`till-1-${String(i).padStart(5, '0')}`));
        }
      }),
    );
    const count = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM payments WHERE order_id LIKE 'till-1-%'",
    );
    expect(Number(count.rows[0]!.n)).toBe(400);
    expect((await rollbacks()) - before).toBe(0);
  }, 120_000);

  it('take an order asked of both processes at the same moment once, and answer both with it', async () => {
    for (let i = 0; i < 30; i++) {
      const orderId = `both-${i}`;
      const [a, b] = await Promise.all(servers.map((base) => v1(base, 'POST', '/v1/payments', order(orderId))));
      expect(a.traceId).toBe(b.traceId);
      expect(a.paymentAmount).toBe(b.paymentAmount);
    }
    // One first instruction per order: the losing process wrote none of its own.
    const rows = await client.query<{ n: string; instructions: string }>(
      `SELECT count(*) AS n,
              (SELECT count(*) FROM instructions i JOIN payments p USING (trace_id)
                WHERE p.order_id LIKE 'both-%') AS instructions
         FROM payments WHERE order_id LIKE 'both-%'`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(30);
    expect(Number(rows.rows[0]!.instructions)).toBe(30);
  }, 120_000);

  it('quote with a price set through the other process within a second (prices are kept half a second)', async () => {
    const key = printMerchantKey(databaseUrl).stdout.trim();
    const before = await v1(servers[1]!, 'POST', '/v1/payments', order('price-before'));
    await v1(servers[0]!, 'POST', '/v1/rates', { key: USDT, usdPrice: '0.5' }, key);
    // Process 1 quoted USDT a moment ago (its memo holds the old price): within a second it quotes the new one.
    await expect
      .poll(async () => (await v1(servers[1]!, 'POST', '/v1/payments', order(`price-${Date.now()}`))).paymentAmount, {
        timeout: 1000,
        interval: 100,
      })
      .toBe(new Decimal(before.paymentAmount).times(2).toString());
  });
});

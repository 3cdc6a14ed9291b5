/**
 * A shop server whose PostgreSQL connection ends (a database restart, a failover, an administrator)
 * keeps running and reconnects (electron/platform/pg-sync/sync-pg.ts): its timers (callback delivery,
 * due work, followers) log instead of ending the process, a request made while the connection is away
 * is refused with 503 and the envelope's words, and the next one works again. Before, the first timer
 * to touch the dead connection ended the process. Real server process, real PostgreSQL.
 * Skips with one line where PostgreSQL is absent.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, USDT } from '../helpers/gateway.js';
import { startShopServer, useShopServerCluster, type ShopServer } from '../helpers/shop-server.js';

const suite = useShopServerCluster();
let client: pg.Client;
let server: ShopServer;

beforeAll(async () => {
  if (!suite.available) return;
  const databaseUrl = await suite.cluster.freshDatabase();
  server = await startShopServer(databaseUrl, { PAYDESK_QUIET: '1' });
  client = await suite.cluster.connect(databaseUrl);
}, 120_000);
afterAll(async () => {
  await client?.end();
});

async function create(orderId: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payeeId: SHOP, orderId, quoteAssetId: 'usd', quoteAmount: '3', paymentAssetId: USDT }),
  });
  return { status: response.status, body: await response.json() };
}

/** Ends every connection of the shop server, as a database restart or an administrator would. */
async function endServerConnections(): Promise<number> {
  const ended = await client.query<{ n: string }>(
    `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
      WHERE application_name = 'paydesk' AND datname = current_database()`,
  );
  return Number(ended.rows[0]!.n);
}

describe.skipIf(!suite.available)('a shop server whose PostgreSQL connection ends', () => {
  it('keeps running while idle, and takes creates again', async () => {
    expect((await create('before')).body.success).toBe(true);
    expect(await endServerConnections()).toBeGreaterThan(0);
    // Idle for a while: the callback poll (every 250 ms) and the due-work timer meet the dead connection.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const after = await create('after-idle');
    expect(after.body.success).toBe(true);
    const rows = await client.query("SELECT order_id FROM payments WHERE order_id IN ('before', 'after-idle')");
    expect(rows.rowCount).toBe(2);
  });

  it('refuses a request that meets the lost connection with 503 and a retry works', async () => {
    const answers: { status: number; body: any }[] = [];
    // Ended while busy: some request meets the dead connection (or reconnects first); none ends the process.
    const load = (async () => {
      for (let i = 0; i < 60; i++) answers.push(await create(`busy-${i}`));
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await endServerConnections();
    await load;
    expect(server.child.exitCode).toBeNull();
    for (const answer of answers) {
      if (answer.body.success) continue;
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/lost its database connection/);
    }
    // Every refused create succeeds when asked again, and each order exists once.
    for (const [i, answer] of answers.entries())
      if (!answer.body.success) expect((await create(`busy-${i}`)).body.success).toBe(true);
    const count = await client.query<{ n: string }>("SELECT count(*) AS n FROM payments WHERE order_id LIKE 'busy-%'");
    expect(Number(count.rows[0]!.n)).toBe(60);
  });
});

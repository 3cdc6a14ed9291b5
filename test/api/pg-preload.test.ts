/**
 * The benchmark's preload (bench/pg-preload.ts, `npm run bench -- server`): 100 copies of two template
 * payments a shop server made through `/v1` land in a real PostgreSQL with the rows the gateway writes
 * (payment, instruction, events, the paid ones' transaction), and the server reads them back through
 * `/v1` as it reads its own: the paid copies settled with their own transaction, the lapsed ones
 * failed 40000, each with its own memo and events, created over the past days. Skips with one line
 * where PostgreSQL is absent.
 */
import { describe, expect, it } from 'vitest';
import { makeTemplates, preloadPayments } from '../../bench/pg-preload.js';
import { startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

const suite = useShopServerCluster();

interface Copy {
  trace_id: string;
  status: string;
  created_at: string;
  memo: string;
  client_id: string;
}

describe.skipIf(!suite.available)('preloading old payments for the server benchmark', () => {
  it('writes copies the gateway reads as its own payments', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    const server = await startShopServer(databaseUrl, { PAYDESK_QUIET: '1' });
    const templates = await makeTemplates(server.url);
    const client = await suite.cluster.connect(databaseUrl);
    try {
      const written = await preloadPayments(client, { count: 100, days: 30, templates });
      // Paid: transfer and settled; lapsed: its deadline. (A new order's created step is not stored.)
      expect(written).toEqual({ payments: 100, instructions: 100, transactions: 80, payment_events: 80 * 2 + 20 * 1 });

      const copies = await client.query<Copy>(
        `SELECT p.trace_id, p.status, p.created_at, i.memo, i.client_id FROM payments p
           JOIN instructions i ON i.client_id = p.current_client_id WHERE p.order_id LIKE 'preload-%' ORDER BY p.order_id`,
      );
      expect(copies.rows).toHaveLength(100);
      expect(new Set(copies.rows.map((row) => row.memo)).size).toBe(100);
      for (const row of copies.rows) expect(Buffer.from(row.memo, 'base64').toString()).toContain(row.client_id);
      const created = copies.rows.map((row) => Number(row.created_at));
      const days = (Math.max(...created) - Math.min(...created)) / 86_400_000;
      expect(days).toBeGreaterThan(25);

      const paid = copies.rows.find((row) => row.status === 'success')!;
      const lapsed = copies.rows.find((row) => row.status === 'failed')!;
      const paidResult = await v1(server.url, 'GET', `/v1/payments_result?traceId=${paid.trace_id}`);
      expect(paidResult).toMatchObject({ traceId: paid.trace_id, status: 'success', settleStatus: 'success' });
      const tx = await client.query('SELECT txid FROM transactions WHERE trace_id = $1', [paid.trace_id]);
      expect(paidResult.txid).toBe(tx.rows[0].txid);
      const lapsedResult = await v1(server.url, 'GET', `/v1/payments_result?traceId=${lapsed.trace_id}`);
      expect(lapsedResult).toMatchObject({ traceId: lapsed.trace_id, status: 'failed', failureCode: '40000' });

      const events = await client.query<{ kind: string; detail: string }>(
        'SELECT kind, detail FROM payment_events WHERE trace_id = $1 ORDER BY id',
        [paid.trace_id],
      );
      expect(events.rows.map((row) => row.kind)).toEqual(['transfer', 'settled']);
      expect(JSON.parse(events.rows[0]!.detail).txid).toBe(paidResult.txid);
    } finally {
      await client.end();
    }
  }, 120_000);
});

/**
 * Issue 20's proof of several server processes over one database: three shop server processes
 * (electron/server.ts) over one real PostgreSQL; 1,000 payments created through all three with
 * callbacks to an HTTPS receiver; 700 paid, 300 left to their deadline; one process is killed with
 * SIGKILL half-way through the paying; the sandbox clock moves past every deadline and settlement.
 * Every payment ends as it should (700 success, 300 failed 40000), each transition is in the events
 * table once, every delivery ends delivered with each attempt recorded, and the receiver heard each
 * payment's final callback. Skips with one line where PostgreSQL is absent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

const suite = useShopServerCluster();
const N = 1000;
let receiver: Receiver;
let caFile: string;

beforeAll(async () => {
  if (!suite.available) return;
  receiver = await startReceiver();
  caFile = join(mkdtempSync(join(tmpdir(), 'pd-ca-')), 'ca.pem');
  writeFileSync(caFile, receiver.identity.cert);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
});

/** Runs `work` on each item, `width` at a time, trying the other servers when one does not answer. */
async function each<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
}

async function onAny<R>(servers: string[], start: number, call: (base: string) => Promise<R>): Promise<R> {
  let last: unknown;
  for (let k = 0; k < servers.length; k++) {
    try {
      return await call(servers[(start + k) % servers.length]!);
    } catch (error) {
      last = error; // a killed server: the next one serves the same request
    }
  }
  throw last;
}

describe.skipIf(!suite.available)('three shop server processes over one PostgreSQL, one killed half-way', () => {
  it('ends every payment correctly, each transition once, every callback delivered', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    // The gateway trusts the platform's roots plus NODE_EXTRA_CA_CERTS: here, the receiver's certificate.
    const env = { NODE_EXTRA_CA_CERTS: caFile, PAYDESK_QUIET: '1' };
    const started = await Promise.all([0, 1, 2].map(() => startShopServer(databaseUrl, env)));
    let alive = started.map((s) => s.url);
    const payments: any[] = new Array(N);
    await each([...Array(N).keys()], 24, async (i) => {
      payments[i] = await onAny(alive, i, (base) =>
        v1(base, 'POST', '/v1/payments', {
          payeeId: SHOP,
          orderId: `three-servers-${i}`,
          quoteAssetId: 'usd',
          quoteAmount: '10',
          paymentAssetId: USDT,
          isChain: false,
          callbackUrl: `${receiver.url}/cb`,
          expireSeconds: 1200,
        }),
      );
    });
    expect(new Set(payments.map((p) => p.traceId)).size).toBe(N);

    const paid = payments.filter((_, i) => i % 10 < 7);
    const answers = new Map<string, unknown>();
    await each(paid, 16, async (payment, k) => {
      if (k === Math.floor(paid.length / 2)) {
        started[2]!.child.kill('SIGKILL');
        alive = alive.slice(0, 2);
      }
      // The same transfer (same trace) again after a killed server: the ledger takes it once.
      const transfer = {
        recipient: payment.recipient,
        asset: USDT,
        amount: payment.paymentAmount,
        trace: randomUUID(),
        memo: payment.memo,
      };
      answers.set(
        payment.traceId,
        await onAny(alive, k, (base) => v1(base, 'POST', '/v1/sandbox/transfers', transfer)),
      );
    });

    // Past every deadline (1,200 s) and every settlement (10 s): processed by the survivors.
    await v1(alive[0]!, 'POST', '/v1/sandbox/clock', { advanceSeconds: '3600' });
    const client = await suite.cluster.connect(databaseUrl);
    try {
      const statuses = async () =>
        (
          await client.query<{ status: string; failure_code: string; n: string }>(
            'SELECT status, failure_code, count(*) AS n FROM payments GROUP BY 1, 2 ORDER BY 1',
          )
        ).rows.map((r) => `${r.status}:${r.failure_code}:${r.n}`);
      await expect
        .poll(statuses, { timeout: 120_000, interval: 1000 })
        .toEqual(['failed:40000:300', 'success:0:700'])
        .catch(async (error: unknown) => {
          const wrong = await client.query<{ trace_id: string; order_id: string }>(
            "SELECT trace_id, order_id FROM payments WHERE status = 'failed'",
          );
          for (const row of wrong.rows.filter((r) => Number(r.order_id.split('-').pop()) % 10 < 7)) {
            const txs = await client.query(
              'SELECT kind, amount, booked, seen_at FROM transactions WHERE trace_id = $1',
              [row.trace_id],
            );
            const evs = await client.query(
              'SELECT kind, from_status, to_status FROM payment_events WHERE trace_id = $1 ORDER BY id',
              [row.trace_id],
            );
            const index = Number(row.order_id.split('-').pop());
            console.log(
              row.order_id,
              row.trace_id,
              payments[index]?.traceId,
              JSON.stringify(answers.get(payments[index]?.traceId)),
              JSON.stringify(txs.rows),
              JSON.stringify(evs.rows),
            );
          }
          throw error;
        });

      const twice = await client.query(
        `SELECT trace_id, kind, from_status, to_status, count(*) AS n FROM payment_events
          GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`,
      );
      expect(twice.rows).toEqual([]);

      const undelivered = async () =>
        Number(
          (
            await client.query<{ n: string }>(
              "SELECT count(*) AS n FROM callback_deliveries WHERE status <> 'delivered'",
            )
          ).rows[0]!.n,
        );
      await expect
        .poll(undelivered, { timeout: 120_000, interval: 1000 })
        .toBe(0)
        .catch(async (error: unknown) => {
          const rows = await client.query(
            'SELECT status, attempts_made, next_attempt_at FROM callback_deliveries LIMIT 3',
          );
          const tries = await client.query('SELECT http_status, error FROM callback_attempts LIMIT 3');
          console.log(JSON.stringify(rows.rows), JSON.stringify(tries.rows), receiver.received.length);
          throw error;
        });
      const finals = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM callback_deliveries WHERE event IN ('success', 'fail')",
      );
      expect(Number(finals.rows[0]!.n)).toBe(N);
      const unrecorded = await client.query(
        `SELECT d.delivery_id FROM callback_deliveries d
          WHERE d.attempts_made <> (SELECT count(*) FROM callback_attempts a WHERE a.delivery_id = d.delivery_id)`,
      );
      expect(unrecorded.rows).toEqual([]);
    } finally {
      await client.end();
    }
    const heard = new Set(
      receiver.received
        .map((r) => JSON.parse(r.body) as { orderId: string; callbackEvent?: string })
        .filter((b) => b.callbackEvent === 'success' || b.callbackEvent === 'fail')
        .map((b) => b.orderId),
    );
    expect(heard.size).toBe(N);
  }, 600_000);
});

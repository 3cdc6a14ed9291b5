/**
 * The shop server (`npm run -s server`, electron/server.ts): two server processes over one real
 * PostgreSQL database serve the same gateway. Concurrent identical creates through both make one
 * payment (a unique key and SERIALIZABLE transactions run again on conflict, no in-process lock);
 * a payment made through one is paid and read through the other; the sandbox clock moved through
 * one is the other's within a second; both sign with the one merchant key kept in the database; the
 * database password never appears in their output. Skips with one line where PostgreSQL is absent.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PG_PASSWORD } from '../helpers/postgres.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import {
  printMerchantKey,
  startShopServer,
  useShopServerCluster,
  v1,
  type ShopServer,
} from '../helpers/shop-server.js';

const root = join(import.meta.dirname, '../..');
const suite = useShopServerCluster();
const running: ShopServer[] = [];

describe.skipIf(!suite.available)('two shop server processes over one PostgreSQL', () => {
  it('serve one gateway: one payment for concurrent identical creates, paid through one, read through the other', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    running.push(...(await Promise.all([startShopServer(databaseUrl), startShopServer(databaseUrl)])));
    const [a, b] = running.map((server) => server.url) as [string, string];
    const create = {
      payeeId: SHOP,
      orderId: 'two-processes-1',
      quoteAssetId: 'usd',
      quoteAmount: '9.5',
      paymentAssetId: USDT,
      isChain: true,
    };
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => v1(i % 2 ? a : b, 'POST', '/v1/payments', create)),
    );
    const traces = new Set(answers.map((p) => p.traceId));
    expect(traces.size).toBe(1);
    const [payment] = answers;
    await v1(a, 'POST', '/v1/sandbox/deposits', {
      destination: payment.destination,
      asset: USDT,
      amount: payment.paymentAmount,
    });
    await v1(b, 'POST', '/v1/sandbox/blocks', { network: 'Ethereum', count: 12 });
    await expect
      .poll(async () => (await v1(b, 'GET', `/v1/payments_result?traceId=${payment.traceId}`)).status, {
        timeout: 10_000,
      })
      .toBe('pending');
    expect((await v1(a, 'GET', `/v1/payments_result?traceId=${payment.traceId}`)).status).toBe('pending');

    // The sandbox clock moved through one process is the other's within a second; the settlement
    // that fell due is made once.
    await v1(a, 'POST', '/v1/sandbox/clock', { advanceSeconds: '3600' });
    await expect
      .poll(async () => (await v1(b, 'GET', '/v1/sandbox/clock')).nowMs - Date.now(), { timeout: 5_000 })
      .toBeGreaterThan(3_500_000);
    await expect
      .poll(async () => (await v1(b, 'GET', `/v1/payments_result?traceId=${payment.traceId}`)).status, {
        timeout: 15_000,
      })
      .toBe('success');

    const client = await suite.cluster.connect(databaseUrl);
    const events = await client.query<{ kind: string }>(
      'SELECT kind FROM payment_events WHERE trace_id = $1 ORDER BY id',
      [payment.traceId],
    );
    const keys = await client.query<{ n: string }>("SELECT count(*) AS n FROM meta WHERE key = 'merchant_key'");
    await client.end();
    // Each transition once, whichever process made it.
    const kinds = events.rows.map((r) => r.kind);
    expect(kinds).toEqual([...new Set(kinds)]);
    // (A new order's `created` step is rebuilt on reading, not stored: test/unit/created-step.test.ts.)
    expect(kinds).toEqual(expect.arrayContaining(['seen', 'confirmed']));
    expect(keys.rows[0]?.n).toBe('1');
    for (const server of running) expect(server.output()).not.toContain(PG_PASSWORD);
    expect(running.map((s) => s.output()).join('')).not.toContain(encodeURIComponent(PG_PASSWORD));
  });

  it('prints the database merchant key, the same from any process, and refuses a missing URL', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    const print = () => printMerchantKey(databaseUrl);
    const first = print();
    const second = print();
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(second.stdout).toBe(first.stdout);
    const missing = spawnSync(process.execPath, ['dist/electron/server.js', '--port', '0'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PAYDESK_DATABASE_URL: '' },
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--database');
  });
});

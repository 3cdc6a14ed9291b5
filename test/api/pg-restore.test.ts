/**
 * A shop server's backup made with PostgreSQL's own tools restores for a test (issue 21, README
 * "Moving to a shop server"): payments made through a real shop server process, `pg_dump -Fc` of its
 * database, `npm run -s restore -- --from DUMP --database URL` into a new, empty database: it says what
 * it restored (the same payments), and a server started on the copy answers their results. A database
 * that is not empty, a truncated dump and a file that is no dump are refused with a clear message; the
 * password never appears. Skips with one line where PostgreSQL is absent.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPgBin, PG_PASSWORD } from '../helpers/postgres.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

const root = join(import.meta.dirname, '../..');
const suite = useShopServerCluster();
const dir = mkdtempSync(join(tmpdir(), 'pd-pgdump-'));

function restore(from: string, databaseUrl: string) {
  return spawnSync(process.execPath, ['dist/electron/restore.js', '--from', from, '--database', databaseUrl], {
    cwd: root,
    encoding: 'utf8',
  });
}

describe.skipIf(!suite.available)('a shop server dump restored for a test', () => {
  it('restores the payments into an empty database, where a server answers them; refuses what it must', async () => {
    const source = await suite.cluster.freshDatabase();
    const server = await startShopServer(source);
    const traces: string[] = [];
    for (const n of [1, 2, 3]) {
      const payment = await v1(server.url, 'POST', '/v1/payments', {
        payeeId: SHOP,
        orderId: `dumped-order-${n}`,
        quoteAssetId: 'usd',
        quoteAmount: `${n}0`,
        paymentAssetId: USDT,
        isChain: false,
      });
      traces.push(payment.traceId);
      if (n === 1)
        await v1(server.url, 'POST', '/v1/sandbox/transfers', {
          recipient: payment.recipient,
          asset: USDT,
          amount: payment.paymentAmount,
          trace: crypto.randomUUID(),
          memo: payment.memo,
        });
    }
    server.child.kill('SIGTERM');

    const dump = join(dir, 'shop.dump');
    const target = new URL(source);
    const password = decodeURIComponent(target.password);
    target.password = '';
    const dumped = spawnSync(join(findPgBin()!, 'pg_dump'), ['-Fc', '-f', dump, target.toString()], {
      env: { ...process.env, PGPASSWORD: password },
      encoding: 'utf8',
    });
    expect(dumped.status, dumped.stderr).toBe(0);

    const copy = await suite.cluster.freshDatabase();
    const restored = restore(dump, copy);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/payments\s+3\n/);
    expect(restored.stdout + restored.stderr).not.toContain(PG_PASSWORD);
    expect(restored.stdout + restored.stderr).not.toContain(encodeURIComponent(PG_PASSWORD));
    const onCopy = await startShopServer(copy);
    const result = await v1(onCopy.url, 'GET', `/v1/payments_result?traceId=${traces[0]}`);
    expect(result.status).toBe('pending');
    expect((await v1(onCopy.url, 'GET', `/v1/payments_result?traceId=${traces[2]}`)).status).toBe('unpaid');
    onCopy.child.kill('SIGTERM');

    const again = restore(dump, copy);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('not empty');

    const bytes = readFileSync(dump);
    const truncated = join(dir, 'truncated.dump');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const empty = await suite.cluster.freshDatabase();
    const cut = restore(truncated, empty);
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain('pg_restore could not restore it');
    expect(cut.stderr).not.toContain(PG_PASSWORD);
    // One transaction: nothing of a failed restore stays behind, so it can be tried again.
    const client = await suite.cluster.connect(empty);
    const tables = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    await client.end();
    expect(tables.rows[0]).toEqual({ n: 0 });

    const notDump = join(dir, 'notes.txt');
    writeFileSync(notDump, 'not a dump');
    const wrong = restore(notDump, empty);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--database');
  });
});

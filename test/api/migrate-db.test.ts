/**
 * Moving up (README, "Moving to a shop server"): a gateway.db written by the real embedded gateway
 * (sandbox payments created, paid, settled, expired, chain deposits, callbacks queued and attempted,
 * refunds) copied into a real PostgreSQL by `npm run -s migrate-db`, compared row by row here (not
 * only by the tool's own checksums); a second copy into a database with payments refused; a row
 * changed in PostgreSQL found by --verify-only; the password never printed, whatever goes wrong.
 */
import { runCommand } from '../helpers/run-command.js';
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { startHost, tempDataDir } from '../helpers/host.js';
import { migratePg } from '../../electron/gateway/store/postgres/migrate.js';
import { gatewayPgMigrations } from '../../electron/gateway/store/postgres/migrations/index.js';
import { PG_PASSWORD, postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function migrateDb(args: string[], env: NodeJS.ProcessEnv = {}, viaNpm = false): Promise<Run> {
  const [command, argv] = viaNpm
    ? ['npm', ['run', '-s', 'migrate-db', '--', ...args]]
    : [process.execPath, ['scripts/migrate-db.mjs', ...args]];
  return runCommand(command, argv, env);
}

const SECRETS = [PG_PASSWORD, encodeURIComponent(PG_PASSWORD)];
function expectNoPassword(run: Run, extra: string[] = []): void {
  for (const secret of [...SECRETS, ...extra]) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

/** A gateway.db made by the real embedded gateway, stopped afterwards (as the README asks). */
async function shopHistory(): Promise<string> {
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const gw: TestGateway = await startGateway({ clock });
  const key = { headers: { authorization: `Bearer ${gw.merchantKey}` } };
  const ok = async (answer: Promise<{ body: any }>): Promise<any> => {
    const { body } = await answer;
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data;
  };
  let seq = 0;
  const create = (extra: Record<string, unknown>) =>
    ok(
      gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: `migrate-${++seq}`,
        quoteAssetId: 'usd',
        quoteAmount: '10.25',
        paymentAssetId: USDT,
        // Nobody listens there: deliveries are attempted, fail and wait for their retry.
        callbackUrl: 'https://127.0.0.1:9/paydesk-callback',
        remark: 'café ☕ — 東京',
        ...extra,
      }),
    );
  const transfer = (p: any, amount: string) =>
    ok(
      gw.post('/v1/sandbox/transfers', {
        recipient: p.recipient,
        asset: USDT,
        amount,
        trace: randomUUID(),
        memo: p.memo,
      }),
    );
  for (let i = 0; i < 6; i++) await transfer(await create({}), i % 2 ? '10.25' : '12'); // paid, some with surplus
  await transfer(await create({ callbackEvent: 'paid_less' }), '3'); // paid less
  await create({ expireSeconds: 60 }); // expires unpaid
  const chain = await create({ paymentAssetId: BTC, isChain: true, quoteAmount: '', paymentAmount: '0.002' });
  await ok(gw.post('/v1/sandbox/deposits', { destination: chain.destination, asset: BTC, amount: '0.002' }));
  await ok(gw.post('/v1/sandbox/blocks', { network: 'Bitcoin', count: 2 }));
  await ok(gw.post('/v1/sandbox/clock', { advanceSeconds: 600 })); // settlements and the deadline fall due
  const surplus = await create({});
  await transfer(surplus, '15');
  await ok(
    gw.post(
      '/v1/refunds',
      { traceId: surplus.traceId, amount: '2', destination: randomUUID(), reason: 'overpaid' },
      key,
    ),
  );
  await ok(gw.post('/v1/sandbox/clock', { advanceSeconds: 120 }));
  await gw.close();
  return gw.dataDir;
}

describe.runIf(postgresAvailable())('migrate-db: gateway.db into PostgreSQL', () => {
  let cluster: PgCluster;
  let dataDir: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    dataDir = await shopHistory();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('copies every row, verified, and PostgreSQL holds the same rows', async () => {
    const url = await cluster.freshDatabase();
    const run = await migrateDb(['--data', dataDir], { PAYDESK_DATABASE_URL: url }, true);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('verified: row counts and checksums of every table match');
    expect(run.stdout).toContain('postgres://paydesk:***@127.0.0.1');
    expectNoPassword(run);
    const lite = new Database(join(dataDir, 'gateway.db'), { readonly: true });
    const client = await cluster.connect(url);
    const counts: Record<string, number> = {};
    for (const table of [
      'payments',
      'instructions',
      'payment_events',
      'transactions',
      'callback_deliveries',
      'callback_attempts',
      'refunds',
      'meta',
      'rates',
    ]) {
      const rows = lite.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
      // The till's merchant key (its file, never in gateway.db) is carried into meta: checked below.
      const pgRows = (await client.query(`SELECT * FROM ${table}`)).rows
        .filter((r) => !(table === 'meta' && r.key === 'merchant_key'))
        .map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              typeof v === 'string' && /^-?\d+$/.test(v) && typeof rows[0]?.[k] === 'number' ? Number(v) : v,
            ]),
          ),
        );
      const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
      expect(pgRows.sort(byKey), table).toEqual(rows.sort(byKey));
      counts[table] = rows.length;
      expect(run.stdout).toMatch(
        new RegExp(`^${table}\\s+${rows.length}\\s+${rows.length}\\s+[0-9a-f]{16}\\s+[0-9a-f]{16}\\s+ok$`, 'm'),
      );
    }
    expect(counts.payments).toBeGreaterThanOrEqual(10);
    expect(counts.callback_attempts).toBeGreaterThan(0);
    expect(counts.refunds).toBe(1);
    const carried = await client.query("SELECT value FROM meta WHERE key = 'merchant_key'");
    expect(carried.rows).toEqual([{ value: readFileSync(join(dataDir, 'merchant-key'), 'utf8').trim() }]);
    expect(counts.transactions).toBeGreaterThanOrEqual(8);
    // New events continue after the copied ids.
    const next = await client.query(
      "INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) SELECT trace_id, 0, 'test', '', '', '' FROM payments LIMIT 1 RETURNING id",
    );
    expect(Number(next.rows[0].id)).toBe(
      (lite.prepare('SELECT max(id) FROM payment_events').pluck().get() as number) + 1,
    );
    lite.close();
    await client.end();

    const again = await migrateDb(['--data', dataDir, '--database', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds \d+ payments/);
    expectNoPassword(again);
  });

  it('finds a row changed in PostgreSQL after the copy', async () => {
    const url = await cluster.freshDatabase();
    expect((await migrateDb(['--data', dataDir, '--database', url])).code).toBe(0);
    const verified = await migrateDb(['--data', dataDir, '--database', url, '--verify-only']);
    expect(verified.code, verified.stderr).toBe(0);
    const client = await cluster.connect(url);
    const tampered = await client.query(
      "UPDATE payments SET payable_amount = payable_amount || '1' WHERE trace_id = (SELECT min(trace_id) FROM payments)",
    );
    expect(tampered.rowCount).toBe(1);
    await client.end();
    const run = await migrateDb(['--data', dataDir, '--database', url, '--verify-only']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^payments\s+(\d+)\s+\1\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+MISMATCH$/m);
    expect(run.stdout).toMatch(/^instructions\s.*\sok$/m);
    expect(run.stdout).toContain('MISMATCH in payments');
    expectNoPassword(run);
  });

  it('rolls the whole copy back when what arrived differs from gateway.db', async () => {
    const url = await cluster.freshDatabase();
    const client = await cluster.connect(url);
    await migratePg(client, gatewayPgMigrations);
    // A trigger that changes one value on its way in, as a faulty copy would.
    await client.query(`
      CREATE FUNCTION garble() RETURNS trigger AS $$
      BEGIN NEW.remark := NEW.remark || '!'; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER garble BEFORE INSERT ON payments FOR EACH ROW WHEN (NEW.order_id = 'migrate-3') EXECUTE FUNCTION garble();
    `);
    const run = await migrateDb(['--data', dataDir, '--database', url]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout, run.stdout + run.stderr).toMatch(
      /^payments\s+(\d+)\s+\1\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+MISMATCH$/m,
    );
    expect(run.stdout).toMatch(/^payees\s.*\sok$/m);
    expect(run.stdout).toContain('the copy was rolled back; nothing was kept');
    for (const table of ['payments', 'payees', 'meta', 'payment_events'])
      expect((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n, table).toBe(0);
    await client.end();
  });

  it('reports the progress of a big table', async () => {
    const bigDir = tempDataDir('pd-mig-big-');
    copyFileSync(join(dataDir, 'gateway.db'), join(bigDir, 'gateway.db'));
    const db = new Database(join(bigDir, 'gateway.db'));
    const traceId = db.prepare('SELECT min(trace_id) FROM payments').pluck().get() as string;
    const insert = db.prepare(
      "INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, ?, 'note', '', '', ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < 45_000; i++) insert.run(traceId, i, `event ${i}`);
    })();
    db.close();
    const run = await migrateDb(['--data', bigDir, '--database', await cluster.freshDatabase()]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/payment_events: 20000 of 450\d\d rows copied/);
    expect(run.stderr).toMatch(/payment_events: 40000 of 450\d\d rows copied/);
    expect(run.stderr).toMatch(/payment_events: (450\d\d) of \1 rows copied/);
    expect(run.stdout).toMatch(/^payment_events\s+450\d\d\s+450\d\d\s.*ok$/m);
    rmSync(bigDir, { recursive: true, force: true });
  });

  it('never prints the password: a wrong one, an unreachable host, a URL of another kind', async () => {
    const wrongPassword = 'Wr0ng-s3cret-pw';
    const wrong = await migrateDb([
      '--data',
      dataDir,
      '--database',
      `postgres://paydesk:${wrongPassword}@127.0.0.1:${cluster.port}/postgres`,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('password authentication failed');
    expectNoPassword(wrong, [wrongPassword]);
    const unreachable = await migrateDb(['--data', dataDir], {
      PAYDESK_DATABASE_URL: `postgres://paydesk:${wrongPassword}@127.0.0.1:1/shop`,
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/ECONNREFUSED/);
    expectNoPassword(unreachable, [wrongPassword]);
    const otherKind = await migrateDb(['--data', dataDir, '--database', `mysql://paydesk:${wrongPassword}@db/shop`]);
    expect(otherKind.code).toBe(1);
    expect(otherKind.stderr).toContain('must start with postgres://');
    expectNoPassword(otherKind, [wrongPassword]);
    const stray = await migrateDb(['--data', dataDir, `--url=postgres://paydesk:${wrongPassword}@db/shop`]);
    expect(stray.code).toBe(2);
    expectNoPassword(stray, [wrongPassword]);
  });

  it('refuses a data directory a running host holds, naming it; copies once the host is stopped', async () => {
    const liveDir = tempDataDir('paydesk-live-');
    copyFileSync(join(dataDir, 'gateway.db'), join(liveDir, 'gateway.db'));
    const host = await startHost({ dataDir: liveDir });
    const url = await cluster.freshDatabase();
    try {
      const refused = await migrateDb(['--data', liveDir, '--database', url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`in use by a running Paydesk (node host.js, pid ${host.child.pid})`);
      expect(refused.stderr).toContain('stop the till first');
      expect(refused.stdout).not.toContain('copied');
    } finally {
      expect(await host.stop()).toBe(0);
    }
    const copied = await migrateDb(['--data', liveDir, '--database', url]);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain('verified: row counts and checksums of every table match');
    rmSync(liveDir, { recursive: true, force: true });
  }, 60_000);
});

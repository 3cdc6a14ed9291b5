/**
 * bench/pg: what this machine's PostgreSQL does for the gateway, next to the embedded SQLite in the
 * same run (docs/scaling.md, "Measured so far"): payment inserts one per transaction (1 and 4
 * connections), primary-key reads, and migrate-db's copy-and-verify rate on a generated gateway.db.
 * A throw-away cluster with fsync on (test/helpers/postgres.ts). Prints figures; never passes or fails.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { openGatewayDb } from '../electron/gateway/db.js';
import { connectPg } from '../electron/gateway/store/postgres/connect.js';
import { copyGatewayDb } from '../electron/gateway/store/postgres/migrate-db.js';
import { migratePg } from '../electron/gateway/store/postgres/migrate.js';
import { gatewayPgMigrations } from '../electron/gateway/store/postgres/migrations/index.js';
import type { Db } from '../electron/platform/db.js';
import { postgresAvailable, startPostgres } from '../test/helpers/postgres.js';

const INSERTS = Number(process.env.BENCH_PG_INSERTS ?? 4000);
const READS = Number(process.env.BENCH_PG_READS ?? 20000);
const COPY_PAYMENTS = Number(process.env.BENCH_PG_COPY_PAYMENTS ?? 50000);

const PAYMENT_COLUMNS =
  'trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount, settlement_asset_id, strict_mode, payment_asset_id, is_chain, remark, note, settlement_memo, return_to, failed_return_to, callback_url, callback_events, expired_at, is_one_time, code_expires_at, review_required, quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount';
const paymentValues = (i: number): unknown[] => [
  `bench-${String(i).padStart(10, '0')}`,
  'payee-1',
  `order-${i}`,
  'usd',
  '10.25',
  '',
  '',
  0,
  'usdt',
  0,
  'table 4',
  '',
  '',
  '',
  '',
  'https://shop.example/callback',
  '',
  0,
  0,
  0,
  0,
  '10.25',
  `client-${i}`,
  1_795_000_000_000 + i,
  1_795_000_000_000 + i,
  'unpaid',
  '10.25',
];
const placeholders = (n: number): string => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');

const rate = (count: number, ms: number): string => `${Math.round((count * 1000) / ms)}/s`;

async function timed(run: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function sqliteFigures(dir: string): { inserts: number; reads: number } {
  const db = openGatewayDb(join(dir, 'gateway.db'));
  db.prepare("INSERT INTO payees VALUES ('payee-1', '1', 'Bench shop', 0)").run();
  const insert = db.prepare(
    `INSERT INTO payments (${PAYMENT_COLUMNS}) VALUES (${PAYMENT_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  let started = performance.now();
  for (let i = 0; i < INSERTS; i++) insert.run(...paymentValues(i));
  const inserts = performance.now() - started;
  const read = db.prepare('SELECT * FROM payments WHERE trace_id = ?');
  started = performance.now();
  for (let i = 0; i < READS; i++) read.get(`bench-${String(i % INSERTS).padStart(10, '0')}`);
  const reads = performance.now() - started;
  db.close();
  return { inserts, reads };
}

async function pgInserts(clients: pg.Client[], offset: number): Promise<number> {
  const sql = `INSERT INTO payments (${PAYMENT_COLUMNS}) VALUES (${placeholders(27)})`;
  const per = Math.ceil(INSERTS / clients.length);
  return timed(async () => {
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = c * per; i < Math.min(INSERTS, (c + 1) * per); i++)
          await client.query({ name: 'bench-insert', text: sql, values: paymentValues(offset + i) });
      }),
    );
  });
}

async function pgReads(clients: pg.Client[]): Promise<number> {
  const per = Math.ceil(READS / clients.length);
  return timed(async () => {
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < per; i++)
          await client.query({
            name: 'bench-read',
            text: 'SELECT * FROM payments WHERE trace_id = $1',
            values: [`bench-${String(i % INSERTS).padStart(10, '0')}`],
          });
      }),
    );
  });
}

/** A gateway.db of `payments` payments with an instruction and three events each. */
function generatedGatewayDb(dir: string, payments: number): Db {
  const db = openGatewayDb(join(dir, 'gateway.db'));
  db.prepare("INSERT INTO payees VALUES ('payee-1', '1', 'Bench shop', 0)").run();
  const insert = db.prepare(
    `INSERT INTO payments (${PAYMENT_COLUMNS}) VALUES (${PAYMENT_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  const instruction = db.prepare(
    "INSERT INTO instructions VALUES (?, ?, 'usdt', '10.25', 'usdt', '10.25', '1', 0, 'recipient', 'memo', '', '', 0, 60, 0, 'bundled', 0)",
  );
  const event = db.prepare(
    "INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, ?, 'fact', 'unpaid', 'pending', '{}')",
  );
  db.transaction(() => {
    for (let i = 0; i < payments; i++) {
      const values = paymentValues(i);
      insert.run(...values);
      instruction.run(`client-${i}`, values[0]);
      for (let e = 0; e < 3; e++) event.run(values[0], i * 10 + e);
    }
  })();
  db.close();
  return new Database(join(dir, 'gateway.db'), { readonly: true });
}

export async function runPgBench(): Promise<void> {
  if (!postgresAvailable()) return;
  const cluster = await startPostgres({ durable: true });
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-pg-'));
  try {
    const url = await cluster.freshDatabase();
    const clients = await Promise.all([1, 2, 3, 4].map(() => connectPg(url)));
    await migratePg(clients[0]!, gatewayPgMigrations);
    await clients[0]!.query("INSERT INTO payees VALUES ('payee-1', '1', 'Bench shop', 0)");
    const lite = sqliteFigures(dir);
    const one = await pgInserts(clients.slice(0, 1), 0);
    const four = await pgInserts(clients, INSERTS);
    const readOne = await pgReads(clients.slice(0, 1));
    const readFour = await pgReads(clients);
    await Promise.all(clients.map((c) => c.end()));
    console.log(`\npg: ${INSERTS} payment inserts, one transaction each; ${READS} reads by trace id (fsync on)`);
    console.log(
      `  SQLite embedded (WAL, synchronous=NORMAL)  inserts ${rate(INSERTS, lite.inserts)}  reads ${rate(READS, lite.reads)}`,
    );
    console.log(
      `  PostgreSQL, 1 connection                   inserts ${rate(INSERTS, one)}  reads ${rate(READS, readOne)}`,
    );
    console.log(
      `  PostgreSQL, 4 connections                  inserts ${rate(INSERTS, four)}  reads ${rate(READS, readFour)}`,
    );
    console.log(
      `  ratio PostgreSQL 4 connections / SQLite    inserts ${(lite.inserts / four).toFixed(2)}  reads ${(lite.reads / readFour).toFixed(2)}`,
    );

    const copyDir = mkdtempSync(join(dir, 'copy-'));
    const sqlite = generatedGatewayDb(copyDir, COPY_PAYMENTS);
    const target = await connectPg(await cluster.freshDatabase(), { int8AsText: true });
    let report: Awaited<ReturnType<typeof copyGatewayDb>> | undefined;
    const copyMs = await timed(async () => {
      report = await copyGatewayDb(sqlite, target);
    });
    await target.end();
    sqlite.close();
    const rows = report!.copiedRows;
    console.log(
      `  migrate-db: ${rows} rows (${COPY_PAYMENTS} payments, their instructions and events) copied and verified in ${(copyMs / 1000).toFixed(1)} s: ${rate(rows, copyMs)}` +
        (report!.mismatched.length ? ` MISMATCH ${report!.mismatched.join(', ')}` : ''),
    );
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
